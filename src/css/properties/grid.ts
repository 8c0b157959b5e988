// Grid properties (css-grid-1 §7, §8): the explicit grid's tracks and areas, implicit track
// sizes, auto-placement flow and each item's placement lines, with their shorthands.
import type { GridAutoRepeat, GridLine, GridSubgrid, GridTemplateAreas, GridTrackBreadth, GridTrackList, GridTrackSize } from '../types.js';
import { keywordOf, type Component } from '../values/components.js';
import { constant, type ComputeContext, type Computer } from '../values/context.js';
import { parseInteger, parseLengthPercentage } from '../values/length.js';
import { longhand, type Expansion, type LonghandDef, type ShorthandDef } from './registry.js';

/** Line numbers and spans are clamped here, as browsers clamp them (css-grid-1 §8.3 allows a limit). */
export const MAX_GRID_LINE = 1000;
/** Tracks an integer repeat() may expand to: a bound on the work one declaration can ask for. */
const MAX_REPEATED_TRACKS = 10_000;

const AUTO_LINE: GridLine = { kind: 'auto' };

function splitSlash(items: readonly Component[]): (readonly Component[])[] {
  const out: Component[][] = [[]];
  for (const c of items) {
    if (c.type === 'op' && c.value === '/') out.push([]);
    else out[out.length - 1]!.push(c);
  }
  return out;
}

// --- Track sizes (§7.2.1) -------------------------------------------------------------

function parseBreadth(c: Component, allowFr: boolean): Computer<GridTrackBreadth> | null {
  const word = keywordOf(c);
  if (word === 'auto' || word === 'min-content' || word === 'max-content') return constant(word);
  if (c.type === 'dimension' && c.unit === 'fr') return allowFr && c.value >= 0 ? constant({ fr: c.value }) : null;
  return parseLengthPercentage(c);
}

/** A `<fixed-breadth>` as written: a length-percentage, not `fr` nor a keyword. */
function isFixedBreadth(c: Component | undefined): boolean {
  return c !== undefined && keywordOf(c) === null && !(c.type === 'dimension' && c.unit === 'fr') && parseLengthPercentage(c) !== null;
}

/** `<fixed-size>` (§7.2.3.1): what an auto-repeat may hold. */
function isFixedSize(c: Component): boolean {
  if (c.type === 'function' && c.name === 'minmax') {
    const [min, , max] = c.args;
    return isFixedBreadth(min) || (isFixedBreadth(max) && !(min?.type === 'dimension' && min.unit === 'fr'));
  }
  return isFixedBreadth(c);
}

function parseTrackSize(c: Component): Computer<GridTrackSize> | null {
  if (c.type === 'function' && c.name === 'minmax') {
    const args = c.args.filter((a) => !(a.type === 'op' && a.value === ','));
    if (args.length !== 2 || c.args.length !== 3) return null;
    const min = parseBreadth(args[0]!, false);
    const max = parseBreadth(args[1]!, true);
    return min && max && ((ctx) => ({ min: min(ctx), max: max(ctx), fitContent: null }));
  }
  if (c.type === 'function' && c.name === 'fit-content') {
    const limit = c.args.length === 1 ? parseLengthPercentage(c.args[0]) : null;
    return limit && ((ctx) => ({ min: 'auto', max: 'max-content', fitContent: limit(ctx) }));
  }
  const breadth = parseBreadth(c, true);
  if (breadth === null) return null;
  return (ctx) => {
    const b = breadth(ctx);
    // A flexible breadth alone is minmax(auto, <flex>) (§7.2.1).
    return { min: typeof b === 'object' && 'fr' in b ? 'auto' : b, max: b, fitContent: null };
  };
}

function lineNames(c: Component): string[] | null {
  if (c.type !== 'brackets') return null;
  const names: string[] = [];
  for (const item of c.items) {
    const word = keywordOf(item);
    if (item.type !== 'ident' || word === 'span' || word === 'auto') return null;
    names.push(item.value);
  }
  return names;
}

/** A track list with computers still in it. */
interface ParsedList {
  tracks: Computer<GridTrackSize>[];
  lines: string[][];
  autoRepeat: { type: 'auto-fill' | 'auto-fit'; index: number; tracks: Computer<GridTrackSize>[]; lines: string[][] } | null;
}

