// Filling placed fields (a Cast built in the template builder) of every type, on templates
// without a form: the NDA's second page and the one-page dummy PDF.
import { describe, expect, it } from 'vitest';
import { fillPdf } from '../../src/fill/fill-pdf.js';
import type { CastField, FieldRect } from '../../src/fill/types.js';
import { poppler, writeTemp } from '../pdf/helpers.js';
import { CHOSEN_RADIO, RECTS, examplePayload, fixturePdf, placedCast, redPng } from './cast-fixture.js';
import { darkPixels, pageWords, pdfText, renderPage, wordsIn, type Word } from './pdf-probe.js';

const PAYLOAD = examplePayload('api-usage-examples__javascript__fill-pdf.json');
const IMAGE_URL = PAYLOAD.data['image'] as string;

const TEMPLATES = [
  { name: 'node-anvil__test__assets__dummy.pdf', pageIndex: 0, pageHeight: 842 },
  { name: 'test-pdf-nda.pdf', pageIndex: 1, pageHeight: 792 },
] as const;

/** Words inside a rect, in reading order, as one string. */
function textIn(words: readonly Word[], rect: FieldRect, pageHeight: number): string {
  return wordsIn(words, rect, pageHeight).map((w) => w.text).join(' ');
}

function isRed([r, g, b]: [number, number, number]): boolean {
  return r > 200 && g < 60 && b < 60;
}

describe.each(TEMPLATES)('fill: every field type placed on $name', ({ name, pageIndex, pageHeight }) => {
  const template = fixturePdf(name);
  const fetched: string[] = [];
  const filled = (async () => {
    const png = await redPng();
    return fillPdf(template, placedCast(pageIndex), PAYLOAD, {
      deterministic: true,
      fetchImage: async (url) => {
        fetched.push(url);
        return url === IMAGE_URL ? png : null;
      },
    });
  })();

  it('draws every formatted value', async () => {
    const { pdf, warnings } = await filled;
    expect(warnings).toEqual([]);
    const words = pageWords(pdf, pageIndex + 1);
    const at = (id: keyof typeof RECTS) => textIn(words, RECTS[id], pageHeight);
    expect(at('shortText')).toBe('HELLOOW');
    expect(at('date')).toBe('07/08/2022');
    expect(at('dateLong')).toBe('July 8th 2022');
    expect(at('dateWeekday')).toBe('Friday, 8 Jul 22');
    expect(at('name')).toBe('Robin W Smith');
    expect(at('email')).toBe('testy@example.com');
    expect(at('phone')).toBe('(555) 444-3333');
    expect(at('ssn')).toBe('456-45-4567');
    expect(at('ein')).toBe('89-7654321');
    expect(at('decimalNumber')).toBe('12,345.67');
    expect(at('dollar')).toBe('$123.45');
    expect(at('integer')).toBe('12345');
    expect(at('percent')).toBe('50.3%');
  });

  it('puts the address on two lines when its box is tall enough', async () => {
    const { pdf } = await filled;
    const words = wordsIn(pageWords(pdf, pageIndex + 1), RECTS.usAddress, pageHeight);
    expect(words.map((w) => w.text).join(' ')).toBe('123 Main St #234 San Francisco, CA 94106');
    const lineTops = new Set(words.map((w) => Math.round(w.yMin)));
    expect(lineTops.size).toBe(2);
  });

  it('marks the checkbox and the chosen radio option only', async () => {
    const { pdf } = await filled;
    const before = await renderPage(template, pageIndex + 1);
    const after = await renderPage(pdf, pageIndex + 1);
    for (const rect of [RECTS.checkbox, RECTS.radioYes, RECTS.radioNo]) expect(darkPixels(before, rect)).toBe(0);
    expect(darkPixels(after, RECTS.checkbox)).toBeGreaterThan(15);
    expect(darkPixels(after, RECTS.radioYes)).toBeGreaterThan(40);
    expect(darkPixels(after, RECTS.radioNo)).toBe(0);
  });

  it('puts each character of textPerLetter centred in its own box', async () => {
    const { pdf } = await filled;
    const words = wordsIn(pageWords(pdf, pageIndex + 1), RECTS.textPerLetter, pageHeight);
    const value = PAYLOAD.data['textPerLetter'] as string;
    expect(words.map((w) => w.text)).toEqual([...value]);
    const cell = RECTS.textPerLetter.width / 20;
    words.forEach((word, i) => {
      const centre = (word.xMin + word.xMax) / 2;
      expect(centre - (RECTS.textPerLetter.x + i * cell + cell / 2)).toBeCloseTo(0, 0);
    });
  });

  it('wraps long text inside its box', async () => {
    const { pdf } = await filled;
    const box = RECTS.longText;
    const words = wordsIn(pageWords(pdf, pageIndex + 1), box, pageHeight);
    expect(words.map((w) => w.text).join(' ')).toBe(PAYLOAD.data['longText']);
    expect(new Set(words.map((w) => Math.round(w.yMin))).size).toBeGreaterThanOrEqual(3);
    for (const word of words) {
      expect(word.xMin).toBeGreaterThanOrEqual(box.x);
      expect(word.xMax).toBeLessThanOrEqual(box.x + box.width);
      expect(word.yMin).toBeGreaterThanOrEqual(pageHeight - box.y - box.height - 1);
      expect(word.yMax).toBeLessThanOrEqual(pageHeight - box.y + 1);
    }
  });

  it('runs textPerLine over its lines in order', async () => {
    const { pdf } = await filled;
    const words = pageWords(pdf, pageIndex + 1);
    const lines = [RECTS.line1, RECTS.line2, RECTS.line3].map((rect) => textIn(words, rect, pageHeight));
    expect(lines[0]).not.toBe('');
    expect(lines[1]).not.toBe('');
    expect(lines.filter((line) => line !== '').join(' ')).toBe(PAYLOAD.data['textPerLine']);
  });

  it('draws the fetched image contained in its box, keeping its aspect ratio', async () => {
    const { pdf } = await filled;
    expect(fetched).toEqual([IMAGE_URL]);
    const page = await renderPage(pdf, pageIndex + 1);
    const box = RECTS.image; // 100 × 40: the 2:1 image is 80 × 40, centred
    const y = pageHeight - box.y - box.height / 2;
    expect(isRed(page.at(box.x + 50, y))).toBe(true);
    expect(isRed(page.at(box.x + 12, y))).toBe(true);
    expect(isRed(page.at(box.x + 5, y))).toBe(false);
    expect(isRed(page.at(box.x + 95, y))).toBe(false);
  });
});

