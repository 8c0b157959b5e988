// Floats (CSS 2.1 §9.5): placement, lines beside floats, clearance, BFC roots beside floats,
// containment, and fragmentation (css-break-3 §4). Geometry is read back from the display
// list: boxes by their background colour, text by its glyph runs.
import { describe, expect, it } from 'vitest';
import type { PageDisplayList, RectItem } from '../../src/paint/types.js';
import { flatten, layout as render, PX, runWith, runs } from './helpers.js';

const base = 'body { margin: 0; font-size: 12px; line-height: 20px } p { margin: 0 }';
/** Renders on pages without margins, so page coordinates are those of the root. */
const layout = (html: string, css: string, page: Record<string, string> = { margin: '0' }) => render(html, css, page);
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

/** The background rectangle painted in `hex` (e.g. '#ff0000') on a page. */
function rect(pages: readonly PageDisplayList[], page: number, hex: string): RectItem {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const found = flatten(pages[page]!.items).find((i): i is RectItem => i.kind === 'rect' && approx(i.color.r, r!) && approx(i.color.g, g!) && approx(i.color.b, b!));
  if (!found) throw new Error(`page ${page + 1}: no rect of ${hex}`);
  return found;
}

function approx(a: number, b: number): boolean {
  return Math.abs(a - b) < 1 || Math.abs(a * 255 - b) < 1;
}

describe('float placement', () => {
  it('shrinks a float of auto width to fit, but never below its min-content width (CSS 2.1 §10.3.5)', async () => {
    const pages = await layout('<div style="width:50px"><div style="float:left;background:#ff0000"><span style="display:inline-block;width:100px;height:10px"></span></div></div>', base);
    expect(rect(pages, 0, '#ff0000').width).toBeCloseTo(100 * PX);
  });

  it('puts a left float at the left and a right float at the right of the containing block', async () => {
    const pages = await layout('<div style="width:400px"><div style="float:left;width:100px;height:50px;background:#ff0000"></div><div style="float:right;width:80px;height:30px;background:#00ff00"></div></div>', base);
    const left = rect(pages, 0, '#ff0000');
    const right = rect(pages, 0, '#00ff00');
    expect(left.x).toBeCloseTo(0);
    expect(left.y).toBeCloseTo(0);
    expect(right.x + right.width).toBeCloseTo(400 * PX);
    expect(right.y).toBeCloseTo(0);
  });

  it('stacks left floats side by side and moves one down when it does not fit beside', async () => {
    const pages = await layout('<div style="width:250px"><div style="float:left;width:100px;height:50px;background:#ff0000"></div><div style="float:left;width:100px;height:30px;background:#00ff00"></div><div style="float:left;width:100px;height:20px;background:#0000ff"></div></div>', base);
    expect(rect(pages, 0, '#00ff00').x).toBeCloseTo(100 * PX);
    const third = rect(pages, 0, '#0000ff');
    // Not beside the first two (no room): below the lower bottom of the two that block it, at the second's bottom.
    expect(third.y).toBeCloseTo(30 * PX);
    expect(third.x).toBeCloseTo(100 * PX);
  });

  it('moves a float wider than its container below a float of the BFC outside the container that it would overlap (rule 3)', async () => {
    const html = '<div style="float:left;width:500px;height:500px"><div style="float:right;width:50px;height:300px"></div>'
      + '<div style="margin-right:100px"><div style="float:left;width:475px;height:10px;background:#0000ff"></div></div></div>';
    const blue = rect(await layout(html, base), 0, '#0000ff');
    expect(blue.x).toBeCloseTo(0);
    expect(blue.y).toBeCloseTo(300 * PX);
  });

  it('lets a float overflow its container up to a float of the other side outside it', async () => {
    const html = '<div style="float:left;width:500px;height:500px"><div style="float:right;width:50px;height:300px"></div>'
      + '<div style="margin-right:100px"><div style="float:left;width:425px;height:10px;background:#0000ff"></div></div></div>';
    const blue = rect(await layout(html, base), 0, '#0000ff');
    expect(blue.x).toBeCloseTo(0);
    expect(blue.y).toBeCloseTo(0);
  });

  it('keeps a float with a float of the BFC to its left inside its container, below that float (rule 7)', async () => {
    const html = '<div style="float:left;width:500px;height:500px"><div style="float:left;width:50px;height:300px"></div>'
      + '<div style="margin-left:100px"><div style="float:left;width:425px;height:10px;background:#0000ff"></div></div></div>';
    const blue = rect(await layout(html, base), 0, '#0000ff');
    expect(blue.x).toBeCloseTo(100 * PX);
    expect(blue.y).toBeCloseTo(300 * PX);
  });

  it('places a float above the top margin of the next block once its container has a position (after a border)', async () => {
    const html = '<div style="border-top:5px solid black;width:300px"><div style="float:right;width:50px;height:50px;background:#0000ff"></div>'
      + '<div style="margin-top:10px;height:20px;background:#00ff00"></div></div>';
    const pages = await layout(html, base);
    expect(rect(pages, 0, '#0000ff').y).toBeCloseTo(5 * PX);
    expect(rect(pages, 0, '#00ff00').y).toBeCloseTo(15 * PX);
  });

  it('moves a float down with the margins its container takes from the next block when they collapse through its top', async () => {
    const html = '<div style="width:300px"><div style="float:right;width:50px;height:50px;background:#0000ff"></div>'
      + '<div style="margin-top:10px;height:20px;background:#00ff00"></div></div>';
    const pages = await layout(html, base);
    expect(rect(pages, 0, '#0000ff').y).toBeCloseTo(10 * PX);
    expect(rect(pages, 0, '#00ff00').y).toBeCloseTo(10 * PX);
  });

  it('sizes an auto-width float to fit its content', async () => {
    const pages = await layout('<div style="float:left;background:#ff0000"><div style="width:120px;height:10px"></div></div>', base);
    expect(rect(pages, 0, '#ff0000').width).toBeCloseTo(120 * PX);
  });
});