function parseTrackItems(items: readonly Component[], allowRepeat: boolean): ParsedList | null {
  const list: ParsedList = { tracks: [], lines: [[]], autoRepeat: null };
  for (const c of items) {
    const names = lineNames(c);
    if (names) {
      list.lines[list.lines.length - 1]!.push(...names);
      continue;
    }
    if (c.type === 'function' && c.name === 'repeat') {
      if (!allowRepeat || !addRepeat(list, c.args)) return null;
      continue;
    }
    const size = parseTrackSize(c);
    if (size === null) return null;
    list.tracks.push(size);
    list.lines.push([]);
  }
  return list.tracks.length > 0 || list.autoRepeat ? list : null;
}

function addRepeat(list: ParsedList, args: readonly Component[]): boolean {
  const comma = args.findIndex((a) => a.type === 'op' && a.value === ',');
  if (comma !== 1) return false;
  const inner = parseTrackItems(args.slice(2), false);
  if (inner === null || inner.tracks.length === 0) return false;
  const word = keywordOf(args[0]);
  if (word === 'auto-fill' || word === 'auto-fit') {
    // One auto-repeat per list, of fixed sizes only (§7.2.3.2).
    if (list.autoRepeat || !args.slice(2).every((c) => c.type === 'brackets' || isFixedSize(c))) return false;
    list.autoRepeat = { type: word, index: list.tracks.length, tracks: inner.tracks, lines: inner.lines };
    // The line after the repetitions gets its own entry (see GridTrackList).
    list.lines.push([]);
    return true;
  }
  const count = parseInteger(args[0]);
  if (count === null || count < 1) return false;
  const times = Math.min(count, Math.floor(MAX_REPEATED_TRACKS / inner.tracks.length));
  for (let r = 0; r < times; r++) {
    list.lines[list.lines.length - 1]!.push(...inner.lines[0]!);
    inner.tracks.forEach((t, j) => {
      list.tracks.push(t);
      list.lines.push([...inner.lines[j + 1]!]);
    });
  }
  return true;
}

function computeList(list: ParsedList, ctx: ComputeContext): GridTrackList {
  const repeat = list.autoRepeat;
  const autoRepeat: GridAutoRepeat | null = repeat && { type: repeat.type, index: repeat.index, tracks: repeat.tracks.map((t) => t(ctx)), lines: repeat.lines };
  return { tracks: list.tracks.map((t) => t(ctx)), lines: list.lines, autoRepeat };
}

/** `subgrid <line-name-list>?`: line names, `repeat(<integer> | auto-fill, <line-names>+)` among them (css-grid-2 §9). */
function parseSubgrid(items: readonly Component[]): GridSubgrid | null {
  const lines: string[][] = [];
  let autoRepeat: GridSubgrid['autoRepeat'] = null;
  for (const c of items.slice(1)) {
    const names = lineNames(c);
    if (names) {
      lines.push(names);
      continue;
    }
    if (c.type !== 'function' || c.name !== 'repeat') return null;
    const comma = c.args.findIndex((a) => a.type === 'op' && a.value === ',');
    const inner = c.args.slice(comma + 1).map(lineNames);
    if (comma !== 1 || inner.length === 0 || inner.some((n) => n === null)) return null;
    const repeated = inner as string[][];
    if (keywordOf(c.args[0]) === 'auto-fill') {
      if (autoRepeat) return null;
      autoRepeat = { index: lines.length, lines: repeated };
      continue;
    }
    const count = parseInteger(c.args[0]);
    if (count === null || count < 1) return null;
    for (let r = 0; r < Math.min(count, Math.floor(MAX_GRID_LINE / repeated.length)); r++) lines.push(...repeated.map((n) => [...n]));
  }
  return { subgrid: true, lines: lines.slice(0, MAX_GRID_LINE + 1), autoRepeat };
}

function parseTrackList(items: readonly Component[]): Computer<GridTrackList | GridSubgrid | 'none'> | null {
  if (items.length === 1 && keywordOf(items[0]) === 'none') return constant('none');
  if (keywordOf(items[0]) === 'subgrid') {
    const subgrid = parseSubgrid(items);
    return subgrid && constant(subgrid);
  }
  const list = parseTrackItems(items, true);
  return list && ((ctx) => computeList(list, ctx));
}

