// Layout's vocabulary (after LayoutNG): a constraint space in, a fragment and a break token
// out. Fragments are immutable and positioned relative to their parent fragment.

import type { BlockBox, BlockLevelBox, InlineBox, LinkTarget, TextDecoration } from '../boxes/types.js';
import type { Color, ComputedStyle } from '../css/types.js';
import type { GlyphSegment } from '../paint/types.js';
import type { FontFace } from '../text/types.js';

/** What a box may use: the containing block's inline size and the block space left in the fragmentainer. */
export interface ConstraintSpace {
  /** Width of the containing block's content box, pt. */
  readonly inlineSize: number;
  /** Block size left in the current fragmentainer, measured from this box's top margin edge; Infinity when unfragmented. */
  readonly blockLimit: number;
  /** Nothing has been placed before this box in the fragmentainer: the box must make progress here. */
  readonly atFragmentainerStart: boolean;
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
}

/** A block container with inline content resumes at a line. */
export interface LinesBreakToken {
  readonly kind: 'lines';
  readonly box: BlockBox;
  readonly lineIndex: number;
  readonly consumedBlockSize: number;
}

export type BreakToken = BlockBreakToken | LinesBreakToken;

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
  readonly children: readonly (BoxFragment | LineFragment)[];
  /** An outside list marker, positioned relative to this fragment. */
  readonly marker: LineItemFragment | null;
  /** Baseline of the last line box inside, relative to this fragment's top; null when none. */
  readonly lastBaseline: number | null;
  readonly firstBaseline: number | null;
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
  readonly size: number;
  readonly color: Color;
  readonly segments: readonly GlyphSegment[];
  readonly decorations: readonly TextDecoration[];
  readonly visible: boolean;
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
}

/** Convenience for styles read by several layout modules. */
export type Style = ComputedStyle;
