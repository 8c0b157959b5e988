// A flex container's own first and last baselines (css-flexbox-1 §8.5): taken from its first
// flex line — the items there that align on their baselines, else the line's startmost item —
// and likewise from its last line and endmost item. A row's first line is its topmost one, as
// a baseline set is the block-start-most (css-align-3 §9.1; browsers agree), so wrap-reverse
// takes it from the line of its last items. An item without a baseline gets one synthesized
// from its border box's bottom edge (css-align-3 §9.1).
import type { ComputedStyle } from '../../css/types.js';
import type { BoxFragment } from '../types.js';
import { isRowDirection } from './yoga-style.js';

/** An item where flex layout put it: its border box's offset in the container's content box. */
export interface ItemPosition {
  readonly fragment: BoxFragment;
  readonly x: number;
  readonly y: number;
}

/** Baselines from the content box top; null when there are no items. */
export interface FlexBaselines {
  readonly first: number | null;
  readonly last: number | null;
}

export function flexContainerBaselines(style: ComputedStyle, items: readonly ItemPosition[]): FlexBaselines {
  if (items.length === 0) return { first: null, last: null };
  const row = isRowDirection(style);
  const starts = lineStarts(style, items);
  const lines = starts.map((start, i) => ({ start, end: starts[i + 1] ?? items.length }));
  let first = lines[0]!;
  let last = lines[lines.length - 1]!;
  if (row && style.flexWrap === 'wrap-reverse') [first, last] = [last, first];
  return { first: lineBaseline(style, items, first.start, first.end, 'first', row), last: lineBaseline(style, items, last.start, last.end, 'last', row) };
}

/** The index of each line's first item: a line starts where main-axis positions go back. */
function lineStarts(style: ComputedStyle, items: readonly ItemPosition[]): number[] {
  const row = isRowDirection(style);
  const reversed = style.flexDirection === 'row-reverse' || style.flexDirection === 'column-reverse';
  const starts = [0];
  for (let i = 1; i < items.length; i++) {
    const before = row ? items[i - 1]!.x : items[i - 1]!.y;
    const at = row ? items[i]!.x : items[i]!.y;
    if (reversed ? at >= before : at <= before) starts.push(i);
  }
  return starts;
}

/**
 * The baseline of the line of items [start, end): that of its items aligned on this baseline
 * (row containers only: a column's baseline alignment is not along its main axis), else of
 * its startmost (first) or endmost (last) item.
 */
function lineBaseline(style: ComputedStyle, items: readonly ItemPosition[], start: number, end: number, which: 'first' | 'last', row: boolean): number {
  if (row) {
    for (let i = start; i < end; i++) {
      if (alignsOn(style, items[i]!.fragment.box.style) === which) return baselineOf(items[i]!, which);
    }
  }
  return baselineOf(items[which === 'first' ? start : end - 1]!, which);
}

function alignsOn(container: ComputedStyle, item: ComputedStyle): 'first' | 'last' | null {
  const value = item.alignSelf === 'auto' ? container.alignItems : item.alignSelf;
  return value === 'baseline' ? 'first' : value === 'last baseline' ? 'last' : null;
}

function baselineOf(item: ItemPosition, which: 'first' | 'last'): number {
  const f = item.fragment;
  return item.y + ((which === 'first' ? f.firstBaseline : f.lastBaseline) ?? f.height);
}
