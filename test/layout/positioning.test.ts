// Absolute positioning (CSS 2.1 §9.6, §10.3.7, §10.6.4): geometry read back from the painted
// rectangles (a box's background is its border box). Pages are 400×300pt with no margin, so
// the page area is the page; 1px = 0.75pt, so lengths are given in pt.
import { describe, expect, it } from 'vitest';
import type { ClipItem, DisplayItem, RectItem } from '../../src/paint/types.js';
import { flatten, layout, pageText, runWith } from './helpers.js';

const PAGE = { width: '400pt', height: '300pt', margin: '0' };

async function pages(html: string, css = '') {
  return layout(html, `body { margin: 0 } p { margin: 0 } ${css}`, PAGE);
}

/** The border box of the box painted with background `rgb(r, g, b)` on `page`. */
function rectOf(list: readonly { items: readonly DisplayItem[] }[], r: number, g: number, b: number, page = 0): [number, number, number, number] {
  const found = flatten(list[page]!.items).find((i): i is RectItem => i.kind === 'rect' && i.color.r === r && i.color.g === g && i.color.b === b);
  if (!found) throw new Error(`no rect rgb(${r}, ${g}, ${b}) on page ${page + 1}`);
  return [found.x, found.y, found.width, found.height].map((n) => Math.round(n * 100) / 100) as [number, number, number, number];
}

const RED = [255, 0, 0] as const;
const BLUE = [0, 0, 255] as const;

/** A relatively positioned containing block at (0, 0): 200×100pt content, 10pt padding, 5pt border. */
const CB = 'position: relative; width: 200pt; height: 100pt; padding: 10pt; border: 5pt solid black';

