// Subgrids (css-grid-2 §9): a grid item that is itself a grid with `subgrid` as its
// grid-template-columns or -rows takes, in that axis, the tracks of its parent that it spans.
// Its explicit grid is those tracks, with the parent's line names on them plus its own
// (§9.4); its implicit grid is clamped to them (§9.3). Its items are sized with the parent's
// tracks as if they were the parent's items (§9.5), the subgrid's margin, border and padding
// at its edges (and half of any difference between its gap and the parent's) added to them
// as extra margin. The parent registers what each subgrid item takes from it while it
// places and sizes its own grid; the subgrid's layout reads it back here.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { ComputedStyle, GridSubgrid, GridTemplateAreas, GridTrackList } from '../../css/types.js';
import { MAX_GRID_LINE } from '../../css/properties/grid.js';
import { resolveAuto, resolveLength } from '../box-model.js';
import type { ExplicitAxis } from './explicit-grid.js';
import type { AxisLines } from './line-resolution.js';
import type { GridPlacement, PlacedItem } from './placement.js';

export type Axis = 'columns' | 'rows';

/** What a subgrid takes from its parent in one subgridded axis. */
export interface SubgridAxis {
  /** How many of the parent's tracks it spans: its explicit tracks. */
  readonly span: number;
  /** The parent's line names on the lines it spans, numbered from its first line. */
  readonly names: ReadonlyMap<string, readonly number[]>;
  /** The parent's gap in the axis, which the subgrid's `normal` gap takes (§9.2). */
  readonly parentGap: number;
  /** Its tracks' starts (one more: the end) and sizes in its content box, once the parent sized them. */
  tracks: { readonly starts: readonly number[]; readonly sizes: readonly number[] } | null;
}

export interface SubgridContext {
  readonly columns: SubgridAxis | null;
  readonly rows: SubgridAxis | null;
}

const contexts = new WeakMap<BlockLevelBox, SubgridContext>();

export function isSubgridTemplate(list: GridTrackList | GridSubgrid | 'none'): list is GridSubgrid {
  return list !== 'none' && 'subgrid' in list;
}

/** The template of an axis: `subgrid` stands for `none` in a grid that is not a subgrid in that axis (§9.1). */
export function ownTemplate(list: GridTrackList | GridSubgrid | 'none'): GridTrackList | 'none' {
  return isSubgridTemplate(list) ? 'none' : list;
}

/** What `box` takes from its parent grid, or null when it is not a subgrid. */
export function subgridOf(box: BlockLevelBox): SubgridContext | null {
  return contexts.get(box) ?? null;
}

function templateOf(s: ComputedStyle, axis: Axis): GridTrackList | GridSubgrid | 'none' {
  return axis === 'columns' ? s.gridTemplateColumns : s.gridTemplateRows;
}

/** The parent's line names on lines `from`..`from + span`, renumbered from `from`. */
function namesWithin(names: ReadonlyMap<string, readonly number[]>, from: number, span: number): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [name, lines] of names) {
    const inside = lines.filter((l) => l >= from && l <= from + span).map((l) => l - from);
    if (inside.length > 0) out.set(name, inside);
  }
  return out;
}

/**
 * Registers, for each placed item of a grid that is a subgrid, what it takes from the grid:
 * its span, the grid's line names and gap in each subgridded axis (css-grid-2 §9).
 */
export function registerSubgrids(
  items: readonly PlacedItem[],
  placement: GridPlacement,
  lines: { readonly columns: AxisLines; readonly rows: AxisLines },
  gaps: { readonly columns: number; readonly rows: number },
): void {
  for (const it of items) {
    const box = it.box;
    if (box.kind !== 'block' || box.content.kind !== 'grid') continue;
    const axis = (a: Axis): SubgridAxis | null => {
      if (!isSubgridTemplate(templateOf(box.style, a))) return null;
      const start = a === 'columns' ? it.column - placement.columnOffset : it.row - placement.rowOffset;
      const span = a === 'columns' ? it.columnSpan : it.rowSpan;
      return { span, names: namesWithin((a === 'columns' ? lines.columns : lines.rows).names, start, span), parentGap: a === 'columns' ? gaps.columns : gaps.rows, tracks: null };
    };
    const columns = axis('columns');
    const rows = axis('rows');
    if (columns || rows) contexts.set(box, { columns, rows });
    else contexts.delete(box);
  }
}

/** A subgrid's span in an axis where its placement gives none: its own line names', else 1 (§9.3). */
export function implicitSpan(box: BlockLevelBox, axis: Axis): number {
  const t = templateOf(box.style, axis);
  if (box.kind !== 'block' || box.content.kind !== 'grid' || !isSubgridTemplate(t)) return 1;
  return Math.max(1, t.lines.length - 1);
}

