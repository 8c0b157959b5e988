// The template builder's editing state (web/builder/template/state.ts): adding, removing,
// updating, moving with the arrow keys, selection, copy and paste, and undo/redo history.
import { describe, expect, it } from 'vitest';
import { rectToBox } from '../../web/builder/template/geometry.js';
import {
  canRedo, canUndo, clampFields, editorReducer, HISTORY_LIMIT, initialState, moveToPage, selectedFields, type EditorAction, type EditorState,
} from '../../web/builder/template/state.js';
import type { PlacedField } from '../../web/builder/template/types.js';

const PAGES = [{ width: 612, height: 792 }, { width: 612, height: 792 }];

function field(id: string, over: Partial<PlacedField> = {}): PlacedField {
  return { id, aliasId: id, name: `Name ${id}`, type: 'shortText', required: false, pageNum: 0, rect: { x: 100, y: 600, width: 160, height: 22 }, ...over };
}

function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}

describe('editorReducer', () => {
  it('adds fields, selects them, and undoes and redoes the add', () => {
    const start = initialState([field('a')]);
    const added = run(start, { type: 'add', fields: [field('b')] });
    expect(added.fields.map((f) => f.id)).toEqual(['a', 'b']);
    expect(added.selection).toEqual(['b']);
    expect(added.last).toBe('add');
    const undone = run(added, { type: 'undo' });
    expect(undone.fields.map((f) => f.id)).toEqual(['a']);
    expect(undone.selection).toEqual([]);
    expect(undone.last).toBe('undo');
    expect(canRedo(undone)).toBe(true);
    const redone = run(undone, { type: 'redo' });
    expect(redone.fields.map((f) => f.id)).toEqual(['a', 'b']);
    expect(redone.selection).toEqual(['b']);
    expect(canRedo(redone)).toBe(false);
  });

  it('removes fields and drops them from the selection; removing nothing is no change', () => {
    const state = run(initialState([field('a'), field('b')]), { type: 'select', ids: ['a', 'b'], mode: 'replace' });
    const removed = run(state, { type: 'remove', ids: ['a'] });
    expect(removed.fields.map((f) => f.id)).toEqual(['b']);
    expect(removed.selection).toEqual(['b']);
    expect(run(removed, { type: 'remove', ids: ['zzz'] })).toBe(removed);
  });

  it('selection changes are not history entries', () => {
    const state = run(initialState([field('a'), field('b')]), { type: 'select', ids: ['a'], mode: 'replace' }, { type: 'select', ids: ['b'], mode: 'add' });
    expect(state.selection).toEqual(['a', 'b']);
    expect(canUndo(state)).toBe(false);
    const toggled = run(state, { type: 'select', ids: ['a'], mode: 'toggle' });
    expect(toggled.selection).toEqual(['b']);
    expect(run(toggled, { type: 'select', ids: ['b'], mode: 'replace' })).toBe(toggled);
    expect(run(toggled, { type: 'deselect' }).selection).toEqual([]);
    expect(run(toggled, { type: 'select', ids: ['nope'], mode: 'replace' }).selection).toEqual([]);
  });

  it('selects all the fields of one page', () => {
    const state = run(initialState([field('a'), field('b', { pageNum: 1 }), field('c')]), { type: 'selectAll', pageNum: 0 });
    expect(state.selection).toEqual(['a', 'c']);
  });

  it('updates the given fields, removes keys set to undefined, and ignores a patch that changes nothing', () => {
    const state = initialState([field('a', { fontSize: 12 }), field('b')]);
    const updated = run(state, { type: 'update', ids: ['a', 'b'], patch: { name: 'Same', fontSize: undefined } });
    expect(updated.fields.map((f) => f.name)).toEqual(['Same', 'Same']);
    expect('fontSize' in updated.fields[0]!).toBe(false);
    expect(updated.last).toBe('update');
    expect(run(updated, { type: 'update', ids: ['a'], patch: { name: 'Same' } })).toBe(updated);
  });

  it('sets rects from a gesture as one undo step', () => {
    const state = run(initialState([field('a')]), { type: 'setRects', rects: { a: { x: 1, y: 2, width: 3, height: 4 } } });
    expect(state.fields[0]!.rect).toEqual({ x: 1, y: 2, width: 3, height: 4 });
    expect(run(state, { type: 'undo' }).fields[0]!.rect).toEqual(field('a').rect);
  });

  it('moves fields dragged onto another page there, as one undo step of kind page', () => {
    const state = run(initialState([field('a'), field('b')]), { type: 'select', ids: ['a'], mode: 'replace' });
    const moved = run(state, { type: 'setRects', rects: { a: { x: 5, y: 6, width: 160, height: 22 } }, pageNum: 1 });
    expect(moved.fields[0]).toEqual({ ...field('a'), pageNum: 1, rect: { x: 5, y: 6, width: 160, height: 22 } });
    expect(moved.fields[1]).toBe(state.fields[1]);
    expect(moved.last).toBe('page');
    expect(moved.selection).toEqual(['a']);
    // The same rect on another page is still a change; the same page and rect is none.
    const samePlace = run(state, { type: 'setRects', rects: { a: field('a').rect }, pageNum: 1 });
    expect(samePlace.fields[0]!.pageNum).toBe(1);
    expect(run(state, { type: 'setRects', rects: { a: field('a').rect }, pageNum: 0 })).toBe(state);
    const undone = run(moved, { type: 'undo' });
    expect(undone.fields[0]).toEqual(field('a'));
    expect(run(undone, { type: 'redo' }).fields[0]!.pageNum).toBe(1);
  });

  it('moves the selection to the next or previous page at the same place; nothing past the first or last page', () => {
    const a = field('a', { rect: { x: 10, y: 700, width: 100, height: 20 } });
    const b = field('b', { rect: { x: 200, y: 600, width: 100, height: 20 } });
    const c = field('c', { pageNum: 1 });
    const selected = run(initialState([a, b, c]), { type: 'select', ids: ['a', 'b'], mode: 'replace' });
    const down = run(selected, { type: 'shiftPage', delta: 1, pageSizes: PAGES });
    expect(down.fields).toEqual([{ ...a, pageNum: 1 }, { ...b, pageNum: 1 }, c]);
    expect(down.last).toBe('page');
    expect(down.selection).toEqual(['a', 'b']);
    expect(run(down, { type: 'shiftPage', delta: 1, pageSizes: PAGES })).toBe(down);
    expect(run(selected, { type: 'shiftPage', delta: -1, pageSizes: PAGES })).toBe(selected);
    expect(run(down, { type: 'shiftPage', delta: -1, pageSizes: PAGES }).fields).toEqual([a, b, c]);
    expect(run(down, { type: 'undo' }).fields).toEqual([a, b, c]);
    // Nothing selected, or a field whose next page does not exist: no change.
    const none = initialState([a]);
    expect(run(none, { type: 'shiftPage', delta: 1, pageSizes: PAGES })).toBe(none);
    const mixed = run(initialState([a, c]), { type: 'select', ids: ['a', 'c'], mode: 'replace' });
    expect(run(mixed, { type: 'shiftPage', delta: 1, pageSizes: PAGES })).toBe(mixed);
    // Each field goes one page on from its own.
    const both = run(mixed, { type: 'shiftPage', delta: -1, pageSizes: [...PAGES, PAGES[0]!] });
    expect(both).toBe(mixed);
    const onward = run(mixed, { type: 'shiftPage', delta: 1, pageSizes: [...PAGES, PAGES[0]!] });
    expect(onward.fields.map((f) => f.pageNum)).toEqual([1, 2]);
  });

  it('moveToPage keeps the place from the top-left corner, moving the group just inside a smaller page', () => {
    const small = { width: 500, height: 600 };
    const pages = [PAGES[0]!, small];
    const at = (id: string, left: number, top: number) => field(id, { rect: { x: left, y: 792 - top - 20, width: 100, height: 20 } });
    // The group (300…520 × 400…520) sticks out of 500 × 600 on the right by 20: it moves left by 20, its shape kept.
    const moved = moveToPage([at('a', 300, 400), at('b', 420, 500)], 1, pages);
    expect(moved.map((f) => f.pageNum)).toEqual([1, 1]);
    expect(moved.map((f) => rectToBox(f.rect, small.height))).toEqual([
      { left: 280, top: 400, width: 100, height: 20 },
      { left: 400, top: 500, width: 100, height: 20 },
    ]);
    // A group larger than the page: each field ends inside it.
    const spread = moveToPage([at('a', 10, 10), at('b', 450, 690)], 1, pages).map((f) => rectToBox(f.rect, small.height));
    expect(spread).toEqual([{ left: 0, top: 0, width: 100, height: 20 }, { left: 400, top: 580, width: 100, height: 20 }]);
    // Onto a page of the same size: the same rect.
    const a = at('a', 10, 10);
    expect(moveToPage([a], 1, PAGES)).toEqual([{ ...a, pageNum: 1 }]);
    // A field larger than the page shrinks to it.
    expect(moveToPage([field('w', { rect: { x: 0, y: 0, width: 612, height: 30 } })], 1, pages)[0]!.rect).toEqual({ x: 0, y: 0, width: 500, height: 30 });
    // No such page: unchanged.
    expect(moveToPage([a], 5, PAGES)).toEqual([a]);
  });

  it('moves the selection with the arrow keys (down on screen is down the page), together, inside the page', () => {
    const a = field('a', { rect: { x: 0, y: 600, width: 100, height: 20 } });
    const b = field('b', { rect: { x: 200, y: 600, width: 100, height: 20 } });
    const selected = run(initialState([a, b]), { type: 'select', ids: ['a', 'b'], mode: 'replace' });
    const moved = run(selected, { type: 'nudge', mode: 'move', dx: 10, dy: 10, pageSizes: PAGES, at: 0 });
    expect(moved.fields.map((f) => [f.rect.x, f.rect.y])).toEqual([[10, 590], [210, 590]]);
    // Left by 10 from x 0 would leave the page: the whole group stays, the shape unchanged.
    const blocked = run(selected, { type: 'nudge', mode: 'move', dx: -10, dy: 0, pageSizes: PAGES, at: 0 });
    expect(blocked).toBe(selected);
  });

  it('joins quick successive arrow-key moves into one undo step', () => {
    const selected = run(initialState([field('a')]), { type: 'select', ids: ['a'], mode: 'replace' });
    const moves = run(selected,
      { type: 'nudge', mode: 'move', dx: 1, dy: 0, pageSizes: PAGES, at: 1000 },
      { type: 'nudge', mode: 'move', dx: 1, dy: 0, pageSizes: PAGES, at: 1200 },
      { type: 'nudge', mode: 'move', dx: 1, dy: 0, pageSizes: PAGES, at: 1400 });
    expect(moves.fields[0]!.rect.x).toBe(103);
    expect(moves.past).toHaveLength(1);
    const later = run(moves, { type: 'nudge', mode: 'move', dx: 1, dy: 0, pageSizes: PAGES, at: 5000 });
    expect(later.past).toHaveLength(2);
    expect(run(moves, { type: 'undo' }).fields[0]!.rect.x).toBe(100);
  });

  it('resizes with Alt+arrows: the top-left corner stays, never below the minimum or past the page', () => {
    const selected = run(initialState([field('a', { rect: { x: 500, y: 600, width: 100, height: 20 } })]), { type: 'select', ids: ['a'], mode: 'replace' });
    const grown = run(selected, { type: 'nudge', mode: 'resize', dx: 10, dy: 10, pageSizes: PAGES, at: 0 });
    const box = rectToBox(grown.fields[0]!.rect, 792);
    expect(box).toEqual({ left: 500, top: 172, width: 110, height: 30 });
    const capped = run(grown, { type: 'nudge', mode: 'resize', dx: 10, dy: 0, pageSizes: PAGES, at: 5000 });
    expect(capped.fields[0]!.rect.width).toBe(112);
    const shrunk = run(selected, { type: 'nudge', mode: 'resize', dx: -500, dy: -500, pageSizes: PAGES, at: 0 });
    expect(shrunk.fields[0]!.rect).toMatchObject({ width: 8, height: 8 });
    expect(rectToBox(shrunk.fields[0]!.rect, 792).top).toBe(172);
  });

  it('copies and pastes with new ids, 10 points right and down, onto the given page; pastes again further on', () => {
    const state = run(initialState([field('a', { rect: { x: 100, y: 600, width: 160, height: 22 } })]), { type: 'select', ids: ['a'], mode: 'replace' }, { type: 'copy' });
    expect(state.clipboard.map((f) => f.id)).toEqual(['a']);
    expect(canUndo(state)).toBe(false);
    const pasted = run(state, { type: 'paste', ids: ['p1'], pageNum: 0, pageSizes: PAGES });
    expect(pasted.fields.map((f) => f.id)).toEqual(['a', 'p1']);
    expect(pasted.fields[1]).toMatchObject({ aliasId: 'a', name: 'Name a', pageNum: 0, rect: { x: 110, y: 590, width: 160, height: 22 } });
    expect(pasted.selection).toEqual(['p1']);
    expect(pasted.last).toBe('paste');
    const again = run(pasted, { type: 'paste', ids: ['p2'], pageNum: 1, pageSizes: PAGES });
    expect(again.fields[2]).toMatchObject({ id: 'p2', pageNum: 1, rect: { x: 120, y: 580 } });
  });

  it('cuts: removes the selection into the clipboard', () => {
    const state = run(initialState([field('a'), field('b')]), { type: 'select', ids: ['b'], mode: 'replace' }, { type: 'cut' });
    expect(state.fields.map((f) => f.id)).toEqual(['a']);
    expect(state.clipboard.map((f) => f.id)).toEqual(['b']);
    expect(state.last).toBe('cut');
  });

  it('caps the history', () => {
    let state = initialState([field('a')]);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) state = run(state, { type: 'update', ids: ['a'], patch: { name: `n${i}` } });
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    expect(selectedFields(state)).toEqual([]);
  });

  it('after a document replacement, moves fields into smaller pages, in the history too; fields on missing pages stay', () => {
    const a = field('a', { rect: { x: 500, y: 700, width: 160, height: 22 } });
    const far = field('far', { pageNum: 5 });
    const state = run(initialState([a, far]), { type: 'update', ids: ['a'], patch: { name: 'x' } });
    const clamped = run(state, { type: 'clampToPages', pageSizes: [{ width: 595, height: 600 }] });
    expect(clamped.fields[0]!.rect).toEqual({ x: 435, y: 578, width: 160, height: 22 });
    expect(clamped.fields[1]).toBe(far);
    expect(clamped.past[0]!.fields[0]!.rect).toEqual({ x: 435, y: 578, width: 160, height: 22 });
    expect(clampFields(clamped.fields, [{ width: 595, height: 600 }])).toBe(clamped.fields);
  });
});
