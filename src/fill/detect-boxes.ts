// Finding where a PDF without a form is meant to be filled in: blanks typed as underscores
// ("Name: ______"), drawn rule lines, empty boxes (small squares are checkboxes) and empty table
// cells next to a label cell. Each gets a label (the text beside it) and a type guessed from
// that label. Read with pdf.js: text items with their positions, and the paths of the operator
// list (axis-aligned lines and rectangles; curves are ignored).

import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { camelCaseId, uniqueIds } from './alias-id.js';
import { MAX_FIELDS } from './limits.js';
import { openPdfjs } from './pdf-check.js';
import type { CastField, CastFieldType, FieldRect } from './types.js';

/** The kinds detection assigns: the Cast types, plus the signing kinds of the embedded builder (spec §2.3). */
export type DetectedFieldType = CastFieldType | 'signature' | 'initial' | 'signatureDate';

export type DetectionSource = 'underscores' | 'line' | 'box' | 'tableCell';

export interface DetectedField {
  /** The text naming the blank; `Field N` when there is none near it. */
  readonly label: string;
  readonly type: DetectedFieldType;
  /** 0-based page index. */
  readonly pageNum: number;
  /** Where a value goes: PDF points from the bottom-left corner of the page's visible box. */
  readonly rect: FieldRect;
  readonly source: DetectionSource;
}

export interface DetectOptions {
  /** Pages read, from the first (at most MAX_DETECT_PAGES). */
  readonly maxPages?: number;
  /** Fields returned (at most MAX_FIELDS). */
  readonly maxFields?: number;
}

/** Pages read at most: detection is a hint for a person placing fields, not worth minutes of work. */
export const MAX_DETECT_PAGES = 200;
/** Text items read per page. */
export const MAX_TEXT_ITEMS_PER_PAGE = 20_000;
/** Operators of a page's content walked for paths. */
export const MAX_OPS_PER_PAGE = 200_000;
/** Horizontal (and, separately, vertical) line segments kept per page. */
const MAX_SEGMENTS = 5_000;
/** Distinct x (or y) positions of one connected group of lines analysed as a grid. */
const MAX_GRID = 150;
/** Coordinates closer than this are the same line or corner, pt. */
const TOL = 1.5;

/** The blanks of the first pages of `pdf`, top to bottom and left to right on each page. Rejects with a TemplatePdfError. */
export async function detectFieldBoxes(pdf: Uint8Array, options: DetectOptions = {}): Promise<DetectedField[]> {
  const maxPages = bounded(options.maxPages, MAX_DETECT_PAGES);
  const maxFields = bounded(options.maxFields, MAX_FIELDS);
  const doc = await openPdfjs(pdf);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs'); // already loaded by openPdfjs
  const found: Candidate[][] = [];
  let count = 0;
  try {
    for (let index = 0; index < Math.min(doc.numPages, maxPages) && count < maxFields; index++) {
      const onPage = await detectOnPage(doc, index, pdfjs);
      found.push(onPage);
      count += onPage.length;
    }
  } finally {
    await doc.destroy();
  }
  return withLabels(found.flat().slice(0, maxFields));
}

/** Cast fields for detected blanks: aliasId the unique camelCase of the label, name the label. */
export function detectedToCastFields(fields: readonly DetectedField[]): CastField[] {
  const aliasIds = uniqueIds(fields.map((field) => camelCaseId(field.label)));
  return fields.map((field, i) => ({
    id: aliasIds[i]!,
    aliasId: aliasIds[i]!,
    name: field.label,
    type: castFieldTypeOf(field.type),
    pageNum: field.pageNum,
    rect: field.rect,
  }));
}

/**
 * The Cast type that holds a detected kind: a detected signing blank stays fillable, as text
 * (its date as a date) — a Cast's own `signature` and `initial` fields are never filled.
 */
export function castFieldTypeOf(type: DetectedFieldType): CastFieldType {
  if (type === 'signatureDate') return 'date';
  if (type === 'signature' || type === 'initial') return 'shortText';
  return type;
}

const NAME_QUALIFIERS =
  /\b(company|business|entity|organi[sz]ation|org|firm|employer|bank|product|file|user|account|street|city|state|country|first|last|middle|given|family|maiden|project|school|property|brand|trade|event|program)\b/;

/** Keyword rules over the label, case and accents ignored; the first that matches wins. */
const TYPE_RULES: ReadonlyArray<readonly [RegExp, DetectedFieldType | ((label: string) => DetectedFieldType)]> = [
  [/\b(sign|signed|signature)\b.*\bdated?\b|\bdated?\b.*\b(sign|signed|signature)\b/, 'signatureDate'],
  [/\b(date|dated|dob|d o b|birth|birthdate|birthday)\b/, 'date'],
  [/\be ?mail\b/, 'email'],
  [/\b(signature|sign here|signed|sign)\b/, 'signature'],
  [/\binitials?\b/, 'initial'],
  [/\b(ssn|social security)\b/, 'ssn'],
  [/\b(ein|fein|employer identification)\b/, 'ein'],
  [/\b(zip|postal|postcode)\b/, 'shortText'],
  [/\b(phone|telephone|tel|mobile|cell|fax)\b/, 'phone'],
  [/\b(address|addr)\b/, (label) => (/\b(ip|web|url|mac)\b/.test(label) ? 'shortText' : 'usAddress')],
  [/\$|\b(amount|amt|total|price|cost|fee|fees|payment|salary|balance)\b/, 'dollar'],
  [/\bname\b/, (label) => (NAME_QUALIFIERS.test(label) ? 'shortText' : 'fullName')],
];

