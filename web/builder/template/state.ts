// The template builder's editing state as a pure reducer: the placed fields, the selection, an
// undo history of snapshots (capped), and the clipboard. Geometry arrives already in PDF rects
// (with the page they are on, after a drag to another page), or as moves in screen points or
// pages with the page sizes to keep fields inside their page; ids for new fields come with the
// action, so the reducer stays deterministic.
import { boxToRect, clampBox, isInside, rectToBox, translateBox, unionBox } from './geometry.js';
import { MIN_FIELD_SIZE } from './fieldTypes.js';
import type { Box, PageSize, PlacedField, Rect } from './types.js';

export const HISTORY_LIMIT = 200;
/** Successive arrow-key moves of the same fields within this many milliseconds undo as one. */
export const COALESCE_MS = 1000;
/** How far a pasted copy lands from what was copied, in points (right and down). */
export const PASTE_OFFSET = 10;

export interface Snapshot {
  readonly fields: readonly PlacedField[];
  readonly selection: readonly string[];
}

/** What the last action that changed something was, for the announcement it gets. */
export type ChangeKind = 'load' | 'add' | 'remove' | 'cut' | 'paste' | 'update' | 'geometry' | 'page' | 'select' | 'undo' | 'redo' | 'clamp';

export interface EditorState extends Snapshot {
  readonly past: readonly Snapshot[];
  readonly future: readonly Snapshot[];
  readonly clipboard: readonly PlacedField[];
  readonly last: ChangeKind;
  /** The last arrow-key change, which the next one of the same kind may join in one undo step. */
  readonly coalesce: { readonly key: string; readonly at: number } | null;
}

/** A change of a field's own properties (not its page or rect). */
export type FieldPatch = Partial<Omit<PlacedField, 'id' | 'pageNum' | 'rect'>>;

export type EditorAction =
  | { readonly type: 'add'; readonly fields: readonly PlacedField[] }
  | { readonly type: 'remove'; readonly ids: readonly string[] }
  | { readonly type: 'update'; readonly ids: readonly string[]; readonly patch: FieldPatch }
  /** New rects for fields; with `pageNum`, the fields are moved to that page too. */
  | { readonly type: 'setRects'; readonly rects: Readonly<Record<string, Rect>>; readonly pageNum?: number }
  /** The selection to the next (+1) or previous (-1) page, each field `delta` pages from its own. */
  | { readonly type: 'shiftPage'; readonly delta: number; readonly pageSizes: readonly PageSize[] }
  | { readonly type: 'nudge'; readonly mode: 'move' | 'resize'; readonly dx: number; readonly dy: number; readonly pageSizes: readonly PageSize[]; readonly at: number }
  | { readonly type: 'select'; readonly ids: readonly string[]; readonly mode: 'replace' | 'add' | 'toggle' }
  | { readonly type: 'selectAll'; readonly pageNum: number }
  | { readonly type: 'deselect' }
  | { readonly type: 'copy' }
  | { readonly type: 'cut' }
  | { readonly type: 'paste'; readonly ids: readonly string[]; readonly pageNum: number; readonly pageSizes: readonly PageSize[] }
  | { readonly type: 'undo' }
  | { readonly type: 'redo' }
  | { readonly type: 'clampToPages'; readonly pageSizes: readonly PageSize[] };

