// Form controls (HTML §4.10): `input`, `textarea` and `select` generate one atomic box each,
// sized like a replaced element (HTML §15.5 suggests the rendering; the default sizes are
// Chromium's) and empty of boxes: what they show is drawn by paint from the FormControl the
// box carries. Inside a `form` with a valid name and type a control is a field of the PDF's
// AcroForm (spec pdf-generation.md §4.3 rule 9); otherwise it is drawn as static content, with
// a warning.

import type { ComputedStyle, StyledElement } from '../css/types.js';
import type { DomElement, DomNode } from '../dom/types.js';
import type { FieldOption, FieldTextPiece, FieldTextRun, FormControl, FormField, FormFieldKind } from '../paint/form-field.js';
import { layoutBounds, usedLineHeight } from '../layout/inline/metrics.js';
import { fontProgramOf } from '../text/font-face.js';
import { FontRegistry } from '../text/font-registry.js';
import { shapeText } from '../text/shape.js';
import { fontQueryOf } from '../text/style-font.js';
import type { FontFace } from '../text/types.js';
import { anonymousStyleWith } from './anonymous-style.js';
import type { BlockBox, BlockContent, TextBox } from './types.js';

const PX = 0.75;
/** HTML §4.10.5.3.2 `size` (20 characters), §4.10.11 `cols` (20) and `rows` (2), §4.10.7 `size` of a list box (4). */
const TEXT_SIZE = 20;
const TEXTAREA_COLS = 20;
const TEXTAREA_ROWS = 2;
const LIST_ROWS = 4;
/** Chromium's check box and radio button: 13px squares. */
const TOGGLE_SIZE = 13 * PX;
/**
 * Chromium's drop-down (LayoutThemeDefault's popup internal padding): 4px before the text,
 * the arrow area after it, 1px above and below.
 */
const COMBO_START = 4 * PX;
const COMBO_END = 17 * PX;
const COMBO_BLOCK_PADDING = 1 * PX;
/**
 * Chromium's scrollbar thickness, which a textarea's and a list box's default widths make
 * room for (LayoutTextControlMultiLine, LayoutListBox), in print too.
 */
const SCROLLBAR = 15 * PX;
/** A list box's options: `padding: 0 2px 1px` (html.css). */
const OPTION_INLINE_PADDING = 2 * PX;
const OPTION_BLOCK_PADDING = 1 * PX;
/** Bounds on what one control reads from the document (a hostile page could have millions). */
const MAX_OPTIONS = 1000;
const MAX_VALUE_LENGTH = 10_000;
const MAX_LINES = 200;

/** The input types that are fields, by the kind of field they make. */
const INPUT_KINDS: ReadonlyMap<string, FormFieldKind> = new Map([
  ['text', 'text'], ['email', 'text'], ['number', 'text'], ['tel', 'text'], ['url', 'text'], ['date', 'text'],
  ['password', 'text'], ['search', 'text'], ['checkbox', 'checkbox'], ['radio', 'radio'],
]);

export function isFormControl(tag: string): boolean {
  return tag === 'input' || tag === 'textarea' || tag === 'select';
}

/**
 * Makes the boxes of the document's form controls and gives their fields unique names: the
 * radio buttons of one form with one name are one field; any other name met again becomes
 * `name_2`, `name_3` … (with a warning).
 */
export class FormControls {
  private readonly taken = new Set<string>();
  private readonly suffixes = new Map<string, number>();
  /** Radio groups by form element and name: the field name each got, and its buttons' export values. */
  private readonly radioGroups = new Map<DomElement, Map<string, { name: string; values: Set<string>; suffixes: Map<string, number> }>>();

  constructor(private readonly warn: (message: string) => void) {}

