// Numbers and lengths in SVG attribute microsyntaxes (SVG 1.1 §4.2, path data §8.3.9):
// `1e3`, `-.5`, `1.5.5` (two numbers), comma-or-space separators.

/** Reads numbers and flags from a string; each read returns null at the end or on bad input. */
export class NumberScanner {
  pos = 0;

  constructor(readonly text: string) {}

  /** Skips spaces and at most one comma; true when something was skipped. */
  separator(): boolean {
    const start = this.pos;
    this.spaces();
    if (this.text[this.pos] === ',') {
      this.pos++;
      this.spaces();
    }
    return this.pos > start;
  }

  spaces(): void {
    while (this.pos < this.text.length && isSpace(this.text.charCodeAt(this.pos))) this.pos++;
  }

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string | undefined {
    return this.text[this.pos];
  }

  /** A number (sign, digits, fraction, exponent), or null. */
  number(): number | null {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) return null;
    const value = Number(match[0]);
    if (!Number.isFinite(value)) return null;
    this.pos += match[0].length;
    return value;
  }

  /** An arc flag: a single 0 or 1, which needs no separator after it. */
  flag(): 0 | 1 | null {
    const c = this.text[this.pos];
    if (c !== '0' && c !== '1') return null;
    this.pos++;
    return c === '1' ? 1 : 0;
  }
}

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

export function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0c;
}

/** A list of numbers (`points`, `viewBox`, `stroke-dasharray` without units), or null when malformed. */
export function parseNumberList(text: string): number[] | null {
  const scanner = new NumberScanner(text);
  const out: number[] = [];
  scanner.spaces();
  while (!scanner.done) {
    const value = scanner.number();
    if (value === null) return null;
    out.push(value);
    scanner.separator();
  }
  return out;
}

/** The leading numbers of a list, up to the first malformed one (`points` renders up to an error). */
export function parseNumberPrefix(text: string): number[] {
  const scanner = new NumberScanner(text);
  const out: number[] = [];
  scanner.spaces();
  while (!scanner.done) {
    const value = scanner.number();
    if (value === null) break;
    out.push(value);
    scanner.separator();
  }
  return out;
}

/** What lengths resolve against: the font size (em) and the nearest viewport (percentages). */
export interface LengthContext {
  readonly fontSize: number;
  readonly viewportWidth: number;
  readonly viewportHeight: number;
}

export type LengthAxis = 'x' | 'y' | 'other';

// CSS Values 3 §6.2 absolute lengths, in px (user units).
const UNITS: Readonly<Record<string, number>> = { '': 1, px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96, q: 96 / 101.6 };

/**
 * A length in user units (SVG 1.1 §7.10): absolute units, em/ex against the font size, and
 * percentages of the viewport's width, height, or normalised diagonal. Null when invalid.
 */
export function parseLength(text: string | undefined, axis: LengthAxis, ctx: LengthContext): number | null {
  if (text === undefined) return null;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(%|[a-zA-Z]*)\s*$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  if (!Number.isFinite(value)) return null;
  if (unit === '%') {
    const { viewportWidth: w, viewportHeight: h } = ctx;
    const base = axis === 'x' ? w : axis === 'y' ? h : Math.sqrt((w * w + h * h) / 2);
    return (value / 100) * base;
  }
  if (unit === 'em') return value * ctx.fontSize;
  if (unit === 'rem') return value * 16; // the root font size of an SVG image: medium
  if (unit === 'ex') return value * ctx.fontSize * 0.5;
  const factor = UNITS[unit];
  return factor === undefined ? null : value * factor;
}
