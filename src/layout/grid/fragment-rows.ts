// One fragment of a grid's rows (css-grid-1 §12, css-break-3). The tracks are sized once as if
// unfragmented (§12.1 step 1); each fragment lays out rows from where the previous one stopped:
// - A row that crosses the fragmentainer end is split there, its items breaking in parallel
//   (as Chromium does, and as table rows split); it moves on whole when an item cannot break
//   there (break-inside: avoid, a monolithic box, orphans), the break then falling between rows.
// - break-before/after on items propagate to their rows (§12): a forced one starts the next row
//   on a new fragmentainer, an avoided one moves the break to an earlier row boundary.
// - An item spanning rows is cut at a break between them, like a table cell, and goes on in
//   its area on the next fragmentainer; its piece here reaches the fragmentainer end.
// - A row continued on a new fragmentainer ends at its tallest item piece there (§12.1 step 3:
//   fragmentation may make an item taller), so the rows after it stay aligned.
// - A gutter split by a break or last before it is suppressed (css-align-3 §8.1, resolved in
//   csswg-drafts#11520), and align-content's spacing with it; the rows keep their unfragmented
//   positions otherwise: the free space is not shared out again per fragment (csswg-drafts#6812).
import type { BlockLayoutResult, BoxFragment, ContinuingItem } from '../types.js';
import { blockMargins, borderOf, paddingOf } from '../box-model.js';
import { avoidsBreakInside, isAvoidBreak, isForcedBreak } from '../break-rules.js';
import { hasSizeContainment } from '../../css/properties/contain.js';
import type { ItemFragmentation } from './item-layout.js';
import type { PlacedItem } from './placement.js';

const EPSILON = 1e-6;

/** The items by first and last row, and the row boundaries where a break is to be avoided; built once per sized grid. */
export interface RowIndex {
  /** The items starting in row r: starting[startOffsets[r]] up to starting[startOffsets[r + 1]]. */
  readonly startOffsets: Int32Array;
  readonly starting: Int32Array;
  /** The items ending in row r, likewise. */
  readonly endOffsets: Int32Array;
  readonly ending: Int32Array;
  /** avoided[r]: a break before row r is to be avoided (break-before/after: avoid beside it, break-inside: avoid across it). */
  readonly avoided: Uint8Array;
}

/**
 * An item that must not break: break-inside: avoid, or size containment, which makes a box
 * monolithic (css-contain-2 §3.1; read here only, for the choice between splitting a row and
 * moving it on).
 */
function unbreakable(it: PlacedItem): boolean {
  return avoidsBreakInside(it.box) || hasSizeContainment(it.box.style);
}

function lastRow(it: PlacedItem): number {
  return it.row + it.rowSpan - 1;
}

/** Counting sort of item indices by a row key. */
function bucket(rowCount: number, items: readonly PlacedItem[], key: (it: PlacedItem) => number): { offsets: Int32Array; order: Int32Array } {
  const offsets = new Int32Array(rowCount + 1);
  for (const it of items) offsets[key(it) + 1]! += 1;
  for (let r = 0; r < rowCount; r++) offsets[r + 1]! += offsets[r]!;
  const fill = offsets.slice(0, rowCount);
  const order = new Int32Array(items.length);
  items.forEach((it, i) => {
    order[fill[key(it)]!++] = i;
  });
  return { offsets, order };
}

export function rowIndex(rowCount: number, items: readonly PlacedItem[]): RowIndex {
  const clamp = (r: number) => Math.min(Math.max(r, 0), Math.max(rowCount - 1, 0));
  const starts = bucket(rowCount, items, (it) => clamp(it.row));
  const ends = bucket(rowCount, items, (it) => clamp(lastRow(it)));
  const avoided = new Uint8Array(rowCount + 1);
  // Items that avoid breaking inside cover the boundaries they span: a difference array.
  const inside = new Int32Array(rowCount + 2);
  for (const it of items) {
    const s = it.box.style;
    if (isAvoidBreak(s.breakBefore)) avoided[clamp(it.row)] = 1;
    if (isAvoidBreak(s.breakAfter)) avoided[clamp(lastRow(it)) + 1] = 1;
    if (it.rowSpan > 1 && avoidsBreakInside(it.box)) {
      inside[clamp(it.row) + 1]! += 1;
      inside[clamp(lastRow(it)) + 1]! -= 1;
    }
  }
  let open = 0;
  for (let r = 0; r <= rowCount; r++) {
    open += inside[r]!;
    if (open > 0) avoided[r] = 1;
  }
  return { startOffsets: starts.offsets, starting: starts.order, endOffsets: ends.offsets, ending: ends.order, avoided };
}