export function initialState(fields: readonly PlacedField[]): EditorState {
  return { fields, selection: [], past: [], future: [], clipboard: [], last: 'load', coalesce: null };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'add':
      if (action.fields.length === 0) return state;
      return commit(state, [...state.fields, ...action.fields], action.fields.map((f) => f.id), 'add');
    case 'remove':
    case 'cut': {
      const ids = new Set(action.type === 'cut' ? state.selection : action.ids);
      const removed = state.fields.filter((field) => ids.has(field.id));
      if (removed.length === 0) return state;
      const next = commit(state, state.fields.filter((field) => !ids.has(field.id)), state.selection.filter((id) => !ids.has(id)), action.type);
      return action.type === 'cut' ? { ...next, clipboard: removed } : next;
    }
    case 'update': {
      const ids = new Set(action.ids);
      let changed = false;
      const fields = state.fields.map((field) => {
        if (!ids.has(field.id)) return field;
        const next = { ...field, ...action.patch };
        for (const key of Object.keys(action.patch) as (keyof FieldPatch)[]) {
          if (action.patch[key] === undefined) delete (next as Record<string, unknown>)[key];
          if (next[key] !== field[key]) changed = true;
        }
        return next;
      });
      return changed ? commit(state, fields, state.selection, 'update') : state;
    }
    case 'setRects': {
      let changed = false;
      let paged = false;
      const fields = state.fields.map((field) => {
        const rect = action.rects[field.id];
        if (!rect) return field;
        const pageNum = action.pageNum ?? field.pageNum;
        if (pageNum === field.pageNum && sameRect(rect, field.rect)) return field;
        changed = true;
        if (pageNum !== field.pageNum) paged = true;
        return { ...field, pageNum, rect };
      });
      return changed ? commit(state, fields, state.selection, paged ? 'page' : 'geometry') : state;
    }
    case 'shiftPage':
      return shiftPage(state, action);
    case 'nudge':
      return nudge(state, action);
    case 'select': {
      const known = new Set(state.fields.map((field) => field.id));
      const ids = action.ids.filter((id) => known.has(id));
      let selection: string[];
      if (action.mode === 'replace') selection = unique(ids);
      else if (action.mode === 'add') selection = unique([...state.selection, ...ids]);
      else {
        const toggled = new Set(ids);
        selection = [...state.selection.filter((id) => !toggled.has(id)), ...ids.filter((id) => !state.selection.includes(id))];
      }
      return select(state, selection);
    }
    case 'selectAll':
      return select(state, state.fields.filter((field) => field.pageNum === action.pageNum).map((field) => field.id));
    case 'deselect':
      return select(state, []);
    case 'copy': {
      const ids = new Set(state.selection);
      const copied = state.fields.filter((field) => ids.has(field.id));
      return copied.length === 0 ? state : { ...state, clipboard: copied };
    }
    case 'paste':
      return paste(state, action);
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return { ...state, ...previous, past: state.past.slice(0, -1), future: [snapshot(state), ...state.future], last: 'undo', coalesce: null };
    }
    case 'redo': {
      const next = state.future[0];
      if (!next) return state;
      return { ...state, ...next, past: [...state.past, snapshot(state)].slice(-HISTORY_LIMIT), future: state.future.slice(1), last: 'redo', coalesce: null };
    }
    case 'clampToPages': {
      const clamp = (fields: readonly PlacedField[]) => clampFields(fields, action.pageSizes);
      const fields = clamp(state.fields);
      if (fields === state.fields) return state;
      const history = (snapshots: readonly Snapshot[]) => snapshots.map((s) => ({ ...s, fields: clamp(s.fields) }));
      return { ...state, fields, past: history(state.past), future: history(state.future), clipboard: clamp(state.clipboard), last: 'clamp' };
    }
  }
}

export function canUndo(state: EditorState): boolean {
  return state.past.length > 0;
}

export function canRedo(state: EditorState): boolean {
  return state.future.length > 0;
}

/** The selected fields, in the fields' order. */
export function selectedFields(state: Snapshot): PlacedField[] {
  const ids = new Set(state.selection);
  return state.fields.filter((field) => ids.has(field.id));
}

function snapshot(state: Snapshot): Snapshot {
  return { fields: state.fields, selection: state.selection };
}

/** A change that can be undone: the state before goes on the history, the redo list empties. */
function commit(state: EditorState, fields: readonly PlacedField[], selection: readonly string[], last: ChangeKind, coalesce: EditorState['coalesce'] = null): EditorState {
  return { ...state, fields, selection, past: [...state.past, snapshot(state)].slice(-HISTORY_LIMIT), future: [], last, coalesce };
}

