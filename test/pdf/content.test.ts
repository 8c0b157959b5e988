// What the content streams say: compact numbers, TJ kerning adjustments with exact pen
// tracking, y flipped once, dashes by line style, and nothing drawn for transparent colours.
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ContentStream, num } from '../../src/pdf/content-stream.js';
import { literalCode } from '../../src/pdf/font-embed.js';
import { writePdf } from '../../src/pdf/write.js';
import { explicitSegments, placedGlyphs } from '../../src/paint/glyph-runs.js';
import type { DisplayItem, GlyphRunItem, PlacedGlyph } from '../../src/paint/types.js';
import { BLACK, textLine } from './helpers.js';

// Untagged: these tests read the operators of each item; marked content is tagging.test.ts's.
async function pageContent(items: DisplayItem[], height = 200): Promise<string> {
  const bytes = await writePdf({ pages: [{ width: 300, height, items }], deterministic: true, tagged: false });
  const pdf = await PDFDocument.load(bytes);
  const stream = pdf.getPages()[0]!.node.lookup(PDFName.of('Contents'));
  if (!(stream instanceof PDFRawStream)) throw new Error('page /Contents is not one stream');
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

describe('num', () => {
  it.each([
    [0, '0'],
    [-0.0001, '0'],
    [12, '12'],
    [1.5, '1.5'],
    [0.1 + 0.2, '0.3'],
    [-2.34567, '-2.346'],
    [1e-7, '0'],
    [-0.007, '-0.007'],
    [1234567.05, '1234567.05'],
    [999.9996, '1000'],
    [2 ** 50, '1125899906842624'],
    [1e300, '0'],
    [Number.NaN, '0'],
  ])('%d → %s', (value, printed) => expect(num(value)).toBe(printed));

  it('prints what the shortest round-trip decimal of the rounded thousandths would, and so does a stream', () => {
    const canvas = new ContentStream();
    const printed: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const value = (i % 2 ? -1 : 1) * (i * 7.654321) ** (1 + (i % 4));
      const thousandths = Math.round(value * 1000);
      expect(num(value)).toBe(thousandths === 0 ? '0' : String(thousandths / 1000));
      canvas.push('');
      canvas.appendNumber(value);
      printed.push(num(value));
    }
    expect(canvas.toString()).toBe(printed.join('\n'));
  });
});

describe('text objects', () => {
  it('writes one Tm and a TJ array with 2-byte codes; a gap becomes an adjustment', async () => {
    const [run] = textLine('AB', 10, 50, 10) as [GlyphRunItem];
    const [g0, g1] = placedGlyphs(run) as [PlacedGlyph, PlacedGlyph];
    const spaced: GlyphRunItem = { ...run, segments: explicitSegments([g0, { ...g1, x: g1.x + 5 }], 10 / run.face.unitsPerEm) };
    const content = await pageContent([spaced]);
    // 5pt further right at 10pt size is -500 thousandths of an em.
    expect(content).toMatch(/BT\n\/F1 10 Tf\n1 0 0 1 10 150 Tm\n\[\(\x00\x01\)-500\(\x00\x02\)\] TJ\nET/);
  });

  it('does not accumulate rounding: glyphs on their natural advances need no numbers', async () => {
    const runs = textLine('Hello world, this is plain', 10, 50, 9.7); // no kerning pairs
    const content = await pageContent(runs);
    expect(content).toMatch(/\[\((?:[^\\)]|\\.)+\)\] TJ/);
  });

  it('starts a new Tm where a glyph sits off the baseline (a raised mark)', async () => {
    const [run] = textLine('ab', 10, 50, 10) as [GlyphRunItem];
    const [a0, a1] = placedGlyphs(run) as [PlacedGlyph, PlacedGlyph];
    const raised: GlyphRunItem = { ...run, segments: explicitSegments([a0, { ...a1, y: -3 }], 10 / run.face.unitsPerEm) };
    const content = await pageContent([raised]);
    expect(content.match(/ Tm\n/g)).toHaveLength(2);
    expect(content).toContain(' 153 Tm');
  });

  it('sets the fill colour once for same-coloured runs and skips transparent text', async () => {
    const red = { r: 255, g: 0, b: 0, a: 1 };
    const content = await pageContent([
      ...textLine('one', 10, 20, 10, { color: red }),
      ...textLine('two', 10, 40, 10, { color: red }),
      ...textLine('gone', 10, 60, 10, { color: { ...red, a: 0 } }),
    ]);
    expect(content.match(/1 0 0 rg/g)).toHaveLength(1);
    expect(content.match(/BT/g)).toHaveLength(2);
  });
});

describe('shapes', () => {
  it('flips y once: a rect at the top-left is written from the bottom', async () => {
    const content = await pageContent([{ kind: 'rect', x: 10, y: 20, width: 30, height: 40, color: BLACK }]);
    expect(content).toBe('10 140 30 40 re\nf');
  });

  it('draws rounded corners as Béziers, and half-transparent fills through an ExtGState', async () => {
    const content = await pageContent([
      { kind: 'rect', x: 0, y: 0, width: 100, height: 50, color: { r: 0, g: 0, b: 255, a: 0.25 }, radii: [[10, 10], [10, 10], [10, 10], [10, 10]] },
    ]);
    expect(content.startsWith('q\n/GS1 gs\n0 0 1 rg\n10 200 m')).toBe(true);
    expect(content.match(/ c\n/g)).toHaveLength(4);
    expect(content.endsWith('h\nf\nQ')).toBe(true);
  });

  it('scales dashes with the width: dashed 3w/3w, dotted round dots every 2w', async () => {
    const line = (style: 'dashed' | 'dotted'): DisplayItem => ({ kind: 'line', x1: 0, y1: 10, x2: 100, y2: 10, width: 2, color: BLACK, style });
    expect(await pageContent([line('dashed')])).toContain('[6 6] 0 d');
    const dotted = await pageContent([line('dotted')]);
    expect(dotted).toContain('1 J');
    expect(dotted).toContain('[0 4] 0 d');
    expect(dotted).toContain('0 190 m 100 190 l S');
  });

  it('fills and strokes a path with even-odd when asked; clips with W n inside q/Q', async () => {
    const content = await pageContent([
      { kind: 'clip', x: 0, y: 0, width: 50, height: 50, items: [
        { kind: 'path', ops: [{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 10, y: 10 }, { op: 'Z' }], fill: BLACK, stroke: { color: BLACK, width: 1 }, evenOdd: true },
      ] },
    ]);
    // Black is the initial fill and stroke colour (§8.4.1), so no colour operator is needed.
    expect(content).toBe('q\n0 150 50 50 re\nW n\n0 200 m\n10 190 l\nh\nB*\nQ');
  });
});

describe('glyph codes in literal strings', () => {
  it('escapes the bytes that would end or break a literal string (ISO 32000-1 §7.3.4.2)', () => {
    expect(literalCode(0x0128)).toBe('\x01\\(');
    expect(literalCode(0x2900)).toBe('\\)\x00');
    expect(literalCode(0x5c5c)).toBe('\\\\\\\\');
    expect(literalCode(0x0d0a)).toBe('\\r\\n');
    expect(literalCode(0x0041)).toBe('\x00A');
  });
});
