// Line boxes beside floats (CSS 2.1 §9.5): each line takes the free inline range of the band
// it occupies, moves down past floats when not even its first word fits there, and places
// the floats met in its text (§9.5.1 rule 6: at the line's top when they fit beside what the
// line holds, else below it). Lines are laid out one by one from a piece index, since their
// widths depend on where they land; only paragraphs that meet a float come here.
import type { BlockBox, BlockLevelBox, InlineFormattingContext } from '../../boxes/types.js';
import type { WhiteSpace } from '../../css/types.js';
import { resolveLength } from '../box-model.js';
import { applyOrphansWidows } from '../break-rules.js';
import { findLineEnd, lineRange } from '../inline/break-lines.js';
import { cutOverflowingLine } from '../inline/text-overflow.js';
import { collectInline } from '../inline/collect.js';
import { layoutInlineContent, piecesOf, releasePieces } from '../inline/layout-inline.js';
import { paragraphBidi } from '../inline/bidi-levels.js';
import { buildLineBox } from '../inline/line-box.js';
import { layoutBounds } from '../inline/metrics.js';
import type { AtomicLayout, FloatPiece, Piece } from '../inline/pieces.js';
import type { BoxFragment, BreakToken, CarriedFloat, LineFragment, LinesBreakToken, PageContext } from '../types.js';
import type { ExclusionSpace, LayoutOpportunity } from './exclusion-space.js';
import { placeFloat, type FloatLayout } from './place.js';

/** A container's content box in its BFC, with the floats placed so far. */
export interface FlowArea {
  readonly exclusions: ExclusionSpace;
  readonly left: number;
  readonly top: number;
}

export interface LinesBesideFloats {
  /** Lines and floats, relative to the container's border box. */
  readonly children: (BoxFragment | LineFragment)[];
  readonly height: number;
  readonly token: LinesBreakToken | null;
  /** Nothing fits: the container moves to the next fragmentainer. */
  readonly pushed: boolean;
  readonly exclusions: ExclusionSpace;
  readonly pushedFloats: readonly CarriedFloat[];
}

export interface LinesInput {
  readonly box: BlockBox;
  readonly ifc: InlineFormattingContext;
  /** The content box width and the block size left for it in the fragmentainer. */
  readonly width: number;
  readonly limit: number;
  readonly atStart: boolean;
  readonly page: PageContext | null;
  readonly token: LinesBreakToken | null;
  /** Where the content box starts inside the border box. */
  readonly origin: { readonly x: number; readonly y: number };
  readonly flow: FlowArea;
  readonly layoutAtomic: AtomicLayout;
  readonly layoutFloat: FloatLayout;
}

/** A float's outcome, with the line it belongs to (it goes where that line goes). */
interface FloatOutcome {
  readonly line: number;
  readonly fragment: BoxFragment | null;
  readonly carried: CarriedFloat | null;
}

