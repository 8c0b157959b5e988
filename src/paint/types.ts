// The display list: what one page draws, in CSS paint order. A small closed union walked by
// one function per backend (pdf/ writes it; the golden dump prints it). Coordinates are pt,
// origin at the page's top-left corner, y pointing down.

import type { Color } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import type { FormField } from './form-field.js';
import type { SvgDrawing, SvgViewport } from '../resources/svg/model.js';
import type { SyntheticStyle } from '../text/font-synthesis.js';
import type { FontFace, ShapedGlyph } from '../text/types.js';

/**
 * What a content item belongs to in the document's logical structure (ISO 32000-1 §14.7,
 * paint/structure.ts): the nearest element with a structure role, and the item's place in
 * document order among that element's structure children (an element's own place is its
 * `order`; content sits at `order + 0.5` of the last element begun before it). `label` marks
 * a list item's marker text (Lbl). A drawing item without a tag is an artifact (§14.8.2.2).
 */
export interface ContentTag {
  readonly element: DomElement;
  readonly position: number;
  readonly label: boolean;
  /**
   * Text loose in a grouping element (Document, Sect, Div …): the paragraph (P) its line boxes
   * make, an anonymous block's or a role-less block's inline content. Set once by the box
   * builder when the block is made (boxes/paragraph.ts), after the tag; null otherwise.
   */
  paragraph: Paragraph | null;
  /** An image's own description when its element has no `alt` (an inline SVG's `<title>`). */
  readonly alt?: string;
}

/**
 * An anonymous paragraph: the document-order span of its inline content (positions of its
 * text, `order` of its elements), which places its elements with roles (a link, an image, a
 * control) in it. Each is its own object: the structure tree keys its P by identity.
 */
export interface Paragraph {
  readonly start: number;
  readonly end: number;
}

/** A glyph at its final position; x is relative to the run's origin (see glyph-runs.ts). */
export interface PlacedGlyph {
  readonly id: number;
  readonly x: number;
  /** Vertical offset from the baseline, pt, positive downward. */
  readonly y: number;
  /** Source text for ToUnicode ('' for non-first glyphs of a cluster). */
  readonly text: string;
}

/**
 * A stretch of one shaped string inside a run, with the spacing layout applied. Glyph
 * positions are derived from it on demand, so layout allocates nothing per glyph.
 */
export interface GlyphSegment {
  /** Shaped glyphs (font units), usually shared with the shaping cache. */
  readonly glyphs: readonly ShapedGlyph[];
  /** Pen position of the first glyph, pt from the run origin. */
  readonly x: number;
  /** Added after every glyph that starts a cluster (letter-spacing), pt. */
  readonly letterSpacing: number;
  /** Added after every U+0020 and U+00A0 (word-spacing), pt. */
  readonly wordSpacing: number;
  /** Added after every space glyph with index < justifyEnd (text-align: justify), pt. */
  readonly justify: number;
  readonly justifyEnd: number;
}

export interface GlyphRunItem {
  readonly kind: 'glyphs';
  /** Origin: left end of the run, on the baseline. */
  readonly x: number;
  readonly y: number;
  readonly face: FontFace;
  readonly size: number;
  readonly color: Color;
  readonly segments: readonly GlyphSegment[];
  /** Synthesized bold or oblique (text/font-synthesis.ts); absent: none. */
  readonly synthetic?: SyntheticStyle;
  /** The structure this text belongs to; absent or null: an artifact (a shadow, a leader). */
  readonly tag?: ContentTag | null;
}

export interface RectItem {
  readonly kind: 'rect';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly color: Color;
  /** Corner radii [tl, tr, br, bl] as [rx, ry] each; absent for square corners. */
  readonly radii?: readonly (readonly [number, number])[];
}

/** A straight stroked line (border side, text decoration). */
export interface LineItem {
  readonly kind: 'line';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly width: number;
  readonly color: Color;
  readonly style: 'solid' | 'dashed' | 'dotted';
}

/** A filled path, for shapes lines cannot draw (rounded borders, list bullets). Ops in page coords. */
export interface PathItem {
  readonly kind: 'path';
  readonly ops: readonly PathOp[];
  readonly fill: Color | null;
  readonly stroke: { readonly color: Color; readonly width: number; readonly dash?: readonly number[] } | null;
  /** Fill rule for `fill`. */
  readonly evenOdd?: boolean;
}

export type PathOp =
  | { readonly op: 'M'; readonly x: number; readonly y: number }
  | { readonly op: 'L'; readonly x: number; readonly y: number }
  | { readonly op: 'C'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly x: number; readonly y: number }
  | { readonly op: 'Z' };

export interface ImageItem {
  readonly kind: 'image';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly image: ImageResource;
  /** The Figure this image is; absent: an artifact (a background image). */
  readonly tag?: ContentTag;
}

/** A link annotation area: an external URI or an internal destination name. */
export interface LinkItem {
  readonly kind: 'link';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly target: { readonly uri: string } | { readonly dest: string };
  /** The Link element whose annotation this is (an /OBJR kid of its structure element). */
  readonly tag?: ContentTag;
}

/** A named destination (an element with an id) for internal links. */
export interface AnchorItem {
  readonly kind: 'anchor';
  readonly name: string;
  readonly x: number;
  readonly y: number;
}

/**
 * A document outline entry (a PDF bookmark) at a point on the page, e.g. for a heading.
 * `level` is the 1-based nesting level (h1 = 1); entries nest in document order under the
 * nearest preceding entry with a smaller level.
 */