  /** The control's box: block-level when its display is, else an atomic inline's block. */
  box(node: StyledElement): BlockBox {
    const { element } = node;
    const style = atomicStyle(node.style);
    const kind = controlKind(element);
    const face = FontRegistry.current().match(fontQueryOf(style));
    // The line metrics of the text around (whole CSS px, as Blink's), so the value sits on the line's baseline.
    const lineHeight = usedLineHeight(style);
    const ascent = -layoutBounds(style).top;
    const options = kind === 'combo' || kind === 'list' ? optionsOf(element) : [];
    const selected = selectedOptions(element, kind, options);
    const field = this.field(element, style, kind, face, options, selected);
    const wraps = element.tagName === 'textarea';
    const text = shownLines(element, kind, options, selected).flatMap((line) => (wraps ? shapeWords(line, style) : [shapePiece(line, style, true)]));
    const control: FormControl = {
      kind,
      field,
      text,
      wraps,
      alignment: alignmentOf(style),
      highlighted: kind === 'list' ? selected : [],
      checked: (kind === 'checkbox' || kind === 'radio') && element.attrs.has('checked'),
      insetStart: kind === 'combo' ? COMBO_START : kind === 'list' ? OPTION_INLINE_PADDING : 0,
      insetEnd: kind === 'combo' ? COMBO_END : kind === 'list' ? OPTION_INLINE_PADDING + SCROLLBAR : 0,
      rowHeight: kind === 'list' ? lineHeight + OPTION_BLOCK_PADDING : lineHeight,
      lineHeight,
      ascent,
    };
    const inner = sizingBlock(style, defaultContentSize(element, kind, face, style, lineHeight, options), innerLine(kind, element, style));
    return { kind: 'block', style, element, content: { kind: 'blocks', children: [inner] }, marker: null, establishesBfc: true, formControl: control };
  }

  private field(element: DomElement, style: ComputedStyle, kind: FormFieldKind, face: FontFace, options: readonly FieldOption[], selected: readonly number[]): FormField | null {
    const tag = element.tagName;
    const rawName = (element.attrs.get('name') ?? '').trim();
    const form = enclosingForm(element);
    const type = (element.attrs.get('type') ?? 'text').trim().toLowerCase();
    const shownName = rawName.length > 80 ? `${rawName.slice(0, 80)}…` : rawName;
    const shownType = type.length > 80 ? `${type.slice(0, 80)}…` : type;
    const what = tag === 'input' ? `<input type="${shownType}"${rawName ? ` name="${shownName}"` : ''}>` : `<${tag}${rawName ? ` name="${shownName}"` : ''}>`;
    if (form === null) return this.refuse(`${what} is outside a <form>: drawn as static content, not as a PDF form field`);
    if (tag === 'input' && !INPUT_KINDS.has(type)) return this.refuse(`${what} is not a fillable input type: drawn as static content, not as a PDF form field`);
    if (rawName === '') return this.refuse(`${what} has no name: drawn as static content, not as a PDF form field`);
    // §12.7.3.2: a period separates the partial names of a fully qualified name.
    const partial = rawName.replaceAll('.', '_');
    if (partial !== rawName) this.warn(`form field name "${rawName}" has periods, which PDF field names use for nesting: named "${partial}"`);
    const value = kind === 'text' ? textValue(element) : kind === 'combo' ? (options[selected[0] ?? -1]?.value ?? '') : '';
    const maxLength = Number.parseInt(element.attrs.get('maxlength') ?? '', 10);
    const onValue = kind === 'checkbox' || kind === 'radio' ? element.attrs.get('value') || 'on' : '';
    return {
      kind,
      name: kind === 'radio' ? this.radioName(form, partial) : this.unique(partial),
      value,
      selected: kind === 'list' ? selected.map((i) => options[i]!.value) : [],
      onValue: kind === 'radio' ? this.radioValue(form, partial, onValue) : onValue,
      checked: (kind === 'checkbox' || kind === 'radio') && element.attrs.has('checked'),
      options,
      multiline: tag === 'textarea',
      password: tag === 'input' && type === 'password',
      // HTML §4.10.5.3.3: `readonly` applies to text controls only; a disabled control cannot be changed either.
      readOnly: (kind === 'text' && element.attrs.has('readonly')) || element.attrs.has('disabled'),
      required: element.attrs.has('required'),
      maxLength: kind === 'text' && maxLength >= 0 ? maxLength : null,
      face,
      fontSize: style.fontSize,
      color: style.color,
      alignment: alignmentOf(style),
    };
  }

  private refuse(message: string): null {
    this.warn(message);
    return null;
  }