describe('fill: images that cannot be had', () => {
  const template = fixturePdf('node-anvil__test__assets__dummy.pdf');
  const imageField = placedCast(0).filter((f) => f.type === 'imageUrl');

  it('warns and leaves the field empty when the fetcher returns null or fails', async () => {
    for (const fetchImage of [async () => null, async () => Promise.reject(new Error('HTTP 404'))]) {
      const { pdf, warnings } = await fillPdf(template, imageField, PAYLOAD, { fetchImage });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/could not be fetched/);
      const page = await renderPage(pdf, 1);
      expect(isRed(page.at(RECTS.image.x + 50, 842 - RECTS.image.y - 20))).toBe(false);
    }
  });

  it('warns when the bytes are not an image, and when there is no fetcher', async () => {
    const notImage = await fillPdf(template, imageField, PAYLOAD, { fetchImage: async () => new TextEncoder().encode('<html>') });
    expect(notImage.warnings.join()).toMatch(/not a PNG, JPEG/);
    const noFetcher = await fillPdf(template, imageField, PAYLOAD);
    expect(noFetcher.warnings.join()).toMatch(/cannot be fetched/);
  });
});

describe('fill: fonts and scripts', () => {
  const template = fixturePdf('node-anvil__test__assets__dummy.pdf');
  const field = (aliasId: string, y: number, extra: Partial<CastField> = {}): CastField => ({ id: aliasId, aliasId, name: aliasId, type: 'shortText', pageNum: 0, rect: { x: 50, y, width: 400, height: 20 }, ...extra });

  it('draws CJK and other scripts with the engine fonts, extractable', async () => {
    const fields = [field('city', 500), field('mixed', 470), field('longCjk', 300, { type: 'longText', rect: { x: 50, y: 300, width: 60, height: 120 } })];
    const { pdf, warnings } = await fillPdf(template, fields, { data: { city: '東京都', mixed: 'Zürich Москва Αθήνα 서울', longCjk: '東京都千代田区丸の内一丁目' } });
    expect(warnings).toEqual([]);
    const text = pdfText(pdf);
    expect(text).toContain('東京都');
    expect(text).toContain('Zürich Москва Αθήνα 서울');
    expect(text.replace(/\s/g, '')).toContain('東京都千代田区丸の内一丁目');
    const fonts = poppler('pdffonts', [writeTemp('fonts.pdf', pdf)]).stdout;
    expect(fonts).toMatch(/NotoSans/);
    expect(fonts).toMatch(/CJK|SC|KR/i);
  });

  it('maps Helvetica, Times new roman and Courier to Arimo, Tinos and Cousine; unknown families to Noto Sans with a warning', async () => {
    const fields = [
      field('a', 500, { fontFamily: 'Helvetica' }),
      field('b', 470, { fontFamily: 'Times new roman', fontWeight: 'bold' }),
      field('c', 440, { fontFamily: 'courier', fontWeight: 'italic' }),
      field('d', 410, { fontFamily: 'Roboto' }),
    ];
    const { pdf, warnings } = await fillPdf(template, fields, { data: { a: 'Arimo', b: 'Tinos', c: 'Cousine', d: 'Noto' } });
    const fonts = poppler('pdffonts', [writeTemp('fonts.pdf', pdf)]).stdout;
    expect(fonts).toMatch(/Arimo-Regular/);
    expect(fonts).toMatch(/Tinos-Bold/);
    expect(fonts).toMatch(/Cousine-Italic/);
    expect(fonts).toMatch(/NotoSans-Regular/);
    expect(warnings).toEqual(['font "Roboto" is not available; Noto Sans is used']);
  });

  it('takes every size and colour a builder may store: up to 200 pt, and #rgb as #rrggbb', async () => {
    const big = field('big', 500, { rect: { x: 50, y: 500, width: 500, height: 110 }, fontSize: 96, textColor: '#f00' });
    const { pdf, warnings } = await fillPdf(template, [big], { data: { big: 'Big' } });
    expect(warnings).toEqual([]);
    const [word] = wordsIn(pageWords(pdf, 1), big.rect!, 842);
    expect(word!.text).toBe('Big');
    expect(word!.yMax - word!.yMin).toBeGreaterThan(80);
    // Red: a pixel inside the word's box.
    const raster = await renderPage(pdf, 1);
    let red = 0;
    for (let y = Math.floor(word!.yMin); y < word!.yMax; y++) {
      for (let x = Math.floor(word!.xMin); x < word!.xMax; x++) {
        const [r, g, b] = raster.at(x, y);
        if (r > 200 && g < 60 && b < 60) red++;
      }
    }
    expect(red).toBeGreaterThan(50);
  });

  it('shrinks a long single line to fit its box', async () => {
    const narrow = field('narrow', 500, { rect: { x: 50, y: 500, width: 80, height: 20 } });
    const { pdf } = await fillPdf(template, [narrow], { data: { narrow: 'A rather long value' } });
    const words = wordsIn(pageWords(pdf, 1), narrow.rect!, 842);
    expect(words.map((w) => w.text).join(' ')).toBe('A rather long value');
    expect(Math.max(...words.map((w) => w.xMax))).toBeLessThanOrEqual(130);
  });

  it('uses the payload text colour, and the field colour over it', async () => {
    const box = { x: 50, y: 500, width: 30, height: 30 };
    const fields: CastField[] = [
      { id: 'x', aliasId: 'x', name: 'x', type: 'checkbox', pageNum: 0, rect: box },
      { id: 'y', aliasId: 'y', name: 'y', type: 'checkbox', pageNum: 0, rect: { ...box, x: 100 }, textColor: '#00ff00' },
    ];
    const { pdf } = await fillPdf(template, fields, { textColor: '#0000ff', data: { x: true, y: 'true' } });
    const page = await renderPage(pdf, 1);
    const colours = (x0: number) => {
      const seen = new Set<string>();
      for (let y = 842 - 530; y < 842 - 500; y++) for (let x = x0; x < x0 + 30; x++) seen.add(page.at(x, y).join());
      return seen;
    };
    expect(colours(50).has('0,0,255')).toBe(true);
    expect(colours(100).has('0,255,0')).toBe(true);
  });
});

describe('fill: radio options by name', () => {
  it('accepts an option name as well as its id, and warns about unknown options', async () => {
    const template = fixturePdf('node-anvil__test__assets__dummy.pdf');
    const radio = placedCast(0).filter((f) => f.type === 'radioGroup');
    const byName = await fillPdf(template, radio, { data: { radioGroup: 'No' } });
    const page = await renderPage(byName.pdf, 1);
    expect(darkPixels(page, RECTS.radioNo)).toBeGreaterThan(40);
    expect(darkPixels(page, RECTS.radioYes)).toBe(0);
    const unknown = await fillPdf(template, radio, { data: { radioGroup: 'Maybe' } });
    expect(unknown.warnings).toEqual(['field radioGroup: "Maybe" is not one of its options; nothing is marked']);
    expect(CHOSEN_RADIO).toMatch(/^cast/);
  });
});
