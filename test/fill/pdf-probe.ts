// Looking into filled PDFs with poppler: the words of a page with their boxes (pdftotext
// -bbox, pt from the top-left corner), and the page rendered at 72 dpi (1 px = 1 pt) for
// pixel checks.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { poppler, writeTemp } from '../pdf/helpers.js';
import type { FieldRect } from '../../src/fill/types.js';

export interface Word {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

/** The words of page `page` (1-based). */
export function pageWords(pdf: Uint8Array, page: number): Word[] {
  const path = writeTemp('words.pdf', pdf);
  const html = poppler('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), path, '-']).stdout;
  const words: Word[] = [];
  for (const m of html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    words.push({ text: unescape(m[5]!), xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
  }
  return words;
}

/** The words whose centre lies inside `rect` (PDF coordinates, y up) on a page `pageHeight` tall. */
export function wordsIn(words: readonly Word[], rect: FieldRect, pageHeight: number): Word[] {
  const top = pageHeight - rect.y - rect.height;
  return words.filter((w) => {
    const cx = (w.xMin + w.xMax) / 2;
    const cy = (w.yMin + w.yMax) / 2;
    return cx >= rect.x && cx <= rect.x + rect.width && cy >= top && cy <= top + rect.height;
  });
}

/** The whole text of a PDF (pdftotext, reading order). */
export function pdfText(pdf: Uint8Array, ...args: string[]): string {
  return poppler('pdftotext', [...args, writeTemp('text.pdf', pdf), '-']).stdout;
}

/** A rendered page (1-based) at 72 dpi, its crop box as shown: RGB pixels. */
export interface Raster {
  readonly width: number;
  readonly height: number;
  /** Pixel at (x, y) from the top-left, as [r, g, b]. */
  at(x: number, y: number): [number, number, number];
}

export async function renderPage(pdf: Uint8Array, page: number): Promise<Raster> {
  const path = writeTemp('render.pdf', pdf);
  const out = join(dirname(path), 'page');
  poppler('pdftoppm', ['-r', '72', '-cropbox', '-f', String(page), '-l', String(page), '-singlefile', '-png', path, out]);
  const { data, info } = await sharp(readFileSync(`${out}.png`)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x, y) => {
      const i = (Math.round(y) * info.width + Math.round(x)) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

/** How many pixels inside `rect` (PDF coordinates) are dark (each channel below 128). */
export function darkPixels(raster: Raster, rect: FieldRect): number {
  let count = 0;
  const top = raster.height - rect.y - rect.height;
  for (let y = Math.ceil(top); y < top + rect.height; y++) {
    for (let x = Math.ceil(rect.x); x < rect.x + rect.width; x++) {
      if (raster.at(x, y).every((c) => c < 128)) count++;
    }
  }
  return count;
}

function unescape(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}
