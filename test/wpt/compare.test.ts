// The WPT runner's pixel comparison (bench/wpt-compare.ts) on tiny synthetic images: the
// one-pixel neighbourhood, the 24-per-channel tolerance, the 0.02% allowance, fuzzy metadata,
// page lists and PPM parsing. No rendering here; the runner itself is `npm run wpt`.
import { describe, expect, it } from 'vitest';
import {
  allowedDifferingPixels,
  compareDocuments,
  comparePages,
  contentHeight,
  countDifferingPixels,
  cropImage,
  parseFuzzy,
  parsePageList,
  parsePpm,
  type RgbImage,
} from '../../bench/wpt-compare.js';

type Rgb = readonly [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** A width × height image of `background` with the listed pixels set to `colour`. */
function image(width: number, height: number, background: Rgb = WHITE, pixels: readonly (readonly [number, number, Rgb])[] = []): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(background, i * 3);
  for (const [x, y, colour] of pixels) data.set(colour, (y * width + x) * 3);
  return { width, height, data };
}

describe('countDifferingPixels', () => {
  it('finds no difference between equal images', () => {
    expect(countDifferingPixels(image(4, 4, WHITE, [[1, 1, BLACK]]), image(4, 4, WHITE, [[1, 1, BLACK]]))).toBe(0);
  });

  it('accepts channel differences up to 24 and rejects 25', () => {
    const grey = image(3, 3, [100, 100, 100]);
    expect(countDifferingPixels(grey, image(3, 3, [124, 76, 124]))).toBe(0);
    expect(countDifferingPixels(grey, image(3, 3, [125, 100, 100]))).toBe(9);
  });

  it('forgives an edge moved by one pixel', () => {
    const a = image(5, 1, WHITE, [[2, 0, BLACK]]);
    const b = image(5, 1, WHITE, [[3, 0, BLACK]]);
    expect(countDifferingPixels(a, b)).toBe(0);
  });

  it('forgives a diagonal one-pixel shift, but not a two-pixel one', () => {
    const a = image(5, 5, WHITE, [[1, 1, BLACK]]);
    expect(countDifferingPixels(a, image(5, 5, WHITE, [[2, 2, BLACK]]))).toBe(0);
    // Moved by two: the black pixel has no black neighbour either way, at both positions.
    expect(countDifferingPixels(a, image(5, 5, WHITE, [[3, 1, BLACK]]))).toBe(2);
  });

  it('counts a pixel missing from either image (the rule applies both ways)', () => {
    const dot = image(5, 5, WHITE, [[2, 2, BLACK]]);
    const blank = image(5, 5);
    expect(countDifferingPixels(dot, blank)).toBe(1);
    expect(countDifferingPixels(blank, dot)).toBe(1);
  });

  it('does not let a thin line hide in its own neighbourhood', () => {
    // A one-pixel black column against white: every pixel of the column differs.
    const line = image(5, 4, WHITE, [0, 1, 2, 3].map((y) => [2, y, BLACK] as const));
    expect(countDifferingPixels(line, image(5, 4))).toBe(4);
  });

  it('rejects images of different sizes', () => {
    expect(() => countDifferingPixels(image(2, 2), image(2, 3))).toThrow(/size/);
  });
});

describe('comparePages', () => {
  it('passes at most 0.02% differing pixels', () => {
    // 100 × 100 = 10,000 pixels: 2 may differ, 3 may not.
    const base = image(100, 100);
    const two = image(100, 100, WHITE, [[10, 10, BLACK], [50, 50, BLACK]]);
    const three = image(100, 100, WHITE, [[10, 10, BLACK], [50, 50, BLACK], [90, 90, BLACK]]);
    expect(comparePages(base, two)).toMatchObject({ differing: 2, allowed: 2, passes: true });
    expect(comparePages(base, three)).toMatchObject({ differing: 3, passes: false });
  });

  it('widens the allowance with a fuzzy totalPixels, and the tolerance with maxDifference', () => {
    const base = image(10, 10);
    const three = image(10, 10, WHITE, [[1, 1, BLACK], [5, 5, BLACK], [8, 8, BLACK]]);
    expect(comparePages(base, three).passes).toBe(false);
    expect(comparePages(base, three, { maxDifference: 0, totalPixels: 3 }).passes).toBe(true);
    expect(comparePages(image(2, 2, [0, 0, 0]), image(2, 2, [40, 40, 40]), { maxDifference: 40, totalPixels: 0 }).passes).toBe(true);
  });

  it('fails pages of different sizes outright', () => {
    expect(comparePages(image(4, 4), image(4, 5))).toMatchObject({ sizeMismatch: true, passes: false, differing: 20 });
  });

  it('allows floor(0.02%) of the pixels unless fuzzy allows more', () => {
    expect(allowedDifferingPixels(480 * 288)).toBe(27);
    expect(allowedDifferingPixels(480 * 288, { maxDifference: 0, totalPixels: 100 })).toBe(100);
    expect(allowedDifferingPixels(480 * 288, { maxDifference: 0, totalPixels: 5 })).toBe(27);
  });
});

