// Building a page content stream (ISO 32000-1 §7.8.2, operators in Annex A): operators as
// text lines, numbers printed compactly, and the parts of the graphics state we set tracked
// so that a run of same-coloured items sets its colour once.

import type { Color } from '../css/types.js';

/** Prints a number the short way: at most 3 decimals, no trailing zeros, never "-0" or exponents. */
export function num(value: number): string {
  const thousandths = Math.round(value * 1000);
  if (thousandths === 0 || !Number.isFinite(thousandths)) return '0';
  // An integer over 1000 prints as its shortest round-trip decimal, which has ≤ 3 decimals;
  // |value| < 1e21 keeps toString away from exponents.
  return String(Math.abs(thousandths) < 1e21 ? thousandths / 1000 : 0);
}

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
  private readonly lines: string[] = [];
  private state: TrackedState = { ...INITIAL_STATE };
  private readonly saved: TrackedState[] = [];

  /** Appends operators verbatim. */
  push(operators: string): void {
    this.lines.push(operators);
  }

  /** `q`: saves the graphics state (§8.4.2). */
  save(): void {
    this.saved.push({ ...this.state });
    this.lines.push('q');
  }

  /** `Q`: restores what the matching save() saved. */
  restore(): void {
    const previous = this.saved.pop();
    if (!previous) throw new Error('content stream: restore() without save()');
    this.state = previous;
    this.lines.push('Q');
  }

  /** `rg`: DeviceRGB fill colour (§8.6.8); alpha is handled by the caller's ExtGState. */
  setFillColor(color: Color): void {
    this.set('fill', `${rgb(color)} rg`);
  }

  /** `RG`: DeviceRGB stroke colour. */
  setStrokeColor(color: Color): void {
    this.set('stroke', `${rgb(color)} RG`);
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
    return this.lines.length === 0;
  }

  toString(): string {
    return this.lines.join('\n');
  }

  private set(key: keyof TrackedState, operator: string): void {
    if (this.state[key] === operator) return;
    this.state[key] = operator;
    this.lines.push(operator);
  }
}

function rgb(color: Color): string {
  return `${num(color.r / 255)} ${num(color.g / 255)} ${num(color.b / 255)}`;
}