/**
 * The explicit grid of a subgridded axis (§9.4): the parent's tracks it spans (their sizes
 * come from the parent), the parent's line names on them, then its own names, an auto-fill
 * repeat of names filling the lines that the others leave.
 */
export function subgridAxis(sub: SubgridAxis, template: GridSubgrid, areas: GridTemplateAreas | 'none', axis: Axis): ExplicitAxis {
  const lines = sub.span + 1;
  const own: (readonly string[])[] = [...template.lines];
  const repeat = template.autoRepeat;
  if (repeat && repeat.lines.length > 0) {
    const times = Math.max(0, Math.floor((lines - own.length) / repeat.lines.length));
    const filled: (readonly string[])[] = [];
    for (let r = 0; r < times; r++) filled.push(...repeat.lines);
    own.splice(repeat.index, 0, ...filled);
  }
  const names = new Map<string, number[]>();
  for (const [name, at] of sub.names) names.set(name, [...at]);
  const add = (name: string, line: number) => {
    const at = names.get(name) ?? [];
    if (!at.includes(line)) at.push(line);
    names.set(name, at);
  };
  own.slice(0, lines).forEach((list, line) => list.forEach((name) => add(name, line)));
  // Its own areas name their lines too, within its span (css-grid-2 §9.4).
  if (areas !== 'none') {
    for (const [name, a] of areas.areas) {
      add(`${name}-start`, Math.min(axis === 'rows' ? a.rowStart : a.columnStart, sub.span));
      add(`${name}-end`, Math.min(axis === 'rows' ? a.rowEnd : a.columnEnd, sub.span));
    }
  }
  for (const at of names.values()) at.sort((a, b) => a - b);
  const size = { min: 'auto', max: 'auto', fitContent: null } as const;
  return { sizes: Array.from({ length: Math.min(sub.span, MAX_GRID_LINE) }, () => size), names, autoFit: null };
}

/** A subgrid's gap in a subgridded axis: its own, or the parent's for `normal` (§9.2). */
export function subgridGap(own: ComputedStyle['columnGap'], sub: SubgridAxis, basis: number | null): number {
  if (own === 'normal') return sub.parentGap;
  return Math.max(0, own.abs + (basis === null ? 0 : (own.pct * basis) / 100));
}

/**
 * The placement clamped in the subgridded axes (§9.3): no implicit tracks there, an item
 * placed past the span is moved back into it, its span cut to fit.
 */
export function clampPlacement(p: GridPlacement, ctx: SubgridContext): GridPlacement {
  const clamp = (start: number, span: number, offset: number, count: number) => {
    const s = Math.min(Math.max(0, start - offset), count - 1);
    return [s, Math.max(1, Math.min(span, count - s))] as const;
  };
  const items = p.items.map((it) => {
    const [column, columnSpan] = ctx.columns ? clamp(it.column, it.columnSpan, p.columnOffset, ctx.columns.span) : [it.column, it.columnSpan];
    const [row, rowSpan] = ctx.rows ? clamp(it.row, it.rowSpan, p.rowOffset, ctx.rows.span) : [it.row, it.rowSpan];
    return { box: it.box, row, rowSpan, column, columnSpan };
  });
  return {
    items,
    rowCount: ctx.rows ? ctx.rows.span : p.rowCount,
    columnCount: ctx.columns ? ctx.columns.span : p.columnCount,
    rowOffset: ctx.rows ? 0 : p.rowOffset,
    columnOffset: ctx.columns ? 0 : p.columnOffset,
  };
}

/** Margin, border and padding at the start and end of a box in an axis (percentages of `basis`). */
export function edges(s: ComputedStyle, axis: Axis, basis: number): { start: number; end: number } {
  if (axis === 'columns') {
    return {
      start: (resolveAuto(s.marginLeft, basis) ?? 0) + s.borderLeftWidth + resolveLength(s.paddingLeft, basis),
      end: (resolveAuto(s.marginRight, basis) ?? 0) + s.borderRightWidth + resolveLength(s.paddingRight, basis),
    };
  }
  return {
    start: (resolveAuto(s.marginTop, basis) ?? 0) + s.borderTopWidth + resolveLength(s.paddingTop, basis),
    end: (resolveAuto(s.marginBottom, basis) ?? 0) + s.borderBottomWidth + resolveLength(s.paddingBottom, basis),
  };
}

/**
 * Gives each subgrid item of a sized grid its tracks in one axis, in its content box: the
 * grid's tracks it spans, less its margin, border and padding at its edges and half of the
 * difference of the gaps between them (§9.5). `lines[i]` is track i's start in the grid.
 */