describe('lines beside floats', () => {
  it('shortens the lines beside a float and starts them at its edge', async () => {
    const pages = await layout(`<div style="float:left;width:100px;height:40px;background:#ff0000"></div><p style="width:300px">${words(60)}</p>`, base);
    const all = runs(pages);
    const first = all[0]!;
    expect(first.x).toBeCloseTo(100 * PX);
    // Lines below the float start at the left edge again.
    const below = all.find((r) => r.y > 40 * PX);
    expect(below?.x).toBeCloseTo(0);
  });

  it('places a float met in the middle of a paragraph at the line it occurs on, without splitting the text', async () => {
    const pages = await layout(`<p style="width:300px">${words(3)} <span style="float:right;width:50px;height:50px;background:#00ff00"></span>${words(40)}</p>`, base);
    const float = rect(pages, 0, '#00ff00');
    expect(float.y).toBeCloseTo(0);
    expect(float.x + float.width).toBeCloseTo(300 * PX);
    expect(runWith(pages, 'w1').x).toBeCloseTo(0);
  });

  it('starts the line after <br clear> below the floats it clears', async () => {
    const pages = await layout('<div style="width:300px"><div style="float:left;width:50px;height:100px"></div><div style="float:right;width:50px;height:60px"></div>first<br clear="right">second<br clear="all">third</div>', base);
    expect(runWith(pages, 'first').y).toBeLessThan(20 * PX);
    expect(runWith(pages, 'second').y).toBeGreaterThan(60 * PX);
    expect(runWith(pages, 'second').y).toBeLessThan(80 * PX);
    expect(runWith(pages, 'second').x).toBeCloseTo(50 * PX);
    expect(runWith(pages, 'third').y).toBeGreaterThan(100 * PX);
    expect(runWith(pages, 'third').x).toBeCloseTo(0);
  });

  it('grows the block to the floats cleared by a <br clear> that ends it', async () => {
    const pages = await layout('<div style="width:300px;background:#00ff00"><div style="float:left;width:50px;height:100px"></div>text<br clear="all"></div>', base);
    expect(rect(pages, 0, '#00ff00').height).toBeCloseTo(100 * PX);
  });

  it('places a floated ::after among the text of its element, on the line it ends', async () => {
    const pages = await layout('<p class="d">SS</p>', `${base} .d::after { float: left; content: "PA" }`);
    const pa = runWith(pages, 'PA');
    const ss = runWith(pages, 'SS');
    expect(pa.x).toBeCloseTo(0);
    expect(pa.y).toBeCloseTo(ss.y);
    expect(ss.x).toBeGreaterThan(0);
  });

  describe('a float in text that may not wrap', () => {
    const float = '<span style="float:right;width:50px;height:50px;background:#0000ff"></span>';
    it('goes below the line when the unbreakable text after it does not fit beside it', async () => {
      const pages = await layout(`<div style="width:100px;white-space:nowrap">Some ${float}text that overflows</div>`, base);
      expect(rect(pages, 0, '#0000ff').y).toBeCloseTo(20 * PX);
      expect(runWith(pages, 'Some').y).toBeLessThan(20 * PX);
    });

    it('belongs to the next line when the line breaks before the unbreakable text around it', async () => {
      const pages = await layout(`<div style="width:100px">Some <span style="white-space:nowrap">text ${float}that overflows the parent</span></div>`, base);
      const second = runWith(pages, 'overflows');
      expect(runWith(pages, 'Some').y).toBeLessThan(20 * PX);
      expect(second.y).toBeGreaterThan(20 * PX);
      expect(second.y).toBeLessThan(40 * PX);
      expect(rect(pages, 0, '#0000ff').y).toBeCloseTo(40 * PX);
    });

    it('goes at the top of the next line when it starts the unbreakable text that line begins with, which then moves below it', async () => {
      const pages = await layout(`<div style="width:100px">Some <span style="white-space:nowrap">${float} text that overflows</span></div>`, base);
      expect(rect(pages, 0, '#0000ff').y).toBeCloseTo(20 * PX);
      const second = runWith(pages, 'overflows');
      expect(second.y).toBeGreaterThan(70 * PX);
      expect(second.y).toBeLessThan(90 * PX);
    });
  });

  it('shortens the line whose band holds a float of zero height', async () => {
    const html = '<div style="width:500px"><div style="float:left;width:10px;height:30px"></div><div style="float:left;clear:left;width:100px;height:0"></div>'
      + '<span style="display:inline-block;vertical-align:bottom;height:20px;width:300px;background:#0000ff"></span> '
      + '<span style="display:inline-block;vertical-align:bottom;height:20px;width:300px;background:#ff0000"></span> '
      + '<span style="display:inline-block;vertical-align:bottom;height:20px;width:300px;background:#00ff00"></span></div>';
    const pages = await layout(html, base);
    expect(rect(pages, 0, '#0000ff').x).toBeCloseTo(10 * PX);
    // The second line (20px to 40px) holds the empty float at 30px: it starts at its right edge.
    expect(rect(pages, 0, '#ff0000').x).toBeCloseTo(100 * PX);
    expect(rect(pages, 0, '#00ff00').x).toBeCloseTo(0);
  });

  it('keeps a float after one that waits below the line from going higher than it (rule 5)', async () => {
    const html = '<div style="width:100px">H<div style="float:left;width:100px;height:100px;background:#0000ff"></div>'
      + '<div style="float:right;width:30px;height:30px;background:#00ff00"></div></div>';
    const pages = await layout(html, base);
    const blue = rect(pages, 0, '#0000ff');
    expect(blue.y).toBeCloseTo(20 * PX);
    expect(rect(pages, 0, '#00ff00').y).toBeCloseTo(blue.y + 100 * PX);
  });

  it('moves a line down past a float when not even its first word fits beside it', async () => {
    const pages = await layout('<div style="width:200px"><div style="float:left;width:190px;height:40px;background:#ff0000"></div><p>Wide words</p></div>', base);
    expect(runWith(pages, 'Wide').y).toBeGreaterThan(40 * PX);
  });
});