function parseAutoTracks(items: readonly Component[]): Computer<readonly GridTrackSize[]> | null {
  if (items.length === 0) return null;
  const sizes = items.map(parseTrackSize);
  if (sizes.some((s) => s === null)) return null;
  return (ctx) => sizes.map((s) => s!(ctx));
}

// --- Areas (§7.3) -------------------------------------------------------------------------

/** The area names of one row string: a name per column, null for a null cell token (`.`). */
function areaRow(text: string): (string | null)[] | null {
  const out: (string | null)[] = [];
  for (const token of text.trim().split(/[ \t\n\r\f]+/)) {
    if (token === '') continue;
    if (/^\.+$/.test(token)) out.push(null);
    else if (/^[-_a-zA-Z0-9\u0080-\uFFFF]+$/.test(token)) out.push(token);
    else return null; // a trash token makes the declaration invalid
  }
  return out;
}

export function parseAreaStrings(rows: readonly string[]): GridTemplateAreas | null {
  const cells = rows.map(areaRow);
  const columns = cells[0]?.length ?? 0;
  if (columns === 0 || cells.some((r) => r === null || r.length !== columns)) return null;
  const areas = new Map<string, { rowStart: number; rowEnd: number; columnStart: number; columnEnd: number; count: number }>();
  cells.forEach((row, r) => row!.forEach((name, c) => {
    if (name === null) return;
    const a = areas.get(name);
    if (!a) areas.set(name, { rowStart: r, rowEnd: r + 1, columnStart: c, columnEnd: c + 1, count: 1 });
    else {
      a.rowStart = Math.min(a.rowStart, r);
      a.rowEnd = Math.max(a.rowEnd, r + 1);
      a.columnStart = Math.min(a.columnStart, c);
      a.columnEnd = Math.max(a.columnEnd, c + 1);
      a.count++;
    }
  }));
  // Each area must be one filled rectangle.
  const out = new Map<string, { rowStart: number; rowEnd: number; columnStart: number; columnEnd: number }>();
  for (const [name, a] of areas) {
    if (a.count !== (a.rowEnd - a.rowStart) * (a.columnEnd - a.columnStart)) return null;
    out.set(name, { rowStart: a.rowStart, rowEnd: a.rowEnd, columnStart: a.columnStart, columnEnd: a.columnEnd });
  }
  return { rows: cells.length, columns, areas: out };
}

function parseAreas(items: readonly Component[]): Computer<GridTemplateAreas | 'none'> | null {
  if (items.length === 1 && keywordOf(items[0]) === 'none') return constant('none');
  if (items.length === 0 || items.some((c) => c.type !== 'string')) return null;
  const areas = parseAreaStrings(items.map((c) => (c as { value: string }).value));
  return areas && constant(areas);
}

// --- Auto flow (§7.7) -----------------------------------------------------------------------

function parseAutoFlow(items: readonly Component[]): Computer<{ column: boolean; dense: boolean }> | null {
  const words = items.map(keywordOf);
  if (words.length < 1 || words.length > 2 || new Set(words).size !== words.length) return null;
  let column = false;
  let dense = false;
  let direction = false;
  for (const w of words) {
    if (w === 'row' || w === 'column') {
      if (direction) return null;
      direction = true;
      column = w === 'column';
    } else if (w === 'dense') dense = true;
    else return null;
  }
  return constant({ column, dense });
}

// --- Placement lines (§8.3) -------------------------------------------------------------

function customIdent(c: Component): string | null {
  const word = keywordOf(c);
  if (c.type !== 'ident' || word === 'span' || word === 'auto' || word === 'inherit' || word === 'initial' || word === 'unset' || word === 'default') return null;
  return c.value;
}