export function layoutLinesBesideFloats(input: LinesInput): LinesBesideFloats {
  const { box, ifc, width, limit, page, token, origin, flow, layoutFloat } = input;
  const collected = collectInline(ifc, page);
  const pieces = piecesOf(collected, box.style, width, input.layoutAtomic, page);
  const start = token === null ? 0 : token.piece ?? layoutInlineContent(box, ifc, width, input.layoutAtomic, page).starts[token.lineIndex] ?? pieces.length;
  const indent = resolveLength(box.style.textIndent, width);
  const strut = layoutBounds(box.style);
  // Lines are fitted beside floats at the height of the strut; taller lines keep that range.
  const estimate = strut.bottom - strut.top;
  const right = flow.left + width;
  let exclusions = flow.exclusions;
  const outcomes: FloatOutcome[] = [];
  const lines: LineFragment[] = [];
  const after: ExclusionSpace[] = [];
  const nextPiece: number[] = [];
  /** Where the content after each line starts: its bottom, or below the floats its <br clear> clears. */
  const bottoms: number[] = [];

  const place = (floated: BlockLevelBox, floatToken: BreakToken | null, y: number, line: number, cb = { left: flow.left, right }) => {
    const atStart = input.atStart && y <= 1e-6;
    const r = placeFloat(floated, floatToken, { exclusions, ...cb, top: flow.top + y, end: flow.top + limit, atStart, page }, layoutFloat);
    exclusions = r.exclusions;
    if (r.kind === 'pushed') outcomes.push({ line, fragment: null, carried: { box: floated, token: floatToken, ...cb } });
    else outcomes.push({ line, fragment: r.fragment, carried: r.token ? { box: floated, token: r.token, ...cb } : null });
  };
  // Floats carried from the previous fragmentainer go first, at the top (css-break-3 §4).
  for (const c of token?.floats ?? []) place(c.box, c.token, 0, -1, { left: c.left, right: c.right });

  const opportunityAt = (y: number, height: number): LayoutOpportunity => exclusions.opportunity(flow.top + y, height, flow.left, right);
  const placed = new Set<FloatPiece>();
  let y = 0;
  let pos = start;
  let fit = -1;
  while (pos < pieces.length) {
    const lineNo = lines.length;
    // The lines after the first that does not fit are only needed to count widows.
    if (fit >= 0 && lineNo > fit + box.style.widows) break;
    while (pos < pieces.length && pieces[pos]!.kind === 'float') {
      const p = pieces[pos] as FloatPiece;
      if (!placed.has(p)) place(p.box.box, null, y, lineNo);
      placed.add(p);
      pos++;
    }
    if (pos >= pieces.length) break;
    // Floats after only the opening edges of inline boxes start the line too: placed before
    // its text is fitted, which then goes beside or below them.
    for (let k = pos; k < pieces.length && !isContent(pieces[k]!); k++) {
      const p = pieces[k]!;
      if (p.kind !== 'float' || placed.has(p)) continue;
      place(p.box.box, null, y, lineNo);
      placed.add(p);
    }
    const ind = token === null && lineNo === 0 ? indent : 0;
    const first = firstWordWidth(pieces, pos) + ind;
    const deferred: FloatPiece[] = [];
    let height = estimate;
    let line: LineFragment | null = null;
    let end = pos;
    let opportunity = opportunityAt(y, height);
    // A line taller than the strut is fitted again in the band of its own height (once more at most).
    for (let attempt = 0; attempt < 2 && line === null; attempt++) {
      opportunity = opportunityAt(y, height);
      // A line too short for its first word moves down past floats until it fits (§9.5).
      while (opportunity.narrowed && first > opportunity.right - opportunity.left + 1e-6) {
        const next = exclusions.nextBottomBelow(flow.top + y);
        if (next === null) break;
        y = next - flow.top;
        opportunity = opportunityAt(y, height);
      }
      const beside: number[] = [];
      const lineTop = y;
      let available = opportunity.right - opportunity.left - ind;
      end = findLineEnd(pieces, pos, available, collected.text, (j, used) => {
        const p = pieces[j] as FloatPiece;
        if (placed.has(p) || deferred.includes(p)) return available;
        // Beside this line when it fits next to what the line holds already (some content: the
        // floats before any were placed above), and in text that may not wrap next to the rest
        // of that text too, else below the line.
        const laid = layoutFloat(p.box.box, width, Infinity, true, page, null);
        const floatWidth = laid ? laid.fragment.x + laid.fragment.width + laid.marginRight : 0;
        const room = available - used - floatWidth;
        const unbreakable = wraps(p.box.box.style.whiteSpace) ? 0 : unbreakableAfter(pieces, j, room);
        // After a float that waits below the line, the next ones wait too: none may go higher (rule 5).
        if (deferred.length === 0 && unbreakable <= room + 1e-6 && exclusions.floatFloor <= flow.top + lineTop) {
          placed.add(p);
          beside.push(j);
          place(p.box.box, null, lineTop, lineNo);
          opportunity = opportunityAt(lineTop, height);
          available = opportunity.right - opportunity.left - ind;
        } else deferred.push(p);
        return available;
      });
      end = keepFloatsOnLine(pieces, beside, end);
      // A float that waits for the line's end goes below it only when the line holds it; one
      // after the line's end (a break before the unbreakable text around it) is the next line's.
      for (let k = deferred.length - 1; k >= 0; k--) if (pieces.indexOf(deferred[k]!, pos) >= end) deferred.splice(k, 1);
      const range = cutOverflowingLine(lineRange(pieces.slice(pos, end).filter((p) => p.kind !== 'float'), pos), box.style, available, collected.text);
      const built = buildLineBox(range, { blockStyle: box.style, width: opportunity.right - opportunity.left, isFirstLine: token === null && lineNo === 0, isLastLine: onlyFloatsFrom(pieces, end), y, bidi: paragraphBidi(collected, box.style) });
      const own = built.height > height + 1e-6 ? opportunityAt(y, built.height) : opportunity;
      if (attempt === 0 && (own.left !== opportunity.left || own.right !== opportunity.right)) height = built.height;
      else line = { ...built, x: opportunity.left - flow.left };
    }
    lines.push(line!);
    y += line!.height;
    for (const p of deferred) {
      placed.add(p);
      place(p.box.box, null, y, lineNo);
    }
    // A line ended by <br clear> puts the next line below the floats it clears (CSS 2.1 §9.5.2).
    const last = pieces[end - 1];
    if (last?.kind === 'br' && last.clear !== 'none') y = Math.max(y, exclusions.clearance(last.clear) - flow.top);
    bottoms.push(y);
    after.push(exclusions);
    nextPiece.push(end);
    if (fit < 0 && line!.height > 0 && y > limit + 1e-6) fit = lineNo;
    pos = end;
  }
  const ended = pos >= pieces.length;
  if (fit < 0) fit = lines.length;
  const remaining = ended ? lines.length : lines.length + 1;
  const take = fit < remaining ? applyOrphansWidows(fit, remaining, box, input.atStart) : fit;
  if (take === 0 && lines.length > 0) {
    return { children: [], height: 0, token: null, pushed: true, exclusions: flow.exclusions, pushedFloats: [] };
  }
  const all = take === lines.length && ended;
  const kept = outcomes.filter((o) => all || o.line < take);
  const children: (BoxFragment | LineFragment)[] = [];
  for (const o of kept) if (o.fragment) children.push({ ...o.fragment, x: o.fragment.x - flow.left + origin.x, y: o.fragment.y - flow.top + origin.y });
  for (const l of lines.slice(0, take)) children.push({ ...l, x: l.x + origin.x, y: l.y + origin.y });
  const next: LinesBreakToken | null = all ? null : { kind: 'lines', box, lineIndex: (token?.lineIndex ?? 0) + take, consumedBlockSize: 0, piece: nextPiece[take - 1]! };
  if (all && Number.isFinite(limit)) releasePieces(collected);
  return {
    children,
    height: take > 0 ? bottoms[take - 1]! : 0,
    token: next,
    pushed: false,
    exclusions: all ? exclusions : after[take - 1]!,
    pushedFloats: kept.flatMap((o) => (o.carried ? [o.carried] : [])),
  };
}

