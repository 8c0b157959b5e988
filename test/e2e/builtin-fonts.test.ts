// The built-in families through the whole pipeline: text set in Arial/Helvetica (Arimo), Times
// New Roman (Tinos) and Courier (Cousine) is embedded as subsets of those fonts (WOFF2 files
// with transformed glyf tables, which fontkit's own subsetter breaks) and extracts again.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDocument, renderToDisplayLists } from '../../src/render.js';
import type { GlyphRunItem } from '../../src/paint/types.js';
import { runText } from '../../src/paint/glyph-runs.js';
import { poppler, writeTemp } from '../pdf/helpers.js';

const HTML = `
<p style="font-family: Helvetica">Helvetica is Arimo here.</p>
<p style="font-family: 'Times New Roman'">Times New Roman is Tinos, <b>bold</b> and <i>italic</i>.</p>
<p style="font-family: Courier">Courier is Cousine: Zażółć gęślą jaźń.</p>
<p style="font-family: serif">Serif text 中文.</p>
<pre>monospace code</pre>`;
const options = { deterministic: true, fontProvider: false } as const;

let path: string;
beforeAll(async () => {
  const { pdf, warnings } = await renderDocument({ type: 'html', data: { html: HTML } }, options);
  expect(warnings).toEqual([]);
  path = writeTemp('builtin-fonts.pdf', pdf);
});

describe('built-in families in the PDF', () => {
  it('pdftotext extracts the Latin text set in Arimo, Tinos and Cousine', () => {
    const text = poppler('pdftotext', ['-enc', 'UTF-8', path, '-']).stdout.replace(/\s+/g, ' ');
    for (const line of ['Helvetica is Arimo here.', 'Times New Roman is Tinos, bold and italic.', 'Courier is Cousine: Zażółć gęślą jaźń.', 'Serif text 中文.', 'monospace code']) {
      expect(text).toContain(line);
    }
  });

  it('pdffonts lists their subsets as embedded CID TrueType fonts with distinct names', () => {
    const { stdout, stderr } = poppler('pdffonts', [path]);
    const rows = stdout.trim().split('\n').slice(2);
    const names = rows.map((row) => row.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
    for (const name of ['Arimo-Regular', 'Tinos-Regular', 'Tinos-Bold', 'Tinos-Italic', 'Cousine-Regular', 'Cousine-Regular-latin-ext']) expect(names).toContain(name);
    for (const row of rows) expect(row).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(new Set(rows.map((row) => row.split(/\s+/)[0])).size).toBe(rows.length);
    expect(stderr).not.toMatch(/error|invalid/i);
  });

  it('pdftoppm renders the page without complaint', () => {
    expect(poppler('pdftoppm', ['-r', '30', '-png', path, writeTemp('builtin-page', new Uint8Array(0))]).stderr).toBe('');
  });

  it('each paragraph\'s runs are in the family its name maps to', async () => {
    const { pages } = await renderToDisplayLists({ type: 'html', data: { html: HTML } }, options);
    const runs = pages.flatMap((p) => p.items).filter((i): i is GlyphRunItem => i.kind === 'glyphs');
    const familyOf = (text: string) => runs.find((r) => runText(r).includes(text))?.face.family;
    expect(familyOf('Helvetica is Arimo')).toBe('Arimo');
    expect(familyOf('Times New Roman is Tinos')).toBe('Tinos');
    expect(familyOf('Courier is Cousine')).toBe('Cousine');
    expect(familyOf('Serif text')).toBe('Tinos');
    expect(familyOf('monospace code')).toBe('Cousine');
    expect(familyOf('中')).toBe('Noto Sans CJK SC');
  });
});
