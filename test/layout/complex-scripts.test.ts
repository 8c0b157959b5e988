// Complex scripts in inline layout: Thai has no spaces between words, so a paragraph wraps at
// the word boundaries Intl.Segmenter reports (UAX #14 class SA), inside its box; letter-spacing
// goes between clusters, never inside a Devanagari syllable.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderToDisplayLists } from '../../src/render.js';
import { placedGlyphs } from '../../src/paint/glyph-runs.js';
import { runs, runWidth, runWith } from './helpers.js';

const require = createRequire(import.meta.url);
const FONTSOURCE = dirname(dirname(require.resolve('@fontsource/noto-sans-thai/package.json')));

const THAI = 'กรุงเทพมหานครเป็นเมืองหลวงและนครที่มีประชากรมากที่สุดของประเทศไทยเป็นศูนย์กลางการปกครองการศึกษาการคมนาคมขนส่งการเงินการธนาคารการพาณิชย์การสื่อสารและความเจริญของประเทศ';

describe('Thai line breaking', () => {
  it('wraps a long Thai paragraph without spaces at word boundaries, within the box', async () => {
    const html = `<style>@font-face { font-family: Thai; src: url(file:///noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2) }
      p { font: 12pt Thai; width: 120pt; margin: 0 }</style><p lang="th">${THAI}</p>`;
    const out = await renderToDisplayLists({ type: 'html', data: { html } }, { deterministic: true, fileRoot: FONTSOURCE });
    const lines = runs(out.pages).filter((r) => /[\u0e00-\u0e7f]/.test(r.text));
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.map((l) => l.text).join('')).toBe(THAI);
    // Every line ends where the segmenter puts a word boundary, and fits the 120pt box.
    const boundaries = new Set([...new Intl.Segmenter('th', { granularity: 'word' }).segment(THAI)].map((s) => s.index));
    boundaries.add(THAI.length);
    let offset = 0;
    for (const line of lines) {
      offset += line.text.length;
      expect(boundaries.has(offset), line.text).toBe(true);
      expect(line.x).toBe(lines[0]!.x);
      expect(runWidth(line.item)).toBeLessThanOrEqual(120 + 0.01);
    }
    // Lines sit one below the other.
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.y).toBeGreaterThan(lines[i - 1]!.y);
  });

  it('letter-spacing separates clusters, not the i-matra from the consonant it is drawn before', async () => {
    const html = `<style>@font-face { font-family: Deva; src: url(file:///noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2) }
      p { font: 20pt Deva; letter-spacing: 10pt; margin: 0 }</style><p lang="hi">किताब</p>`;
    const out = await renderToDisplayLists({ type: 'html', data: { html } }, { deterministic: true, fileRoot: FONTSOURCE });
    const run = runWith(out.pages, 'कि');
    const glyphs = placedGlyphs(run.item);
    const scale = run.item.size / run.item.face.unitsPerEm;
    const shaped = run.item.segments.flatMap((s) => s.glyphs);
    // कि: the i-matra (no text of its own) then क (the cluster's text): no spacing between them.
    expect(shaped.slice(0, 2).map((g) => g.text)).toEqual(['', 'कि']);
    expect(glyphs[1]!.x - glyphs[0]!.x).toBeCloseTo(shaped[0]!.advance * scale, 3);
    // After the cluster, 10pt.
    expect(glyphs[2]!.x - glyphs[1]!.x).toBeCloseTo(shaped[1]!.advance * scale + 10, 3);
  });
});