/** The type a label suggests (shortText when nothing does). */
export function guessFieldType(label: string): DetectedFieldType {
  const words = label.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9$]+/g, ' ');
  for (const [pattern, type] of TYPE_RULES) {
    if (pattern.test(words)) return typeof type === 'function' ? type(words) : type;
  }
  return 'shortText';
}

// ---- One page -------------------------------------------------------------------------------

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

interface Candidate {
  readonly label: string | undefined;
  readonly type: DetectedFieldType;
  readonly pageNum: number;
  readonly rect: FieldRect;
  readonly source: DetectionSource;
}

/** The blanks of one page; a page pdf.js cannot read has none (detection is best effort). */
async function detectOnPage(doc: { getPage(n: number): Promise<PDFPageProxy> }, pageNum: number, pdfjs: Pdfjs): Promise<Candidate[]> {
  const page = await doc.getPage(pageNum + 1).catch(() => undefined);
  if (!page) return [];
  let read;
  try {
    read = {
      view: page.view as [number, number, number, number],
      items: (await page.getTextContent()).items as unknown[],
      ops: await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE }),
    };
  } catch {
    return [];
  } finally {
    page.cleanup();
  }
  const [x1, y1, x2, y2] = read.view;
  const view: FieldRect = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
  const text = readText(read.items, view);
  const grid = findCells(readPaths(read.ops, pdfjs.OPS, view), view);
  const layout = new TextLayout([...text.pieces, ...text.blanks.map((b): Piece => ({ ...b, text: '', blank: true }))]);
  const candidates = [
    ...underscoreFields(text.blanks, layout, view),
    ...lineFields(grid.freeLines, layout, view),
    ...cellFields(grid.cells, layout),
  ].map((c) => ({ ...c, pageNum }));
  return inReadingOrder(withoutOverlaps(candidates));
}

// ---- Text: label pieces and underscore blanks ------------------------------------------------

/** A run of text on one baseline (no underscore blanks in it), page coordinates. */
interface Piece {
  readonly text: string;
  readonly x: number;
  readonly right: number;
  readonly baseline: number;
  readonly size: number;
  /** A blank, kept among the text so that a label is never looked for across another blank. */
  readonly blank?: true;
}

type Blank = Omit<Piece, 'text' | 'blank'>;

interface TextItemLike {
  readonly str: string;
  readonly transform: readonly number[];
  readonly width: number;
}

function isTextItem(item: unknown): item is TextItemLike {
  const it = item as Partial<TextItemLike>;
  return typeof it?.str === 'string' && Array.isArray(it.transform) && it.transform.length === 6 && typeof it.width === 'number';
}

/** Helvetica advance widths (1/1000 em) of ASCII 32–126: where in an item a blank starts. */
const HELVETICA = (
  '278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 278 278 584 584 ' +
  '584 556 1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778 667 778 722 667 611 722 667 944 667 667 611 278 278 ' +
  '278 469 556 333 556 556 500 556 556 278 556 556 222 222 500 222 833 556 556 556 556 333 500 278 556 500 722 500 500 500 334 260 334 584'
)
  .split(' ')
  .map(Number);

function charWidth(char: string): number {
  const code = char.codePointAt(0)!;
  if (code >= 32 && code < 127) return HELVETICA[code - 32]!;
  if (/\p{M}/u.test(char)) return 0;
  return '“”'.includes(char) ? 333 : '‘’'.includes(char) ? 222 : 556;
}

/** Horizontal text items split into label pieces and `___` blanks (three underscores or more). */
function readText(items: readonly unknown[], view: FieldRect): { pieces: Piece[]; blanks: Blank[] } {
  const pieces: Piece[] = [];
  const blanks: Blank[] = [];
  for (const item of items.slice(0, MAX_TEXT_ITEMS_PER_PAGE)) {
    if (!isTextItem(item) || item.str.trim() === '') continue;
    const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
    // Rotated or mirrored text is left out: labels and blanks are written across the page.
    if (!(a > 0 && d > 0 && Math.abs(b) <= 0.05 * a && Math.abs(c) <= 0.05 * d) || !(item.width > 0)) continue;
    splitItem(item.str, { x: e - view.x, right: e - view.x + item.width, baseline: f - view.y, size: d }, pieces, blanks);
  }
  return { pieces, blanks: mergeBlanks(blanks) };
}

/** Positions inside an item are estimated from Helvetica widths scaled to the item's width. */
function splitItem(str: string, at: Blank, pieces: Piece[], blanks: Blank[]): void {
  const chars = Array.from(str);
  const widths = chars.map(charWidth);
  const scale = (at.right - at.x) / widths.reduce((sum, w) => sum + w, 0);
  const xs = [at.x];
  widths.forEach((w, i) => xs.push(xs[i]! + w * scale));
  const addText = (from: number, to: number): void => {
    while (from < to && /\s/u.test(chars[from]!)) from++;
    while (to > from && /\s/u.test(chars[to - 1]!)) to--;
    if (to > from) pieces.push({ ...at, text: chars.slice(from, to).join(''), x: xs[from]!, right: xs[to]! });
  };
  let textStart = 0;
  for (let i = 0; i < chars.length; ) {
    let j = i;
    while (j < chars.length && chars[j] === '_') j++;
    if (j - i >= 3) {
      addText(textStart, i);
      blanks.push({ ...at, x: xs[i]!, right: xs[j]! });
      textStart = j;
    }
    i = Math.max(j, i + 1);
  }
  addText(textStart, chars.length);
}