describe('absolutely positioned boxes', () => {
  it('offsets from the containing block\'s padding edge', async () => {
    const p = await pages(`<div style="${CB}"><div style="position: absolute; left: 20pt; top: 30pt; width: 40pt; height: 10pt; background: red"></div></div>`);
    expect(rectOf(p, ...RED)).toEqual([25, 35, 40, 10]);
  });

  it('right and bottom place the far edges', async () => {
    const p = await pages(`<div style="${CB}"><div style="position: absolute; right: 20pt; bottom: 30pt; width: 40pt; height: 10pt; background: red"></div></div>`);
    // Padding box 220×120 at (5, 5): right edge 225 - 20 = 205, bottom edge 125 - 30 = 95.
    expect(rectOf(p, ...RED)).toEqual([165, 85, 40, 10]);
  });

  it('stretches an auto width and height between both offsets', async () => {
    const p = await pages(`<div style="${CB}"><div style="position: absolute; left: 10pt; right: 20pt; top: 10pt; bottom: 20pt; padding: 5pt; background: red"></div></div>`);
    expect(rectOf(p, ...RED)).toEqual([15, 15, 190, 90]);
  });

  it('centres with auto margins when the offsets and size are all set', async () => {
    const p = await pages(`<div style="${CB}"><div style="position: absolute; left: 0; right: 0; top: 0; bottom: 0; margin: auto; width: 100pt; height: 20pt; background: red"></div></div>`);
    expect(rectOf(p, ...RED)).toEqual([65, 55, 100, 20]);
  });

  it('ignores right when over-constrained (ltr) and bottom likewise', async () => {
    const p = await pages(`<div style="${CB}"><div style="position: absolute; left: 10pt; right: 10pt; top: 5pt; bottom: 5pt; width: 50pt; height: 20pt; background: red"></div></div>`);
    expect(rectOf(p, ...RED)).toEqual([15, 10, 50, 20]);
  });

  it('shrinks an auto width to fit its content, and clamps by min-width and max-width', async () => {
    const p = await pages(`<div style="${CB}">
      <div style="position: absolute; left: 0; top: 0; background: red">Hi</div>
      <div style="position: absolute; left: 0; top: 40pt; min-width: 150pt; background: blue">Hi</div>
      <div style="position: absolute; left: 0; top: 80pt; max-width: 30pt; background: rgb(0, 128, 0)">Hello hello hello</div></div>`);
    const [, , w] = rectOf(p, ...RED);
    expect(w).toBeGreaterThan(5);
    expect(w).toBeLessThan(30);
    expect(rectOf(p, ...BLUE)[2]).toBe(150);
    expect(rectOf(p, 0, 128, 0)[2]).toBe(30);
  });

  it('takes a block-level static position and does not push the content after it', async () => {
    const p = await pages(`<div style="${CB}; line-height: 20pt"><p>First</p><div style="position: absolute; left: 50pt; width: 10pt; height: 10pt; background: red"></div><p>Second</p></div>`);
    // Static top: right after the first line (5 + 10 + 20); left is set.
    expect(rectOf(p, ...RED)).toEqual([55, 35, 10, 10]);
    const first = runWith(p, 'First');
    expect(runWith(p, 'Second').y - first.y).toBeCloseTo(20, 5);
  });

  it('takes an inline static position on its line from an element that was inline', async () => {
    const p = await pages(`<div style="${CB}; line-height: 20pt">Before <span style="position: absolute; width: 10pt; height: 10pt; background: red"></span>after</div>`);
    const before = runWith(p, 'Before');
    const [x, y] = rectOf(p, ...RED);
    expect(x).toBeGreaterThan(before.x + 20);
    expect(y).toBe(15);
    // The text after the placeholder continues where it would have without the box.
    expect(runWith(p, 'after').y).toBe(before.y);
  });

  it('is positioned against the nearest positioned ancestor, not a static parent', async () => {
    const p = await pages(`<div style="${CB}"><div style="margin: 30pt; width: 50pt; height: 50pt"><div style="position: absolute; left: 0; top: 0; width: 10pt; height: 10pt; background: red"></div></div></div>`);
    expect(rectOf(p, ...RED)).toEqual([5, 5, 10, 10]);
  });

  it('uses the page area as the initial containing block without a positioned ancestor', async () => {
    const p = await pages(`<div style="margin: 40pt; border: 5pt solid black"><div style="position: absolute; right: 0; bottom: 0; width: 10pt; height: 10pt; background: red"></div></div>`);
    expect(rectOf(p, ...RED)).toEqual([390, 290, 10, 10]);
  });

  it('lands on the page where its placeholder falls', async () => {
    const p = await pages(`<div style="height: 280pt"></div><p style="line-height: 40pt">Next</p><div style="position: absolute; left: 5pt; width: 10pt; height: 10pt; background: red"></div>`);
    expect(p).toHaveLength(2);
    expect(rectOf(p, ...RED, 1)).toEqual([5, 40, 10, 10]);
  });

  it('sizes a replaced element by its intrinsic size and positions it', async () => {
    const svg = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/>')}`;
    const p = await pages(`<div style="${CB}"><img src="${svg}" style="position: absolute; right: 0; bottom: 0; background: red"></div>`);
    expect(rectOf(p, ...RED)).toEqual([195, 110, 30, 15]);
  });
});

