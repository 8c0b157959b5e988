// ::first-line (CSS 2.1 §5.12.1): the properties of the pseudo-element apply to what lands on
// the first line box. Where the first line ends depends on those very properties: the content
// is laid out with all of it restyled, which gives the first line; the rest of the content,
// from where that line ended and in its own style, is laid out again for the lines below.
import type { FirstLineStyles, InlineFormattingContext, InlineLevelBox, TextBox, TextDecoration } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { LineFragment, PageContext } from '../types.js';
import { collectInline } from './collect.js';
import type { LineRange } from './break-lines.js';

/** The properties that apply to ::first-line (CSS 2.1 §5.12.1, css-pseudo-4 §3.1.1), by field. */
const FIRST_LINE_FIELDS = [
  'color', 'fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'fontVariantCaps', 'fontVariantLigatures', 'fontVariantNumeric',
  'fontVariantPosition', 'fontFeatureSettings', 'fontKerning', 'lineHeight', 'textShadow',
  'letterSpacing', 'wordSpacing', 'textTransform', 'verticalAlign',
] as const satisfies readonly (keyof ComputedStyle)[];

/** How one layout of some inline content goes. */
export interface LayOutOptions {
  /** The block style the first line's strut uses (the ::first-line one), or null for the block's. */
  readonly firstLineStyle: ComputedStyle | null;
  /** The content continues a paragraph whose first line is laid out already: no text-indent, no first line. */
  readonly continuation: boolean;
  /** Where the first line goes. */
  readonly y: number;
}

/** One layout of some inline content: its lines, and the line ranges they came from. */
export type LayOut = (ifc: InlineFormattingContext, options: LayOutOptions) => { readonly lines: readonly LineFragment[]; readonly ranges: readonly LineRange[] };

/** The lines of `ifc` with `styles` applied to the first one. */
export function layoutWithFirstLine(ifc: InlineFormattingContext, styles: FirstLineStyles, page: PageContext | null, layOut: LayOut): readonly LineFragment[] {
  const restyle = firstLineRestyler(styles);
  const all = layOut(splitAt(ifc, Infinity, styles, restyle, page).before, { firstLineStyle: restyle(styles.base), continuation: false, y: 0 });
  const first = all.lines[0];
  const cut = firstLineEnd(all.ranges);
  if (first === undefined || all.lines.length === 1 || cut === 0) return all.lines;
  const rest = splitAt(ifc, cut, styles, restyle, page).after;
  return [first, ...layOut(rest, { firstLineStyle: null, continuation: true, y: first.height }).lines];
}

/**
 * The paragraph offset where the first line ends: past its last text, or, when it has none
 * (`<br>` first), where the text of the next line starts; 0 when no line has text.
 */
function firstLineEnd(ranges: readonly LineRange[]): number {
  let end = 0;
  for (const piece of ranges[0]?.pieces ?? []) if (piece.kind === 'text') end = Math.max(end, piece.end);
  if (end > 0) return end;
  for (const range of ranges.slice(1)) for (const piece of range.pieces) if (piece.kind === 'text') return piece.start;
  return 0;
}

type Restyle = (style: ComputedStyle) => ComputedStyle;

/**
 * A box style as it is on the first line: each first-line property that the ::first-line rules
 * changed takes their value, unless the box sets its own (its value differs from the element's,
 * from which it would otherwise inherit it). Shared per style.
 */
function firstLineRestyler({ style: first, base }: FirstLineStyles): Restyle {
  const changed = FIRST_LINE_FIELDS.filter((f) => !sameValue(first[f], base[f]));
  const cache = new Map<ComputedStyle, ComputedStyle>();
  return (style) => {
    let out = cache.get(style);
    if (out === undefined) {
      const own = changed.filter((f) => sameValue(style[f], base[f]));
      out = own.length === 0 ? style : Object.assign({ ...style }, Object.fromEntries(own.map((f) => [f, first[f]])));
      cache.set(style, out);
    }
    return out;
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** `ifc` split at paragraph offset `cut` (text and inline boxes too): the part before restyled, the part after as it was. */
function splitAt(ifc: InlineFormattingContext, cut: number, styles: FirstLineStyles, restyle: Restyle, page: PageContext | null): { before: InlineFormattingContext; after: InlineFormattingContext } {
  const offsets = new Map<TextBox, number>();
  for (const item of collectInline(ifc, page).items) if (item.kind === 'text' && !offsets.has(item.box)) offsets.set(item.box, item.start);
  // ::first-line's own text-decoration (not inherited: the element's is already on the boxes).
  const added = decorationsOf(styles.style);
  const restyleText = (box: TextBox, text: string): TextBox => {
    const style = restyle(box.style);
    return { ...box, style, text: transformed(text, style, box.style), decorations: added.length === 0 ? box.decorations : [...box.decorations, ...added] };
  };
  let done = false;
  // The boxes of `children` before the cut (restyled) and after it (as they were).
  const split = (children: readonly InlineLevelBox[]): { before: InlineLevelBox[]; after: InlineLevelBox[] } => {
    const before: InlineLevelBox[] = [];
    const after: InlineLevelBox[] = [];
    for (const child of children) {
      if (done) after.push(child);
      else if (child.kind === 'text') {
        const start = offsets.get(child) ?? cut;
        const at = Math.min(child.text.length, Math.max(0, cut - start));
        if (at > 0) before.push(restyleText(child, child.text.slice(0, at)));
        if (at < child.text.length) {
          done = true;
          after.push(at === 0 ? child : { ...child, text: child.text.slice(at) });
        }
      } else if (child.kind === 'inline') {
        // An inline box across the cut becomes two: restyled before it, as it was after.
        const inner = split(child.children);
        if (inner.before.length > 0 || inner.after.length === 0) before.push({ ...child, style: restyle(child.style), children: inner.before });
        if (inner.after.length > 0) after.push({ ...child, children: inner.after });
      } else before.push(child);
    }
    return { before, after };
  };
  const { before, after } = split(ifc.children);
  return { before: { children: before }, after: { children: after } };
}

function decorationsOf(style: ComputedStyle): TextDecoration[] {
  const line = style.textDecorationLine;
  const add = (kind: TextDecoration['line']): TextDecoration => ({ line: kind, color: style.textDecorationColor, style: style.textDecorationStyle });
  return [...(line.underline ? [add('underline')] : []), ...(line.overline ? [add('overline')] : []), ...(line.lineThrough ? [add('line-through')] : [])];
}

// text-transform of the first line; a transform that changes the text's length would move the
// paragraph offsets the split relies on, so it is left out.
function transformed(text: string, style: ComputedStyle, was: ComputedStyle): string {
  if (style.textTransform === was.textTransform) return text;
  const out = style.textTransform === 'uppercase' ? text.toUpperCase()
    : style.textTransform === 'lowercase' ? text.toLowerCase()
    : style.textTransform === 'capitalize' ? text.replace(/(^|[\s\p{P}])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase())
    : text;
  return out.length === text.length ? out : text;
}