  /** A name not yet taken: `name`, else `name_2`, `name_3` … */
  private unique(name: string): string {
    const candidate = nextFree(this.taken, this.suffixes, name);
    if (candidate !== name) this.warn(`form field name "${name}" is used twice: the later field is named "${candidate}"`);
    return candidate;
  }

  private radioName(form: DomElement, name: string): string {
    let groups = this.radioGroups.get(form);
    if (!groups) this.radioGroups.set(form, (groups = new Map()));
    let group = groups.get(name);
    if (!group) groups.set(name, (group = { name: this.unique(name), values: new Set(), suffixes: new Map() }));
    return group.name;
  }

  /** A radio button's export value, unique in its group (two buttons with one value would be one state). */
  private radioValue(form: DomElement, name: string, value: string): string {
    const group = this.radioGroups.get(form)!.get(name)!;
    return nextFree(group.values, group.suffixes, value);
  }
}

/**
 * `base`, or the first `base_n` (n ≥ 2) not in `taken`, which it joins. The next n to try is
 * kept per base, so n controls of one name cost time linear in n.
 */
function nextFree(taken: Set<string>, suffixes: Map<string, number>, base: string): string {
  let candidate = base;
  let n = suffixes.get(base) ?? 2;
  while (taken.has(candidate)) candidate = `${base}_${n++}`;
  suffixes.set(base, n);
  taken.add(candidate);
  return candidate;
}

/**
 * A control is atomic (HTML §15.5): `display: inline` makes it an inline-block; and like a
 * replaced element, one made block-level by its author keeps its default width rather than
 * filling the line (`fit-content`), while one blockified as a flex or grid item may stretch.
 */
function atomicStyle(style: ComputedStyle): ComputedStyle {
  if (style.display === 'inline') return { ...style, display: 'inline-block' };
  const authorBlock = !INLINE_LEVEL.has(style.originalDisplay) && style.width === 'auto';
  return authorBlock ? { ...style, width: 'fit-content' } : style;
}

const INLINE_LEVEL: ReadonlySet<string> = new Set(['inline', 'inline-block', 'inline-table', 'inline-flex', 'inline-grid']);

/**
 * The control's default size (HTML §15.5) as an anonymous block of that size inside it: the
 * control's own width and height stay as the author gave them, so an auto size takes the
 * default as a block's content would, and still stretches (flex, grid) or fills as CSS says.
 */
function sizingBlock(style: ComputedStyle, size: { width: number; height: number; padding?: number }, content: BlockContent): BlockBox {
  // A drop-down's line sits between its 1px paddings, where its text is drawn: its baseline is the text's.
  const padding = { abs: size.padding ?? 0, pct: 0 };
  const own = { display: 'block' as const, width: { abs: size.width, pct: 0 }, height: { abs: size.height - 2 * padding.abs, pct: 0 }, paddingTop: padding, paddingBottom: padding };
  return { kind: 'block', style: anonymousStyleWith(style, own), element: null, content, marker: null, establishesBfc: false };
}

/**
 * A one-line control's baseline is its text's (HTML §15.5.15, as browsers do): an invisible
 * zero-width space gives the box a line box where the text is drawn. Other controls are empty,
 * so their baseline is their bottom margin edge (CSS 2.1 §10.8.1, inline-block).
 */
function innerLine(kind: FormFieldKind, element: DomElement, style: ComputedStyle): BlockContent {
  if (!(kind === 'combo' || (kind === 'text' && element.tagName === 'input'))) return NO_CONTENT;
  const text: TextBox = { kind: 'text', style: anonymousStyleWith(style, { display: 'inline', color: TRANSPARENT, whiteSpace: 'pre' }), element: null, text: '\u200B', decorations: [] };
  return { kind: 'inline', ifc: { children: [text] } };
}

const NO_CONTENT: BlockContent = { kind: 'blocks', children: [] };
const TRANSPARENT = { r: 0, g: 0, b: 0, a: 0 };