describe('absolutely positioned boxes in a right-to-left containing block (CSS 2.1 §10.3.7)', () => {
  const RTL_CB = `${CB}; direction: rtl`;

  it('takes the static position of its right edge when left and right are auto', async () => {
    const p = await pages(`<div style="${RTL_CB}"><div style="position: absolute; width: 40pt; height: 10pt; background: red"></div></div>`);
    // The content box's right edge is 215 (padding box 5..225).
    expect(rectOf(p, ...RED)).toEqual([175, 15, 40, 10]);
  });

  it('shrinks to fit from the right edge', async () => {
    const p = await pages(`<div style="${RTL_CB}"><div style="position: absolute; height: 10pt; background: red"><span style="display: inline-block; width: 30pt"></span></div></div>`);
    expect(rectOf(p, ...RED)).toEqual([185, 15, 30, 10]);
  });

  it('ignores left when over-constrained', async () => {
    const p = await pages(`<div style="${RTL_CB}"><div style="position: absolute; left: 10pt; right: 20pt; width: 50pt; height: 10pt; background: red"></div></div>`);
    expect(rectOf(p, ...RED)).toEqual([155, 15, 50, 10]);
  });

  it('sets margin-right to 0 when two auto margins would be negative', async () => {
    const p = await pages(`<div style="${RTL_CB}"><div style="position: absolute; left: 100pt; right: 100pt; margin: 0 auto; width: 50pt; height: 10pt; background: red"></div></div>`);
    expect(rectOf(p, ...RED)).toEqual([75, 15, 50, 10]);
  });

  it('takes the static position from the direction of the block around its placeholder', async () => {
    const p = await pages(`<div style="${CB}"><div style="direction: rtl; width: 100pt"><div style="position: absolute; width: 40pt; height: 10pt; background: red"></div></div></div>`);
    expect(rectOf(p, ...RED)).toEqual([75, 15, 40, 10]);
  });
});

describe('position: fixed with auto offsets (CSS 2.1 §10.3.7, §10.6.4: the static position)', () => {
  it('takes its static position in the flow, relative to the page area, and leaves the flow', async () => {
    const p = await pages(`<div style="padding: 10pt"><p style="line-height: 20pt">First</p><div style="position: fixed; width: 10pt; height: 10pt; background: red"></div><p style="line-height: 20pt">Second</p></div>`);
    expect(rectOf(p, ...RED)).toEqual([10, 30, 10, 10]);
    expect(runWith(p, 'Second').y - runWith(p, 'First').y).toBeCloseTo(20, 5);
  });

  it('keeps a set offset and takes the static position on the other axis', async () => {
    const p = await pages(`<div style="margin-left: 30pt; padding-top: 15pt"><div style="position: fixed; top: 5pt; width: 10pt; height: 10pt; background: red"></div></div>`);
    expect(rectOf(p, ...RED)).toEqual([30, 5, 10, 10]);
  });

  it('takes its static position inside an absolutely positioned box', async () => {
    const p = await pages(`<div style="${CB}"><div style="position: absolute; left: 20pt; top: 30pt; width: 50pt; height: 50pt; padding: 4pt"><div style="position: fixed; width: 10pt; height: 10pt; background: red"></div></div></div>`);
    // The absolutely positioned box's content box starts at 5 + 20 + 4, 5 + 30 + 4.
    expect(rectOf(p, ...RED)).toEqual([29, 39, 10, 10]);
  });

  it('repeats on later pages at the static position found on the page of its placeholder', async () => {
    const p = await pages(`<div style="padding: 20pt 0 0 12pt"><div style="position: fixed; width: 10pt; height: 10pt; background: red"></div><div style="height: 500pt"></div></div>`);
    expect(p).toHaveLength(2);
    expect(rectOf(p, ...RED, 0)).toEqual([12, 20, 10, 10]);
    expect(rectOf(p, ...RED, 1)).toEqual([12, 20, 10, 10]);
  });
});

