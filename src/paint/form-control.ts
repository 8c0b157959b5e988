// What a form control shows (HTML §15.5): its text in its content box, a list box's
// highlighted options, a checked box's or radio button's mark over its border box. A field's
// goes into its widget's appearance (a form-field item); a control that is not a field draws
// it as page content.

import type { BlockBox } from '../boxes/types.js';
import type { Color, ComputedStyle } from '../css/types.js';
import { borderOf, paddingOf } from '../layout/box-model.js';
import { ellipseOps } from '../resources/svg/shapes.js';
import type { FieldTextPiece, FormControl } from './form-field.js';
import type { ContentTag, DisplayItem, GlyphRunItem, PathOp } from './types.js';

const PX = 0.75;
/** The highlight of a selected option in a list box (Chromium's, unfocused). */
const HIGHLIGHT: Color = { r: 206, g: 206, b: 206, a: 1 };
/** Chromium's default accent colour (checked boxes and radio buttons, css-ui-4 `accent-color: auto`). */
const ACCENT: Color = { r: 0, g: 117, b: 255, a: 1 };
const WHITE: Color = { r: 255, g: 255, b: 255, a: 1 };

/** Paints the control of `box` at its border box (x, y, width, height) into `out`. */
export function paintFormControl(box: BlockBox, control: FormControl, x: number, y: number, width: number, height: number, tag: ContentTag | null, out: DisplayItem[]): void {
  const style = box.style;
  const pad = paddingOf(style, width);
  const bdr = borderOf(style);
  const content = { x: x + bdr.left + pad.left, y: y + bdr.top + pad.top, width: width - bdr.left - bdr.right - pad.left - pad.right, height: height - bdr.top - bdr.bottom - pad.top - pad.bottom };
  // The arrow of a drop-down is the control's own chrome: page content, under the widget.
  if (control.kind === 'combo') out.push(arrow(content.x + content.width - control.insetEnd / 2, content.y + content.height / 2, style.color));
  const border = { x, y, width, height };
  const shown = control.kind === 'checkbox' ? checkedBox(border) : control.kind === 'radio' ? checkedRadio(border) : shownItems(style, control, content);
  if (control.field) out.push(tag ? { kind: 'form-field', x, y, width, height, field: control.field, appearance: shown, tag } : { kind: 'form-field', x, y, width, height, field: control.field, appearance: shown });
  else if (control.kind === 'checkbox' || control.kind === 'radio') {
    if (control.checked) out.push(...shown);
  } else if (shown.length > 0) out.push({ kind: 'clip', x: content.x, y: content.y, width: content.width, height: content.height, items: tag ? shown.map((item) => (item.kind === 'glyphs' ? { ...item, tag } : item)) : shown });
}

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A text control's text: its value, a drop-down's choice, a list box's options with the selected ones highlighted. */
function shownItems(style: ComputedStyle, control: FormControl, content: Rect): DisplayItem[] {
  const out: DisplayItem[] = [];
  const textX = content.x + control.insetStart;
  const textWidth = content.width - control.insetStart - control.insetEnd;
  // One line sits in the middle of the box, as in a browser; a textarea's and a list box's lines start at its top.
  const top = control.wraps || control.kind === 'list' ? content.y : content.y + (content.height - control.lineHeight) / 2;
  const bottom = content.y + content.height;
  for (const i of control.highlighted) {
    const rowTop = top + i * control.rowHeight;
    // The option's box: its text and its inline padding.
    if (rowTop < bottom) out.push({ kind: 'rect', x: content.x, y: rowTop, width: textWidth + 2 * control.insetStart, height: control.rowHeight, color: HIGHLIGHT });
  }
  const rows = control.wraps ? wrapped(control.text, textWidth) : control.text.map((piece) => [piece]);
  for (let i = 0; i < rows.length; i++) {
    const rowTop = top + i * control.rowHeight;
    if (rowTop >= bottom) break;
    const row = rows[i]!;
    let x = textX + alignOffset(control.alignment, textWidth, row);
    for (const piece of row) {
      pushPiece(piece, x, rowTop + control.ascent, style, out);
      x += piece.width;
    }
  }
  return out;
}

