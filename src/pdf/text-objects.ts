// Indirect objects written straight as PDF syntax (ISO 32000-1 §7.3) into one byte buffer,
// rather than built as pdf-lib objects: a tagged document has one small dictionary per
// structure element — thousands for a long table — and a PDFDict with its Map, PDFNames and
// PDFNumbers for each (or a string each) cost more than the rest of the file's writing, in
// allocation and garbage collection. The object-stream writer (object-streams.ts) puts them
// in object streams as they are.

import type { PDFContext } from 'pdf-lib';

const SPACE = 0x20;
const NEWLINE = 0x0a;
const ZERO = 0x30;

/** Objects numbered from the context's numbers, written one after another (in any order of their numbers). */
export class TextObjects {
  private buffer = new Uint8Array(1 << 16);
  private length = 0;
  private reserved = 0;
  /** The written objects' numbers, and where each starts in the buffer. */
  private readonly numbers: number[] = [];
  private readonly starts: number[] = [];

  constructor(private readonly context: PDFContext) {}

  /** The next object number, taken from the context (as PDFContext.nextRef does, without a PDFRef) so that objects made later come after it. */
  reserve(): number {
    this.reserved++;
    return ++this.context.largestObjectNumber;
  }

  /** Starts writing object `number` (reserved here); `end` finishes it. */
  begin(number: number): void {
    this.numbers.push(number);
    this.starts.push(this.length);
  }

  end(): void {
    this.byte(NEWLINE);
  }

  /** PDF syntax with no other characters than ASCII. */
  ascii(text: string): void {
    this.room(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[this.length++] = text.charCodeAt(i);
  }

  /** A non-negative integer (§7.3.3), followed by nothing. */
  integer(n: number): void {
    let digits = 1;
    for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    this.room(digits);
    for (let i = digits - 1, rest = n; i >= 0; i--, rest = Math.floor(rest / 10)) this.buffer[this.length + i] = ZERO + (rest % 10);
    this.length += digits;
  }

  /** An indirect reference (§7.3.10) to object `number`, generation 0. */
  ref(number: number): void {
    this.integer(number);
    this.ascii(' 0 R');
  }

  space(): void {
    this.byte(SPACE);
  }

  /** How many objects were written. */
  get count(): number {
    return this.numbers.length;
  }

  /** The number of the `index`th object written. */
  number(index: number): number {
    return this.numbers[index]!;
  }

  /** The bytes of objects `from` to `to` (excluded), each followed by a newline, and where each starts in them. */
  slice(from: number, to: number): { bytes: Uint8Array; offsets: number[] } {
    const start = this.starts[from]!;
    const end = to < this.starts.length ? this.starts[to]! : this.length;
    const offsets: number[] = [];
    for (let i = from; i < to; i++) offsets.push(this.starts[i]! - start);
    return { bytes: this.buffer.subarray(start, end), offsets };
  }

  /** Throws unless every reserved number was written, once. */
  checkComplete(): void {
    if (this.numbers.length !== this.reserved) throw new Error(`TextObjects: ${this.reserved} objects reserved, ${this.numbers.length} written`);
  }

  private byte(b: number): void {
    this.room(1);
    this.buffer[this.length++] = b;
  }

  private room(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + n));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}