/** Blanks split over several items but touching are one; a space between two makes two. */
function mergeBlanks(blanks: Blank[]): Blank[] {
  blanks.sort((p, q) => q.baseline - p.baseline || p.x - q.x);
  const merged: Blank[] = [];
  for (const blank of blanks) {
    const last = merged[merged.length - 1];
    if (last && Math.abs(last.baseline - blank.baseline) <= 0.2 * last.size && blank.x - last.right <= 0.15 * last.size) {
      merged[merged.length - 1] = { ...last, right: Math.max(last.right, blank.right) };
    } else merged.push(blank);
  }
  return merged;
}

// ---- Paths: axis-aligned segments ------------------------------------------------------------

interface HLine {
  readonly y: number;
  readonly x1: number;
  readonly x2: number;
}

interface VLine {
  readonly x: number;
  readonly y1: number;
  readonly y2: number;
}

interface Segments {
  readonly h: HLine[];
  readonly v: VLine[];
}

type Matrix = [number, number, number, number, number, number];
type Point = readonly [number, number];

/** `m` applied first, then `ctm` (§8.3.4: CTM' = M × CTM). */
function multiply(ctm: Matrix, m: readonly number[]): Matrix {
  const [a, b, c, d, e, f] = m as Matrix;
  return [
    a * ctm[0] + b * ctm[2],
    a * ctm[1] + b * ctm[3],
    c * ctm[0] + d * ctm[2],
    c * ctm[1] + d * ctm[3],
    e * ctm[0] + f * ctm[2] + ctm[4],
    e * ctm[1] + f * ctm[3] + ctm[5],
  ];
}

/** pdf.js path data (a Float32Array of DrawOPS: moveTo 0, lineTo 1, curveTo 2, quadraticCurveTo 3, closePath 4). */
interface Subpath {
  points: Point[];
  closed: boolean;
  curved: boolean;
}

function subpathsOf(data: ArrayLike<number>, ctm: Matrix, view: FieldRect): Subpath[] {
  const paths: Subpath[] = [];
  const at = (x: number, y: number): Point => [ctm[0] * x + ctm[2] * y + ctm[4] - view.x, ctm[1] * x + ctm[3] * y + ctm[5] - view.y];
  let current: Subpath | undefined;
  for (let i = 0; i < data.length; ) {
    const op = data[i]!;
    if (op === 0 || op === 1) {
      if (op === 0 || !current) paths.push((current = { points: [], closed: false, curved: false }));
      current.points.push(at(data[i + 1]!, data[i + 2]!));
      i += 3;
    } else if (op === 2 || op === 3) {
      if (current) current.curved = true;
      i += op === 2 ? 7 : 5;
    } else {
      if (current) current.closed = true;
      current = undefined;
      i += 1;
    }
  }
  return paths;
}

