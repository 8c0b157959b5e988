// Block-level layout in `direction: rtl`: list markers on the right, tables whose first column
// is on the right, the end margin giving way when over-constrained (CSS 2.1 §10.3.3), logical
// properties mapped by the direction, text-indent on the right, logical float values, and
// flex rows laid out from the right. Geometry read back from the display list.
import { describe, expect, it } from 'vitest';
import type { DisplayItem, PageDisplayList, RectItem } from '../../src/paint/types.js';
import { flatten, layout, PX, runWidth, runWith } from './helpers.js';

/** Colour channels come as 0–255. */
const approx = (a: number, b: number) => Math.abs(a - b) < 1;

/** The first filled rectangle of colour `hex` on the first page. */
function rect(pages: readonly PageDisplayList[], hex: string): RectItem {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const found = flatten(pages[0]!.items).find((i: DisplayItem): i is RectItem => i.kind === 'rect' && approx(i.color.r, r!) && approx(i.color.g, g!) && approx(i.color.b, b!));
  if (!found) throw new Error(`no rect of ${hex}`);
  return found;
}

/** Left and right ends of the run containing `needle`. */
function span(pages: readonly PageDisplayList[], needle: string): { left: number; right: number } {
  const run = runWith(pages, needle);
  return { left: run.x, right: run.x + runWidth(run.item) };
}

describe('rtl list markers', () => {
  it('puts an outside marker right of the item, its text in visual order (" .1")', async () => {
    const pages = await layout('<ol dir="rtl" style="width: 300px; margin: 0"><li>Item</li></ol>');
    const item = span(pages, 'Item');
    const marker = runWith(pages, '.1');
    expect(marker.text).toBe(' .1');
    // The item's text ends at its content's right edge; the marker starts there.
    expect(marker.x).toBeCloseTo(item.right, 1);
  });

  it('keeps it left of the item in ltr', async () => {
    const pages = await layout('<ol style="width: 300px; margin: 0"><li>Item</li></ol>');
    const marker = runWith(pages, '1.');
    expect(marker.text).toBe('1. ');
    expect(marker.x + runWidth(marker.item)).toBeCloseTo(runWith(pages, 'Item').x, 1);
  });

  it('indents the list on the right: padding-inline-start', async () => {
    const pages = await layout('<div dir="rtl" style="width: 300px; background: #0000ff"><ul style="margin: 0; background: #00ff00"><li>x</li></ul></div>');
    expect(span(pages, 'x').right).toBeCloseTo(rect(pages, '#00ff00').x + (300 - 40) * PX, 1);
  });
});

describe('rtl tables', () => {
  const table = (dir: string) => `<table dir="${dir}" style="border-collapse: collapse"><tr><td>A1</td><td>A2</td><td>A3</td></tr>
    <tr><td colspan="2">B12</td><td style="border-left: 4px solid #ff0000">B3</td></tr></table>`;

  it('puts the first column on the right and spans colspan leftwards', async () => {
    const pages = await layout(table('rtl'));
    const [a1, a2, a3, b12, b3] = ['A1', 'A2', 'A3', 'B12', 'B3'].map((t) => span(pages, t));
    expect(a1!.left).toBeGreaterThan(a2!.right);
    expect(a2!.left).toBeGreaterThan(a3!.right);
    // B12 covers the columns of A1 and A2; B3 is under A3.
    expect(b12!.left).toBeGreaterThan(a3!.right);
    expect(b3!.right).toBeLessThan(a2!.left);
  });

  it('draws a cell’s left collapsed border on its physical left', async () => {
    const pages = await layout(table('rtl'));
    const red = rect(pages, '#ff0000');
    expect(red.width).toBeCloseTo(4 * PX, 1);
    // B3 is in the leftmost column: its left border is the table's left edge, left of A3 too.
    expect(red.x + red.width).toBeLessThan(span(pages, 'B3').left);
    expect(red.x + red.width).toBeLessThan(span(pages, 'A3').left);
  });

  it('keeps ltr tables in document order', async () => {
    const pages = await layout(table('ltr'));
    expect(span(pages, 'A1').right).toBeLessThan(span(pages, 'A2').left);
    expect(span(pages, 'B3').left).toBeGreaterThan(span(pages, 'B12').right);
  });

  it('lets the left margin give way in an rtl container', async () => {
    const pages = await layout('<div dir="rtl" style="width: 400px; background: #0000ff"><table style="width: 200px; margin: 0 10px; background: #ff0000"><tr><td>t</td></tr></table></div>');
    expect(rect(pages, '#ff0000').x - rect(pages, '#0000ff').x).toBeCloseTo(190 * PX, 1);
  });
});