/**
 * The width of the text after a float up to the next break opportunity (floats take none),
 * counted only until it passes `room`: beyond that the float does not fit anyway, so the scan
 * stays within one line's worth of pieces.
 */
function unbreakableAfter(pieces: readonly Piece[], float: number, room: number): number {
  let width = 0;
  for (let j = float + 1; j < pieces.length && width <= room + 1e-6; j++) {
    const p = pieces[j]!;
    width += p.width;
    if (p.breakAfter || p.kind === 'br') return width - p.trailingSpace;
  }
  return width;
}

/** Content of a line: text, an atomic inline, a marker (not an inline box's edge or a float). */
function isContent(p: Piece): boolean {
  return p.kind !== 'open' && p.kind !== 'close' && p.kind !== 'float';
}

/** The white-space values that allow soft wrapping (CSS Text 3 §3). */
function wraps(whiteSpace: WhiteSpace): boolean {
  return whiteSpace !== 'nowrap' && whiteSpace !== 'pre';
}

/** The width of the unbreakable run that starts a line at `pos` (floats take none). */
function firstWordWidth(pieces: readonly Piece[], pos: number): number {
  let width = 0;
  for (let j = pos; j < pieces.length; j++) {
    const p = pieces[j]!;
    width += p.width;
    if (p.breakAfter || p.kind === 'br') return width - p.trailingSpace;
  }
  return width;
}

/**
 * Floats placed beside a line while filling it belong to it even when the line breaks before
 * their piece: they move to the line's end, so the next line (maybe on the next page) does not
 * meet them again.
 */
function keepFloatsOnLine(pieces: Piece[], beside: readonly number[], end: number): number {
  const late = beside.filter((j) => j >= end);
  if (late.length === 0) return end;
  const moved = late.map((j) => pieces[j]!);
  for (let k = late.length - 1; k >= 0; k--) pieces.splice(late[k]!, 1);
  pieces.splice(end, 0, ...moved);
  return end + moved.length;
}

function onlyFloatsFrom(pieces: readonly Piece[], from: number): boolean {
  for (let j = from; j < pieces.length; j++) if (pieces[j]!.kind !== 'float') return false;
  return true;
}
