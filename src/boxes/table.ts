// Table box generation (CSS 2.1 §17.2.1): table-internal boxes found by the builder are
// fixed up into complete tables — missing rows, row groups, cells and tables are made
// anonymous, white space between table parts is dropped — and cells get their grid slots
// (HTML §4.9.12 "forming a table", with rowspans clipped to their row group).
import type { ComputedStyle, Display } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import type { ImageResource } from '../paint/types.js';
import { anonymousStyle } from './anonymous-style.js';
import type { AtomicInlineBox, BlockBox, BlockLevelBox, InlineLevelBox, TableBox, TableCell, TableColumn, TableRow, TableRowGroup } from './types.js';

/** A table-internal box as the builder finds it, before the fix-up places it in a table. */
export type TablePart =
  | { readonly kind: 'table-part'; readonly role: 'cell'; readonly box: BlockBox; readonly colSpan: number; readonly rowSpan: number }
  | { readonly kind: 'table-part'; readonly role: 'caption'; readonly box: BlockBox }
  | GroupingPart;

/** A row, row group or column (group): its items still to be sorted into the grid. */
export interface GroupingPart {
  readonly kind: 'table-part';
  readonly role: 'row' | 'row-group' | 'header-group' | 'footer-group' | 'column' | 'column-group';
  readonly style: ComputedStyle;
  readonly element: DomElement | null;
  readonly items: readonly BuildItem[];
  /** The `span` attribute of `<col>`/`<colgroup>`. */
  readonly span: number;
  /** Its `background-image` decoded (BoxBase.backgroundImage). */
  readonly backgroundImage?: ImageResource;
}

/** What the builder produces for one node: level boxes, or table parts still to be fixed up. */
export type BuildItem = BlockLevelBox | InlineLevelBox | TablePart;

/** Makes a block container (a cell or caption) from build items; supplied by the builder. */
export type MakeBlock = (style: ComputedStyle, element: DomElement | null, items: readonly BuildItem[]) => BlockBox;

// HTML §4.9.11: colspan is clamped to 1..1000, rowspan to 0..65534 (0: to the end of the group).
const MAX_COLSPAN = 1000;
const MAX_ROWSPAN = 65534;

/** The role a display value gives a table-internal box, or null for other displays. */
export function tablePartRole(display: Display): TablePart['role'] | null {
  switch (display) {
    case 'table-cell': return 'cell';
    case 'table-caption': return 'caption';
    case 'table-row': return 'row';
    case 'table-row-group': return 'row-group';
    case 'table-header-group': return 'header-group';
    case 'table-footer-group': return 'footer-group';
    case 'table-column': return 'column';
    case 'table-column-group': return 'column-group';
    default: return null;
  }
}

/** `colspan`/`rowspan` of a `<td>`/`<th>`; 1 for anything else. */
export function spanAttribute(element: DomElement | null, name: 'colspan' | 'rowspan'): number {
  const value = element === null || (element.tagName !== 'td' && element.tagName !== 'th') ? undefined : element.attrs.get(name);
  if (value === undefined) return 1;
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return 1;
  if (name === 'colspan') return Math.min(MAX_COLSPAN, Math.max(1, n));
  return Math.min(MAX_ROWSPAN, Math.max(0, n));
}

/** `span` of `<col>`/`<colgroup>` (HTML §4.9.3–4: 1..1000). */
export function columnSpan(element: DomElement | null): number {
  const n = Number.parseInt(element?.attrs.get('span') ?? '', 10);
  return Number.isFinite(n) ? Math.min(MAX_COLSPAN, Math.max(1, n)) : 1;
}

export function isTablePart(item: BuildItem): item is TablePart {
  return item.kind === 'table-part';
}

/**
 * Rule 3 of §17.2.1 in a non-table parent: each run of table parts (white space between them
 * included) goes into an anonymous table — an inline-table (atomic) when the parent is inline.
 */
