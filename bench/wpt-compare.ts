// The pixel comparison of the WPT reftest runner (`npm run wpt`), kept pure so that unit tests
// can drive it with tiny synthetic images. The rule is the one /work/shared/wpt/README.md gives
// for PDF engines: rasterise at 96 dpi without antialiasing, count a pixel as different when no
// pixel within one pixel of it in the other image is within 24 in every channel, and let a page
// pass with at most 0.02% of its pixels different (or the test's `fuzzy` allowance).
// Also here: parsing pdftoppm's PPM output, a test's `<meta name=fuzzy>` and `pages` lists.

/** An 8-bit RGB image, row-major, 3 bytes a pixel (what pdftoppm writes as PPM). */
export interface RgbImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** The README's defaults. */
export const CHANNEL_TOLERANCE = 24;
export const NEIGHBOURHOOD_RADIUS = 1;
export const ALLOWED_DIFFERENT_FRACTION = 0.0002;

/** A test's allowance, from `<meta name=fuzzy>`: the upper ends of its two ranges. */
export interface FuzzyAllowance {
  readonly maxDifference: number;
  readonly totalPixels: number;
}

export interface PageComparison {
  readonly width: number;
  readonly height: number;
  /** Pixels that differ under the rule (every pixel when the sizes differ). */
  readonly differing: number;
  /** How many differing pixels the page may have and still pass. */
  readonly allowed: number;
  readonly sizeMismatch: boolean;
  readonly passes: boolean;
}

// --- PPM -------------------------------------------------------------------------------------

/**
 * Parses a binary PPM (P6, maxval ≤ 255), the format pdftoppm writes by default. Throws on
 * anything else: a harness bug should be loud, not a silently failing test.
 */
export function parsePpm(bytes: Uint8Array): RgbImage {
  let pos = 0;
  const token = (): string => {
    // Whitespace and `#` comments may separate header fields (netpbm spec).
    for (;;) {
      while (pos < bytes.length && isSpace(bytes[pos]!)) pos++;
      if (bytes[pos] !== 0x23) break;
      while (pos < bytes.length && bytes[pos] !== 0x0a) pos++;
    }
    const start = pos;
    while (pos < bytes.length && !isSpace(bytes[pos]!)) pos++;
    return String.fromCharCode(...bytes.subarray(start, pos));
  };
  const magic = token();
  if (magic !== 'P6') throw new Error(`not a binary PPM (magic "${magic}")`);
  const width = Number(token());
  const height = Number(token());
  const maxval = Number(token());
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) throw new Error('bad PPM size');
  if (maxval !== 255) throw new Error(`unsupported PPM maxval ${maxval}`);
  pos++; // exactly one whitespace byte before the raster
  const length = width * height * 3;
  if (bytes.length - pos < length) throw new Error('truncated PPM');
  return { width, height, data: bytes.slice(pos, pos + length) };
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

// --- geometry --------------------------------------------------------------------------------

/** The top-left `width` × `height` of an image; parts beyond its edges are filled with white. */
export function cropImage(image: RgbImage, width: number, height: number): RgbImage {
  if (width === image.width && height === image.height) return image;
  const data = new Uint8Array(width * height * 3).fill(255);
  const rowBytes = Math.min(width, image.width) * 3;
  for (let y = 0; y < Math.min(height, image.height); y++) {
    const from = y * image.width * 3;
    data.set(image.data.subarray(from, from + rowBytes), y * width * 3);
  }
  return { width, height, data };
}

/**
 * One more than the last row that differs from the image's bottom row: how tall the content
 * is on a page that is taller than it (the bottom row is the page's background, whatever its
 * colour). 0 for a uniform image.
 */
export function contentHeight(image: RgbImage): number {
  const rowBytes = image.width * 3;
  if (image.height === 0) return 0;
  const bottom = image.data.subarray((image.height - 1) * rowBytes, image.height * rowBytes);
  for (let y = image.height - 2; y >= 0; y--) {
    const row = image.data.subarray(y * rowBytes, (y + 1) * rowBytes);
    if (!sameBytes(row, bottom)) return y + 1;
  }
  return 0;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// --- the rule --------------------------------------------------------------------------------

/**
 * Counts the pixels that differ between two images of the same size. A position counts once
 * when either image's pixel there has no counterpart within `radius` in the other image (the
 * rule read both ways, so that the count does not depend on which image is the test).
 */
export function countDifferingPixels(
  a: RgbImage,
  b: RgbImage,
  tolerance: number = CHANNEL_TOLERANCE,
  radius: number = NEIGHBOURHOOD_RADIUS,
): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('images differ in size');
  let differing = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 3;
      // Fast path: the same position matches, which settles both directions at once.
      if (close(a.data, i, b.data, i, tolerance)) continue;
      if (!hasNeighbourMatch(a.data, i, b, x, y, tolerance, radius) || !hasNeighbourMatch(b.data, i, a, x, y, tolerance, radius)) {
        differing++;
      }
    }
  }
  return differing;
}

