// Building a page content stream (ISO 32000-1 §7.8.2, operators in Annex A): operators as
// lines of bytes, numbers printed compactly, and the parts of the graphics state we set tracked
// so that a run of same-coloured items sets its colour once. The stream is built as bytes
// (latin-1: operators are ASCII, string operands raw bytes), ready to compress: text showing
// writes its glyph codes and numbers straight in, with no string per glyph.

import type { Color } from '../css/types.js';

/** Prints a number the short way: at most 3 decimals, no trailing zeros, never "-0" or exponents. */
export function num(value: number): string {
  const thousandths = Math.round(value * 1000);
  if (thousandths === 0 || !Number.isFinite(thousandths)) return '0';
  const magnitude = thousandths < 0 ? -thousandths : thousandths;
  // An integer over 1000 prints as its shortest round-trip decimal, which has ≤ 3 decimals;
  // |value| < 1e21 keeps toString away from exponents.
  if (magnitude >= EXACT_THOUSANDTHS) return String(magnitude < 1e21 ? thousandths / 1000 : 0);
  // Below 1e15 thousandths (15 digits), that decimal is the integer's digits with the point
  // put in: no shorter decimal maps to the same double. Printed from a table, not toString.
  const whole = Math.floor(magnitude / 1000);
  const printed = String(whole) + FRACTIONS[magnitude - whole * 1000]!;
  return thousandths < 0 ? `-${printed}` : printed;
}

/** Thousandths up to this many print digit by digit (see num). */
const EXACT_THOUSANDTHS = 1e15;

/** ".5", ".25", ".125" … for each count of thousandths; '' for none. */
const FRACTIONS: readonly string[] = Array.from({ length: 1000 }, (_, n) => (n === 0 ? '' : `.${String(n).padStart(3, '0').replace(/0+$/, '')}`));

/** The graphics state parameters we change (ISO 32000-1 §8.4, Table 52). */
interface TrackedState {
  fill: string;
  stroke: string;
  lineWidth: string;
  lineCap: string;
  dash: string;
}

const INITIAL_STATE: TrackedState = { fill: '0 0 0 rg', stroke: '0 0 0 RG', lineWidth: '1 w', lineCap: '0 J', dash: '[] 0 d' };

/** A content stream under construction. */
export class ContentStream {
  private bytes: Uint8Array = Buffer.allocUnsafe(INITIAL_CAPACITY);
  private length = 0;
  /** Whether anything was pushed: each push after the first starts a new line. */
  private started = false;
  private state: TrackedState = { ...INITIAL_STATE };
  private readonly saved: TrackedState[] = [];
  /** The colours last turned into `rg`/`RG` operators, and those operators (a run of text shares one colour object). */
  private fillColor: Color | null = null;
  private fillOperator = '';
  private strokeColor: Color | null = null;
  private strokeOperator = '';

  /** Appends operators verbatim, on a line of their own. */
  push(operators: string): void {
    this.beginLine();
    this.append(operators);
  }

  /** Starts a line of its own for operators that `append` and `appendNumber` then write. */
  beginLine(): void {
    if (this.started) this.appendByte(0x0a);
    this.started = true;
  }

  /** Appends text to the current line: latin-1, one byte per character. */
  append(text: string): void {
    const n = text.length;
    if (this.length + n > this.bytes.length) this.grow(n);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < n; i++) bytes[at++] = text.charCodeAt(i);
    this.length = at;
  }

  /** Appends a number to the current line, as num() prints it. */
  appendNumber(value: number): void {
    const thousandths = Math.round(value * 1000);
    const magnitude = thousandths < 0 ? -thousandths : thousandths;
    if (!(magnitude < EXACT_THOUSANDTHS) || thousandths === 0) {
      this.append(num(value));
      return;
    }
    if (this.length + 20 > this.bytes.length) this.grow(20);
    if (thousandths < 0) this.bytes[this.length++] = 0x2d;
    const whole = Math.floor(magnitude / 1000);
    this.appendDigits(whole);
    let fraction = magnitude - whole * 1000;
    if (fraction === 0) return;
    this.bytes[this.length++] = 0x2e;
    for (let unit = 100; fraction > 0; unit /= 10) {
      const digit = Math.floor(fraction / unit);
      this.bytes[this.length++] = 0x30 + digit;
      fraction -= digit * unit;
    }
  }

  /** Appends one byte to the current line. */
  appendByte(byte: number): void {
    if (this.length === this.bytes.length) this.grow(1);
    this.bytes[this.length++] = byte;
  }

  /** `q`: saves the graphics state (§8.4.2). */
  save(): void {
    this.saved.push({ ...this.state });
    this.push('q');
  }

  /** `Q`: restores what the matching save() saved. */
  restore(): void {
    const previous = this.saved.pop();
    if (!previous) throw new Error('content stream: restore() without save()');
    this.state = previous;
    this.push('Q');
  }

  /** `rg`: DeviceRGB fill colour (§8.6.8); alpha is handled by the caller's ExtGState. */
  setFillColor(color: Color): void {
    if (color !== this.fillColor) {
      this.fillColor = color;
      this.fillOperator = `${rgb(color)} rg`;
    }
    this.set('fill', this.fillOperator);
  }

  /** `RG`: DeviceRGB stroke colour. */
  setStrokeColor(color: Color): void {
    if (color !== this.strokeColor) {
      this.strokeColor = color;
      this.strokeOperator = `${rgb(color)} RG`;
    }
    this.set('stroke', this.strokeOperator);
  }

  /** `w`: line width in user space units. */
  setLineWidth(width: number): void {
    this.set('lineWidth', `${num(width)} w`);
  }

  /** `J`: 0 butt, 1 round, 2 projecting square cap (§8.4.3.3). */
  setLineCap(cap: 0 | 1 | 2): void {
    this.set('lineCap', `${cap} J`);
  }

  /** `d`: dash array and phase (§8.4.3.6); an empty array is a solid line. */
  setDash(dashes: readonly number[], phase = 0): void {
    this.set('dash', `[${dashes.map(num).join(' ')}] ${num(phase)} d`);
  }

  get isEmpty(): boolean {
    return !this.started;
  }

  /** The stream's bytes so far (a view: valid until more is appended). */
  toBytes(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  toString(): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.length).toString('latin1');
  }

  private set(key: keyof TrackedState, operator: string): void {
    if (this.state[key] === operator) return;
    this.state[key] = operator;
    this.push(operator);
  }

  /** Writes a non-negative integer's decimal digits (room is made by the caller). */
  private appendDigits(value: number): void {
    let digits = 1;
    for (let power = 10; power <= value; power *= 10) digits++;
    let at = this.length + digits;
    this.length = at;
    let rest = value;
    do {
      const next = Math.floor(rest / 10);
      this.bytes[--at] = 0x30 + rest - next * 10;
      rest = next;
    } while (rest > 0);
  }

  /** Makes room for `needed` more bytes, doubling. */
  private grow(needed: number): void {
    let capacity = this.bytes.length * 2;
    while (capacity < this.length + needed) capacity *= 2;
    const bytes = Buffer.allocUnsafe(capacity);
    bytes.set(this.bytes.subarray(0, this.length));
    this.bytes = bytes;
  }
}

/**
 * Bytes a new content stream holds before it grows: small enough for Node's buffer pool (a
 * page's margin boxes are some hundred bytes), doubling to a page of text's kilobytes.
 * Buffers, not zeroed: nothing past `length` is read.
 */
const INITIAL_CAPACITY = 1024;

function rgb(color: Color): string {
  return `${num(color.r / 255)} ${num(color.g / 255)} ${num(color.b / 255)}`;
}