export function wrapStrayParts(items: readonly BuildItem[], parent: ComputedStyle, inline: boolean, makeBlock: MakeBlock): (BlockLevelBox | InlineLevelBox)[] {
  if (!items.some(isTablePart)) return items as (BlockLevelBox | InlineLevelBox)[];
  const out: (BlockLevelBox | InlineLevelBox)[] = [];
  for (let i = 0; i < items.length;) {
    const item = items[i]!;
    if (!isTablePart(item)) {
      out.push(item);
      i++;
      continue;
    }
    let end = i + 1;
    while (end < items.length) {
      const next = items[end]!;
      if (isTablePart(next)) end++;
      else if (isCollapsibleSpace(next) && end + 1 < items.length && isTablePart(items[end + 1]!)) end += 2;
      else break;
    }
    const style = anonymousStyle(parent, inline ? 'inline-table' : 'table');
    const table = buildTable(style, null, items.slice(i, end), makeBlock);
    out.push(inline ? ({ kind: 'atomic', style, element: null, box: table } satisfies AtomicInlineBox) : table);
    i = end;
  }
  return out;
}

/** A table from the items of a `display: table` (or inline-table) element. */
export function buildTable(style: ComputedStyle, element: DomElement | null, items: readonly BuildItem[], makeBlock: MakeBlock): TableBox {
  const captions: BlockBox[] = [];
  const columns: TableColumn[] = [];
  const groups: { role: 'header-group' | 'footer-group' | 'row-group'; group: TableRowGroup }[] = [];
  let loose: BuildItem[] = [];
  const flushLoose = () => {
    if (loose.some((item) => !isCollapsibleSpace(item))) {
      const anon = anonymousStyle(style, 'table-row-group');
      groups.push({ role: 'row-group', group: rowGroup({ style: anon, element: null }, loose, makeBlock) });
    }
    loose = [];
  };
  for (const item of items) {
    if (!isTablePart(item) || item.role === 'row' || item.role === 'cell') {
      loose.push(item);
      continue;
    }
    flushLoose();
    if (item.role === 'caption') captions.push(item.box);
    else if (item.role === 'column') columns.push(...columnsOf(item, null));
    else if (item.role === 'column-group') columns.push(...columnGroup(item));
    else groups.push({ role: item.role, group: rowGroup(item, item.items, makeBlock) });
  }
  flushLoose();
  // CSS 2.1 §17.2: only the first header and footer groups are special; the others are bodies.
  const headerIndex = groups.findIndex((g) => g.role === 'header-group');
  const footerIndex = groups.findIndex((g) => g.role === 'footer-group');
  const bodies = groups.filter((_, i) => i !== headerIndex && i !== footerIndex).map((g) => g.group);
  const header = headerIndex >= 0 ? groups[headerIndex]!.group : null;
  const footer = footerIndex >= 0 ? groups[footerIndex]!.group : null;
  const columnCount = Math.max(columns.length, ...[header, footer, ...bodies].map((g) => (g ? groupColumnCount(g) : 0)));
  return { kind: 'table', style, element, captions, columns, header, footer, bodies, columnCount };
}

/** `<col span=n>` stands for n columns (a column outside a group has none). */
function columnsOf(part: GroupingPart, group: TableColumn['group']): TableColumn[] {
  return Array.from({ length: part.span }, () => ({ style: part.style, element: part.element, group, ...withImage(part) }));
}

/** A column group's columns: its `<col>` children, or `span` bare columns when it has none. */
function columnGroup(part: GroupingPart): TableColumn[] {
  const group = { style: part.style, element: part.element, ...withImage(part) };
  const cols = part.items.filter((i): i is GroupingPart => isTablePart(i) && i.role === 'column');
  if (cols.length === 0) return Array.from({ length: part.span }, () => ({ style: null, element: null, group }));
  return cols.flatMap((col) => columnsOf(col, group));
}

/** The decoded background image of a part, to spread into the box made from it. */
function withImage(part: { readonly backgroundImage?: ImageResource }): { backgroundImage?: ImageResource } {
  return part.backgroundImage ? { backgroundImage: part.backgroundImage } : {};
}

/** What a row or row group box is made from besides its content. */
interface PartOrigin {
  readonly style: ComputedStyle;
  readonly element: DomElement | null;
  readonly backgroundImage?: ImageResource;
}

