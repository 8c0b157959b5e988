// Bidirectional text in inline layout (UAX #9, css-writing-modes-3 §2.4): geometry read back
// glyph by glyph. Hebrew comes from Noto Sans Hebrew, declared with @font-face.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placedGlyphs } from '../../src/paint/glyph-runs.js';
import type { PageDisplayList } from '../../src/paint/types.js';
import { renderToDisplayLists } from '../../src/render.js';
import { shapeText } from '../../src/text/shape.js';
import { flatten, PX, runs } from './helpers.js';

const FONTS = path.resolve('node_modules/@fontsource/noto-sans-hebrew/files');
const CSS = `@font-face { font-family: Hebrew; src: url(noto-sans-hebrew-hebrew-400-normal.woff2) }
body { margin: 0; font: 16px/20px Hebrew, sans-serif } p { margin: 0; width: 300px }`;
const page = { width: '400px', height: '400px', margin: '0' };

async function layout(html: string, css = ''): Promise<PageDisplayList[]> {
  const body = { type: 'html', data: { html, css: CSS + css }, page };
  return (await renderToDisplayLists(body, { deterministic: true, fileRoot: FONTS, baseUrl: `file://${FONTS}/` })).pages;
}

interface Glyph { readonly text: string; readonly id: number; readonly x: number; readonly right: number; readonly y: number }

/** Every glyph of the first page with its left and right edges, pt. */
function glyphs(pages: readonly PageDisplayList[]): Glyph[] {
  return runs(pages).filter((r) => r.page === 0).flatMap((r) => {
    const scale = r.item.size / r.item.face.unitsPerEm;
    const advances = r.item.segments.flatMap((s) => s.glyphs.map((g) => g.advance * scale));
    return placedGlyphs(r.item).map((g, k) => ({ text: g.text, id: g.id, x: r.x + g.x, right: r.x + g.x + advances[k]!, y: r.y }));
  });
}

/** The glyph of a character (the n-th such glyph on the page). */
function glyph(pages: readonly PageDisplayList[], ch: string, n = 0): Glyph {
  const found = glyphs(pages).filter((g) => g.text === ch)[n];
  if (!found) throw new Error(`no glyph for ${ch}; text: ${glyphs(pages).map((g) => g.text).join('')}`);
  return found;
}

const x = (pages: readonly PageDisplayList[], ch: string, n = 0) => glyph(pages, ch, n).x;

