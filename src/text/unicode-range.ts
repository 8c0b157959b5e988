// CSS `unicode-range` (CSS Fonts 4 §4.5): parsing the descriptor, and an index from code point
// to the face (of several that make up one family) whose range contains it.

/** An inclusive range of code points. */
export type CodePointRange = readonly [first: number, last: number];

const MAX_CODE_POINT = 0x10ffff;

/**
 * Parses a `unicode-range` value: a comma-separated list of `U+X`, `U+X-Y` or `U+X??`
 * (wildcards). Malformed items are skipped, as a browser drops them.
 */
export function parseUnicodeRange(value: string): CodePointRange[] {
  const ranges: CodePointRange[] = [];
  for (const item of value.split(',')) {
    const match = /^\s*u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(item);
    if (!match) continue;
    const [, start, end] = match;
    let first: number;
    let last: number;
    if (start!.includes('?')) {
      if (end !== undefined || !/^[0-9a-f]*\?+$/i.test(start!)) continue;
      first = parseInt(start!.replace(/\?/g, '0'), 16);
      last = parseInt(start!.replace(/\?/g, 'f'), 16);
    } else {
      first = parseInt(start!, 16);
      last = end === undefined ? first : parseInt(end, 16);
    }
    if (first > last || first > MAX_CODE_POINT) continue;
    ranges.push([first, Math.min(last, MAX_CODE_POINT)]);
  }
  return ranges;
}

/**
 * Which of a family's faces covers a code point, by their unicode-range descriptors. Where
 * ranges overlap the face listed last wins (CSS Fonts 4 §4.5 checks the last rule first).
 */
export class UnicodeRangeIndex {
  /** Face index + 1 per BMP code point (0: no face). */
  private readonly bmp = new Uint16Array(0x10000);
  /** Astral ranges, sorted by start and without overlaps: [first, last, face index]. */
  private readonly astral: [number, number, number][] = [];

  constructor(readonly faceCount: number, rangesOfFace: (index: number) => readonly CodePointRange[]) {
    if (faceCount > 0xfffe) throw new Error('unicode-range index: too many faces');
    const astral: [number, number, number][] = [];
    for (let index = 0; index < faceCount; index++) {
      for (const [first, last] of rangesOfFace(index)) {
        if (first < 0x10000) this.bmp.fill(index + 1, first, Math.min(last, 0xffff) + 1);
        if (last >= 0x10000) astral.push([Math.max(first, 0x10000), last, index]);
      }
    }
    // Later faces win: paint them over earlier ones on a sorted list of boundaries.
    for (const range of astral) this.paintAstral(range);
  }

  /** The index of the face whose range contains the code point, or -1. */
  faceOf(codePoint: number): number {
    if (codePoint < 0x10000) return codePoint >= 0 ? this.bmp[codePoint]! - 1 : -1;
    let low = 0;
    let high = this.astral.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const [first, last, index] = this.astral[mid]!;
      if (codePoint < first) high = mid - 1;
      else if (codePoint > last) low = mid + 1;
      else return index;
    }
    return -1;
  }

  private paintAstral([first, last, index]: [number, number, number]): void {
    const kept: [number, number, number][] = [];
    for (const range of this.astral) {
      if (range[1] < first || range[0] > last) {
        kept.push(range);
        continue;
      }
      if (range[0] < first) kept.push([range[0], first - 1, range[2]]);
      if (range[1] > last) kept.push([last + 1, range[1], range[2]]);
    }
    kept.push([first, last, index]);
    kept.sort((a, b) => a[0] - b[0]);
    this.astral.length = 0;
    this.astral.push(...kept);
  }
}
