// Layout's vocabulary (after LayoutNG): a constraint space in, a fragment and a break token
// out. Fragments are immutable and positioned relative to their parent fragment.

import type { BlockBox, BlockLevelBox, InlineBox, LinkTarget, TableBox, TableCell, TextDecoration } from '../boxes/types.js';
import type { BorderStyle, Color, ComputedStyle, TextShadow } from '../css/types.js';
import type { ContentTag, GlyphSegment, ImageResource } from '../paint/types.js';
import type { SyntheticStyle } from '../text/font-synthesis.js';
import type { FontFace } from '../text/types.js';
import type { ExclusionSpace } from './float/exclusion-space.js';
import type { PageNames } from './page/page-names.js';
import type { Rect } from './replaced.js';

/** What a box may use: the containing block's inline size and the block space left in the fragmentainer. Built by constraintSpace(). */
export interface ConstraintSpace {
  /** Width of the containing block's content box, pt. */
  readonly inlineSize: number;
  /** Block size left in the current fragmentainer, measured from this box's top margin edge; Infinity when unfragmented. */
  readonly blockLimit: number;
  /** Nothing has been placed before this box in the fragmentainer: the box must make progress here. */
  readonly atFragmentainerStart: boolean;
  /**
   * Block space that must stay free below the box when it ends in this fragmentainer: the
   * bottom padding, borders and margins of the ancestors that end with it (css-break-3 §4.4).
   */
  readonly endReserve: number;
  /** The page being laid out; null where no page applies (intrinsic sizing). */
  readonly page: PageContext | null;
  /**
   * The containing block's height when it is definite, for percentage heights (CSS 2.1
   * §10.5); null when it depends on content, and percentages then act as auto.
   */
  readonly percentageBlockSize: number | null;
  /** A content-box width decided by the parent (an absolutely positioned box's solved width, §10.3.7): used as is, margins 0. */
  readonly fixedInlineSize: number | undefined;
  /** A content-box height decided by the parent (an absolutely positioned box's solved height, §10.6.4). */
  readonly fixedBlockSize: number | undefined;
  /** The floats around this box and where it sits among them; absent where no float can reach it (a new BFC). */
  readonly bfc: BfcPosition | undefined;
  /** The fragmentainer is a column of a multi-column container: `break-*: column` forces a break (css-break-3 §3.1). */
  readonly inColumns: boolean;
  /**
   * The containing block's direction, when it may differ from the box's own: the margin that
   * gives way when the box's width and margins are over-constrained is the end one (CSS 2.1
   * §10.3.3). Undefined: the box's own direction.
   */
  readonly direction: 'ltr' | 'rtl' | undefined;
}

/**
 * A box's place in its block formatting context (CSS 2.1 §9.4.1), in the BFC's coordinates:
 * origin at the BFC root's content box on this fragmentainer.
 */
export interface BfcPosition {
  /** The floats placed so far in the BFC. */
  readonly exclusions: ExclusionSpace;
  /** The left edge of the box's containing block (its content box). */
  readonly inline: number;
  /** The top of the box's border box. */
  readonly block: number;
}

/** A float that continues in the next fragmentainer (css-break-3 §4): placed at the top of its BFC root's next fragment. */
export interface CarriedFloat {
  readonly box: BlockLevelBox;
  /** Where the float's content resumes; null when it moved on whole. */
  readonly token: BreakToken | null;
  /** Its containing block's content edges in BFC coordinates (the inline axis is the same on every page). */
  readonly left: number;
  readonly right: number;
}

/** What layout knows about the page it fills and the document's other pages. */
export interface PageContext {
  /** The page counter's value on this page (css-page-3 §4.4). */
  readonly pageNumber: number;
  /** The page total; null in a first pass that does not know it yet. */
  readonly pageCount: number | null;
  /** The page counter value of the page where the element with this id starts; null when unknown. */
  readonly targetPage: (id: string) => number | null;
  /** Used page names (css-page-3 §4.3): a change between siblings forces a page break. Null outside the page flow. */
  readonly pageNames: PageNames | null;
}

/** Where a block container's previous fragment stopped (css-break-3 "break token"). */
export interface BlockBreakToken {
  readonly kind: 'block';
  readonly box: BlockBox;
  /** Index of the child to resume at. */
  readonly childIndex: number;
  /** The child's own break token when the break fell inside it; null to start it afresh. */
  readonly child: BreakToken | null;
  /** Content block size consumed by earlier fragments (for boxes with a fixed height). */
  readonly consumedBlockSize: number;
  /** The break before `childIndex` was forced: that child keeps its top margin (css-break-3 §5.5). */
  readonly forced: boolean;
  /** Floats of this BFC root that moved to the next fragmentainer. */
  readonly floats?: readonly CarriedFloat[];
}