describe('bidirectional text', () => {
  it('an RTL paragraph starts at the right: its first word is the rightmost, read right to left', async () => {
    const pages = await layout('<p dir="rtl">אבג דהו</p>');
    expect(x(pages, 'א')).toBeGreaterThan(x(pages, 'ב'));
    expect(x(pages, 'ב')).toBeGreaterThan(x(pages, 'ג'));
    expect(x(pages, 'ג')).toBeGreaterThan(x(pages, 'ד'));
    expect(glyph(pages, 'א').right).toBeCloseTo(300 * PX, 1);
  });

  it('Hebrew inside an LTR paragraph is reversed in place between the Latin words', async () => {
    const pages = await layout('<p>abc אבג def</p>');
    expect(x(pages, 'c')).toBeLessThan(x(pages, 'ג'));
    expect(x(pages, 'ג')).toBeLessThan(x(pages, 'ב'));
    expect(x(pages, 'ב')).toBeLessThan(x(pages, 'א'));
    expect(x(pages, 'א')).toBeLessThan(x(pages, 'd'));
    expect(glyph(pages, 'a').x).toBeCloseTo(0, 5);
  });

  it('numbers and Latin words in an RTL paragraph keep their left-to-right order', async () => {
    const pages = await layout('<p dir="rtl">אבג 123 abc דהו</p>');
    expect(x(pages, '1')).toBeLessThan(x(pages, '2'));
    expect(x(pages, '2')).toBeLessThan(x(pages, '3'));
    expect(x(pages, '3')).toBeLessThan(x(pages, 'ג'));
    expect(x(pages, 'a')).toBeLessThan(x(pages, 'c'));
    expect(x(pages, 'c')).toBeLessThan(x(pages, '1'));
    expect(x(pages, 'ה')).toBeLessThan(x(pages, 'a'));
  });

  it('mirrors brackets at odd levels (L4) and keeps the typed character as the glyph text', async () => {
    const pages = await layout('<p dir="rtl">א(ב)</p>');
    const open = glyph(pages, '(');
    const close = glyph(pages, ')');
    // '(' follows א, so it is drawn right of ב, with the glyph of ')'.
    expect(open.x).toBeGreaterThan(x(pages, 'ב'));
    expect(close.x).toBeLessThan(x(pages, 'ב'));
    const face = runs(pages).find((r) => r.text.includes('('))!.item.face;
    expect(open.id).toBe(shapeText(face, ')').glyphs[0]!.id);
    expect(close.id).toBe(shapeText(face, '(').glyphs[0]!.id);
  });

  it('<bdo dir=rtl> draws its letters right to left', async () => {
    const pages = await layout('<p>x <bdo dir="rtl">abc</bdo> y</p>');
    expect(x(pages, 'c')).toBeLessThan(x(pages, 'b'));
    expect(x(pages, 'b')).toBeLessThan(x(pages, 'a'));
    expect(x(pages, 'x')).toBeLessThan(x(pages, 'c'));
    expect(x(pages, 'a')).toBeLessThan(x(pages, 'y'));
  });

  it('<bdo dir=ltr> draws Hebrew letters left to right, in logical order', async () => {
    const pages = await layout('<p dir="rtl"><bdo dir="ltr">אבג</bdo></p>');
    expect(x(pages, 'א')).toBeLessThan(x(pages, 'ב'));
    expect(x(pages, 'ב')).toBeLessThan(x(pages, 'ג'));
  });

  it('<bdi> isolates its content: a number after it is not pulled into its RTL run', async () => {
    const isolated = await layout('<p>abc <bdi>אבג</bdi> 123</p>');
    expect(x(isolated, 'א')).toBeLessThan(x(isolated, '1'));
    const plain = await layout('<p>abc <span>אבג</span> 123</p>');
    expect(x(plain, '3')).toBeLessThan(x(plain, 'ג'));
  });

  it('dir=auto takes the direction of the first strong character', async () => {
    // Right to left: the number starts the line at the right, the Latin word ends it at the left.
    const pages = await layout('<p dir="auto">123 שלום abc</p>');
    expect(glyph(pages, '3').right).toBeCloseTo(300 * PX, 1);
    expect(x(pages, 'ש')).toBeLessThan(x(pages, '1'));
    expect(x(pages, 'a')).toBeLessThan(x(pages, 'ש'));
    const ltr = await layout('<p dir="auto">123 abc שלום</p>');
    expect(glyph(ltr, '1').x).toBeCloseTo(0, 5);
  });

  it('unicode-bidi: plaintext takes the paragraph direction (and alignment) from the text', async () => {
    const rtl = await layout('<p dir="ltr" style="unicode-bidi: plaintext">אבג abc</p>');
    expect(glyph(rtl, 'א').right).toBeCloseTo(300 * PX, 1);
    expect(x(rtl, 'c')).toBeLessThan(x(rtl, 'ג'));
    const ltr = await layout('<p dir="rtl" style="unicode-bidi: plaintext">abc אבג</p>');
    expect(x(ltr, 'a')).toBeCloseTo(0, 5);
  });

  it('an inline box in RTL has its start edge on the right of its first fragment, its end on the left of its last', async () => {
    const red = 'rgb(255, 0, 0)';
    const blue = 'rgb(0, 0, 255)';
    const pages = await layout(`<p dir="rtl" style="width: 120px"><span style="padding-right: 20px; border-right: 4px solid ${red}; border-left: 4px solid ${blue}">אבג דהו זחט יכל מנס</span></p>`);
    const lines = [...new Set(glyphs(pages).map((g) => g.y))].sort((a, b) => a - b);
    expect(lines.length).toBeGreaterThan(1);
    const onLine = (y: number) => glyphs(pages).filter((g) => g.y === y && g.text.trim() !== '');
    // The first line ends 24px (padding and border of the start side) before the right edge.
    expect(Math.max(...onLine(lines[0]!).map((g) => g.right))).toBeCloseTo((120 - 24) * PX, 1);
    // The last line's text is flush with the right edge: no start edge there (within the
    // offset HarfBuzz gives a kerned glyph at the right end of an RTL run).
    expect(Math.max(...onLine(lines.at(-1)!).map((g) => g.right))).toBeCloseTo(120 * PX, 0);
    // One border on the right of the first line, the other on the left of the last.
    const edges = (r: number) => flatten(pages[0]!.items).flatMap((i) => (i.kind === 'path' && i.fill !== null && 'r' in i.fill && i.fill.r === r ? [i] : []));
    const lefts = (r: number) => edges(r).map((i) => Math.min(...i.ops.flatMap((op) => ('x' in op ? [op.x] : []))));
    expect(lefts(255)).toHaveLength(1);
    expect(lefts(0)).toHaveLength(1);
    expect(lefts(255)[0]!).toBeCloseTo((120 - 4) * PX, 1);
    const lastLeft = Math.min(...onLine(lines.at(-1)!).map((g) => g.x));
    expect(lefts(0)[0]!).toBeCloseTo(lastLeft - 4 * PX, 1);
  });

  it('a right-to-left inline box among Latin letters ends on its left, on its last line (CSS 2.1 §8.6)', async () => {
    const pages = await layout('<p style="width: 60px"><span style="direction: rtl; padding-left: 20px">abc def</span></p>');
    expect(glyph(pages, 'd').y).toBeGreaterThan(glyph(pages, 'a').y);
    expect(x(pages, 'a')).toBeCloseTo(0, 5);
    expect(x(pages, 'd')).toBeCloseTo(20 * PX, 5);
  });

  it('justifies an RTL paragraph to both edges, the last line to the right', async () => {
    const pages = await layout('<p dir="rtl" style="width: 150px; text-align: justify">אבג דהו זחט יכל מנס עפצ קרש תאב גדה</p>');
    const ys = [...new Set(glyphs(pages).map((g) => g.y))].sort((a, b) => a - b);
    expect(ys.length).toBeGreaterThan(1);
    const line = (y: number) => glyphs(pages).filter((g) => g.y === y && g.text.trim() !== '');
    const first = line(ys[0]!);
    expect(Math.min(...first.map((g) => g.x))).toBeCloseTo(0, 1);
    expect(Math.max(...first.map((g) => g.right))).toBeCloseTo(150 * PX, 1);
    expect(Math.max(...line(ys.at(-1)!).map((g) => g.right))).toBeCloseTo(150 * PX, 1);
  });

  it('breaks a long RTL paragraph with its first words at the right of the first line', async () => {
    const pages = await layout('<p dir="rtl" style="width: 100px">אבג דהו זחט יכל מנס עפצ קרש</p>');
    const a = glyph(pages, 'א');
    const d = glyph(pages, 'ד');
    const q = glyph(pages, 'ק');
    expect(a.y).toBe(d.y);
    expect(a.x).toBeGreaterThan(d.x);
    expect(a.right).toBeCloseTo(100 * PX, 1);
    expect(q.y).toBeGreaterThan(a.y);
  });

  it('collapses spaces across bidi formatting characters, then reorders (CSS Text 3 §4.1.1)', async () => {
    const pages = await layout('<p>a \u202E b \u202C c</p>');
    const text = glyphs(pages).map((g) => g.text).join('');
    expect(text.match(/ /g)).toHaveLength(2);
    // "b " is overridden right to left: its space comes first.
    expect(text.replace(/[\u202A-\u202E]/g, '')).toBe('a  bc');
  });

  it('leaves Latin text in an LTR paragraph in logical order (the fast path)', async () => {
    const pages = await layout('<p>abc (def) ghi</p>');
    const text = glyphs(pages).map((g) => g.text).join('');
    expect(text).toBe('abc (def) ghi');
  });
});