describe('absolutely positioned boxes across pages (css-break-3, the initial containing block)', () => {
  it('splits a box taller than the space left below its top, and continues at the next page area\'s top', async () => {
    const p = await pages(`<div style="position: absolute; top: 100pt; left: 10pt; width: 50pt; height: 550pt; background: red"></div>`);
    expect(p).toHaveLength(3);
    expect(rectOf(p, ...RED, 0)).toEqual([10, 100, 50, 200]);
    expect(rectOf(p, ...RED, 1)).toEqual([10, 0, 50, 300]);
    expect(rectOf(p, ...RED, 2)).toEqual([10, 0, 50, 50]);
  });

  it('breaks its content like a block and keeps the document going while it continues', async () => {
    const p = await pages(`<p>Flow</p><div style="position: absolute; top: 0; background: red"><div style="height: 270pt">One</div><p style="line-height: 20pt">Two</p><p style="line-height: 20pt">Three</p></div>`);
    expect(p).toHaveLength(2);
    expect(runWith(p, 'Three').page).toBe(1);
    expect(runWith(p, 'Three').y).toBeLessThan(20);
    // Its first fragment fills the page below its top (css-break-3 §4.4).
    expect(rectOf(p, ...RED, 0)[3]).toBe(300);
  });

  it('breaks before a child with break-before: page inside it', async () => {
    const p = await pages(`<div style="position: absolute; top: 10pt; border: 5pt solid black; background: red">One<div style="break-before: page">Two</div></div>`);
    expect(p).toHaveLength(2);
    expect(runWith(p, 'One').page).toBe(0);
    expect(runWith(p, 'Two').page).toBe(1);
    const [, top, , height] = rectOf(p, ...RED, 0);
    expect(top + height).toBe(300);
    expect(rectOf(p, ...RED, 1)[1]).toBe(0);
  });

  it('starts on a later page when its top lies below the page', async () => {
    const p = await pages(`<div style="position: absolute; top: 350pt; width: 10pt; height: 10pt; background: red"></div>`);
    expect(p).toHaveLength(2);
    expect(rectOf(p, ...RED, 1)).toEqual([0, 50, 10, 10]);
  });

  it('continues the lines of a fixed-height box only once', async () => {
    const p = await pages(`<div style="position: absolute; height: 700pt"><p>Once</p></div>`);
    expect(p).toHaveLength(3);
    expect(p.map((_, i) => pageText(p, i))).toEqual(['Once', '', '']);
  });
});

describe('intrinsic width keywords (css-sizing-3 §3.1)', () => {
  const TEXT = '<span style="display: inline-block; width: 40pt; height: 10pt"></span> <span style="display: inline-block; width: 60pt; height: 10pt"></span>';

  it('size a block box to its max-content, min-content or fit-content width', async () => {
    const p = await pages(`<div style="width: max-content; background: red">${TEXT}</div><div style="width: min-content; background: blue">${TEXT}</div><div style="width: fit-content; margin-left: auto; background: rgb(0, 255, 0)">${TEXT}</div>`);
    const [, , maxWidth] = rectOf(p, ...RED);
    expect(maxWidth).toBeGreaterThan(100);
    expect(maxWidth).toBeLessThan(110);
    expect(rectOf(p, ...BLUE)[2]).toBe(60);
    // fit-content is a width: an auto margin takes the rest of the line.
    const [x, , w] = rectOf(p, 0, 255, 0);
    expect(w).toBe(maxWidth);
    expect(x + w).toBe(400);
  });

  it('apply to an absolutely positioned box with both offsets set, and to min-width and max-width', async () => {
    const p = await pages(`<div style="position: absolute; left: 0; right: 0; width: min-content; background: red">${TEXT}</div><div style="position: absolute; top: 50pt; max-width: min-content; background: blue">${TEXT}</div>`);
    expect(rectOf(p, ...RED)[2]).toBe(60);
    expect(rectOf(p, ...BLUE)[2]).toBe(60);
  });

  it('size an inline-block', async () => {
    const p = await pages(`<div style="width: 50pt"><span style="display: inline-block; width: max-content; background: red">${TEXT}</span></div>`);
    expect(rectOf(p, ...RED)[2]).toBeGreaterThan(100);
  });
});