/** A block container with inline content resumes at a line. */
export interface LinesBreakToken {
  readonly kind: 'lines';
  readonly box: BlockBox;
  readonly lineIndex: number;
  readonly consumedBlockSize: number;
  /** Lines laid out beside floats resume at this piece (their count depends on the floats). */
  readonly piece?: number;
  /** Floats of this BFC root that moved to the next fragmentainer. */
  readonly floats?: readonly CarriedFloat[];
}

/** A table resumes at a row; cells that cross the break continue with their own tokens. */
export interface TableBreakToken {
  readonly kind: 'table';
  readonly box: TableBox;
  /** The row to resume at (an index into the table's rows in display order). */
  readonly rowIndex: number;
  /**
   * Cells that started before `rowIndex` and span into it, or that were split inside it:
   * their content's break token, or null when only their box continues.
   */
  readonly cells: readonly ContinuingCell[];
  readonly consumedBlockSize: number;
}

export interface ContinuingCell {
  readonly cell: TableCell;
  readonly token: BreakToken | null;
}

/**
 * Where a grid container's previous fragment stopped (css-grid-1 §12): at a row, or inside it
 * when the row was split across the break; the items whose areas cross the break go on with
 * their own tokens.
 */
export interface GridBreakToken {
  readonly kind: 'grid';
  readonly box: BlockBox;
  /** The row to resume at. */
  readonly rowIndex: number;
  /** How much of that row's unfragmented height earlier fragments took (0 after a break between rows). */
  readonly rowConsumed: number;
  /** Items whose areas continue, by placement index. */
  readonly items: ReadonlyMap<number, ContinuingItem>;
  readonly consumedBlockSize: number;
}

/** A grid item cut by a break: where its content resumes (null: not started yet) and how much of its area earlier fragments took. */
export interface ContinuingItem {
  readonly token: BreakToken | null;
  readonly consumed: number;
}

/**
 * A row flex container that broke inside a flex line (css-flexbox-1 §12): the line's items
 * fragment in parallel, as the cells of a table row do, each continuing in its own column.
 * Breaks between lines use a BlockBreakToken whose childIndex is the line (in block-axis order).
 */
export interface FlexBreakToken {
  readonly kind: 'flex';
  readonly box: BlockBox;
  /** The line that continues, in block-axis order. */
  readonly lineIndex: number;
  /** How much of the line earlier fragments took. */
  readonly lineConsumed: number;
  /** The line's items that have not ended, by index in order-modified document order; the others are done. */
  readonly items: ReadonlyMap<number, FlexItemBreak>;
  readonly consumedBlockSize: number;
}

/** Where an item of a flex line split across fragmentainers resumes. */
export interface FlexItemBreak {
  /** Its content's break token; null when it has not started, or when only its box continues (stretched past its content). */
  readonly token: BreakToken | null;
  /** Block size of its border box taken by earlier fragments; null when it has not started (it lies below the break). */
  readonly consumed: number | null;
}

export type BreakToken = BlockBreakToken | LinesBreakToken | TableBreakToken | GridBreakToken | FlexBreakToken;

/** A fragment's rectangle, relative to its parent fragment. */
interface FragmentRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One piece of a box split by breaks (box-decoration-break: slice draws only the edges it owns). */
interface BoxPiece extends FragmentRect {
  /** The first fragment draws the start edge, the last the end edge. */
  readonly isFirst: boolean;
  readonly isLast: boolean;
}

/** A block-level box's fragment. Border-box geometry relative to the parent fragment's border box. */
export interface BoxFragment extends BoxPiece {
  readonly kind: 'box';
  readonly box: BlockLevelBox;
  readonly children: readonly ChildFragment[];
  /** An outside list marker, positioned relative to this fragment. */
  readonly marker: LineItemFragment | null;
  /** Baseline of the last line box inside, relative to this fragment's top; null when none. */
  readonly lastBaseline: number | null;
  readonly firstBaseline: number | null;
  /**
   * Absolutely positioned boxes whose containing block this box is (CSS 2.1 §10.1), laid out
   * when its fragment was finished; relative to this fragment, in tree order.
   */
  readonly positioned?: readonly BoxFragment[];
  /** The shift of a relatively positioned box (CSS 2.1 §9.4.3), applied when painting. */
  readonly relative?: { readonly x: number; readonly y: number };
}

export type ChildFragment = BoxFragment | LineFragment | TableGridFragment;

/**
 * The table box's fragment (CSS 2.1 §17.4): the grid inside the wrapper, with the table's
 * border, padding and background, its rows and cells on this page, and the collapsed
 * borders to draw. Positions are relative to this fragment.
 */