/**
 * Greedy line breaking (CSS Text 3 §5) at the ends of words: a word goes to the next line
 * when it would overflow a line that has something on it; its trailing spaces may hang.
 */
function wrapped(pieces: readonly FieldTextPiece[], width: number): FieldTextPiece[][] {
  const rows: FieldTextPiece[][] = [];
  let row: FieldTextPiece[] = [];
  let x = 0;
  for (const piece of pieces) {
    if (piece.startsLine || (row.length > 0 && x + piece.width - piece.trailingSpace > width)) {
      if (row.length > 0 || piece.startsLine) rows.push((row = []));
      x = 0;
    }
    row.push(piece);
    x += piece.width;
  }
  return rows;
}

/** Where a line of the control's text starts, by its alignment; its hanging spaces are left out. */
function alignOffset(alignment: FormControl['alignment'], available: number, row: readonly FieldTextPiece[]): number {
  if (alignment === 'left') return 0;
  const last = row.at(-1);
  const free = available - (row.reduce((w, piece) => w + piece.width, 0) - (last?.trailingSpace ?? 0));
  return alignment === 'center' ? free / 2 : free;
}

function pushPiece(piece: FieldTextPiece, x: number, baseline: number, style: ComputedStyle, out: DisplayItem[]): void {
  for (const run of piece.runs) {
    if (run.glyphs.length === 0) continue;
    const item: GlyphRunItem = {
      kind: 'glyphs',
      x: x + run.x,
      y: baseline,
      face: run.face,
      size: style.fontSize,
      color: style.color,
      segments: [{ glyphs: run.glyphs, x: 0, letterSpacing: 0, wordSpacing: 0, justify: 0, justifyEnd: 0 }],
    };
    out.push(item);
  }
}

/** A checked check box as Chromium draws it: filled with its accent colour, a white check mark over it. */
function checkedBox(r: Rect): DisplayItem[] {
  const s = Math.min(r.width, r.height);
  const x = r.x + (r.width - s) / 2;
  const y = r.y + (r.height - s) / 2;
  const corner = 2 * PX;
  const ops: PathOp[] = [
    { op: 'M', x: x + s * 0.22, y: y + s * 0.5 },
    { op: 'L', x: x + s * 0.42, y: y + s * 0.7 },
    { op: 'L', x: x + s * 0.8, y: y + s * 0.3 },
  ];
  return [
    { kind: 'rect', x, y, width: s, height: s, color: ACCENT, radii: [[corner, corner], [corner, corner], [corner, corner], [corner, corner]] },
    { kind: 'path', ops, fill: null, stroke: { color: WHITE, width: s * 0.14 } },
  ];
}

/** A checked radio button as Chromium draws it: an accent ring around a white gap and an accent dot. */
function checkedRadio(r: Rect): DisplayItem[] {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const radius = Math.min(r.width, r.height) / 2;
  const disc = (radius: number, fill: Color): DisplayItem[] => {
    const ops = ellipseOps(cx, cy, radius, radius);
    return ops ? [{ kind: 'path', ops, fill, stroke: null }] : [];
  };
  return [...disc(radius, ACCENT), ...disc(radius - 1.5 * PX, WHITE), ...disc(radius - 3.5 * PX, ACCENT)];
}

/** A drop-down's downward chevron centred at (cx, cy). */
function arrow(cx: number, cy: number, color: Color): DisplayItem {
  const w = 4 * PX;
  const ops: PathOp[] = [
    { op: 'M', x: cx - w, y: cy - w / 2 },
    { op: 'L', x: cx, y: cy + w / 2 },
    { op: 'L', x: cx + w, y: cy - w / 2 },
  ];
  return { kind: 'path', ops, fill: null, stroke: { color, width: 1.5 * PX } };
}