export interface BookmarkItem {
  readonly kind: 'bookmark';
  readonly level: number;
  readonly label: string;
  readonly x: number;
  readonly y: number;
}

/**
 * Items drawn clipped to a rectangle (overflow: hidden), optionally rounded; with `outside`,
 * clipped to everything outside it instead (an outer box-shadow does not paint under its box).
 */
export interface ClipItem {
  readonly kind: 'clip';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly radii?: readonly (readonly [number, number])[];
  readonly outside?: boolean;
  readonly items: readonly DisplayItem[];
}

/**
 * Items drawn through a 2D affine transform (css-transforms-1): `matrix` [a b c d e f] maps
 * the items' page coordinates (x, y) to (a·x + c·y + e, b·x + d·y + f), y down.
 */
export interface TransformItem {
  readonly kind: 'transform';
  readonly matrix: Matrix;
  readonly items: readonly DisplayItem[];
}

/** A 2D affine matrix [a, b, c, d, e, f], as in CSS and SVG. */
export type Matrix = readonly [number, number, number, number, number, number];

/** A colour stop of a resolved gradient; `exponent` shapes the segment that ends here (a colour hint). */
export interface ShadingStop {
  readonly offset: number;
  readonly color: Color;
  readonly exponent: number;
}

/**
 * A gradient resolved for one tile: stops with offsets 0–1, the first at 0 and the last at 1,
 * along coordinates relative to the tile's top-left corner. Linear: from (x0, y0) to
 * (x1, y1). Radial: circles about (cx, cy) from radius r0 to r1, in a space whose y is scaled
 * by `scaleY` about the centre (an ellipse). Colours before the first and after the last
 * offset extend (the shading's Extend).
 */
export type Shading =
  | { readonly kind: 'linear'; readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number; readonly stops: readonly ShadingStop[] }
  | { readonly kind: 'radial'; readonly cx: number; readonly cy: number; readonly r0: number; readonly r1: number; readonly scaleY: number; readonly stops: readonly ShadingStop[] };

/** A rectangle (one background tile) filled with a gradient. */
export interface GradientItem {
  readonly kind: 'gradient';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly shading: Shading;
}

/**
 * A fillable form field's widget (ISO 32000-1 §12.5.6.19) over its box's border box; the box's
 * background and border are page content as for any box. `appearance` is what the widget
 * shows: a text field's value, a choice's text, a check box's or radio button's on state.
 */
export interface FormFieldItem {
  readonly kind: 'form-field';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly field: FormField;
  readonly appearance: readonly DisplayItem[];
  /** The Form element whose widget this is (an /OBJR kid of its structure element). */
  readonly tag?: ContentTag;
}

/** Items drawn with a group opacity. */
export interface OpacityItem {
  readonly kind: 'opacity';
  readonly opacity: number;
  readonly items: readonly DisplayItem[];
}

export type DisplayItem =
  | GlyphRunItem
  | RectItem
  | LineItem
  | PathItem
  | ImageItem
  | LinkItem
  | AnchorItem
  | BookmarkItem
  | ClipItem
  | OpacityItem
  | TransformItem
  | GradientItem
  | FormFieldItem;

/**
 * An image ready for embedding; the PDF writer embeds each distinct image (same bytes) once.
 * PNG and JPEG files are kept as they came (JPEG goes in as DCT data, PNG's compressed
 * samples go in as they are when PDF can read them); other raster formats arrive decoded;
 * SVG arrives as a vector drawing (or, for what the drawing model lacks, as the file to
 * rasterise).
 */
export type ImageResource = PngImage | JpegImage | RawImage | SvgImage;

interface ImageBase {
  /** Names the image in the display list (one key per distinct source in a document). */
  readonly key: string;
  /** Intrinsic size in image pixels, as displayed (after any EXIF orientation). */
  readonly pixelWidth: number;
  readonly pixelHeight: number;
}

/** A PNG file (its header and chunk structure checked, its zlib data verified). */
export interface PngImage extends ImageBase {
  readonly format: 'png';
  readonly data: Uint8Array;
}

/** A baseline or progressive JPEG file. */
export interface JpegImage extends ImageBase {
  readonly format: 'jpeg';
  readonly data: Uint8Array;
  /** EXIF orientation (1–8): how the stored pixels turn to display upright; absent means 1. */
  readonly orientation?: number;
}

/**
 * Decoded pixels (WebP, GIF, AVIF, TIFF, BMP), upright: 8-bit samples, interleaved, rows top
 * to bottom. `channels` is 1 (grey), 2 (grey, alpha), 3 (RGB) or 4 (RGB, alpha).
 */
export interface RawImage extends ImageBase {
  readonly format: 'raw';
  readonly data: Uint8Array;
  readonly channels: 1 | 2 | 3 | 4;
}

/**
 * An SVG file. Its intrinsic size (pixelWidth, pixelHeight) is in CSS px. `drawing` is drawn
 * as vectors, mapped onto the image box by `viewport` (viewBox, preserveAspectRatio); when it
 * is null the PDF writer rasterises `data` at 300 dpi of the size it is drawn at.
 */
export interface SvgImage extends ImageBase {
  readonly format: 'svg';
  /** The file as it came (for the raster fallback and deduplication). */
  readonly data: Uint8Array;
  readonly viewport: SvgViewport;
  readonly drawing: SvgDrawing | null;
  /** What sent the file to the raster fallback (a feature the drawing model lacks). */
  readonly rasterReason?: string;
}

/** One finished page. */
export interface PageDisplayList {
  readonly width: number;
  readonly height: number;
  readonly items: readonly DisplayItem[];
}