describe('percentage heights (CSS 2.1 §10.5)', () => {
  it('resolve against a containing block with a definite height', async () => {
    const p = await pages(`<div style="height: 200pt"><div style="height: 25%; background: red"></div></div>`);
    expect(rectOf(p, ...RED)[3]).toBe(50);
  });

  it('act as auto when the containing block height depends on the content', async () => {
    const p = await pages(`<div><div style="height: 25%; min-height: 10pt; background: red"></div></div>`);
    expect(rectOf(p, ...RED)[3]).toBe(10);
  });

  it('resolve down the root and body chain against the page area', async () => {
    const p = await pages(`<div style="height: 50%; background: red"></div>`, 'html, body { height: 100% }');
    expect(rectOf(p, ...RED)[3]).toBe(150);
  });

  it('resolve against an absolutely positioned box\'s padding box', async () => {
    const p = await pages(`<div style="${CB}"><div style="position: absolute; top: 0; height: 50%; width: 10pt; background: red"></div></div>`);
    expect(rectOf(p, ...RED)[3]).toBe(60);
  });
});

describe('clip (CSS 2.1 §11.1.2)', () => {
  it('clips an absolutely positioned box to rect(), auto sides at the border box edges', async () => {
    const p = await pages(`<div style="position: absolute; left: 10pt; top: 20pt; width: 100pt; height: 50pt; clip: rect(5pt, auto, 30pt, 10pt); background: red"></div>`);
    const clip = flatten(p[0]!.items).find((i): i is ClipItem => i.kind === 'clip');
    expect(clip && [clip.x, clip.y, clip.width, clip.height]).toEqual([20, 25, 90, 25]);
    expect(clip!.items.some((i) => i.kind === 'rect')).toBe(true);
  });
});

describe('a root table', () => {
  it('draws its border once, at its own box', async () => {
    const p = await layout('<p>x</p>', 'html { display: table; border: 7.5pt solid rgb(0, 0, 255) } body { margin: 0 } p { margin: 0 }', PAGE);
    const borders = flatten(p[0]!.items).filter((i) => i.kind === 'path' && i.stroke?.color.b === 255);
    expect(borders).toHaveLength(1);
  });

  it('gives its background to the canvas and does not paint it again', async () => {
    const p = await layout('<p>x</p>', 'html { display: table; position: absolute; left: 75pt; top: 75pt; background: rgb(255, 0, 0) } body { margin: 0 } p { margin: 0 }', PAGE);
    expect(flatten(p[0]!.items).filter((i) => i.kind === 'rect' && i.color.r === 255)).toHaveLength(1);
    expect(rectOf(p, ...RED)).toEqual([0, 0, 400, 300]);
  });

  it('passes the background of an absolutely positioned body to the canvas', async () => {
    const p = await layout('', 'html { display: table } body { position: absolute; left: 75pt; top: 75pt; width: 75pt; height: 75pt; margin: 0; background: rgb(255, 0, 0) }', PAGE);
    expect(rectOf(p, ...RED)).toEqual([0, 0, 400, 300]);
    expect(flatten(p[0]!.items).filter((i) => i.kind === 'rect' && i.color.r === 255)).toHaveLength(1);
  });
});

describe('the root box', () => {
  it('keeps its top margin on the first page (CSS 2.1 §10.1: it sits in the initial containing block)', async () => {
    const p = await layout('<div style="height: 20pt; background: rgb(255, 0, 0)"></div>', 'html { margin: 30pt 15pt } body { margin: 0 }', PAGE);
    expect(rectOf(p, ...RED)).toEqual([15, 30, 370, 20]);
  });
});

describe('an inline-level absolutely positioned box with no line around it', () => {
  it('takes its static position beside the floats, where a line would start', async () => {
    const html = (dir: string, side: string) => `<div style="position: relative; width: 100pt; direction: ${dir}">
      <div style="height: 10pt"></div><div style="float: ${side}; width: 40pt; height: 20pt"></div>
      <span style="position: absolute; width: 30pt; height: 20pt; background: red"></span></div>`;
    expect(rectOf(await pages(html('ltr', 'left')), ...RED)).toEqual([40, 10, 30, 20]);
    expect(rectOf(await pages(html('rtl', 'right')), ...RED)).toEqual([30, 10, 30, 20]);
  });
});