/** A row group: its rows, with runs of cells and other content wrapped in anonymous rows. */
function rowGroup(origin: PartOrigin, items: readonly BuildItem[], makeBlock: MakeBlock): TableRowGroup {
  const { style, element } = origin;
  const rows: (PartOrigin & { items: readonly BuildItem[] })[] = [];
  let loose: BuildItem[] = [];
  const flushLoose = () => {
    if (loose.some((item) => !isCollapsibleSpace(item))) rows.push({ style: anonymousStyle(style, 'table-row'), element: null, items: loose });
    loose = [];
  };
  for (const item of items) {
    if (isTablePart(item) && item.role === 'row') {
      flushLoose();
      rows.push(item);
    } else loose.push(item);
  }
  flushLoose();
  return { kind: 'table-row-group', style, element, ...withImage(origin), rows: placeCells(rows.map((r) => rowCells(r.style, r.items, makeBlock)), rows) };
}

interface UnplacedCell {
  readonly box: BlockBox;
  readonly colSpan: number;
  readonly rowSpan: number;
}

/** A row's cells, with runs of other content wrapped in anonymous cells. */
function rowCells(style: ComputedStyle, items: readonly BuildItem[], makeBlock: MakeBlock): UnplacedCell[] {
  const cells: UnplacedCell[] = [];
  let loose: BuildItem[] = [];
  const flushLoose = () => {
    if (loose.some((item) => !isCollapsibleSpace(item))) {
      cells.push({ box: makeBlock(anonymousStyle(style, 'table-cell'), null, loose), colSpan: 1, rowSpan: 1 });
    }
    loose = [];
  };
  for (const item of items) {
    if (isTablePart(item) && item.role === 'cell') {
      flushLoose();
      cells.push(item);
    } else loose.push(item);
  }
  flushLoose();
  return cells;
}

/**
 * Slots for the cells of one row group (HTML §4.9.12): each cell takes the first column not
 * covered by a rowspan from a row above; rowspans stop at the group's last row.
 */
function placeCells(rows: readonly UnplacedCell[][], meta: readonly PartOrigin[]): TableRow[] {
  // covered[c] = number of further rows that column c stays covered by a rowspan.
  const covered: number[] = [];
  return rows.map((cells, r) => {
    const remaining = rows.length - r;
    let column = 0;
    // map(), not push(): an exact-size array for the tree, which lives for the render.
    const placed = cells.map((cell): TableCell => {
      while ((covered[column] ?? 0) > 0) column++;
      const rowSpan = cell.rowSpan === 0 ? remaining : Math.min(cell.rowSpan, remaining);
      const at = column;
      for (let c = at; c < at + cell.colSpan; c++) covered[c] = Math.max(covered[c] ?? 0, rowSpan);
      column += cell.colSpan;
      return { box: cell.box, column: at, colSpan: cell.colSpan, rowSpan };
    });
    for (let c = 0; c < covered.length; c++) if ((covered[c] ?? 0) > 0) covered[c]!--;
    return { kind: 'table-row', style: meta[r]!.style, element: meta[r]!.element, ...withImage(meta[r]!), cells: placed };
  });
}

function groupColumnCount(group: TableRowGroup): number {
  let count = 0;
  for (const row of group.rows) for (const cell of row.cells) count = Math.max(count, cell.column + cell.colSpan);
  return count;
}

/** White space that collapses away (rule 1 of §17.2.1 drops it between table parts). */
export function isCollapsibleSpace(item: BuildItem): boolean {
  return item.kind === 'text' && !PRESERVED_SPACES.has(item.style.whiteSpace) && isBlank(item.text);
}

const PRESERVED_SPACES: ReadonlySet<string> = new Set(['pre', 'pre-wrap', 'break-spaces']);

/** Only document white space (CSS Text 3 §4.1); stops at the first other character. */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch !== 0x20 && ch !== 0x09 && ch !== 0x0a && ch !== 0x0d && ch !== 0x0c) return false;
  }
  return true;
}
