// Painting order (CSS 2.1 Appendix E, z-index §9.9): read back as the order of rectangles in
// the display list, each box identified by its background colour.
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/paint/types.js';
import { flatten, layout } from '../layout/helpers.js';

const PAGE = { width: '400pt', height: '300pt', margin: '0' };

/** The colours of the painted rectangles and 'text' for glyph runs, in paint order (white canvas left out). */
async function order(html: string, css = ''): Promise<string[]> {
  const pages = await layout(html, `body { margin: 0 } ${css}`, PAGE);
  return flatten(pages[0]!.items).flatMap((i) => {
    if (i.kind === 'glyphs') return ['text'];
    if (i.kind === 'rect') return [NAMES[`${i.color.r},${i.color.g},${i.color.b}`] ?? 'other'];
    return [];
  });
}

const NAMES: Record<string, string> = { '255,0,0': 'red', '0,0,255': 'blue', '0,128,0': 'green', '255,255,0': 'yellow', '128,128,128': 'grey' };

/** Absolutely positioned 50pt squares at the same place. */
const square = (color: string, z: string | number) => `<div style="position: absolute; top: 0; left: 0; width: 50pt; height: 50pt; background: ${color}; z-index: ${z}"></div>`;

describe('stacking contexts', () => {
  it('paints by z-index, then in tree order for equal ones', async () => {
    expect(await order(square('red', 3) + square('blue', 1) + square('green', 'auto') + square('yellow', 1))).toEqual(['green', 'blue', 'yellow', 'red']);
  });

  it('stacks flex items by z-index though they are not positioned, and paints them in `order` (css-flexbox-1 §4.3)', async () => {
    const item = (color: string, style: string) => `<div style="width: 50pt; height: 50pt; background: ${color}; ${style}"></div>`;
    const html = `<div style="display: flex">${item('red', 'z-index: 2')}${item('blue', 'margin-left: -50pt; z-index: 1')}${item('green', 'order: -1')}${item('yellow', 'order: -2; margin-left: -20pt')}</div>`;
    expect(await order(html)).toEqual(['yellow', 'green', 'blue', 'red']);
  });

  it('paints negative z-index under the in-flow content but over the root background', async () => {
    const html = `<div style="background: grey; height: 100pt">Text${square('red', -1)}</div>`;
    expect(await order(html, 'html { background: yellow }')).toEqual(['yellow', 'red', 'grey', 'text']);
  });

  it('keeps a negative z-index child above the background of a parent that makes a context', async () => {
    const html = `<div style="position: relative; z-index: 0; background: grey; height: 100pt">Text${square('red', -1)}</div>`;
    expect(await order(html)).toEqual(['grey', 'red', 'text']);
  });

  it('paints a relatively positioned box after the in-flow boxes that follow it, as one unit', async () => {
    const html = `<div style="position: relative; background: red; height: 20pt">A</div><div style="background: blue; height: 20pt; margin-top: -10pt">B</div>`;
    expect(await order(html)).toEqual(['blue', 'text', 'red', 'text']);
  });

  it('groups a context made by opacity with its positioned descendants, at z-index 0', async () => {
    const pages = await layout(`<div style="opacity: 0.5; position: relative">${square('red', 'auto')}</div>${square('blue', 'auto')}`, 'body { margin: 0 }', PAGE);
    const items = pages[0]!.items;
    const group = items.findIndex((i) => i.kind === 'opacity');
    expect(group).toBeGreaterThanOrEqual(0);
    const inside = flatten((items[group] as Extract<DisplayItem, { kind: 'opacity' }>).items);
    expect(inside.some((i) => i.kind === 'rect' && i.color.r === 255)).toBe(true);
    // The later z-index: auto box paints above the group, in tree order.
    const blue = items.findIndex((i) => i.kind === 'rect' && i.color.b === 255);
    expect(blue).toBeGreaterThan(group);
  });

  it('paints an absolutely positioned box in tree order among the positioned boxes, not after its containing block\'s content', async () => {
    // The later relatively positioned sibling paints over the earlier absolutely positioned box (CSS 2.1 Appendix E, step 8).
    const html = `<div style="position: relative">${square('red', 'auto')}<div style="position: relative; height: 50pt; background: blue"></div></div>`;
    expect(await order(html)).toEqual(['red', 'blue']);
  });

  it('paints an absolutely positioned box inside the opacity group of a non-positioned ancestor between it and its containing block', async () => {
    const pages = await layout(`<div style="position: relative"><div style="opacity: 0.5">${square('red', 'auto')}</div></div>`, 'body { margin: 0 }', PAGE);
    const group = pages[0]!.items.find((i): i is Extract<DisplayItem, { kind: 'opacity' }> => i.kind === 'opacity');
    expect(group && flatten(group.items).some((i) => i.kind === 'rect' && i.color.r === 255)).toBe(true);
  });

  it('a positioned descendant of a z-index: auto box joins the enclosing context', async () => {
    const html = `<div style="position: relative">${square('red', 2)}</div>${square('blue', 1)}`;
    expect(await order(html)).toEqual(['blue', 'red']);
  });

  it('overflow: hidden clips an absolutely positioned child only when it is in its containing block', async () => {
    const clipped = `<div style="overflow: hidden; position: relative; width: 20pt; height: 20pt">${square('red', 'auto')}</div>`;
    const escapes = `<div style="overflow: hidden; width: 20pt; height: 20pt">${square('blue', 'auto')}</div>`;
    const pages = await layout(clipped + escapes, 'body { margin: 0 }', PAGE);
    const clips = flatten(pages[0]!.items).filter((i): i is Extract<DisplayItem, { kind: 'clip' }> => i.kind === 'clip');
    const inClip = clips.flatMap((c) => flatten(c.items)).filter((i) => i.kind === 'rect');
    expect(inClip.some((i) => i.kind === 'rect' && i.color.r === 255)).toBe(true);
    expect(inClip.some((i) => i.kind === 'rect' && i.color.b === 255)).toBe(false);
  });

  it('overflow: hidden on a table clips its cells to the table box\'s padding box, not its own border and background', async () => {
    const html = `<div style="display: table; overflow: hidden; border: 3pt solid blue; background: yellow; width: 60pt; height: 60pt">
      <div style="display: table-cell"><div style="width: 40pt; height: 10pt; background: red"></div></div></div>`;
    const pages = await layout(html, 'body { margin: 0 }', PAGE);
    const clips = flatten(pages[0]!.items).filter((i): i is Extract<DisplayItem, { kind: 'clip' }> => i.kind === 'clip');
    expect(clips.map((c) => [c.x, c.y, c.width, c.height])).toEqual([[3, 3, 60, 60]]);
    const inClip = clips.flatMap((c) => flatten(c.items)).filter((i) => i.kind === 'rect');
    expect(inClip.map((i) => i.kind === 'rect' && i.color.r === 255 && i.color.g === 0)).toEqual([true]);
  });
});