/** A forced break before row r, from break-before on its items or break-after on the items ending above it (§12). */
export function forcedBreakBeforeRow(index: RowIndex, items: readonly PlacedItem[], r: number, inColumns: boolean): boolean {
  for (let k = index.startOffsets[r]!; k < index.startOffsets[r + 1]!; k++) {
    if (isForcedBreak(items[index.starting[k]!]!.box.style.breakBefore, inColumns)) return true;
  }
  if (r === 0) return false;
  for (let k = index.endOffsets[r - 1]!; k < index.endOffsets[r]!; k++) {
    if (isForcedBreak(items[index.ending[k]!]!.box.style.breakAfter, inColumns)) return true;
  }
  return false;
}

/** Where the previous fragment stopped. */
export interface RowsResume {
  readonly rowIndex: number;
  readonly rowConsumed: number;
  readonly items: ReadonlyMap<number, ContinuingItem>;
}

export interface RowsInput {
  readonly rows: readonly number[];
  /** Each row's start in the unfragmented grid (gutters and align-content's spacing between them). */
  readonly rowLines: readonly number[];
  readonly items: readonly PlacedItem[];
  readonly index: RowIndex;
  /** Block space left for the rows in this fragmentainer. */
  readonly limit: number;
  readonly atStart: boolean;
  readonly inColumns: boolean;
  /** Null on the grid's first fragment. */
  readonly resume: RowsResume | null;
  /** The item laid out in an area of `height` whose top is at `y`: whole (`at` null) or fragmented. */
  readonly place: (item: number, y: number, height: number, at: ItemFragmentation | null) => BlockLayoutResult;
  /** The item's block size is its area's (css-align-3 §6.1 stretch). */
  readonly stretches: (item: number) => boolean;
  readonly areaWidth: (item: number) => number;
}

export interface RowsFragment {
  /** The item fragments, relative to the grid's content box on this fragment, in item order. */
  readonly fragments: BoxFragment[];
  /** The placement index of each fragment's item. */
  readonly indices: number[];
  readonly height: number;
  readonly next: RowsResume | null;
  /** Nothing fits here and the grid started here: it moves to the next fragmentainer whole. */
  readonly pushed: boolean;
}

/** How the rows of this fragment end. */
type Stop = { readonly kind: 'complete' } | { readonly kind: 'split'; readonly row: number; readonly cut: number } | { readonly kind: 'before'; readonly row: number };

interface Piece {
  readonly result: BlockLayoutResult;
  /** The area's top in this fragment and how much of it earlier fragments took. */
  readonly top: number;
  readonly consumed: number;
}