/** `text-align` as a field's quadding: start and end by the direction; justify is start. */
function alignmentOf(style: ComputedStyle): FormField['alignment'] {
  const rtl = style.direction === 'rtl';
  switch (style.textAlign) {
    case 'center':
    case '-webkit-center':
      return 'center';
    case 'right':
    case '-webkit-right':
      return 'right';
    case 'left':
    case '-webkit-left':
      return 'left';
    case 'end':
      return rtl ? 'left' : 'right';
    default:
      return rtl ? 'right' : 'left';
  }
}

function controlKind(element: DomElement): FormFieldKind {
  if (element.tagName === 'select') return element.attrs.has('multiple') ? 'list' : 'combo';
  if (element.tagName === 'textarea') return 'text';
  return INPUT_KINDS.get((element.attrs.get('type') ?? 'text').trim().toLowerCase()) ?? 'text';
}

function enclosingForm(element: DomElement): DomElement | null {
  for (let e = element.parent; e !== null; e = e.parent) if (e.tagName === 'form') return e;
  return null;
}

/** A text control's value: `value` for an input; a textarea's text without its first newline (HTML §13.2.6.4.7). */
function textValue(element: DomElement): string {
  const text = element.tagName === 'textarea' ? textOf(element).replace(/^\r?\n/u, '') : (element.attrs.get('value') ?? '');
  return text.replace(/\r\n?/gu, '\n').slice(0, MAX_VALUE_LENGTH);
}

function textOf(element: DomElement): string {
  let out = '';
  const visit = (node: DomNode): void => {
    if (out.length > MAX_VALUE_LENGTH) return;
    if (node.kind === 'text') out += node.text;
    else for (const child of node.children) visit(child);
  };
  for (const child of element.children) visit(child);
  return out;
}

/** A select's options, in its optgroups too (HTML §4.10.7): label is the `label` attribute or the collapsed text. */
function optionsOf(select: DomElement): FieldOption[] {
  const out: FieldOption[] = [];
  const visit = (element: DomElement): void => {
    for (const child of element.children) {
      if (child.kind !== 'element' || out.length >= MAX_OPTIONS) continue;
      if (child.tagName === 'optgroup') visit(child);
      else if (child.tagName === 'option') {
        const text = textOf(child).replace(/[\t\n\f\r ]+/gu, ' ').trim();
        const label = child.attrs.get('label') || text;
        out.push({ value: child.attrs.get('value') ?? text, label });
      }
    }
  };
  visit(select);
  return out;
}

/** Indices of the selected options: those with `selected`; a drop-down shows one, the last selected or else the first. */
function selectedOptions(select: DomElement, kind: FormFieldKind, options: readonly FieldOption[]): number[] {
  if (kind !== 'combo' && kind !== 'list') return [];
  const flagged: number[] = [];
  let i = 0;
  const visit = (element: DomElement): void => {
    for (const child of element.children) {
      if (child.kind !== 'element' || i >= options.length) continue;
      if (child.tagName === 'optgroup') visit(child);
      else if (child.tagName === 'option') {
        if (child.attrs.has('selected')) flagged.push(i);
        i++;
      }
    }
  };
  visit(select);
  if (kind === 'list') return flagged;
  const last = flagged.at(-1);
  return last !== undefined ? [last] : options.length > 0 ? [0] : [];
}

/** What the control shows as text: the value (a password as bullets), the chosen option, or every option. */
function shownLines(element: DomElement, kind: FormFieldKind, options: readonly FieldOption[], selected: readonly number[]): string[] {
  if (kind === 'list') return options.slice(0, MAX_LINES).map((o) => o.label);
  if (kind === 'combo') return [options[selected[0] ?? -1]?.label ?? ''];
  if (kind !== 'text') return [];
  const value = textValue(element);
  if ((element.attrs.get('type') ?? '').trim().toLowerCase() === 'password') return ['•'.repeat([...value].length)];
  return element.tagName === 'textarea' ? value.split('\n').slice(0, MAX_LINES) : [value.replaceAll('\n', '')];
}