/** `auto | <custom-ident> | [<integer> && <custom-ident>?] | [span && [<integer> || <custom-ident>]]`. */
export function parseGridLine(items: readonly Component[]): GridLine | null {
  if (items.length === 1 && keywordOf(items[0]) === 'auto') return AUTO_LINE;
  if (items.length === 0 || items.length > 3) return null;
  let span = false;
  let integer: number | null = null;
  let name: string | null = null;
  for (const c of items) {
    if (keywordOf(c) === 'span') {
      if (span) return null;
      span = true;
    } else if (c.type === 'number') {
      if (integer !== null || !c.integer) return null;
      integer = c.value;
    } else {
      const ident = customIdent(c);
      if (ident === null || name !== null) return null;
      name = ident;
    }
  }
  // `span` stands first or last, never between the number and the name.
  if (span && items.length === 3 && keywordOf(items[1]) === 'span') return null;
  if (span) {
    if (integer !== null && integer <= 0) return null;
    if (integer === null && name === null) return null;
    return { kind: 'span', count: Math.min(integer ?? 1, MAX_GRID_LINE), name };
  }
  if (integer === 0) return null;
  if (integer === null) return name === null ? null : { kind: 'line', index: 0, name };
  return { kind: 'line', index: Math.max(-MAX_GRID_LINE, Math.min(MAX_GRID_LINE, integer)), name };
}

function lineLonghand(name: string, field: 'gridRowStart' | 'gridRowEnd' | 'gridColumnStart' | 'gridColumnEnd'): LonghandDef {
  return longhand(name, field, false, (items) => {
    const line = parseGridLine(items);
    return line && constant(line);
  });
}

export const GRID_LONGHANDS: readonly LonghandDef[] = [
  longhand('grid-template-columns', 'gridTemplateColumns', false, parseTrackList),
  longhand('grid-template-rows', 'gridTemplateRows', false, parseTrackList),
  longhand('grid-template-areas', 'gridTemplateAreas', false, parseAreas),
  longhand('grid-auto-columns', 'gridAutoColumns', false, parseAutoTracks),
  longhand('grid-auto-rows', 'gridAutoRows', false, parseAutoTracks),
  longhand('grid-auto-flow', 'gridAutoFlow', false, parseAutoFlow),
  lineLonghand('grid-row-start', 'gridRowStart'),
  lineLonghand('grid-row-end', 'gridRowEnd'),
  lineLonghand('grid-column-start', 'gridColumnStart'),
  lineLonghand('grid-column-end', 'gridColumnEnd'),
];

// --- Shorthands (§7.4, §7.8, §8.4) --------------------------------------------------------

/** An omitted end line copies a lone custom-ident start (§8.4), else is auto. */
function impliedEnd(start: GridLine): GridLine {
  return start.kind === 'line' && start.index === 0 ? start : AUTO_LINE;
}

function expandLines(names: readonly string[]): (items: readonly Component[]) => Expansion | null {
  return (items) => {
    const parts = splitSlash(items);
    if (parts.length > names.length) return null;
    const lines: GridLine[] = [];
    for (const part of parts) {
      const line = parseGridLine(part);
      if (line === null) return null;
      lines.push(line);
    }
    // grid-area: column-start copies row-start, row-end copies row-start, column-end copies column-start.
    const source = names.length === 4 ? [0, 0, 0, 1] : [0, 0];
    for (let i = lines.length; i < names.length; i++) lines.push(impliedEnd(lines[source[i]!]!));
    return new Map(names.map((n, i) => [n, constant(lines[i]!)]));
  };
}

const TEMPLATE_LONGHANDS = ['grid-template-rows', 'grid-template-columns', 'grid-template-areas'];

/**
 * `grid-template: none | <rows> / <columns> | [ <line-names>? <string> <track-size>? <line-names>? ]+ [ / <explicit-track-list> ]?`.
 */