export function fragmentRows(input: RowsInput): RowsFragment {
  const { rows, rowLines, items, index, resume } = input;
  const rowCount = rows.length;
  const start = Math.min(resume?.rowIndex ?? 0, rowCount);
  const consumedHere = resume?.rowConsumed ?? 0;
  // The first row's items start here unless the row was split before (they then continue).
  const firstFresh = consumedHere === 0;
  // At a fragmentainer's start layout must progress: at least 1pt of the rows.
  const limit = input.atStart ? Math.max(input.limit, 1) : input.limit;
  const areaHeight = (it: PlacedItem) => rowLines[lastRow(it)]! + rows[lastRow(it)]! - rowLines[it.row]!;
  const gapBefore = (r: number) => rowLines[r]! - rowLines[r - 1]! - rows[r - 1]!;
  const pieces = new Map<number, Piece>();

  if (!resume && start < rowCount && !input.atStart && forcedBreakBeforeRow(index, items, 0, input.inColumns)) {
    // break-before on the first row's items is the container's (§12): it starts a new fragmentainer.
    return { fragments: [], indices: [], height: 0, next: null, pushed: true };
  }

  // Items continuing from the previous fragment, at the top. Those ending in the first row
  // make it as tall as their tallest piece; those spanning on are laid out once the rows here are known.
  // The grid's first fragment keeps align-content's offset before the first row.
  const firstTop = resume ? 0 : rowLines[0] ?? 0;
  let firstEnd = start < rowCount ? firstTop + Math.max(0, rows[start]! - consumedHere) : 0;
  let firstSplits = false;
  const spanning: number[] = [];
  const firstRemaining = firstEnd;
  for (const [i, c] of resume?.items ?? []) {
    const it = items[i]!;
    if (lastRow(it) > start) {
      spanning.push(i);
      continue;
    }
    const result = input.place(i, 0, c.consumed + firstRemaining, { blockLimit: limit, atStart: true, token: c.token });
    pieces.set(i, { result, top: 0, consumed: c.consumed });
    const f = result.fragment;
    if (!f || result.breakToken) firstSplits = true;
    else firstEnd = Math.max(firstEnd, f.y + pieceExtent(f, input.areaWidth(i)) + blockMargins(it.box.style, input.areaWidth(i)).bottom);
  }

  // The rows that go here: their tops and ends in this fragment.
  const tops: number[] = [];
  const ends: number[] = [];
  let stop: Stop = { kind: 'complete' };
  const trial = new Map<number, Piece>();
  for (let r = start; r < rowCount; r++) {
    if (r > start && forcedBreakBeforeRow(index, items, r, input.inColumns)) {
      stop = { kind: 'before', row: r };
      break;
    }
    const top = r === start ? firstTop : ends[ends.length - 1]! + gapBefore(r);
    const end = r === start ? firstEnd : top + rows[r]!;
    tops.push(top);
    if (end <= limit + EPSILON && !(r === start && firstSplits)) {
      ends.push(end);
      continue;
    }
    stop = chooseBreak(r, top);
    break;
  }

  /** A break in or before row r, which does not fit below `top` (css-break-3 §4.4: split it, else the last boundary not avoided). */
  function chooseBreak(r: number, top: number): Stop {
    if (top < limit - EPSILON) {
      const avoidFrom = trySplit(r, limit, false);
      if (avoidFrom === null) return { kind: 'split', row: r, cut: limit };
      let j = Math.min(r, avoidFrom);
      while (j > start && index.avoided[j]) j--;
      if (j > start) return { kind: 'before', row: j };
    } else {
      let j = r;
      while (j > start && index.avoided[j]) j--;
      if (j > start) return { kind: 'before', row: j };
    }
    if (!resume && start === 0 && !input.atStart) return { kind: 'before', row: -1 };
    // Every boundary here is avoided: take the one at r, or split r where nothing else can go.
    if (r > start) return { kind: 'before', row: r };
    const cut = Math.max(limit, top + 1);
    trySplit(r, cut, true);
    return { kind: 'split', row: r, cut };
  }

  /**
   * Lays out the items that start here and cross `cut` when row r splits there. Returns null
   * when they all can, else the first row of an item that cannot (it avoids breaking inside,
   * or cannot start here), before which the break must fall. `force`: they must, as at the
   * top of a fragmentainer.
   */
  function trySplit(r: number, cut: number, force: boolean): number | null {
    let avoidFrom: number | null = null;
    for (let row = firstFresh ? start : start + 1; row <= r; row++) {
      const top = tops[row - start]!;
      for (let k = index.startOffsets[row]!; k < index.startOffsets[row + 1]!; k++) {
        const i = index.starting[k]!;
        const it = items[i]!;
        const height = areaHeight(it);
        if (top + height <= cut + EPSILON) continue;
        const result = input.place(i, top, height, { blockLimit: cut - top, atStart: input.atStart && top <= EPSILON, token: null });
        trial.set(i, { result, top, consumed: 0 });
        if (force) continue;
        if (!result.fragment || (result.breakToken !== null && unbreakable(it))) avoidFrom = Math.min(avoidFrom ?? row, row);
      }
    }
    return avoidFrom;
  }

  if (stop.kind === 'before' && stop.row === -1) return { fragments: [], indices: [], height: 0, next: null, pushed: true };

  // Fresh items: whole when their area ends above the break, else cut at the fragmentainer end.
  const lastHere = stop.kind === 'complete' ? rowCount - 1 : stop.kind === 'split' ? stop.row : stop.row - 1;
  const cut = stop.kind === 'split' ? stop.cut : limit;
  for (let row = firstFresh ? start : start + 1; row <= lastHere; row++) {
    const top = tops[row - start]!;
    for (let k = index.startOffsets[row]!; k < index.startOffsets[row + 1]!; k++) {
      const i = index.starting[k]!;
      const it = items[i]!;
      const height = areaHeight(it);
      const crosses = stop.kind === 'split' ? top + height > cut + EPSILON : stop.kind === 'before' && lastRow(it) >= stop.row;
      if (!crosses) {
        pieces.set(i, { result: input.place(i, top, height, null), top, consumed: 0 });
        continue;
      }
      const tried = trial.get(i);
      pieces.set(i, tried && tried.top === top ? tried : { result: input.place(i, top, height, { blockLimit: cut - top, atStart: input.atStart && top <= EPSILON, token: null }), top, consumed: 0 });
    }
  }
  // Items spanning on from the previous fragment: their area here reaches the end of their
  // last row, or past the break, where they are cut (then any height past the cut will do).
  const nextRow = stop.kind === 'complete' ? rowCount : stop.row;
  const rowEnd = (r: number) => (r < nextRow ? ends[r - start]! : cut + rowLines[r]! + rows[r]! - rowLines[nextRow]!);
  for (const i of spanning) {
    const c = resume!.items.get(i)!;
    pieces.set(i, { result: input.place(i, 0, c.consumed + rowEnd(lastRow(items[i]!)), { blockLimit: cut, atStart: true, token: c.token }), top: 0, consumed: c.consumed });
  }

  const next = new Map<number, ContinuingItem>();
  const fragments: [number, BoxFragment][] = [];
  const firstRowEnd = firstSplits || firstEnd > limit + EPSILON ? cut : firstEnd;
  for (const [i, p] of pieces) {
    const f = p.result.fragment;
    // Not started (no room even at its area's top) or broken: it goes on after the break.
    if (!f) next.set(i, { token: null, consumed: 0 });
    else if (p.result.breakToken) next.set(i, { token: p.result.breakToken, consumed: p.consumed + cut - p.top });
    if (!f) continue;
    const it = items[i]!;
    const continued = p.consumed > 0 && lastRow(it) <= start;
    if (continued && input.stretches(i)) {
      // A stretched item continued in the first row reaches the row's end, grown or not.
      const width = input.areaWidth(i);
      const mb = p.result.breakToken ? 0 : blockMargins(it.box.style, width).bottom;
      const height = Math.max(pieceExtent(f, width), firstRowEnd - f.y - mb);
      fragments.push([i, height > f.height + EPSILON ? { ...f, height } : f]);
    } else fragments.push([i, f]);
  }
  fragments.sort((a, b) => a[0] - b[0]);
  const height = stop.kind === 'split' ? stop.cut : lastHere >= start ? ends[lastHere - start]! : 0;
  const resumeAt: RowsResume | null = stop.kind === 'complete' && next.size === 0
    ? null
    : { rowIndex: nextRow, rowConsumed: stop.kind === 'split' ? (stop.row === start ? consumedHere : 0) + stop.cut - tops[stop.row - start]! : 0, items: next };
  return { fragments: fragments.map((e) => e[1]), indices: fragments.map((e) => e[0]), height, next: resumeAt, pushed: false };
}

/** The block size a continued piece's content reaches (fragmentation may push it past the piece's fixed height). */
function pieceExtent(f: BoxFragment, width: number): number {
  let bottom = 0;
  for (const c of f.children) bottom = Math.max(bottom, c.y + c.height);
  const end = f.isLast ? paddingOf(f.box.style, width).bottom + borderOf(f.box.style).bottom : 0;
  return Math.max(f.height, bottom + end);
}
