// Damaged @font-face files through the whole pipeline. fontkit reads tables lazily, so a
// damaged file used to fail the render wherever its broken table was first reached (loading,
// shaping, measuring, subsetting for the PDF: "Offset is outside the bounds of the
// DataView"), or hang it (a WOFF's bad deflate data). Every damaged file must give a PDF
// whose text is drawn, in the font or, when the font is refused with a warning, in the
// fallback font.
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/render.js';
import { poppler, writeTemp } from '../pdf/helpers.js';
import { ARIMO_TTF, ARIMO_WOFF, ARIMO_WOFF2, scribbled, seeded, tableRanges, truncated, woffTableRanges, zeroed } from '../text/font-damage.js';

const TEXT = 'Hello World fi AVATAR 0123';
const SEEDS = [1, 2, 3, 4];

interface Damaged {
  readonly name: string;
  readonly data: Uint8Array;
  /** Damage the font check must see: the font refused with a warning. */
  readonly refused: boolean;
}

function damagedFiles(): Damaged[] {
  const files: Damaged[] = [];
  const formats = [['TTF', ARIMO_TTF], ['WOFF', ARIMO_WOFF], ['WOFF2', ARIMO_WOFF2]] as const;
  for (const [format, data] of formats) {
    for (const seed of SEEDS) {
      const random = seeded(seed);
      files.push({ name: `${format} truncated (seed ${seed})`, data: truncated(data, 0.05 + 0.9 * random()), refused: true });
      files.push({ name: `${format} random bytes somewhere (seed ${seed})`, data: scribbled(data, random, Math.floor(random() * data.length), 300), refused: false });
    }
    files.push({ name: `${format} zeroed header and table directory`, data: zeroed(data, 0, 300), refused: true });
  }
  // Random bytes over each table of the TrueType file, the table directory zeroed but not the header.
  for (const table of tableRanges(ARIMO_TTF)) {
    for (const seed of SEEDS) {
      const random = seeded(seed * 31 + table.offset);
      const start = table.offset + Math.floor(random() * table.length);
      files.push({ name: `TTF random bytes in ${table.tag} (seed ${seed})`, data: scribbled(ARIMO_TTF, random, start, 300, table.offset + table.length), refused: false });
    }
  }
  // Random bytes in a WOFF table's deflated data. GDEF seed 1 is data on which fontkit's own
  // inflater never returned.
  for (const table of woffTableRanges(ARIMO_WOFF)) {
    for (const seed of [1, 2]) {
      const random = seeded(seed);
      random();
      const start = table.offset + Math.floor(random() * table.length);
      files.push({ name: `WOFF random bytes in ${table.tag} data (seed ${seed})`, data: scribbled(ARIMO_WOFF, random, start, 300, table.offset + table.length), refused: false });
    }
  }
  files.push({ name: 'TTF zeroed table directory', data: zeroed(ARIMO_TTF, 12, 16 * tableRanges(ARIMO_TTF).length), refused: true });
  // What fontkit needs first: a unitsPerEm of 0 (head), a glyph count of 0 (maxp), no cmap subtables.
  for (const tag of ['head', 'maxp', 'cmap']) {
    const table = tableRanges(ARIMO_TTF).find((t) => t.tag === tag)!;
    files.push({ name: `TTF zeroed ${tag}`, data: zeroed(ARIMO_TTF, table.offset, table.length), refused: true });
  }
  return files;
}

async function renderWith(data: Uint8Array) {
  const url = `data:font/ttf;base64,${Buffer.from(data).toString('base64')}`;
  const css = `@font-face { font-family: Damaged; src: url(${url}) } p { font-family: Damaged }`;
  const warnings: string[] = [];
  const { pdf } = await renderDocument({ type: 'html', data: { html: `<p>${TEXT}</p>`, css } }, { deterministic: true, onWarning: (m) => warnings.push(m) });
  const file = writeTemp('damaged-font.pdf', pdf);
  const text = poppler('pdftotext', [file, '-']).stdout.replace(/\s+/g, ' ').trim();
  const fonts = poppler('pdffonts', [file]).stdout;
  return { warnings, text, fonts };
}

describe('a damaged @font-face file', () => {
  it.each(damagedFiles())('$name: the PDF is made and its text drawn', async ({ data, refused }) => {
    const { warnings, text, fonts } = await renderWith(data);
    const refusal = warnings.find((w) => w.startsWith('@font-face "Damaged": data:font/ttf;base64,'));
    if (refused) expect(refusal).toMatch(/is not a font file the engine reads \(.+\); ignored, text in it uses the fallback fonts$/);
    // Refused or not (damage in a table the engine never reads, an outline that still
    // decodes), the text is all there.
    expect(text).toBe(TEXT);
    if (refusal) {
      expect(fonts).toMatch(/NotoSans-Regular/);
      expect(fonts).not.toMatch(/Arimo/);
    }
  });

  it('a damaged unicode-range file: only its characters fall back, and only when the text needs it', async () => {
    const url = (data: Uint8Array) => `data:font/ttf;base64,${Buffer.from(data).toString('base64')}`;
    const css = `@font-face { font-family: Split; src: url(${url(ARIMO_TTF)}); unicode-range: U+0000-004D }
      @font-face { font-family: Split; src: url(${url(truncated(ARIMO_TTF, 0.5))}); unicode-range: U+004E-10FFFF }
      p { font-family: Split }`;
    const render = async (html: string) => {
      const warnings: string[] = [];
      const { pdf } = await renderDocument({ type: 'html', data: { html, css } }, { deterministic: true, onWarning: (m) => warnings.push(m) });
      const file = writeTemp('damaged-range.pdf', pdf);
      return { warnings, text: poppler('pdftotext', [file, '-']).stdout.trim(), fonts: poppler('pdffonts', [file]).stdout };
    };
    const untouched = await render('<p>ABC</p>');
    expect(untouched.warnings).toEqual([]);
    const both = await render('<p>HELLO WORLD</p>');
    expect(both.warnings).toHaveLength(1);
    expect(both.warnings[0]).toMatch(/^@font-face "Split": data:font\/ttf;base64,.* is not a font file the engine reads/);
    expect(both.text).toBe('HELLO WORLD');
    expect(both.fonts).toMatch(/Arimo-Regular/);
    expect(both.fonts).toMatch(/NotoSans-Regular/);
  });

  it('the undamaged files are used without a warning', async () => {
    for (const data of [ARIMO_TTF, ARIMO_WOFF, ARIMO_WOFF2]) {
      const { warnings, text, fonts } = await renderWith(data);
      expect(warnings).toEqual([]);
      expect(text).toBe(TEXT);
      expect(fonts).toMatch(/Arimo/);
    }
  });
});