/** True if some pixel of `other` within `radius` of (x, y) is within `tolerance` of source[i]. */
function hasNeighbourMatch(
  source: Uint8Array,
  i: number,
  other: RgbImage,
  x: number,
  y: number,
  tolerance: number,
  radius: number,
): boolean {
  const y0 = Math.max(0, y - radius);
  const y1 = Math.min(other.height - 1, y + radius);
  const x0 = Math.max(0, x - radius);
  const x1 = Math.min(other.width - 1, x + radius);
  for (let ny = y0; ny <= y1; ny++) {
    for (let nx = x0; nx <= x1; nx++) {
      if (close(source, i, other.data, (ny * other.width + nx) * 3, tolerance)) return true;
    }
  }
  return false;
}

function close(a: Uint8Array, i: number, b: Uint8Array, j: number, tolerance: number): boolean {
  return (
    Math.abs(a[i]! - b[j]!) <= tolerance &&
    Math.abs(a[i + 1]! - b[j + 1]!) <= tolerance &&
    Math.abs(a[i + 2]! - b[j + 2]!) <= tolerance
  );
}

/** How many differing pixels a page of `total` pixels may have: 0.02%, or the fuzzy allowance if larger. */
export function allowedDifferingPixels(total: number, fuzzy: FuzzyAllowance | null = null): number {
  const base = Math.floor(total * ALLOWED_DIFFERENT_FRACTION);
  return Math.max(base, fuzzy?.totalPixels ?? 0);
}

/**
 * Compares one page of the test with the same page of a reference. Pages of different sizes
 * never match (every pixel of the larger counts as different). A fuzzy maxDifference above 24
 * widens the channel tolerance; below 24 it changes nothing, since the rule is already looser.
 */
export function comparePages(test: RgbImage, ref: RgbImage, fuzzy: FuzzyAllowance | null = null): PageComparison {
  const width = Math.max(test.width, ref.width);
  const height = Math.max(test.height, ref.height);
  const allowed = allowedDifferingPixels(width * height, fuzzy);
  if (test.width !== ref.width || test.height !== ref.height) {
    return { width, height, differing: width * height, allowed, sizeMismatch: true, passes: false };
  }
  const tolerance = Math.max(CHANNEL_TOLERANCE, fuzzy?.maxDifference ?? 0);
  const differing = countDifferingPixels(test, ref, tolerance);
  return { width, height, differing, allowed, sizeMismatch: false, passes: differing <= allowed };
}

/**
 * A map of the differences for people to look at: differing pixels red, the rest the test
 * image faded towards white. Same size images only.
 */
export function diffImage(a: RgbImage, b: RgbImage, tolerance: number = CHANNEL_TOLERANCE): RgbImage {
  const data = new Uint8Array(a.width * a.height * 3);
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 3;
      const differs =
        !close(a.data, i, b.data, i, tolerance) &&
        (!hasNeighbourMatch(a.data, i, b, x, y, tolerance, 1) || !hasNeighbourMatch(b.data, i, a, x, y, tolerance, 1));
      if (differs) data.set([255, 0, 0], i);
      else for (let c = 0; c < 3; c++) data[i + c] = 192 + (a.data[i + c]! >> 2);
    }
  }
  return { width: a.width, height: a.height, data };
}

// --- test metadata ---------------------------------------------------------------------------

/**
 * Parses a `<meta name=fuzzy content=...>` value: `maxDifference=0-2;totalPixels=0-300`, the
 * short form `0-2;0-300`, or either with a `reference.html:` prefix (returned as `ref`). A single
 * number N means 0-N. Only the upper ends are kept: our rasteriser is not a browser's, so a
 * lower bound ("must differ by at least") would say nothing. Null for an unreadable value.
 */