function expandTemplate(items: readonly Component[]): Map<string, Computer<unknown>> | null {
  if (items.length === 1 && keywordOf(items[0]) === 'none') {
    return new Map(TEMPLATE_LONGHANDS.map((n) => [n, constant('none')]));
  }
  const parts = splitSlash(items);
  if (parts.length > 2) return null;
  if (!parts[0]!.some((c) => c.type === 'string')) {
    if (parts.length !== 2) return null;
    const rows = parseTrackList(parts[0]!);
    const columns = parseTrackList(parts[1]!);
    return rows && columns && new Map<string, Computer<unknown>>([['grid-template-rows', rows], ['grid-template-columns', columns], ['grid-template-areas', constant('none')]]);
  }
  // The areas form: each string is a row, optionally with its size and line names around it.
  const strings: string[] = [];
  const rowItems: Component[] = [];
  let sized = true;
  for (const c of parts[0]!) {
    if (c.type === 'string') {
      if (!sized) rowItems.push({ type: 'ident', value: 'auto', lower: 'auto' });
      strings.push(c.value);
      sized = false;
    } else if (c.type === 'brackets') rowItems.push(c);
    else {
      if (sized) return null;
      rowItems.push(c);
      sized = true;
    }
  }
  if (!sized) rowItems.push({ type: 'ident', value: 'auto', lower: 'auto' });
  // Line names stand around each row: two lists in a row merge into one line.
  const rows = parseTrackItems(rowItems, false);
  const areas = parseAreaStrings(strings);
  if (rows === null || areas === null || rows.tracks.length !== strings.length) return null;
  const columns = parts.length === 2 ? parseTrackItems(parts[1]!, true) : null;
  if (parts.length === 2 && (columns === null || columns.autoRepeat)) return null;
  return new Map<string, Computer<unknown>>([
    ['grid-template-rows', (ctx) => computeList(rows, ctx)],
    ['grid-template-columns', columns ? (ctx) => computeList(columns, ctx) : constant('none')],
    ['grid-template-areas', constant(areas)],
  ]);
}

/** `grid: <grid-template> | <rows> / [auto-flow && dense?] <auto-columns>? | [auto-flow && dense?] <auto-rows>? / <columns>` (§7.8). */
function expandGrid(items: readonly Component[]): Expansion | null {
  const auto = new Map<string, Computer<unknown>>([
    ['grid-auto-rows', constant([{ min: 'auto', max: 'auto', fitContent: null }])],
    ['grid-auto-columns', constant([{ min: 'auto', max: 'auto', fitContent: null }])],
    ['grid-auto-flow', constant({ column: false, dense: false })],
  ]);
  const template = expandTemplate(items);
  if (template) return new Map([...template, ...auto]);
  const parts = splitSlash(items);
  if (parts.length !== 2) return null;
  const flowSide = parts.findIndex((p) => p.some((c) => keywordOf(c) === 'auto-flow'));
  if (flowSide === -1) return null;
  const side = parts[flowSide]!;
  const dense = side.some((c) => keywordOf(c) === 'dense');
  const sizes = side.filter((c) => keywordOf(c) !== 'auto-flow' && keywordOf(c) !== 'dense');
  if (side.length - sizes.length !== (dense ? 2 : 1)) return null;
  const autoSizes = sizes.length > 0 ? parseAutoTracks(sizes) : constant([{ min: 'auto', max: 'auto', fitContent: null }]);
  const other = parseTrackList(parts[1 - flowSide]!);
  if (autoSizes === null || other === null) return null;
  const column = flowSide === 1;
  const out = new Map<string, Computer<unknown>>(auto);
  out.set('grid-auto-flow', constant({ column, dense }));
  out.set(column ? 'grid-auto-columns' : 'grid-auto-rows', autoSizes);
  out.set(column ? 'grid-template-rows' : 'grid-template-columns', other);
  out.set(column ? 'grid-template-columns' : 'grid-template-rows', constant('none'));
  out.set('grid-template-areas', constant('none'));
  return out;
}

export const GRID_SHORTHANDS: readonly ShorthandDef[] = [
  { name: 'grid-row', longhands: ['grid-row-start', 'grid-row-end'], expand: expandLines(['grid-row-start', 'grid-row-end']) },
  { name: 'grid-column', longhands: ['grid-column-start', 'grid-column-end'], expand: expandLines(['grid-column-start', 'grid-column-end']) },
  {
    name: 'grid-area',
    longhands: ['grid-row-start', 'grid-column-start', 'grid-row-end', 'grid-column-end'],
    expand: expandLines(['grid-row-start', 'grid-column-start', 'grid-row-end', 'grid-column-end']),
  },
  { name: 'grid-template', longhands: TEMPLATE_LONGHANDS, expand: expandTemplate },
  { name: 'grid', longhands: [...TEMPLATE_LONGHANDS, 'grid-auto-rows', 'grid-auto-columns', 'grid-auto-flow'], expand: expandGrid },
];