export function assignTracks(items: readonly PlacedItem[], axis: Axis, lines: readonly number[], sizes: readonly number[], basis: number): void {
  for (const it of items) {
    const sub = contexts.get(it.box)?.[axis];
    if (!sub) continue;
    const first = axis === 'columns' ? it.column : it.row;
    const span = Math.min(sub.span, sizes.length - first);
    const e = edges(it.box.style, axis, basis);
    const origin = lines[first]! + e.start;
    const half = (subgridGap(axis === 'columns' ? it.box.style.columnGap : it.box.style.rowGap, sub, basis) - sub.parentGap) / 2;
    const last = first + span - 1;
    const content = Math.max(0, lines[last]! + sizes[last]! - lines[first]! - e.start - e.end);
    const starts: number[] = [];
    const out: number[] = [];
    for (let k = 0; k < span; k++) {
      const t = first + k;
      const a = k === 0 ? 0 : lines[t]! - origin + half;
      const b = k === span - 1 ? content : lines[t]! + sizes[t]! - origin - half;
      starts.push(a);
      out.push(Math.max(0, b - a));
    }
    starts.push(content);
    sub.tracks = { starts, sizes: out };
  }
}

/** An item taking part in a grid's track sizing in one axis, maybe from inside a subgrid. */
export interface SizingLeaf {
  readonly box: BlockLevelBox;
  /** Its tracks in the grid being sized. */
  readonly start: number;
  readonly span: number;
  /** Extra margin at its start and end: the margin, border and padding of the subgrids whose edges it is at, half-gap differences. */
  readonly before: number;
  readonly after: number;
  /** The item itself as placed in the grid (or subgrid) that holds it. */
  readonly item: PlacedItem;
  /** The subgrid that holds it, null for the grid's own items. */
  readonly holder: BlockBox | null;
  /** The grid's own item it is, or is inside. */
  readonly root: PlacedItem;
  /** The left and right margin, border and padding of the subgrids from `root` to `holder`. */
  readonly inset: number;
  /** A hypothetical empty item at an edge of a subgrid with no item there: only its extra margin counts. */
  readonly empty: boolean;
}

/**
 * The items that size a grid's tracks in `axis`: its own, except that each subgrid in that
 * axis is replaced by its items (recursively), shifted to the grid's tracks (§9.5).
 * `inner(box)` is the subgrid's own placed grid. Bounded by the box tree's depth.
 */
export function sizingLeaves(items: readonly PlacedItem[], axis: Axis, basis: number, inner: (box: BlockBox) => { items: readonly PlacedItem[]; gap: number }): SizingLeaf[] {
  const out: SizingLeaf[] = [];
  const walk = (list: readonly PlacedItem[], offset: number, count: number, before: number, after: number, half: number, holder: BlockBox | null, root: PlacedItem | null, inset: number) => {
    let atStart = false;
    let atEnd = false;
    for (const it of list) {
      const start = axis === 'columns' ? it.column : it.row;
      const span = axis === 'columns' ? it.columnSpan : it.rowSpan;
      atStart ||= start === 0;
      atEnd ||= start + span >= count;
      // At the holder's edges the extra margin is the holder's; between its tracks, half the gap difference.
      const b = holder === null ? 0 : start === 0 ? before : half;
      const a = holder === null ? 0 : start + span >= count ? after : half;
      const sub = contexts.get(it.box)?.[axis];
      if (!sub) {
        out.push({ box: it.box, start: offset + start, span, before: b, after: a, item: it, holder, root: root ?? it, inset, empty: false });
        continue;
      }
      const box = it.box as BlockBox;
      const e = edges(box.style, axis, basis);
      const x = edges(box.style, 'columns', basis);
      const g = inner(box);
      // Lines inside nested subgrids take every enclosing subgrid's half-difference of gaps.
      walk(g.items, offset + start, sub.span, b + e.start, a + e.end, half + (g.gap - sub.parentGap) / 2, box, root ?? it, inset + x.start + x.end);
    }
    // An edge with no item still holds the subgrid's margin, border and padding (§9.5).
    if (holder === null || count === 0) return;
    const edge = (start: number, b: number, a: number) => out.push({ box: holder, start: offset + start, span: 1, before: b, after: a, item: root!, holder, root: root!, inset, empty: true });
    if (count === 1 && !atStart && !atEnd) edge(0, before, after);
    else {
      if (!atStart) edge(0, before, 0);
      if (!atEnd) edge(count - 1, 0, after);
    }
  };
  walk(items, 0, 0, 0, 0, 0, null, null, 0);
  return out;
}
