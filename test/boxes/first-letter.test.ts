// ::first-letter (CSS 2.1 §5.12.2): the first letter of a block container's first formatted
// line, with the punctuation around it, in a box with the pseudo-element's style.
import { describe, expect, it } from 'vitest';
import { buildBoxTree } from '../../src/boxes/build.js';
import type { BlockBox, Box, InlineLevelBox } from '../../src/boxes/types.js';
import { styleDocument } from '../../src/css/index.js';
import { parseHtml } from '../../src/dom/parse.js';

function tree(html: string, css: string): BlockBox {
  return buildBoxTree(styleDocument(parseHtml(html), { authorCss: [css] }), { images: new Map() }).root;
}

function children(box: Box): readonly Box[] {
  if (box.kind === 'block') return box.content.kind === 'inline' ? box.content.ifc.children : box.content.kind === 'grid' ? box.content.items : box.content.children;
  if (box.kind === 'inline') return box.children;
  if (box.kind === 'atomic') return [box.box];
  return [];
}

/** Every box in tree order. */
function all(box: Box): Box[] {
  return [box, ...children(box).flatMap(all)];
}

/** The text of the boxes whose colour is red, each box's text joined. */
function redTexts(root: BlockBox): string[] {
  return all(root)
    .filter((b): b is Extract<Box, { kind: 'inline' | 'block' }> => (b.kind === 'inline' || b.kind === 'block') && b.style.color.r === 255 && b.style.color.g === 0)
    .map((b) => all(b).flatMap((x) => (x.kind === 'text' ? [x.text] : [])).join(''));
}

const RED = '::first-letter { color: rgb(255, 0, 0) }';

describe('::first-letter', () => {
  it.each([
    ['a plain word', '<p>Hello world</p>', 'H'],
    ['leading white space stays out', '<p>\n   Hello</p>', 'H'],
    ['opening and closing punctuation come with it', '<p>“(A)” said</p>', '“(A)”'],
    ['inside an inline element', '<p><em><b>Bold</b> start</em></p>', 'B'],
    ['a digit', '<p>42 items</p>', '4'],
    ['a letter with a combining mark', '<p>e\u0301te</p>', 'e\u0301'],
  ])('%s', (_, html, letter) => {
    expect(redTexts(tree(html, `p${RED}`))).toEqual([letter]);
  });

  it('::before content comes first and gives the letter', () => {
    expect(redTexts(tree('<p>word</p>', `p::before { content: "Note: " } p${RED}`))).toEqual(['N']);
  });

  it("reaches into the first in-flow block child, past empty ones and floats", () => {
    const root = tree('<div><div></div><span style="float: left">F</span><p>Inner</p><p>Next</p></div>', `div${RED}`);
    expect(redTexts(root)).toEqual(['I']);
  });

  it('an image or inline-block first means no first letter', () => {
    expect(redTexts(tree('<p><span style="display: inline-block">x</span>word</p>', `p${RED}`))).toEqual([]);
  });

  it('inline elements have none', () => {
    expect(redTexts(tree('<p><span>word</span></p>', `span${RED}`))).toEqual([]);
  });

  it('the rest of the text keeps the element style; text-transform of the letter applies', () => {
    const root = tree('<p>hello</p>', 'p::first-letter { color: rgb(255, 0, 0); text-transform: uppercase }');
    const texts = all(root).filter((b): b is Extract<InlineLevelBox, { kind: 'text' }> => b.kind === 'text').map((t) => t.text);
    expect(texts).toEqual(['H', 'ello']);
  });

  it('floated, it is a block box with the float, as a floated span would be', () => {
    const root = tree('<p>Drop cap</p>', 'p::first-letter { float: left; color: rgb(255, 0, 0); display: inline-block }');
    const box = all(root).find((b) => b.kind === 'block' && b.style.float === 'left');
    expect(box).toBeDefined();
    expect(redTexts(root)).toEqual(['D']);
  });

  it('a non-floated ::first-letter is inline whatever its display says', () => {
    const root = tree('<p>Word</p>', 'p::first-letter { display: block; color: rgb(255, 0, 0) }');
    const box = all(root).find((b) => b.style.color.r === 255 && b.kind !== 'text');
    expect(box?.kind).toBe('inline');
  });
});