/** A piece of text shaped with the style's fonts (fallback faces for what the first lacks). */
function shapePiece(text: string, style: ComputedStyle, startsLine: boolean): FieldTextPiece {
  const runs: FieldTextRun[] = [];
  let x = 0;
  for (const run of FontRegistry.current().itemize(text, fontQueryOf(style))) {
    const shaped = shapeText(run.face, text.slice(run.start, run.end));
    runs.push({ face: run.face, x, glyphs: shaped.glyphs });
    x += (shaped.advance * style.fontSize) / run.face.unitsPerEm;
  }
  const spaces = text.length - text.trimEnd().length;
  return { runs, width: x, trailingSpace: spaces === 0 ? 0 : advance(text.slice(text.length - spaces), style), startsLine };
}

function advance(text: string, style: ComputedStyle): number {
  let width = 0;
  for (const run of FontRegistry.current().itemize(text, fontQueryOf(style))) width += (shapeText(run.face, text.slice(run.start, run.end)).advance * style.fontSize) / run.face.unitsPerEm;
  return width;
}

/** A textarea line as its words, each with the spaces after it: where it may wrap. */
function shapeWords(line: string, style: ComputedStyle): FieldTextPiece[] {
  const words = line.match(/[^ ]*(?: +|$)/gu)?.filter((w) => w.length > 0) ?? [];
  if (words.length === 0) return [shapePiece('', style, true)];
  return words.map((word, i) => shapePiece(word, style, i === 0));
}

/**
 * Chromium's character widths for sizing text controls (SimpleFontData, in whole px): the
 * average advance, the OS/2 table's xAvgCharWidth (else the advance of "x"), and the widest,
 * the font's bounding box width; null where the font has no usable average.
 */
function charWidths(face: FontFace, size: number): { average: number; widest: number | null } {
  const program = fontProgramOf(face) as unknown as { 'OS/2'?: { xAvgCharWidth?: number }; head?: { xMin?: number; xMax?: number } };
  const px = (units: number) => Math.round((units * size) / PX / face.unitsPerEm) * PX;
  const avg = program['OS/2']?.xAvgCharWidth;
  if (!(avg && avg > 0)) return { average: px(shapeText(face, 'x').advance), widest: null };
  const head = program.head;
  const widest = head && typeof head.xMin === 'number' && typeof head.xMax === 'number' ? px(head.xMax - head.xMin) : null;
  return { average: px(avg), widest };
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return n > 0 ? Math.min(n, MAX_LINES) : fallback;
}

/** The content-box size a control has when its width or height is auto (the default object size of HTML §15.5). */
function defaultContentSize(element: DomElement, kind: FormFieldKind, face: FontFace, style: ComputedStyle, lineHeight: number, options: readonly FieldOption[]): { width: number; height: number; padding?: number } {
  if (kind === 'checkbox' || kind === 'radio') {
    // Chromium's theme sizes the border box: the content gets what the padding and border leave.
    const horizontal = style.paddingLeft.abs + style.paddingRight.abs + style.borderLeftWidth + style.borderRightWidth;
    const vertical = style.paddingTop.abs + style.paddingBottom.abs + style.borderTopWidth + style.borderBottomWidth;
    return { width: Math.max(0, TOGGLE_SIZE - horizontal), height: Math.max(0, TOGGLE_SIZE - vertical) };
  }
  const { average, widest } = charWidths(face, style.fontSize);
  if (element.tagName === 'textarea') {
    return { width: positiveInteger(element.attrs.get('cols'), TEXTAREA_COLS) * average + SCROLLBAR, height: positiveInteger(element.attrs.get('rows'), TEXTAREA_ROWS) * lineHeight };
  }
  if (kind === 'combo' || kind === 'list') {
    const text = options.reduce((w, option) => Math.max(w, shapePiece(option.label, style, true).width), 0);
    if (kind === 'combo') return { width: COMBO_START + text + COMBO_END, height: lineHeight + 2 * COMBO_BLOCK_PADDING, padding: COMBO_BLOCK_PADDING };
    const rows = positiveInteger(element.attrs.get('size'), LIST_ROWS);
    return { width: text + 2 * OPTION_INLINE_PADDING + SCROLLBAR, height: rows * (lineHeight + OPTION_BLOCK_PADDING) };
  }
  // LayoutTextControlSingleLine: `size` average characters, and room for one of the widest.
  return { width: positiveInteger(element.attrs.get('size'), TEXT_SIZE) * average + (widest === null ? 0 : widest - average), height: lineHeight };
}