/** An axis-aligned rectangle drawn as four corners, or undefined. */
function rectOf(path: Subpath): FieldRect | undefined {
  const pts = path.points.filter((p, i, all) => i === 0 || !near(p, all[i - 1]!));
  if (pts.length === 5 && near(pts[0]!, pts[4]!)) pts.pop();
  if (pts.length !== 4 || path.curved) return undefined;
  for (let i = 0; i < 4; i++) {
    const [p, q] = [pts[i]!, pts[(i + 1) % 4]!];
    if (Math.abs(p[0] - q[0]) > 0.5 && Math.abs(p[1] - q[1]) > 0.5) return undefined;
  }
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function near(p: Point, q: Point): boolean {
  return Math.abs(p[0] - q[0]) < 0.01 && Math.abs(p[1] - q[1]) < 0.01;
}

/** Luminance of a pdf.js `#rrggbb` colour (undefined for patterns and the unknown). */
function luminance(hex: string | undefined): number | undefined {
  if (!hex || !/^#[0-9a-f]{6}$/i.test(hex)) return undefined;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The straight horizontal and vertical segments a page draws: stroked lines and rectangle edges,
 * thin filled rectangles (how many generators draw rules and table borders), and the edges of
 * light tinted filled rectangles (field backgrounds). White and dark fills and shapes covering
 * half the page (backgrounds, frames) are left out.
 */
function readPaths(list: { fnArray: number[]; argsArray: unknown[] }, OPS: Pdfjs['OPS'], view: FieldRect): Segments {
  const out: Segments = { h: [], v: [] };
  const stack: { ctm: Matrix; fill: string | undefined }[] = [];
  let state = { ctm: [1, 0, 0, 1, 0, 0] as Matrix, fill: '#000000' as string | undefined };
  const strokes = new Set<number>([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  const fills = new Set<number>([OPS.fill, OPS.eoFill]);
  const count = Math.min(list.fnArray.length, MAX_OPS_PER_PAGE);
  for (let i = 0; i < count; i++) {
    const fn = list.fnArray[i]!;
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push(state);
    else if (fn === OPS.restore) state = stack.pop() ?? state;
    else if (fn === OPS.transform && isMatrix(args)) state = { ...state, ctm: multiply(state.ctm, args) };
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(state);
      if (isMatrix(args?.[0])) state = { ...state, ctm: multiply(state.ctm, args[0]) };
    } else if (fn === OPS.paintFormXObjectEnd) state = stack.pop() ?? state;
    else if (fn === OPS.setFillRGBColor) state = { ...state, fill: typeof args?.[0] === 'string' ? args[0] : undefined };
    else if (fn === OPS.setFillColorN) state = { ...state, fill: undefined };
    else if (fn === OPS.constructPath && args) {
      const paint = args[0] as number;
      const data = (args[1] as unknown[] | undefined)?.[0];
      if (!data || typeof (data as ArrayLike<number>).length !== 'number') continue;
      const mode = strokes.has(paint) ? 'stroke' : fills.has(paint) ? 'fill' : undefined;
      if (mode) addPath(subpathsOf(data as ArrayLike<number>, state.ctm, view), mode, luminance(state.fill), view, out);
    }
    if (out.h.length >= MAX_SEGMENTS && out.v.length >= MAX_SEGMENTS) break;
  }
  return out;
}

function isMatrix(value: unknown): value is Matrix {
  return (Array.isArray(value) || ArrayBuffer.isView(value)) && (value as ArrayLike<unknown>).length === 6 && Array.from(value as ArrayLike<unknown>).every((n) => typeof n === 'number' && Number.isFinite(n));
}

function addPath(paths: Subpath[], mode: 'stroke' | 'fill', fillLuminance: number | undefined, view: FieldRect, out: Segments): void {
  for (const path of paths) {
    const rect = rectOf(path);
    if (rect && rect.width * rect.height > 0.5 * view.width * view.height) continue;
    if (mode === 'stroke') {
      if (path.curved) continue;
      const pts = path.closed ? [...path.points, path.points[0]!] : path.points;
      for (let i = 1; i < pts.length; i++) addSegment(pts[i - 1]!, pts[i]!, out);
    } else if (rect && fillLuminance !== undefined && fillLuminance < 0.97) {
      const { x, y, width: w, height: h } = rect;
      if (h <= 2.5 && w > 4) addSegment([x, y + h / 2], [x + w, y + h / 2], out);
      else if (w <= 2.5 && h > 4) addSegment([x + w / 2, y], [x + w / 2, y + h], out);
      else if (fillLuminance >= 0.75) {
        for (const [p, q] of [[[x, y], [x + w, y]], [[x, y + h], [x + w, y + h]], [[x, y], [x, y + h]], [[x + w, y], [x + w, y + h]]] as const) addSegment(p, q, out);
      }
    }
  }
}

function addSegment(p: Point, q: Point, out: Segments): void {
  const [dx, dy] = [Math.abs(q[0] - p[0]), Math.abs(q[1] - p[1])];
  if (dy <= 0.5 && dx >= 2 && out.h.length < MAX_SEGMENTS) out.h.push({ y: (p[1] + q[1]) / 2, x1: Math.min(p[0], q[0]), x2: Math.max(p[0], q[0]) });
  else if (dx <= 0.5 && dy >= 2 && out.v.length < MAX_SEGMENTS) out.v.push({ x: (p[0] + q[0]) / 2, y1: Math.min(p[1], q[1]), y2: Math.max(p[1], q[1]) });
}

// ---- Grids: boxes and table cells ------------------------------------------------------------

interface Cell {
  readonly rect: FieldRect;
  /** The connected lines it belongs to, and how many cells they enclose (1: a lone box). */
  readonly group: number;
  readonly groupCells: number;
  /** Its span in the group's grid: columns i0..i1, rows j0..j1 (rows count upwards). */
  readonly i0: number;
  readonly i1: number;
  readonly j0: number;
  readonly j1: number;
}

/** Collinear pieces joined, touching lines grouped, and the closed regions of each group (cells). Lines of no cell stay free. */
function findCells(segments: Segments, view: FieldRect): { cells: Cell[]; freeLines: HLine[] } {
  const h = joinSegments(segments.h.map((s) => ({ at: s.y, from: s.x1, to: s.x2 }))).map((s) => ({ y: s.at, x1: s.from, x2: s.to }));
  const v = joinSegments(segments.v.map((s) => ({ at: s.x, from: s.y1, to: s.y2 }))).map((s) => ({ x: s.at, y1: s.from, y2: s.to }));
  const groups = groupTouching(h, v);
  const cells: Cell[] = [];
  const framed = new Set<number>();
  groups.forEach((group, index) => {
    const found = group.h.length >= 2 && group.v.length >= 2 ? gridCells(group.h.map((i) => h[i]!), group.v.map((i) => v[i]!)) : [];
    if (found.length === 0) return;
    group.h.forEach((i) => framed.add(i));
    for (const cell of found) cells.push({ ...cell, group: index, groupCells: found.length });
  });
  const freeLines = h.filter((line, i) => !framed.has(i) && line.x2 - line.x1 <= view.width);
  return { cells, freeLines };
}

interface Span {
  readonly at: number;
  readonly from: number;
  readonly to: number;
}

/** Segments on the same line that overlap or touch become one (a border drawn cell by cell). */
function joinSegments(spans: Span[]): Span[] {
  spans.sort((p, q) => p.at - q.at || p.from - q.from);
  const lines: Span[][] = [];
  for (const span of spans) {
    const line = lines[lines.length - 1];
    if (line && span.at - line[0]!.at <= TOL / 2) line.push(span);
    else lines.push([span]);
  }
  const joined: Span[] = [];
  for (const line of lines) {
    const at = line[0]!.at;
    line.sort((p, q) => p.from - q.from);
    let current = { at, from: line[0]!.from, to: line[0]!.to };
    for (const span of line.slice(1)) {
      if (span.from <= current.to + TOL) current.to = Math.max(current.to, span.to);
      else (joined.push(current), (current = { at, from: span.from, to: span.to }));
    }
    joined.push(current);
  }
  return joined;
}

/** Groups of lines connected through crossings or touching ends (union–find). */
function groupTouching(h: readonly HLine[], v: readonly VLine[]): { h: number[]; v: number[] }[] {
  const parent = Array.from({ length: h.length + v.length }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const byX = v.map((line, i) => ({ line, i })).sort((p, q) => p.line.x - q.line.x);
  h.forEach((line, hi) => {
    for (let k = lowerBound(byX, line.x1 - TOL, (e) => e.line.x); k < byX.length && byX[k]!.line.x <= line.x2 + TOL; k++) {
      const { line: vl, i } = byX[k]!;
      if (line.y >= vl.y1 - TOL && line.y <= vl.y2 + TOL) parent[find(hi)] = find(h.length + i);
    }
  });
  const groups = new Map<number, { h: number[]; v: number[] }>();
  for (let i = 0; i < parent.length; i++) {
    const root = find(i);
    if (!groups.has(root)) groups.set(root, { h: [], v: [] });
    if (i < h.length) groups.get(root)!.h.push(i);
    else groups.get(root)!.v.push(i - h.length);
  }
  return [...groups.values()];
}

/**
 * The cells of a group of lines: the grid of its distinct x and y positions, with neighbouring
 * grid squares joined where no line separates them (merged cells); a region that reaches the
 * grid's edge without a line is open, not a cell.
 */
function gridCells(hs: readonly HLine[], vs: readonly VLine[]): Omit<Cell, 'group' | 'groupCells'>[] {
  const xs = distinct(vs.map((l) => l.x));
  const ys = distinct(hs.map((l) => l.y));
  if (xs.length < 2 || ys.length < 2 || xs.length > MAX_GRID || ys.length > MAX_GRID) return [];
  const rowLines: [number, number][][] = ys.map(() => []);
  for (const l of hs) rowLines[nearestIndex(ys, l.y)]!.push([l.x1, l.x2]);
  const colLines: [number, number][][] = xs.map(() => []);
  for (const l of vs) colLines[nearestIndex(xs, l.x)]!.push([l.y1, l.y2]);
  const covers = (spans: [number, number][], from: number, to: number): boolean => spans.some(([a, b]) => a <= from + TOL && b >= to - TOL);
  const hasH = (j: number, i: number): boolean => covers(rowLines[j]!, xs[i]!, xs[i + 1]!);
  const hasV = (i: number, j: number): boolean => covers(colLines[i]!, ys[j]!, ys[j + 1]!);
  const [nx, ny] = [xs.length - 1, ys.length - 1];
  const parent = Array.from({ length: nx * ny }, (_, k) => k);
  const find = (k: number): number => {
    while (parent[k] !== k) k = parent[k] = parent[parent[k]!]!;
    return k;
  };
  const open = new Set<number>();
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < ny; j++) {
      const k = j * nx + i;
      if (i + 1 < nx && !hasV(i + 1, j)) parent[find(k)] = find(k + 1);
      if (j + 1 < ny && !hasH(j + 1, i)) parent[find(k)] = find(k + nx);
      if ((i === 0 && !hasV(0, j)) || (i === nx - 1 && !hasV(nx, j)) || (j === 0 && !hasH(0, i)) || (j === ny - 1 && !hasH(ny, i))) open.add(k);
    }
  }
  const regions = new Map<number, { i0: number; i1: number; j0: number; j1: number; count: number; open: boolean }>();
  for (let k = 0; k < nx * ny; k++) {
    const [i, j, root] = [k % nx, Math.floor(k / nx), find(k)];
    const r = regions.get(root) ?? { i0: i, i1: i, j0: j, j1: j, count: 0, open: false };
    regions.set(root, { i0: Math.min(r.i0, i), i1: Math.max(r.i1, i), j0: Math.min(r.j0, j), j1: Math.max(r.j1, j), count: r.count + 1, open: r.open || open.has(k) });
  }
  return [...regions.values()]
    .filter((r) => !r.open && r.count === (r.i1 - r.i0 + 1) * (r.j1 - r.j0 + 1))
    .map(({ i0, i1, j0, j1 }) => ({ i0, i1, j0, j1, rect: { x: xs[i0]!, y: ys[j0]!, width: xs[i1 + 1]! - xs[i0]!, height: ys[j1 + 1]! - ys[j0]! } }));
}

/** Sorted positions, those within TOL of the previous one dropped. */
function distinct(values: number[]): number[] {
  values.sort((a, b) => a - b);
  return values.filter((value, i) => i === 0 || value - values[i - 1]! > TOL);
}

function nearestIndex(sorted: readonly number[], value: number): number {
  const k = lowerBound(sorted, value, (n) => n);
  if (k === 0) return 0;
  if (k === sorted.length) return k - 1;
  return value - sorted[k - 1]! <= sorted[k]! - value ? k - 1 : k;
}

function lowerBound<T>(sorted: readonly T[], value: number, key: (item: T) => number): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(sorted[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---- Text around a place ---------------------------------------------------------------------

/** The text pieces and blanks of a page sorted by baseline, for band queries. */
class TextLayout {
  private readonly pieces: Piece[];

  constructor(pieces: readonly Piece[]) {
    this.pieces = [...pieces].sort((p, q) => p.baseline - q.baseline || p.x - q.x);
  }

  /** Pieces (and blanks) whose baseline lies in [low, high]. */
  band(low: number, high: number): Piece[] {
    const out: Piece[] = [];
    for (let k = lowerBound(this.pieces, low, (p) => p.baseline); k < this.pieces.length && this.pieces[k]!.baseline <= high; k++) out.push(this.pieces[k]!);
    return out;
  }

  /** Text pieces whose middle lies inside `rect` (inset by a point). */
  inside(rect: FieldRect): Piece[] {
    return this.band(rect.y - 20, rect.y + rect.height).filter((p) => {
      const [cx, cy] = [(p.x + p.right) / 2, p.baseline + 0.3 * p.size];
      return !p.blank && cx > rect.x + 1 && cx < rect.x + rect.width - 1 && cy > rect.y + 1 && cy < rect.y + rect.height - 1;
    });
  }

  /** The run of text ending nearest to the left of `x` on a baseline in [low, high], words at most 1.5 em apart. */
  leftOf(x: number, low: number, high: number, maxGap: number): string | undefined {
    return chain(this.band(low, high).filter((p) => p.right <= x + 1), x, maxGap, 'left');
  }

  /** The run of text starting nearest to the right of `x` on a baseline in [low, high]. */
  rightOf(x: number, low: number, high: number, maxGap: number): string | undefined {
    return chain(this.band(low, high).filter((p) => p.x >= x - 1), x, maxGap, 'right');
  }

  /** The text of the row nearest to `from` among baselines in [low, high], where it overlaps [x1, x2]. */
  rowNear(from: number, low: number, high: number, x1: number, x2: number): string | undefined {
    const over = this.band(low, high).filter((p) => !p.blank && p.right > x1 && p.x < x2);
    if (over.length === 0) return undefined;
    const nearest = over.reduce((best, p) => (Math.abs(p.baseline - from) < Math.abs(best.baseline - from) ? p : best));
    return joinPieces(over.filter((p) => Math.abs(p.baseline - nearest.baseline) <= 0.35 * nearest.size));
  }

  /**
   * A defined term quoted right after a blank, the legal-document way of naming it
   * ("____ (“Effective Date”)"), read on into the next row when the blank ends its row.
   */
  quotedTermAfter(blank: Blank): string | undefined {
    const { baseline: b, size: s } = blank;
    const row = this.band(b - 0.3 * s, b + 0.3 * s).filter((p) => p.x >= blank.right - 1).sort((p, q) => p.x - q.x);
    if (row[0] && row[0].x - blank.right > 1.5 * s) return undefined;
    let after = '';
    let endsRow = true;
    for (const p of row) {
      if (p.blank) {
        endsRow = false;
        break;
      }
      after += ` ${p.text}`;
    }
    if (endsRow) {
      const next = this.band(b - 2.5 * s, b - 0.6 * s).filter((p) => !p.blank).sort((p, q) => q.baseline - p.baseline || p.x - q.x)[0];
      if (next) after += ` ${next.text}`;
    }
    return /^[\s,;]*\(?\s*[“"‘«]\s*(?:the\s+)?([^”"’»]{1,60})[”"’»]/iu.exec(after)?.[1]?.trim();
  }
}

/** Pieces taken from the one nearest to `x` outwards while the gaps stay under 1.5 em; a blank ends it. */
function chain(row: Piece[], x: number, maxGap: number, side: 'left' | 'right'): string | undefined {
  const edge = (p: Piece): number => (side === 'left' ? x - p.right : p.x - x);
  row.sort((p, q) => edge(p) - edge(q));
  const first = row[0];
  if (!first || first.blank || edge(first) > maxGap) return undefined;
  const picked = [first];
  for (let current = first, k = 1; k < row.length && picked.length < 30; k++) {
    const p = row[k]!;
    const gap = side === 'left' ? current.x - p.right : p.x - current.right;
    if (gap > 1.5 * current.size || p.blank) break;
    if (gap < -1) continue; // overlaps what is already taken
    picked.push(p);
    current = p;
  }
  return joinPieces(picked);
}

function joinPieces(pieces: Piece[]): string {
  return [...pieces].sort((p, q) => p.x - q.x).map((p) => p.text).join(' ');
}

const STOPWORDS = new Set(['a', 'an', 'the', 'of', 'and', 'or', 'as', 'at', 'by', 'for', 'in', 'into', 'on', 'to', 'with', 'is', 'be', 'this', 'that', 'than']);

/**
 * A label from the text before a blank: what follows the last clause break, and of a longer
 * sentence ("… entered into as ___") its last four words without stopwords at the edges.
 * With `short`, text of more than six words is prose, not a label.
 */
function labelFromText(text: string | undefined, options: { short?: boolean } = {}): string | undefined {
  if (text === undefined) return undefined;
  const clause = text.replace(/[\s:_.\-–—]+$/u, '').split(/(?<=[.;!?,])\s+/u).filter((c) => /[\p{L}\p{N}]/u.test(c)).pop() ?? '';
  let words = clause.split(/\s+/u).filter((w) => w !== '');
  if (words.length > 6) {
    if (options.short) return undefined;
    words = words.slice(-4);
    const core = (w: string): string => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    while (words.length > 1 && STOPWORDS.has(core(words[0]!))) words.shift();
    while (words.length > 1 && STOPWORDS.has(core(words[words.length - 1]!))) words.pop();
  }
  return cleanLabel(words.join(' '));
}

/** Trimmed of surrounding punctuation, wrapping brackets and a leading article; at most 60 characters; undefined without a letter or digit. */
function cleanLabel(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let label = text.replace(/\s+/gu, ' ');
  for (let previous = ''; previous !== label; ) {
    previous = label;
    label = label.replace(/^[^\p{L}\p{N}$#(]+|[^\p{L}\p{N})$#]+$/gu, '');
    if (/^\(.*\)$/u.test(label)) label = label.slice(1, -1);
    const opens = (label.match(/\(/g) ?? []).length - (label.match(/\)/g) ?? []).length;
    if (opens > 0 && label.startsWith('(')) label = label.slice(1);
    if (opens < 0 && label.endsWith(')')) label = label.slice(0, -1);
  }
  label = label.replace(/^(the|a|an)\s+(?=\S)/iu, '');
  if (label.length > 60) label = label.slice(0, 60).replace(/\s+\S*$/u, '');
  return /[\p{L}\p{N}]/u.test(label) ? label : undefined;
}

// ---- Candidates ------------------------------------------------------------------------------

/** A `Label: ____` blank: the field sits on the underscores, as tall as the text. */
function underscoreFields(blanks: readonly Blank[], layout: TextLayout, view: FieldRect): Omit<Candidate, 'pageNum'>[] {
  return blanks.map((blank) => {
    const { baseline: b, size: s } = blank;
    const left = layout.leftOf(blank.x, b - 0.35 * s, b + 0.35 * s, 0.5 * view.width);
    const label =
      (left?.trimEnd().endsWith(':') ? labelFromText(left) : undefined) ??
      cleanLabel(layout.quotedTermAfter(blank)) ??
      labelFromText(left) ??
      labelFromText(layout.rowNear(b, b + 0.9 * s, b + 2.4 * s, blank.x, blank.right), { short: true });
    const rect = { x: blank.x, y: b - 0.2 * s, width: blank.right - blank.x, height: 1.3 * s };
    return { label, type: label ? guessFieldType(label) : 'shortText', rect, source: 'underscores' as const };
  });
}

/** Height of a field on a drawn line, pt (less when text above is closer). */
const LINE_FIELD_HEIGHT = 16;

/**
 * A short drawn line with a label before it, or (the signature-block way) just above or below
 * it. A long rule is a field only with a label before it; a line under text is an underline.
 */
function lineFields(lines: readonly HLine[], layout: TextLayout, view: FieldRect): Omit<Candidate, 'pageNum'>[] {
  const out: Omit<Candidate, 'pageNum'>[] = [];
  for (const line of lines) {
    const length = line.x2 - line.x1;
    if (length < 24) continue;
    const overText = layout.band(line.y - 3, line.y + 8).some((p) => Math.min(p.right, line.x2) - Math.max(p.x, line.x1) > 0.3 * Math.min(p.right - p.x, length));
    if (overText) continue;
    const left = labelFromText(layout.leftOf(line.x1, line.y - 3, line.y + 8, 0.4 * view.width));
    const nearby = left ?? (length <= 0.6 * view.width ? nearestAboveOrBelow(line, layout) : undefined);
    if (!nearby && length > 0.6 * view.width) continue;
    const above = layout.band(line.y + 2, line.y + LINE_FIELD_HEIGHT + 12).filter((p) => p.right > line.x1 && p.x < line.x2);
    const room = Math.min(LINE_FIELD_HEIGHT, ...above.map((p) => p.baseline - 0.25 * p.size - line.y - 1));
    const rect = { x: line.x1, y: line.y, width: length, height: Math.max(8, room) };
    out.push({ label: nearby, type: nearby ? guessFieldType(nearby) : 'shortText', rect, source: 'line' });
  }
  return out;
}

function nearestAboveOrBelow(line: HLine, layout: TextLayout): string | undefined {
  const near = (p: Piece): boolean => !p.blank && p.right > line.x1 && p.x < line.x2;
  const above = layout.band(line.y + 4, line.y + 26).filter(near);
  const below = layout.band(line.y - 18, line.y - 3).filter(near);
  const distance = (p: Piece): number => Math.abs(p.baseline - line.y);
  const nearest = [...above, ...below].sort((p, q) => distance(p) - distance(q) || p.x - q.x)[0];
  if (!nearest) return undefined;
  return labelFromText(layout.rowNear(nearest.baseline, nearest.baseline - 1, nearest.baseline + 1, line.x1, line.x2), { short: true });
}

/** A checkbox square's sides, pt. */
const CHECKBOX_SIZE = { min: 6, max: 24 };
/** A box at least this tall is a multi-line text box (unless its label says otherwise), pt. */
const LONG_TEXT_HEIGHT = 40;

/**
 * Empty boxes and table cells. A table cell needs a label: the text cell before it in its row,
 * else the nearest text cell above it in its column (a header), else text outside the table.
 */
function cellFields(cells: readonly Cell[], layout: TextLayout): Omit<Candidate, 'pageNum'>[] {
  const contents = cells.map((cell) => layout.inside(cell.rect));
  const texts = contents.map((pieces) => cleanLabel(joinPieces(pieces)));
  const at = new Map<string, number>();
  cells.forEach((cell, k) => {
    for (let i = cell.i0; i <= cell.i1; i++) for (let j = cell.j0; j <= cell.j1; j++) at.set(`${cell.group}:${i}:${j}`, k);
  });
  const textAt = (group: number, i: number, j: number): string | undefined => {
    const k = at.get(`${group}:${i}:${j}`);
    return k === undefined ? undefined : texts[k];
  };
  const out: Omit<Candidate, 'pageNum'>[] = [];
  cells.forEach((cell, k) => {
    const shape = shapeOf(cell.rect);
    if (contents[k]!.length > 0 || !shape) return;
    let label: string | undefined;
    if (cell.groupCells > 1) {
      label = textAt(cell.group, cell.i0 - 1, cell.j1);
      for (let j = cell.j1 + 1; label === undefined && at.has(`${cell.group}:${cell.i0}:${j}`); j++) label = textAt(cell.group, cell.i0, j);
    }
    label ??= outsideLabel(cell.rect, shape, layout);
    if (label === undefined && cell.groupCells > 1) return;
    const guessed = shape === 'checkbox' ? 'checkbox' : label ? guessFieldType(label) : 'shortText';
    const type = guessed === 'shortText' && cell.rect.height >= LONG_TEXT_HEIGHT ? 'longText' : guessed;
    out.push({ label, type, rect: cell.rect, source: cell.groupCells > 1 ? 'tableCell' : 'box' });
  });
  return out;
}

/** A small square is a checkbox; a box one can write a line in is text; anything else is neither. */
function shapeOf(rect: FieldRect): 'checkbox' | 'text' | undefined {
  const [long, short] = [Math.max(rect.width, rect.height), Math.min(rect.width, rect.height)];
  if (short >= CHECKBOX_SIZE.min && long <= CHECKBOX_SIZE.max && long - short <= 0.25 * long) return 'checkbox';
  return rect.width >= 24 && rect.height >= 10 && rect.height <= 400 ? 'text' : undefined;
}

/** Text beside a box: a checkbox's label is usually after it, a text box's before it or above it. */
function outsideLabel(rect: FieldRect, shape: 'checkbox' | 'text', layout: TextLayout): string | undefined {
  const [low, high] = [rect.y - 2, rect.y + rect.height - 2];
  const top = rect.y + rect.height;
  const right = shape === 'checkbox' ? cleanLabel(layout.rightOf(rect.x + rect.width, low, high, 20)) : undefined;
  return (
    right ??
    labelFromText(layout.leftOf(rect.x, low, high, 200)) ??
    labelFromText(layout.rowNear(top, top + 2, top + 24, rect.x, rect.x + rect.width), { short: true })
  );
}

// ---- Merging and order -----------------------------------------------------------------------

const PRIORITY: Record<DetectionSource, number> = { box: 3, tableCell: 3, underscores: 2, line: 1 };

/** Of detections covering the same place (half the smaller one), a drawn box wins over underscores over a line. */
function withoutOverlaps(candidates: Candidate[]): Candidate[] {
  const byPriority = candidates.map((c, i) => ({ c, i })).sort((p, q) => PRIORITY[q.c.source] - PRIORITY[p.c.source] || p.i - q.i);
  const kept: Candidate[] = [];
  const buckets = new Map<number, number[]>(); // 32-pt horizontal bands → indices into kept
  const bands = (r: FieldRect): number[] => {
    const out: number[] = [];
    for (let k = Math.floor(r.y / 32); k <= Math.floor((r.y + r.height) / 32); k++) out.push(k);
    return out;
  };
  for (const { c } of byPriority) {
    const nearby = new Set(bands(c.rect).flatMap((k) => buckets.get(k) ?? []));
    const hit = [...nearby].sort((a, b) => a - b).find((k) => overlap(kept[k]!.rect, c.rect) >= 0.5 * Math.min(area(kept[k]!.rect), area(c.rect)));
    if (hit === undefined) {
      for (const k of bands(c.rect)) {
        if (!buckets.has(k)) buckets.set(k, []);
        buckets.get(k)!.push(kept.length);
      }
      kept.push(c);
    } else if (kept[hit]!.label === undefined && c.label !== undefined) kept[hit] = { ...kept[hit]!, label: c.label };
  }
  return kept;
}

function area(r: FieldRect): number {
  return Math.max(0, r.width) * Math.max(0, r.height);
}

function overlap(a: FieldRect, b: FieldRect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Rows from the top (tops within 4 pt share a row), then left to right. */
function inReadingOrder(candidates: Candidate[]): Candidate[] {
  const top = (c: Candidate): number => c.rect.y + c.rect.height;
  const sorted = [...candidates].sort((p, q) => top(q) - top(p) || p.rect.x - q.rect.x);
  const rows: Candidate[][] = [];
  for (const c of sorted) {
    const row = rows[rows.length - 1];
    if (row && top(row[0]!) - top(c) <= 4) row.push(c);
    else rows.push([c]);
  }
  return rows.flatMap((row) => row.sort((p, q) => p.rect.x - q.rect.x || top(q) - top(p)));
}

/** Unlabelled detections are numbered in document order: `Field 1`, `Field 2` … */
function withLabels(candidates: Candidate[]): DetectedField[] {
  let unnamed = 0;
  return candidates.map((c) => ({
    label: c.label ?? `Field ${++unnamed}`,
    type: c.type,
    pageNum: c.pageNum,
    rect: roundRect(c.rect),
    source: c.source,
  }));
}

function roundRect(r: FieldRect): FieldRect {
  const round = (n: number): number => Math.round(n * 100) / 100;
  return { x: round(r.x), y: round(r.y), width: round(r.width), height: round(r.height) };
}

function bounded(value: number | undefined, max: number): number {
  return value === undefined || !Number.isFinite(value) ? max : Math.max(0, Math.min(max, Math.floor(value)));
}