function select(state: EditorState, selection: readonly string[]): EditorState {
  const same = selection.length === state.selection.length && selection.every((id, i) => id === state.selection[i]);
  return same ? state : { ...state, selection, last: 'select', coalesce: null };
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** Arrow keys: move the selection by (dx, dy) screen points, together, inside their pages; or grow/shrink each selected field. */
function nudge(state: EditorState, action: Extract<EditorAction, { type: 'nudge' }>): EditorState {
  const selected = selectedFields(state).filter((field) => action.pageSizes[field.pageNum]);
  if (selected.length === 0) return state;
  const rects: Record<string, Rect> = {};
  if (action.mode === 'move') {
    // The largest part of the move that keeps every selected field inside its page.
    let dx = action.dx;
    let dy = action.dy;
    for (const field of selected) {
      const page = action.pageSizes[field.pageNum]!;
      const box = rectToBox(field.rect, page.height);
      dx = Math.min(Math.max(dx, Math.min(0, -box.left)), Math.max(0, page.width - box.left - box.width));
      dy = Math.min(Math.max(dy, Math.min(0, -box.top)), Math.max(0, page.height - box.top - box.height));
    }
    for (const field of selected) {
      const page = action.pageSizes[field.pageNum]!;
      rects[field.id] = boxToRect(translateBox(rectToBox(field.rect, page.height), dx, dy), page.height);
    }
  } else {
    for (const field of selected) {
      const page = action.pageSizes[field.pageNum]!;
      const box = rectToBox(field.rect, page.height);
      // Never below the minimum size (a smaller loaded field only grows), never past the page's edge.
      const width = Math.min(Math.max(box.width + action.dx, Math.min(MIN_FIELD_SIZE, box.width)), Math.max(box.width, page.width - box.left));
      const height = Math.min(Math.max(box.height + action.dy, Math.min(MIN_FIELD_SIZE, box.height)), Math.max(box.height, page.height - box.top));
      rects[field.id] = boxToRect({ ...box, width, height }, page.height);
    }
  }
  let changed = false;
  const fields = state.fields.map((field) => {
    const rect = rects[field.id];
    if (!rect || sameRect(rect, field.rect)) return field;
    changed = true;
    return { ...field, rect };
  });
  if (!changed) return state;
  const key = `${action.mode}:${state.selection.join(',')}`;
  if (state.coalesce && state.coalesce.key === key && action.at - state.coalesce.at < COALESCE_MS && state.last === 'geometry') {
    return { ...state, fields, coalesce: { key, at: action.at } };
  }
  return commit(state, fields, state.selection, 'geometry', { key, at: action.at });
}

/** Alt+PageDown/PageUp: every selected field `delta` pages on, at the same place; nothing when one would leave the document. */
function shiftPage(state: EditorState, action: Extract<EditorAction, { type: 'shiftPage' }>): EditorState {
  const selected = selectedFields(state).filter((field) => action.pageSizes[field.pageNum]);
  if (selected.length === 0 || action.delta === 0) return state;
  if (selected.some((field) => !action.pageSizes[field.pageNum + action.delta])) return state;
  const moved = new Map<string, PlacedField>();
  for (const pageNum of new Set(selected.map((field) => field.pageNum))) {
    const group = selected.filter((field) => field.pageNum === pageNum);
    for (const field of moveToPage(group, pageNum + action.delta, action.pageSizes)) moved.set(field.id, field);
  }
  return commit(state, state.fields.map((field) => moved.get(field.id) ?? field), state.selection, 'page');
}

/**
 * `fields` moved to page `pageNum`, each at the same place from the page's top-left corner as on
 * its own page; when they would not all be inside the new page (a smaller one), the group moves
 * just enough to be (and a field larger than the page shrinks to it). Fields on no known page,
 * or a target page that does not exist, leave them as they are.
 */
export function moveToPage(fields: readonly PlacedField[], pageNum: number, pageSizes: readonly PageSize[]): PlacedField[] {
  const page = pageSizes[pageNum];
  if (!page || fields.some((field) => !pageSizes[field.pageNum])) return [...fields];
  const boxes = fields.map((field) => rectToBox(field.rect, pageSizes[field.pageNum]!.height));
  const group = unionBox(boxes);
  if (!group) return [];
  const placed = clampBox(group, page);
  const dx = placed.left - group.left;
  const dy = placed.top - group.top;
  return fields.map((field, i) => ({ ...field, pageNum, rect: boxToRect(clampBox(translateBox(boxes[i]!, dx, dy), page), page.height) }));
}

/** Copies of the clipboard on page `pageNum`, PASTE_OFFSET points right and down of the originals; they become the selection and the clipboard. */
function paste(state: EditorState, action: Extract<EditorAction, { type: 'paste' }>): EditorState {
  const page = action.pageSizes[action.pageNum];
  if (state.clipboard.length === 0 || !page) return state;
  const copies = state.clipboard.slice(0, action.ids.length).map((field, i): PlacedField => {
    const sourceHeight = action.pageSizes[field.pageNum]?.height ?? page.height;
    const box: Box = clampBox(translateBox(rectToBox(field.rect, sourceHeight), PASTE_OFFSET, PASTE_OFFSET), page);
    return { ...field, id: action.ids[i]!, pageNum: action.pageNum, rect: boxToRect(box, page.height) };
  });
  return { ...commit(state, [...state.fields, ...copies], copies.map((f) => f.id), 'paste'), clipboard: copies };
}

/** The fields with every one on an existing page moved inside it (the same array when none had to move). */
export function clampFields(fields: readonly PlacedField[], pageSizes: readonly PageSize[]): readonly PlacedField[] {
  let changed = false;
  const next = fields.map((field) => {
    const page = pageSizes[field.pageNum];
    if (!page) return field;
    const box = rectToBox(field.rect, page.height);
    if (isInside(box, page)) return field;
    changed = true;
    return { ...field, rect: boxToRect(clampBox(box, page), page.height) };
  });
  return changed ? next : fields;
}