export function parseFuzzy(content: string): (FuzzyAllowance & { readonly ref: string | null }) | null {
  let text = content.trim();
  let ref: string | null = null;
  const colon = text.lastIndexOf(':');
  if (colon >= 0) {
    ref = text.slice(0, colon).trim();
    text = text.slice(colon + 1);
  }
  const parts = text.split(';').map((p) => p.trim()).filter((p) => p.length > 0);
  if (parts.length !== 2) return null;
  let maxDifference: number | null = null;
  let totalPixels: number | null = null;
  parts.forEach((part, index) => {
    const [name, value] = part.includes('=') ? part.split('=', 2).map((s) => s.trim()) : [index === 0 ? 'maxDifference' : 'totalPixels', part];
    const upper = rangeUpper(value!);
    if (name === 'maxDifference') maxDifference = upper;
    else if (name === 'totalPixels') totalPixels = upper;
  });
  if (maxDifference === null || totalPixels === null) return null;
  return { maxDifference, totalPixels, ref };
}

/** `3` → 3, `0-3` → 3; NaN-free or null. */
function rangeUpper(value: string): number | null {
  const match = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(value);
  if (!match) return null;
  return Number(match[2] ?? match[1]);
}

/**
 * The 1-based page numbers a `pages` value selects (`2`, `1,3-5`, `-2`, `3-`), given how many
 * pages there are (an open end runs to the last page). Sorted, without repeats; pages beyond
 * `pageCount` are kept, so that the caller can fail a test whose page is missing.
 */
export function parsePageList(spec: string, pageCount: number): number[] {
  const pages = new Set<number>();
  for (const raw of spec.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const range = /^(\d*)\s*-\s*(\d*)$/.exec(item);
    if (range) {
      const from = range[1] ? Number(range[1]) : 1;
      const to = range[2] ? Number(range[2]) : pageCount;
      for (let p = from; p <= to; p++) pages.add(p);
    } else if (/^\d+$/.test(item)) {
      pages.add(Number(item));
    } else {
      throw new Error(`bad page list "${spec}"`);
    }
  }
  return [...pages].filter((p) => p >= 1).sort((a, b) => a - b);
}

// --- whole documents -------------------------------------------------------------------------

/** How a test's pages compare with one reference's pages. */
export interface DocumentComparison {
  /** True when they look the same under the rule: what `match` wants and `mismatch` does not. */
  readonly same: boolean;
  /** Why they are not the same (empty when they are). */
  readonly reason: string;
  /** Page number and comparison for each page compared. */
  readonly pages: readonly { readonly page: number; readonly comparison: PageComparison }[];
}

/**
 * Compares two rendered documents page by page, the way wptrunner does: the test's pages listed
 * in `pageList` (its `pages` value) or else all of them, against every page of the reference,
 * in order; the counts must agree. (A test with `pages: "2"` is thus compared with a
 * one-page reference.) Stops at the first differing page, which is enough for either verdict.
 */
export function compareDocuments(
  test: readonly RgbImage[],
  ref: readonly RgbImage[],
  pageList: string | null,
  fuzzy: FuzzyAllowance | null = null,
): DocumentComparison {
  const pages: { page: number; comparison: PageComparison }[] = [];
  const numbers = pageList === null ? test.map((_, i) => i + 1) : parsePageList(pageList, test.length);
  const missing = numbers.filter((n) => n > test.length);
  if (missing.length > 0) return { same: false, reason: `test has ${test.length} pages, no page ${missing[0]}`, pages };
  if (numbers.length !== ref.length) {
    const selected = pageList === null ? '' : ` (pages ${pageList})`;
    return { same: false, reason: `page count ${numbers.length}${selected} vs reference ${ref.length}`, pages };
  }
  for (const [i, page] of numbers.entries()) {
    const a = test[page - 1]!;
    const b = ref[i]!;
    const comparison = comparePages(a, b, fuzzy);
    pages.push({ page, comparison });
    if (!comparison.passes) return { same: false, reason: describeDifference(page, comparison, a, b), pages };
  }
  return { same: true, reason: '', pages };
}

function describeDifference(page: number, c: PageComparison, a: RgbImage, b: RgbImage): string {
  if (c.sizeMismatch) return `page ${page}: size ${a.width}×${a.height} vs reference ${b.width}×${b.height} px`;
  const percent = ((100 * c.differing) / (c.width * c.height)).toFixed(3);
  return `page ${page}: ${c.differing} pixels differ (${percent}%, allowed ${c.allowed})`;
}
