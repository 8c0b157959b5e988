// The box tree (CSS 2.1 chapter 9): what the styled element tree generates. Built once per
// render and never mutated by layout (DESIGN.md invariant 2).

import type { ComputedStyle, Color, ListStyleType } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import type { FormControl } from '../paint/form-field.js';
import type { ContentTag, ImageResource } from '../paint/types.js';

/** What every box knows: its style and the element that generated it (null when anonymous). */
interface BoxBase {
  readonly style: ComputedStyle;
  readonly element: DomElement | null;
  /**
   * `style.backgroundImage` decoded: box generation looks the URL up in the images the
   * resources stage fetched, as it does for `<img src>`, so that paint draws what it is given
   * and never resolves a URL. Absent when the style has no image or it could not be had.
   */
  readonly backgroundImage?: ImageResource;
}

/**
 * A block container. Its content is either block-level boxes or one inline formatting
 * context (CSS 2.1 §9.2.1): anonymous block boxes make that so.
 */
export interface BlockBox extends BoxBase {
  readonly kind: 'block';
  readonly content: BlockContent;
  /**
   * The `::marker` of a list item whose list-style-position is outside: text or a bullet, or
   * for `list-style-image` the image as a replaced box at its intrinsic size.
   */
  readonly marker: MarkerBox | ReplacedBox | null;
  /** True when this box establishes a new block formatting context (root, inline-block, overflow: hidden, flow-root). */
  readonly establishesBfc: boolean;
  /** Set on the empty box left in the flow where a running element was: the page it lands on starts showing it. */
  readonly running?: RunningElement;
  /** Set on the placeholder left where a block-level absolutely positioned box (or a fixed one) was: its static position (CSS 2.1 §10.3.7). */
  readonly absolute?: BlockLevelBox;
  /**
   * On such a placeholder when the box was inline-level but has no line to sit on (only out-of-
   * flow boxes around it): its static position is where a line would start, beside floats.
   */
  readonly onLine?: true;
  /** On the block whose inline content is an element's first formatted line: that element's ::first-line. */
  readonly firstLine?: FirstLineStyles;
  /** On the empty box of an `input`, `textarea` or `select` (boxes/form-controls.ts): what paint draws in it. */
  readonly formControl?: FormControl;
}

/**
 * `::first-line` (CSS 2.1 §5.12.1): the pseudo-element's computed style and the element style
 * it was computed from (its parent). Line layout restyles what lands on the first line by the
 * properties in which the two differ.
 */
export interface FirstLineStyles {
  readonly style: ComputedStyle;
  readonly base: ComputedStyle;
}

/** A running element (css-gcpm-3 §2.2): out of the flow; `element(name)` shows it in margin boxes. */
export interface RunningElement {
  readonly name: string;
  /** The element's boxes as one block container, laid out in the margin box. */
  readonly box: BlockBox;
}

export type BlockContent =
  | { readonly kind: 'blocks'; readonly children: readonly BlockLevelBox[] }
  | { readonly kind: 'inline'; readonly ifc: InlineFormattingContext }
  /** A flex container's items in document order (css-flexbox-1 §4), laid out by layout/flex/. */
  | { readonly kind: 'flex'; readonly items: readonly BlockLevelBox[] }
  /** A grid container's items (css-grid-1 §6), in document order; see boxes/grid-items.ts. */
  | { readonly kind: 'grid'; readonly items: readonly BlockLevelBox[] };

/** A replaced element (an image) laid out as a block. */
export interface ReplacedBox extends BoxBase {
  readonly kind: 'replaced';
  readonly image: ImageResource;
  /** Intrinsic size in pt (CSS px of the image × 0.75). */
  readonly intrinsicWidth: number;
  readonly intrinsicHeight: number;
  /**
   * Absent for an image, which has natural dimensions and a ratio. For an inline `<svg>`,
   * which may lack some (SVG 2 §8.2): `ratio-only`, the intrinsic size gives only a ratio, and
   * with width and height auto the box fills its containing block's width (CSS 2.1 §10.3.2's
   * suggestion, as browsers do); `no-ratio`, the intrinsic size (default 300×150 where there
   * is no natural one) with no ratio: a dimension left auto takes its intrinsic size.
   */
  readonly natural?: 'ratio-only' | 'no-ratio';
}

export type BlockLevelBox = BlockBox | ReplacedBox | TableBox;

/**
 * A table (CSS 2.1 §17.4): the wrapper box (margins, captions) and the table box (borders,
 * padding, background, the grid) in one. The grid is structural, so cells know their slots.
 */
export interface TableBox extends BoxBase {
  readonly kind: 'table';
  /** Captions in document order; each one's `caption-side` puts it above or below the grid. */
  readonly captions: readonly BlockBox[];
  /** One entry per grid column that a `<col>` or `<colgroup>` describes (may be fewer than columnCount). */
  readonly columns: readonly TableColumn[];
  /** The first table-header-group, drawn first (and repeated on every page it spans). */
  readonly header: TableRowGroup | null;
  /** The first table-footer-group, drawn last (and repeated). */
  readonly footer: TableRowGroup | null;
  /** The other row groups in document order; rows outside any group sit in anonymous ones. */
  readonly bodies: readonly TableRowGroup[];
  readonly columnCount: number;
}

/** A grid column: its own style (a `<col>`) and its group's (a `<colgroup>`), for widths and backgrounds. */
export interface TableColumn {
  readonly style: ComputedStyle | null;
  readonly element: DomElement | null;
  readonly group: { readonly style: ComputedStyle; readonly element: DomElement | null; readonly backgroundImage?: ImageResource } | null;
  /** As BoxBase.backgroundImage. */
  readonly backgroundImage?: ImageResource;
}

