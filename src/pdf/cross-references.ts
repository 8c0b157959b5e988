// The entries of a cross-reference stream (ISO 32000-1 §7.5.8.3), gathered as objects are
// written and encoded at the end: in plain arrays, not an object per entry (a tagged document
// has thousands of objects).

/** §7.5.8.3 Table 18: the types of cross-reference stream entries. */
export const FREE = 0;
export const UNCOMPRESSED = 1;
export const COMPRESSED = 2;

export class CrossReferences {
  private readonly numbers: number[] = [];
  private readonly types: number[] = [];
  private readonly seconds: number[] = [];
  private readonly thirds: number[] = [];

  /** Object `number`: UNCOMPRESSED at offset `second` (generation `third`), or COMPRESSED in object stream `second` at index `third`. */
  add(number: number, type: number, second: number, third: number): void {
    this.numbers.push(number);
    this.types.push(type);
    this.seconds.push(second);
    this.thirds.push(third);
  }

  /** The rows in ascending object number, the field widths (/W) and the subsections (/Index). */
  encode(size: number): { rows: Uint8Array; widths: number[]; index: number[] } {
    // Object number → entry (numbers are below `size`, each added once).
    const at = new Int32Array(size).fill(-1);
    let maxSecond = 0;
    let maxThird = 0;
    for (let i = 0; i < this.numbers.length; i++) {
      at[this.numbers[i]!] = i;
      maxSecond = Math.max(maxSecond, this.seconds[i]!);
      maxThird = Math.max(maxThird, this.thirds[i]!);
    }
    const widths = [1, byteWidth(maxSecond), byteWidth(maxThird)];
    const rowWidth = widths[0]! + widths[1]! + widths[2]!;
    const rows = new Uint8Array(rowWidth * this.numbers.length);
    const index: number[] = [];
    let offset = 0;
    for (let number = 0; number < size; number++) {
      const i = at[number]!;
      if (i < 0) continue;
      if (number === 0 || at[number - 1]! < 0) index.push(number, 0);
      index[index.length - 1]!++;
      rows[offset] = this.types[i]!;
      writeBigEndian(rows, offset + 1, widths[1]!, this.seconds[i]!);
      writeBigEndian(rows, offset + 1 + widths[1]!, widths[2]!, this.thirds[i]!);
      offset += rowWidth;
    }
    return { rows, widths, index };
  }
}

/** Bytes to write `n` (at least 1). */
function byteWidth(n: number): number {
  let width = 1;
  while (n >= 2 ** (8 * width)) width++;
  return width;
}

function writeBigEndian(bytes: Uint8Array, offset: number, width: number, n: number): void {
  for (let i = width - 1; i >= 0; i--) {
    bytes[offset + i] = n % 256;
    n = Math.floor(n / 256);
  }
}