describe('compareDocuments', () => {
  const page = image(10, 10);
  const other = image(10, 10, BLACK);

  it('needs the same page count when comparing every page', () => {
    expect(compareDocuments([page], [page, page], null)).toMatchObject({ same: false, reason: 'page count 1 vs reference 2' });
    expect(compareDocuments([page, page], [page, page], null).same).toBe(true);
  });

  it('compares only the listed pages of the test, with all pages of the reference in order', () => {
    expect(compareDocuments([other, page], [page], '2').same).toBe(true);
    expect(compareDocuments([other, page], [page], '1').same).toBe(false);
    expect(compareDocuments([other, page], [page, page], '2')).toMatchObject({ same: false, reason: 'page count 1 (pages 2) vs reference 2' });
    expect(compareDocuments([page], [page], '2')).toMatchObject({ same: false, reason: 'test has 1 pages, no page 2' });
  });

  it('says which page differs and by how much', () => {
    expect(compareDocuments([page, other], [page, page], null).reason).toMatch(/^page 2: 100 pixels differ \(100\.000%, allowed 0\)$/);
  });
});

describe('parsePpm', () => {
  it('reads a P6 header with a comment and the raster after one whitespace byte', () => {
    const header = new TextEncoder().encode('P6\n# made by hand\n2 1\n255\n');
    const bytes = new Uint8Array([...header, 1, 2, 3, 4, 5, 6]);
    expect(parsePpm(bytes)).toEqual({ width: 2, height: 1, data: new Uint8Array([1, 2, 3, 4, 5, 6]) });
  });

  it('refuses other formats and truncated data', () => {
    expect(() => parsePpm(new TextEncoder().encode('P5\n1 1\n255\n\0'))).toThrow(/binary PPM/);
    expect(() => parsePpm(new TextEncoder().encode('P6\n2 2\n255\n\0\0\0'))).toThrow(/truncated/);
  });
});

describe('screen-page helpers', () => {
  it('measures content down to the last row unlike the bottom row', () => {
    expect(contentHeight(image(3, 6, WHITE, [[1, 2, BLACK]]))).toBe(3);
    expect(contentHeight(image(3, 6, [255, 255, 0]))).toBe(0);
  });

  it('crops to the top-left corner and pads with white', () => {
    const cropped = cropImage(image(2, 2, BLACK), 3, 1);
    expect([...cropped.data]).toEqual([0, 0, 0, 0, 0, 0, 255, 255, 255]);
  });
});

describe('metadata', () => {
  it('reads fuzzy allowances in their long, short and per-reference forms', () => {
    expect(parseFuzzy('maxDifference=0-2; totalPixels=0-300')).toEqual({ maxDifference: 2, totalPixels: 300, ref: null });
    expect(parseFuzzy('5;0-10')).toEqual({ maxDifference: 5, totalPixels: 10, ref: null });
    expect(parseFuzzy('ref.html:0-1;0-4400')).toEqual({ maxDifference: 1, totalPixels: 4400, ref: 'ref.html' });
    expect(parseFuzzy('nonsense')).toBeNull();
  });

  it('expands page lists', () => {
    expect(parsePageList('2', 3)).toEqual([2]);
    expect(parsePageList('1,3-4', 5)).toEqual([1, 3, 4]);
    expect(parsePageList('-2, 4-', 5)).toEqual([1, 2, 4, 5]);
    expect(() => parsePageList('two', 3)).toThrow(/page list/);
  });
});