export interface TableGridFragment extends BoxPiece {
  readonly kind: 'table-grid';
  readonly box: TableBox;
  readonly cells: readonly TableCellFragment[];
  /** Winning borders of the collapsing model, as centred strokes; empty when separate. */
  readonly borders: readonly BorderSegment[];
  readonly firstBaseline: number | null;
  readonly lastBaseline: number | null;
}

export interface TableCellFragment {
  /** The cell's box fragment, at its row's height. */
  readonly fragment: BoxFragment;
  /** Backgrounds under the cell, bottom first: column group, column, row group, row. */
  readonly layers: readonly CellBackground[];
  /** False for an empty cell with `empty-cells: hide`: no background, no border. */
  readonly decorated: boolean;
  /**
   * A repeated header or footer group's cell (css-tables-3 §3.10: they repeat on each
   * fragment): the header's after the table's first fragment, the footer's before its last.
   * Its content is an artifact there (PDF/UA), the reading order has it once.
   */
  readonly repeated: boolean;
  /**
   * The relative offsets of the cell's row and row group (css-position-3 §3.3), applied to the
   * cell and the backgrounds under it when painting; absent when neither is positioned.
   */
  readonly shift?: { readonly x: number; readonly y: number };
}

/**
 * A table part's background under one cell (css-tables-3 "Drawing backgrounds and borders"): its
 * colour fills the cell; its image is positioned against the part's box and shown only inside
 * the cell.
 */
export interface CellBackground {
  readonly style: ComputedStyle;
  /** `style.backgroundImage` decoded, when a url. */
  readonly image: ImageResource | undefined;
  /** The part's box in this fragment, relative to the cell's border box: the positioning area. */
  readonly area: Rect;
}

/** One stroke of a collapsed border, along its centre line. */
export interface BorderSegment {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly width: number;
  readonly style: BorderStyle;
  readonly color: Color;
}

/** A line box (CSS 2.1 §9.4.2). Items are positioned relative to the line box's top-left. */
export interface LineFragment extends FragmentRect {
  readonly kind: 'line';
  readonly baseline: number;
  readonly items: readonly LineItemFragment[];
}

export interface TextFragment {
  readonly kind: 'text';
  /** Left end of the run on the baseline, relative to the line box. */
  readonly x: number;
  readonly baseline: number;
  readonly width: number;
  readonly face: FontFace;
  /** The size the glyphs are drawn at, pt. */
  readonly size: number;
  /** The element's font size, pt, which decorations are measured at: synthesized small caps draw smaller glyphs under the same underline. */
  readonly fontSize: number;
  readonly color: Color;
  readonly segments: readonly GlyphSegment[];
  readonly decorations: readonly TextDecoration[];
  readonly visible: boolean;
  /** Bold or oblique drawn over a face that lacks them (css-fonts-4 §8.1). */
  readonly synthetic: SyntheticStyle;
  /** The style's text-shadow, first on top (css-text-decor-3 §5). */
  readonly shadows: readonly TextShadow[];
  /** Where the text belongs in the document structure; null: nowhere (an artifact: a leader, a bullet). */
  readonly tag: ContentTag | null;
}

/** The part of an inline box on one line: its border box there, for backgrounds, borders and links. */
export interface InlineBoxFragment extends BoxPiece {
  readonly kind: 'inline-box';
  readonly box: InlineBox;
  readonly link: LinkTarget | null;
}

/** An inline-block or inline image, laid out as a block and placed on the line. */
export interface AtomicFragment {
  readonly kind: 'atomic';
  readonly fragment: BoxFragment;
}

/** A list bullet drawn as a shape; x, y is the shape's box relative to its container. */
export interface BulletFragment {
  readonly kind: 'bullet';
  readonly shape: 'disc' | 'circle' | 'square';
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly color: Color;
}

/** A run of marker text (outside markers keep this form; inside markers are ordinary text). */
export type LineItemFragment = TextFragment | InlineBoxFragment | AtomicFragment | BulletFragment;

/** The result of laying out one block-level box in a constraint space. */
export interface BlockLayoutResult {
  /** null when nothing of the box fits and the box must move to the next fragmentainer whole. */
  readonly fragment: BoxFragment | null;
  readonly breakToken: BreakToken | null;
  /** The floats after this box, for the boxes that follow it in its BFC (absent: unchanged). */
  readonly exclusions?: ExclusionSpace;
  /** Floats inside that moved to the next fragmentainer; the BFC root carries them in its break token. */
  readonly pushedFloats?: readonly CarriedFloat[];
}

/** Convenience for styles read by several layout modules. */
export type Style = ComputedStyle;