describe('over-constrained widths (CSS 2.1 §10.3.3)', () => {
  const box = (outer: string, inner = '') =>
    `<div ${outer} style="width: 400px; background: #0000ff"><div ${inner} style="width: 200px; height: 10px; margin: 0 10px; background: #ff0000"></div></div>`;
  const offset = async (html: string) => {
    const pages = await layout(html);
    return (rect(pages, '#ff0000').x - rect(pages, '#0000ff').x) / PX;
  };

  it('ignores margin-right in an ltr containing block', async () => {
    expect(await offset(box('dir="ltr"'))).toBeCloseTo(10, 1);
  });

  it('ignores margin-left in an rtl containing block', async () => {
    expect(await offset(box('dir="rtl"'))).toBeCloseTo(190, 1);
  });

  it('follows the containing block’s direction, not the box’s own', async () => {
    expect(await offset(box('dir="rtl"', 'dir="ltr"'))).toBeCloseTo(190, 1);
    expect(await offset(box('dir="ltr"', 'dir="rtl"'))).toBeCloseTo(10, 1);
  });
});

describe('inline-level boxes in rtl', () => {
  it('keep their specified margins: an inline-block is never over-constrained (§10.3.9)', async () => {
    const pages = await layout(`<div dir="rtl" style="width: 400px; background: #0000ff"><span style="display: inline-block; width: 50px; height: 10px; margin: 0 5px 0 20px; background: #ff0000"></span></div>`);
    // At the right of the line: its right margin (5px) from the container's right edge.
    expect(rect(pages, '#ff0000').x - rect(pages, '#0000ff').x).toBeCloseTo((400 - 5 - 50) * PX, 1);
  });
});

describe('logical properties in layout', () => {
  const html = (dir: string) =>
    `<div dir="${dir}" style="width: 400px; background: #0000ff"><div style="margin-inline-start: 50px; padding-inline-end: 20px; height: 10px; background: #ff0000"></div></div>`;

  it('margin-inline-start is the left margin in ltr', async () => {
    const pages = await layout(html('ltr'));
    expect(rect(pages, '#ff0000').x - rect(pages, '#0000ff').x).toBeCloseTo(50 * PX, 1);
    expect(rect(pages, '#ff0000').width).toBeCloseTo(350 * PX, 1);
  });

  it('and the right margin in rtl', async () => {
    const pages = await layout(html('rtl'));
    expect(rect(pages, '#ff0000').x).toBeCloseTo(rect(pages, '#0000ff').x, 1);
    expect(rect(pages, '#ff0000').width).toBeCloseTo(350 * PX, 1);
  });
});

describe('text-indent in rtl', () => {
  it('indents the first line from the right', async () => {
    const pages = await layout('<div dir="rtl" style="width: 300px"><p style="text-indent: 30px; margin: 0">Hello</p><p style="margin: 0">World</p></div>');
    expect(span(pages, 'World').right - span(pages, 'Hello').right).toBeCloseTo(30 * PX, 1);
  });
});

describe('floats in rtl', () => {
  it('keep left and right physical; inline-start is the right in an rtl block', async () => {
    const pages = await layout(`<div dir="rtl" style="width: 400px; background: #0000ff; overflow: hidden">
      <div style="float: left; width: 50px; height: 10px; background: #ff0000"></div>
      <div style="float: inline-start; width: 50px; height: 10px; background: #00ff00"></div></div>`);
    const outer = rect(pages, '#0000ff');
    expect(rect(pages, '#ff0000').x).toBeCloseTo(outer.x, 1);
    expect(rect(pages, '#00ff00').x).toBeCloseTo(outer.x + 350 * PX, 1);
  });
});

describe('flex rows in rtl', () => {
  it('start on the right; justify-content: left packs them on the left, still in rtl order', async () => {
    const pages = await layout(`<div dir="rtl" style="display: flex; width: 300px; background: #0000ff"><div>one</div><div>two</div></div>
      <div dir="rtl" style="display: flex; width: 300px; justify-content: left; background: #00ff00"><div>three</div><div>four</div></div>`);
    expect(span(pages, 'one').right).toBeCloseTo(rect(pages, '#0000ff').x + 300 * PX, 1);
    expect(span(pages, 'two').right).toBeLessThanOrEqual(span(pages, 'one').left + 0.01);
    expect(span(pages, 'four').left).toBeCloseTo(rect(pages, '#00ff00').x, 1);
    expect(span(pages, 'three').left).toBeGreaterThanOrEqual(span(pages, 'four').right - 0.01);
  });
});

describe('multi-column in rtl', () => {
  it('fills the columns from the right (css-multicol-1 §2)', async () => {
    const pages = await layout(`<div dir="rtl" style="columns: 2; column-gap: 20px; width: 420px; column-fill: auto; height: 20px; font-size: 10px; line-height: 20px">
      <div>first</div><div>second</div></div>`);
    expect(span(pages, 'first').left).toBeGreaterThan(span(pages, 'second').right);
    expect(span(pages, 'first').right - span(pages, 'second').right).toBeCloseTo(220 * PX, 1);
  });
});