describe('clearance and block formatting contexts', () => {
  it('puts a cleared box below the floats it clears', async () => {
    const pages = await layout('<div style="float:left;width:50px;height:60px;background:#ff0000"></div><div style="clear:left;height:10px;background:#00ff00"></div>', base);
    expect(rect(pages, 0, '#00ff00').y).toBeCloseTo(60 * PX);
  });

  it('keeps the border box of a BFC root beside a float, narrowed', async () => {
    const pages = await layout('<div style="width:300px"><div style="float:left;width:100px;height:50px;background:#ff0000"></div><div style="overflow:hidden;height:20px;background:#00ff00"></div></div>', base);
    const bfc = rect(pages, 0, '#00ff00');
    expect(bfc.x).toBeCloseTo(100 * PX);
    expect(bfc.width).toBeCloseTo(200 * PX);
    expect(bfc.y).toBeCloseTo(0);
  });

  it('grows a BFC root to contain its floats, and not an ordinary block', async () => {
    const pages = await layout('<div style="overflow:hidden;background:#00ff00"><div style="float:left;width:50px;height:70px"></div></div><div style="background:#0000ff;width:10px"><div style="float:left;width:50px;height:70px"></div></div>', base);
    expect(rect(pages, 0, '#00ff00').height).toBeCloseTo(70 * PX);
    expect(() => rect(pages, 0, '#0000ff')).toThrow();
  });
});

