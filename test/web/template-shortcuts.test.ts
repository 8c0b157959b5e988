// The template builder's keyboard shortcuts (web/builder/template/shortcuts.ts) and options
// (options.ts).
import { describe, expect, it } from 'vitest';
import { readOptions } from '../../web/builder/template/options.js';
import { isTypingTarget, shortcutFor, type KeyInput } from '../../web/builder/template/shortcuts.js';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('shortcutFor', () => {
  it('moves by 1 point, 10 with Shift; resizes with Alt', () => {
    expect(shortcutFor(key('ArrowLeft'))).toEqual({ kind: 'move', dx: -1, dy: 0 });
    expect(shortcutFor(key('ArrowDown', { shiftKey: true }))).toEqual({ kind: 'move', dx: 0, dy: 10 });
    expect(shortcutFor(key('ArrowRight', { altKey: true }))).toEqual({ kind: 'resize', dx: 1, dy: 0 });
    expect(shortcutFor(key('ArrowUp', { altKey: true, shiftKey: true }))).toEqual({ kind: 'resize', dx: 0, dy: -10 });
    expect(shortcutFor(key('ArrowUp', { ctrlKey: true }))).toBeNull();
  });

  it('moves to the next or previous page with Alt+PageDown / Alt+PageUp; PageDown alone is left to scrolling', () => {
    expect(shortcutFor(key('PageDown', { altKey: true }))).toEqual({ kind: 'page', delta: 1 });
    expect(shortcutFor(key('PageUp', { altKey: true }))).toEqual({ kind: 'page', delta: -1 });
    expect(shortcutFor(key('PageDown'))).toBeNull();
    expect(shortcutFor(key('PageUp', { altKey: true, ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('PageUp', { altKey: true, shiftKey: true }))).toBeNull();
  });

  it('knows delete, escape, undo/redo, copy/cut/paste and select all, with Ctrl or Cmd', () => {
    expect(shortcutFor(key('Delete'))).toEqual({ kind: 'delete' });
    expect(shortcutFor(key('Backspace'))).toEqual({ kind: 'delete' });
    expect(shortcutFor(key('Escape'))).toEqual({ kind: 'escape' });
    expect(shortcutFor(key('z', { ctrlKey: true }))).toEqual({ kind: 'undo' });
    expect(shortcutFor(key('Z', { metaKey: true, shiftKey: true }))).toEqual({ kind: 'redo' });
    expect(shortcutFor(key('y', { ctrlKey: true }))).toEqual({ kind: 'redo' });
    expect(shortcutFor(key('c', { ctrlKey: true }))).toEqual({ kind: 'copy' });
    expect(shortcutFor(key('x', { metaKey: true }))).toEqual({ kind: 'cut' });
    expect(shortcutFor(key('v', { ctrlKey: true }))).toEqual({ kind: 'paste' });
    expect(shortcutFor(key('a', { ctrlKey: true }))).toEqual({ kind: 'selectAll' });
    expect(shortcutFor(key('я', { ctrlKey: true, code: 'KeyZ' }))).toEqual({ kind: 'undo' });
    expect(shortcutFor(key('a'))).toBeNull();
    expect(shortcutFor(key('c', { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('leaves form controls their keys', () => {
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'select' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('readOptions', () => {
  it('applies the defaults', () => {
    const options = readOptions({ mode: 'preset-fields' });
    expect(options).toMatchObject({ presets: [], pageTitle: null, finishButtonText: 'Save', showPageTitleBar: true, title: 'Fields', showReplaceDocumentAction: false });
  });

  it('reads the given options', () => {
    const options = readOptions({
      mode: 'preset-fields', fields: [{ name: 'A', type: 'shortText', aliasId: 'a' }, { bad: true }], pageTitle: 'T', finishButtonText: 'Done',
      showPageTitleBar: false, title: 'Pick', description: 'D', selectionDescription: 'S', selectionAddAnotherFieldText: 'More', showReplaceDocumentAction: true,
    });
    expect(options).toMatchObject({ pageTitle: 'T', finishButtonText: 'Done', showPageTitleBar: false, title: 'Pick', description: 'D', selectionDescription: 'S', selectionAddAnotherFieldText: 'More', showReplaceDocumentAction: true });
    expect(options.presets).toEqual([{ name: 'A', type: 'shortText', aliasId: 'a' }]);
  });
});