export interface TableRowGroup extends BoxBase {
  readonly kind: 'table-row-group';
  readonly rows: readonly TableRow[];
}

export interface TableRow extends BoxBase {
  readonly kind: 'table-row';
  readonly cells: readonly TableCell[];
}

/** A cell: a block container placed in grid slots (rows are counted within its row group). */
export interface TableCell {
  readonly box: BlockBox;
  /** First grid column. */
  readonly column: number;
  readonly colSpan: number;
  /** Rows spanned, clipped to the end of the row group (HTML §4.9.12). */
  readonly rowSpan: number;
}

/** The inline content of one block container: a tree of inline-level boxes. */
export interface InlineFormattingContext {
  readonly children: readonly InlineLevelBox[];
}

/** A non-replaced inline box (`<span>`, `<a>`, `<strong>`). */
export interface InlineBox extends BoxBase {
  readonly kind: 'inline';
  readonly children: readonly InlineLevelBox[];
  /** A link target when the element is `<a href>`: an external URI or an internal `#id`. */
  readonly link: LinkTarget | null;
  /** Set on the empty inline box left where an inline-level running element was. */
  readonly running?: RunningElement;
  /** Set on the placeholder left where an absolutely positioned box (or a fixed one) that was inline-level was: its static position is on the line. */
  readonly absolute?: BlockLevelBox;
}

/** A run of text after white-space collapsing and text-transform (CSS Text 3 §4). */
export interface TextBox extends BoxBase {
  readonly kind: 'text';
  readonly text: string;
  /** Decorations propagated from the decorating ancestors (CSS Text Decoration 3 §2). */
  readonly decorations: readonly TextDecoration[];
  /** Where the text belongs in the document structure (paint/structure.ts); absent: nowhere (an artifact). */
  readonly tag?: ContentTag | null;
}

/**
 * Generated text that depends on the page it lands on (css-page-3 §4.4 page counters,
 * css-content-3 target-counter()): layout turns it into text once the page is known.
 */
export interface PageTextBox extends BoxBase {
  readonly kind: 'page-text';
  readonly source: PageTextSource;
  readonly counterStyle: ListStyleType;
  readonly decorations: readonly TextDecoration[];
  readonly tag?: ContentTag | null;
}

/** The page counter, the page total, or the page of the element with an id. */
export type PageTextSource = { readonly kind: 'page' } | { readonly kind: 'pages' } | { readonly kind: 'target-page'; readonly id: string };

/** An atomic inline-level box: an inline-block or an inline image. */
export interface AtomicInlineBox extends BoxBase {
  readonly kind: 'atomic';
  readonly box: BlockLevelBox;
}

/**
 * A leader (css-content-3 `leader()`, used by css-gcpm-3 tables of contents): a row of
 * repeated `pattern` glyphs that stretches over the free space of the line it lands on.
 */
export interface LeaderBox extends BoxBase {
  readonly kind: 'leader';
  readonly element: null;
  /** The string repeated to fill the leader: '. ' for dotted, '_' for solid, ' ' for space. */
  readonly pattern: string;
  readonly decorations: readonly TextDecoration[];
  readonly tag?: ContentTag | null;
}

/** A forced line break (`<br>` or a preserved newline). */
export interface LineBreakBox extends BoxBase {
  readonly kind: 'br';
}

/** An inside list marker, or an outside one (then it lives on BlockBox.marker). */
export interface MarkerBox extends BoxBase {
  readonly kind: 'marker';
  /** Text markers (`1.`, `iv.`) or a bullet shape drawn as a path. */
  readonly marker: { readonly kind: 'text'; readonly text: string } | { readonly kind: 'bullet'; readonly shape: 'disc' | 'circle' | 'square' };
  /** A numbering marker's Lbl in the structure (paint/structure.ts); absent for a decorative one. */
  readonly tag?: ContentTag | null;
}

/**
 * A float met in inline content (CSS 2.1 §9.5): out of flow, so it does not split the inline
 * formatting context as a block would; line layout places it at the line where it occurs
 * (§9.5.1 rule 6). Floats among block-level boxes stay block-level children.
 */
export interface FloatInlineBox extends BoxBase {
  readonly kind: 'float';
  readonly box: BlockLevelBox;
}

export type InlineLevelBox = InlineBox | TextBox | PageTextBox | LeaderBox | AtomicInlineBox | LineBreakBox | MarkerBox | FloatInlineBox;

export interface TextDecoration {
  readonly line: 'underline' | 'overline' | 'line-through';
  readonly color: Color;
  readonly style: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
}

export type LinkTarget = { readonly uri: string } | { readonly dest: string };

export type Box = BlockLevelBox | InlineLevelBox;

/** The result of box generation: the root block plus any warnings. */
export interface BoxTree {
  readonly root: BlockBox;
  /** `position: fixed` boxes, in document order: laid out on every page against the page area. */
  readonly fixed: readonly BlockLevelBox[];
  /** Normal-flow content uses the page total or target-counter(): layout needs a pass that knows every page. */
  readonly needsPageTotals: boolean;
  /** Some box is absolutely positioned (not fixed): pages are searched for its placeholder. */
  readonly hasAbsolute: boolean;
  /** Some box is a flex container: layout needs Yoga loaded (layout/flex/yoga-engine.ts). */
  readonly hasFlex: boolean;
  readonly warnings: readonly string[];
}