describe('BFC roots beside floats', () => {
  it('fits a BFC root in the band over its whole height, beside every float it meets', async () => {
    const pages = await layout('<div style="width:400px"><div style="float:left;clear:left;width:50px;height:75px"></div><div style="float:left;clear:left;width:100px;height:75px"></div><div style="overflow:hidden;width:200px;height:50px;background:#ff0000"></div><div style="overflow:hidden;width:200px;height:50px;background:#00ff00"></div></div>', base);
    const second = rect(pages, 0, '#00ff00');
    expect(second.y).toBeCloseTo(50 * PX);
    expect(second.x).toBeCloseTo(100 * PX);
  });

  it('moves a BFC root down when its border box would overlap a float outside its container', async () => {
    const pages = await layout('<div style="width:100px"><div style="float:right;width:50px;height:50px"></div><div style="margin-right:50px"><div style="overflow:hidden;width:100px;height:50px;background:#00ff00"></div></div></div>', base);
    expect(rect(pages, 0, '#00ff00').y).toBeCloseTo(50 * PX);
  });

  it('lets the margin of a BFC root beside a float overflow the container', async () => {
    const pages = await layout('<div style="width:100px"><div style="float:left;width:50px;height:100px"></div><div style="overflow:hidden;margin-right:1px;width:50px;height:100px;background:#00ff00"></div></div>', base);
    const bfc = rect(pages, 0, '#00ff00');
    expect(bfc.y).toBeCloseTo(0);
    expect(bfc.x).toBeCloseTo(50 * PX);
  });

  it('counts a negative right margin as room for a BFC root beside a float', async () => {
    const pages = await layout('<div style="width:50px"><div style="float:left;width:25px;height:50px"></div><div style="overflow:hidden;width:75px;margin-right:-50px;height:50px;background:#00ff00"></div></div>', base);
    const bfc = rect(pages, 0, '#00ff00');
    expect(bfc.y).toBeCloseTo(0);
    expect(bfc.x).toBeCloseTo(25 * PX);
  });

  it('places a BFC root pulled up by a negative margin beside the float it then meets', async () => {
    const pages = await layout('<div style="width:100px;margin-top:100px"><div style="float:left;width:50px;height:50px"></div><div style="overflow:hidden;margin-top:-25px;width:50px;height:50px;background:#00ff00"></div></div>', base);
    const bfc = rect(pages, 0, '#00ff00');
    expect(bfc.y).toBeCloseTo(75 * PX);
    expect(bfc.x).toBeCloseTo(50 * PX);
  });
});

describe('clearance and margin collapsing', () => {
  it('collapses the margins of an empty box with clearance with those after it from its top margin edge', async () => {
    // The cleared box's border edge is at the float's bottom (100); its margins 40, 80 and the next box's 140 collapse into 140 from 100 - 40.
    const pages = await layout('<div style="border-top:1px solid #000;background:#00ff00"><div style="float:left;width:100px;height:100px"></div><div style="clear:left;margin:40px 0 80px"></div><div style="margin-bottom:140px"></div></div>', base);
    expect(rect(pages, 0, '#00ff00').height).toBeCloseTo(201 * PX);
  });

  it('does not collapse margins through a box holding a child with clearance', async () => {
    const pages = await layout('<p style="margin-bottom:16px">x</p><div style="background:#00ff00;width:100px"><div style="float:left;height:1px"></div><div style="clear:left"></div><div style="margin-top:99px"></div></div>', base);
    const box = rect(pages, 0, '#00ff00');
    expect(box.y).toBeCloseTo(36 * PX);
    expect(box.height).toBeCloseTo(100 * PX);
  });

  it('keeps a cleared box at its hypothetical position when that is below the floats', async () => {
    // The float goes at 40 (after the first box's margin) and ends at 60; the cleared box's hypothetical top is 20 + 80.
    const pages = await layout('<div style="width:100px"><div style="height:20px;margin-bottom:20px"></div><div style="float:left;width:50px;height:20px"></div><div style="clear:left;margin-top:80px;height:20px;background:#00ff00"></div></div>', base);
    expect(rect(pages, 0, '#00ff00').y).toBeCloseTo(100 * PX);
  });

  it('lets margins collapse through a box holding only an absolutely positioned element', async () => {
    const pages = await layout('<div style="margin-top:8px"><div><img style="position:absolute" width="10" height="10" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div><p style="margin-top:24px;background:#00ff00">x</p></div>', base);
    expect(rect(pages, 0, '#00ff00').y).toBeCloseTo(24 * PX);
  });
});

describe('floats and pages', () => {
  const small = { width: '300px', height: '200px', margin: '0' };

  it('moves a float that does not fit to the next page, while the text after it stays on this one', async () => {
    const pages = await layout(`<p>${words(3)}</p><div style="height:120px"></div><div style="float:left;width:100px;height:150px;background:#ff0000"></div><p>After the float</p>`, base, small);
    expect(rect(pages, 1, '#ff0000').y).toBeCloseTo(0);
    expect(runWith(pages, 'After').page).toBe(0);
  });

  it('splits a float taller than a page', async () => {
    const pages = await layout('<div style="float:left;width:100px;background:#ff0000"><div style="height:350px"></div></div><p>Beside</p>', base, small);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(rect(pages, 0, '#ff0000').height).toBeCloseTo(200 * PX);
    expect(rect(pages, 1, '#ff0000').height).toBeCloseTo(150 * PX);
    expect(runWith(pages, 'Beside').x).toBeCloseTo(100 * PX);
  });
});
