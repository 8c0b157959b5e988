// Which grid cells the items placed so far cover, for auto-placement (css-grid-1 §8.5): rows
// of flags along the minor axis, grown on demand in both axes.

export class Occupancy {
  private readonly rows: Uint8Array[] = [];
  /** The first major index with a free cell among those below it; dense placement starts there. */
  firstOpen = 0;

  constructor(private width: number) {}

  get minorCount(): number {
    return this.width;
  }

  get majorCount(): number {
    return this.rows.length;
  }

  private row(major: number): Uint8Array {
    while (this.rows.length <= major) this.rows.push(new Uint8Array(this.width));
    return this.rows[major]!;
  }

  /** Makes the minor axis at least `width` wide. */
  widen(width: number): void {
    if (width <= this.width) return;
    for (let i = 0; i < this.rows.length; i++) {
      const grown = new Uint8Array(width);
      grown.set(this.rows[i]!);
      this.rows[i] = grown;
    }
    this.width = width;
  }

  fits(major: number, majorSpan: number, minor: number, minorSpan: number): boolean {
    if (minor + minorSpan > this.width) return false;
    for (let m = major; m < major + majorSpan; m++) {
      if (m >= this.rows.length) return true;
      const row = this.rows[m]!;
      for (let n = minor; n < minor + minorSpan; n++) if (row[n]) return false;
    }
    return true;
  }

  mark(major: number, majorSpan: number, minor: number, minorSpan: number): void {
    this.widen(minor + minorSpan);
    for (let m = major; m < major + majorSpan; m++) this.row(m).fill(1, minor, minor + minorSpan);
    while (this.firstOpen < this.rows.length && this.rows[this.firstOpen]!.every((v) => v === 1)) this.firstOpen++;
  }
}
