// Computed values: the output of the cascade, one immutable record per element and
// pseudo-element. Every length is in PDF points (1/72 in; 1px = 0.75pt), resolved once here
// (DESIGN.md invariant 3). Percentages stay symbolic until layout knows the containing block.

import type { DomElement } from '../dom/types.js';
import type { Gradient } from './values/gradient.js';

/** A painted background image: a url as written (gather.ts fetches it), a gradient, or none. */
export type BackgroundImage = string | Gradient | null;

/** One `box-shadow` (css-backgrounds-3 §7.1), lengths in pt, colour resolved. */
/** css-fonts-4 §6.6. */
export type FontVariantCaps = 'normal' | 'small-caps' | 'all-small-caps' | 'petite-caps' | 'all-petite-caps' | 'unicase' | 'titling-caps';

/** Which faces the UA may synthesize when the family lacks them (css-fonts-4 §8.1). */
export interface FontSynthesis {
  readonly weight: boolean;
  readonly style: boolean;
  readonly smallCaps: boolean;
}

/** One `text-shadow` (css-text-decor-3 §5.1); blur ≥ 0, colour resolved. */
export interface TextShadow {
  readonly offsetX: number;
  readonly offsetY: number;
  readonly blur: number;
  readonly color: Color;
}

export interface BoxShadow {
  readonly inset: boolean;
  readonly offsetX: number;
  readonly offsetY: number;
  /** The blur radius (≥ 0): the shadow's edge blurs as a Gaussian with σ = blur / 2. */
  readonly blur: number;
  readonly spread: number;
  readonly color: Color;
}

/**
 * One 2D transform function (css-transforms-1 §13), angles in degrees; translations keep
 * percentages, which refer to the border box (the reference box) at paint time.
 */
export type TransformFunction =
  | { readonly kind: 'matrix'; readonly values: readonly [number, number, number, number, number, number] }
  | { readonly kind: 'translate'; readonly x: LengthPercentage; readonly y: LengthPercentage }
  | { readonly kind: 'scale'; readonly x: number; readonly y: number }
  | { readonly kind: 'rotate'; readonly angle: number }
  | { readonly kind: 'skew'; readonly x: number; readonly y: number };

/** An RGBA colour; r, g, b in 0..255, a in 0..1. */
export interface Color {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

/**
 * A `<length-percentage>`, including `calc()` mixes: the used value is
 * `abs + pct / 100 * base` where base is the percentage basis (usually the containing
 * block's width).
 */
export interface LengthPercentage {
  readonly abs: number;
  readonly pct: number;
}

export type LengthPercentageAuto = LengthPercentage | 'auto';

/** `flex-basis` (css-flexbox-1 §7.2): `content`, `auto` (use the main size property) or a length. */
/** An overflow-x/overflow-y value (css-overflow-3 §3; `overlay` computes to auto). */
export type Overflow = 'visible' | 'hidden' | 'clip' | 'scroll' | 'auto';

export type FlexBasis = LengthPercentage | 'auto' | 'content';
/** Positions shared by the alignment properties (css-align-3 §4). */
type AlignmentPosition = 'start' | 'end' | 'flex-start' | 'flex-end' | 'center' | 'left' | 'right' | 'baseline' | 'last baseline';
/** justify-content and align-content (css-align-3 §5). */
export type ContentAlignment = 'normal' | 'stretch' | 'space-between' | 'space-around' | 'space-evenly' | AlignmentPosition;
/** align-items and justify-items (css-align-3 §6.2); `legacy` computes to normal here. */
export type ItemAlignment = 'normal' | 'stretch' | 'self-start' | 'self-end' | AlignmentPosition;
/** align-self and justify-self (css-align-3 §6.1). */
export type SelfAlignment = 'auto' | ItemAlignment;
export type LengthPercentageNone = LengthPercentage | 'none';
/** The intrinsic size keywords of css-sizing-3 §3.1, for widths: content-box sizes from the box's content. */
export type IntrinsicSizeKeyword = 'min-content' | 'max-content' | 'fit-content';

export type Display =
  | 'none'
  | 'block'
  | 'inline'
  | 'inline-block'
  | 'list-item'
  | 'flow-root'
  | 'table'
  | 'inline-table'
  | 'table-row-group'
  | 'table-header-group'
  | 'table-footer-group'
  | 'table-row'
  | 'table-column-group'
  | 'table-column'
  | 'table-cell'
  | 'table-caption'
  | 'flex'
  | 'inline-flex'
  | 'grid'
  | 'inline-grid'
  | 'contents';

/** Any css-align-3 value (grid layout reads the content, item and self alignments alike). */
export type AlignmentKeyword = ContentAlignment | SelfAlignment;

/** A track breadth (css-grid-1 §7.2.1): a length-percentage, `fr`, or an intrinsic keyword. */
export type GridTrackBreadth =
  | LengthPercentage
  | { readonly fr: number }
  | 'auto' | 'min-content' | 'max-content';

/**
 * One track's sizing functions (css-grid-1 §7.2.1): a plain breadth is both; `fit-content(L)`
 * is min auto, max max-content clamped at L.
 */
export interface GridTrackSize {
  readonly min: GridTrackBreadth;
  readonly max: GridTrackBreadth;
  readonly fitContent: LengthPercentage | null;
}

/**
 * `grid-template-rows`/`-columns` (css-grid-1 §7.2): tracks with integer repeat() expanded,
 * `lines[i]` the names of the line before track i (one more entry than tracks), and at most
 * one auto-repeat, inserted before track `autoRepeat.index` once its count is known.
 */
export interface GridTrackList {
  readonly tracks: readonly GridTrackSize[];
  readonly lines: readonly (readonly string[])[];
  readonly autoRepeat: GridAutoRepeat | null;
}

export interface GridAutoRepeat {
  readonly type: 'auto-fill' | 'auto-fit';
  readonly index: number;
  readonly tracks: readonly GridTrackSize[];
  /** Names of the lines inside one repetition: tracks.length + 1 entries. */
  readonly lines: readonly (readonly string[])[];
}

/**
 * `subgrid <line-name-list>?` (css-grid-2 §9): the tracks are those of the parent grid the
 * item spans; only line names are its own. `lines[i]` names the subgrid's line i; an
 * auto-fill repeat of names stands before entry `autoRepeat.index` and fills the lines left.
 */
export interface GridSubgrid {
  readonly subgrid: true;
  readonly lines: readonly (readonly string[])[];
  readonly autoRepeat: { readonly index: number; readonly lines: readonly (readonly string[])[] } | null;
}

/** `grid-template-areas` (css-grid-1 §7.3): the grid's size and each named area's lines (0-based, end exclusive). */
export interface GridTemplateAreas {
  readonly rows: number;
  readonly columns: number;
  readonly areas: ReadonlyMap<string, { readonly rowStart: number; readonly rowEnd: number; readonly columnStart: number; readonly columnEnd: number }>;
}

/** A `<grid-line>` (css-grid-1 §8.3): auto, `[N] [name]`, or `span [N] [name]`. */
export type GridLine =
  | { readonly kind: 'auto' }
  | { readonly kind: 'line'; readonly index: number; readonly name: string | null }
  | { readonly kind: 'span'; readonly count: number; readonly name: string | null };

export type BorderStyle =
  | 'none'
  | 'hidden'
  | 'solid'
  | 'dashed'
  | 'dotted'
  | 'double'
  | 'groove'
  | 'ridge'
  | 'inset'
  | 'outset';

export type WhiteSpace = 'normal' | 'pre' | 'nowrap' | 'pre-wrap' | 'pre-line' | 'break-spaces';
/**
 * text-align, with the legacy values of HTML's `align` attribute and <center> (Chromium's
 * -webkit-left/-webkit-right/-webkit-center; HTML §15.3.3 "align descendants"): they align
 * inline content like left/right/center and also the block-level descendants whose inline
 * margins are not auto. Tables reset them to start (see applyComputedValueRules).
 */
export type TextAlign = 'left' | 'right' | 'center' | 'justify' | 'start' | 'end' | LegacyAlign;
export type LegacyAlign = '-webkit-left' | '-webkit-right' | '-webkit-center';
export type TextTransform = 'none' | 'uppercase' | 'lowercase' | 'capitalize';
export type FontStyle = 'normal' | 'italic' | 'oblique';
export type BreakValue = 'auto' | 'avoid' | 'page' | 'always' | 'left' | 'right' | 'avoid-page' | 'column' | 'recto' | 'verso';
export type BreakInside = 'auto' | 'avoid' | 'avoid-page';

export type VerticalAlign =
  | 'baseline'
  | 'sub'
  | 'super'
  | 'top'
  | 'middle'
  | 'bottom'
  | 'text-top'
  | 'text-bottom'
  | LengthPercentage; // percentage of the element's own line-height

export type LineHeight =
  | { readonly kind: 'normal' }
  | { readonly kind: 'number'; readonly value: number } // inherited as the number
  | { readonly kind: 'length'; readonly value: number }; // pt (percentages resolve against font-size)

export type ListStyleType =
  | 'disc'
  | 'circle'
  | 'square'
  | 'decimal'
  | 'decimal-leading-zero'
  | 'lower-alpha'
  | 'upper-alpha'
  | 'lower-latin'
  | 'upper-latin'
  | 'lower-roman'
  | 'upper-roman'
  | 'lower-greek'
  | 'none';

/** One item of the `content` property, kept unevaluated; boxes/ evaluates counters and attrs. */
export type ContentItem =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'attr'; readonly name: string }
  | { readonly kind: 'counter'; readonly name: string; readonly style: ListStyleType }
  | { readonly kind: 'counters'; readonly name: string; readonly separator: string; readonly style: ListStyleType }
  | { readonly kind: 'open-quote' }
  | { readonly kind: 'close-quote' }
  | { readonly kind: 'url'; readonly url: string }
  /** A function boxes/ does not know yet (e.g. element(), string(), target-counter()): kept for later issues. */
  | { readonly kind: 'function'; readonly name: string; readonly args: string };

export type Content = 'normal' | 'none' | readonly ContentItem[];

/** `counter-reset`, `counter-increment`, `counter-set`: name/value pairs in order. */
export type CounterList = readonly { readonly name: string; readonly value: number }[];

export interface TextDecorationLine {
  readonly underline: boolean;
  readonly overline: boolean;
  readonly lineThrough: boolean;
}

/** `clip: rect(top, right, bottom, left)`: offsets from the border box's top-left corner, pt. */
export interface ClipRect {
  readonly top: number | 'auto';
  readonly right: number | 'auto';
  readonly bottom: number | 'auto';
  readonly left: number | 'auto';
}

/** The computed style of one element or pseudo-element. All lengths in pt. */
/** `hyphenate-limit-chars` with auto resolved: minimum word length, characters before and after a hyphen. */
export interface HyphenateLimitChars {
  readonly word: number;
  readonly before: number;
  readonly after: number;
}

export interface ComputedStyle {
  readonly display: Display;
  readonly position: 'static' | 'relative' | 'absolute' | 'fixed' | { readonly running: string };
  readonly float: 'none' | 'left' | 'right';
  readonly clear: 'none' | 'left' | 'right' | 'both';
  readonly top: LengthPercentageAuto;
  readonly right: LengthPercentageAuto;
  readonly bottom: LengthPercentageAuto;
  readonly left: LengthPercentageAuto;
  readonly zIndex: number | 'auto';
  /**
   * `display` before blockification (CSS 2.1 §9.7): an absolutely positioned box that was
   * inline-level takes its static position from the line it would have been on (§10.3.7).
   */
  readonly originalDisplay: Display;
  /** `clip` (CSS 2.1 §11.1.2), for absolutely positioned boxes; an `auto` side is the border edge. */
  readonly clip: ClipRect | 'auto';

  // Box model (CSS 2.1 chapter 8, 10)
  readonly marginTop: LengthPercentageAuto;
  readonly marginRight: LengthPercentageAuto;
  readonly marginBottom: LengthPercentageAuto;
  readonly marginLeft: LengthPercentageAuto;
  readonly paddingTop: LengthPercentage;
  readonly paddingRight: LengthPercentage;
  readonly paddingBottom: LengthPercentage;
  readonly paddingLeft: LengthPercentage;
  /** Border widths are 0 when the matching style is none or hidden (computed-value rule). */
  readonly borderTopWidth: number;
  readonly borderRightWidth: number;
  readonly borderBottomWidth: number;
  readonly borderLeftWidth: number;
  readonly borderTopStyle: BorderStyle;
  readonly borderRightStyle: BorderStyle;
  readonly borderBottomStyle: BorderStyle;
  readonly borderLeftStyle: BorderStyle;
  readonly borderTopColor: Color;
  readonly borderRightColor: Color;
  readonly borderBottomColor: Color;
  readonly borderLeftColor: Color;
  /** Corner radii [horizontal, vertical] each. */
  readonly borderTopLeftRadius: readonly [LengthPercentage, LengthPercentage];
  readonly borderTopRightRadius: readonly [LengthPercentage, LengthPercentage];
  readonly borderBottomRightRadius: readonly [LengthPercentage, LengthPercentage];
  readonly borderBottomLeftRadius: readonly [LengthPercentage, LengthPercentage];
  readonly width: LengthPercentageAuto | IntrinsicSizeKeyword;
  readonly height: LengthPercentageAuto;
  readonly minWidth: LengthPercentage | IntrinsicSizeKeyword;
  readonly minHeight: LengthPercentage;
  readonly maxWidth: LengthPercentageNone | IntrinsicSizeKeyword;
  readonly maxHeight: LengthPercentageNone;
  readonly boxSizing: 'content-box' | 'border-box';
  readonly overflowX: Overflow;
  readonly overflowY: Overflow;
  /**
   * Derived from overflowX/overflowY at compute time, what layout and paint read: `hidden` for a
   * scroll container (hidden, scroll or auto in either axis: a paged engine never scrolls, so
   * they all clip), `clip` when an axis clips without making one (css-overflow-3 §3).
   */
  readonly overflow: 'visible' | 'hidden' | 'clip';
  readonly visibility: 'visible' | 'hidden' | 'collapse';
  readonly opacity: number;
  /** css-ui-3 §3: `auto` draws as solid; the width computes to 0 when the style is none. */
  readonly outlineStyle: BorderStyle | 'auto';
  readonly outlineWidth: number;
  readonly outlineColor: Color;
  readonly outlineOffset: number;
  // css-multicol-1: columns, their gap and rules, spanning and filling.
  readonly columnCount: number | 'auto';
  /** pt. */
  readonly columnWidth: number | 'auto';
  readonly columnRuleStyle: BorderStyle;
  readonly columnRuleWidth: number;
  readonly columnRuleColor: Color;
  readonly columnSpan: 'none' | 'all';
  readonly columnFill: 'balance' | 'auto' | 'balance-all';
  /** Shadows in painting order of the list: the first is on top. Empty for none. */
  readonly boxShadow: readonly BoxShadow[];
  /**
   * `transform` (css-transforms-1), applied left to right about transform-origin; null for
   * none. A box with a transform is a stacking context and the containing block of its
   * absolutely positioned descendants (§2); it does not affect layout.
   */
  readonly transform: readonly TransformFunction[] | null;
  /** `transform-origin` x and y from the border box's top-left corner (z ignored: 2D only). */
  readonly transformOrigin: readonly [LengthPercentage, LengthPercentage];

  // Backgrounds
  readonly backgroundColor: Color;
  /** The painted `background-image` layer: a url (as written), a gradient, or null for none. */
  readonly backgroundImage: BackgroundImage;

  // Fonts and text (CSS Fonts 3, CSS Text 3)
  readonly color: Color;
  /** Family names in order, generic families lower-cased (`sans-serif`, `serif`, `monospace`). */
  readonly fontFamily: readonly string[];
  readonly fontSize: number;
  /** 1..1000; `bolder`/`lighter` resolved against the parent. */
  readonly fontWeight: number;
  readonly fontStyle: FontStyle;
  readonly lineHeight: LineHeight;
  readonly textAlign: TextAlign;
  readonly textAlignLast: TextAlign | 'auto';
  readonly textIndent: LengthPercentage;
  readonly textTransform: TextTransform;
  /** Extra space after each character; 'normal' = 0. */
  readonly letterSpacing: number;
  /** Extra space for each word separator; 'normal' = 0. */
  readonly wordSpacing: number;
  readonly whiteSpace: WhiteSpace;
  readonly textDecorationLine: TextDecorationLine;
  /** Already resolved: `currentcolor` becomes the element's `color`. */
  readonly textDecorationColor: Color;
  readonly textDecorationStyle: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
  readonly verticalAlign: VerticalAlign;
  readonly direction: 'ltr' | 'rtl';
  readonly overflowWrap: 'normal' | 'break-word' | 'anywhere';
  readonly wordBreak: 'normal' | 'break-all' | 'keep-all';
  readonly hyphens: 'none' | 'manual' | 'auto';
  /** The content language from the nearest `lang`/`xml:lang` attribute, lower-cased ('' = unknown). */
  readonly lang: string;
  // Line-breaking controls (css-text-4 §6, css-text-3 §5.3, css-overflow-4 §4.1): see properties/line-breaking.ts.
  /** `hyphenate-character`: the string drawn at a hyphenated line's end; null for auto. */
  readonly hyphenateCharacter: string | null;
  readonly hyphenateLimitChars: HyphenateLimitChars;
  readonly lineBreak: 'auto' | 'loose' | 'normal' | 'strict' | 'anywhere';
  /** `text-overflow`: what ends a line cut at a clipping box's end edge ('…' for ellipsis); null for clip. */
  readonly textOverflow: string | null;

  // Font features and synthesis (css-fonts-4 §6–8; properties/font-features.ts), resolved
  // to one OpenType feature map per style by text/style-shaping.ts; text shadows
  // (css-text-decor-3 §5; properties/text-shadow.ts).
  readonly fontKerning: 'auto' | 'normal' | 'none';
  /** font-variant-ligatures keywords as written; [] is normal, ['none'] is none. */
  readonly fontVariantLigatures: readonly string[];
  readonly fontVariantCaps: FontVariantCaps;
  /** font-variant-numeric keywords as written; [] is normal. */
  readonly fontVariantNumeric: readonly string[];
  readonly fontVariantPosition: 'normal' | 'sub' | 'super';
  /** font-feature-settings: [tag, value] in order written; [] is normal. */
  readonly fontFeatureSettings: readonly (readonly [string, number])[];
  readonly fontSynthesis: FontSynthesis;
  /** In the order written: the first shadow is on top. */
  readonly textShadow: readonly TextShadow[];

  // Bidirectional text (css-writing-modes-3 §2.2)
  /** How the element's content enters the bidi algorithm (not inherited). */
  readonly unicodeBidi: 'normal' | 'embed' | 'isolate' | 'bidi-override' | 'isolate-override' | 'plaintext';

  // Lists and generated content
  readonly listStyleType: ListStyleType;
  readonly listStylePosition: 'inside' | 'outside';
  readonly listStyleImage: string | null;
  readonly content: Content;
  readonly counterReset: CounterList;
  readonly counterIncrement: CounterList;
  readonly counterSet: CounterList;
  readonly quotes: readonly string[] | 'auto' | 'none';

  // Fragmentation (css-break-3)
  readonly breakBefore: BreakValue;
  readonly breakAfter: BreakValue;
  readonly breakInside: BreakInside;
  readonly orphans: number;
  readonly widows: number;
  /** Named page (css-page-3 `page`), 'auto' when none. */
  readonly page: string;

  // Tables (CSS 2.1 §17)
  readonly borderCollapse: 'separate' | 'collapse';
  /** Horizontal and vertical spacing between cells, pt. */
  readonly borderSpacing: readonly [number, number];
  readonly captionSide: 'top' | 'bottom';
  readonly emptyCells: 'show' | 'hide';
  readonly tableLayout: 'auto' | 'fixed';
  /** `-fs-table-paginate`: repeat the header and footer groups on every page the table spans. */
  readonly tablePaginate: 'paginate' | 'none';

  // Flexible boxes (css-flexbox-1 §5, §7) and box alignment (css-align-3), shared by flex and grid
  readonly flexDirection: 'row' | 'row-reverse' | 'column' | 'column-reverse';
  readonly flexWrap: 'nowrap' | 'wrap' | 'wrap-reverse';
  readonly flexGrow: number;
  readonly flexShrink: number;
  readonly flexBasis: FlexBasis;
  readonly order: number;
  readonly justifyContent: ContentAlignment;
  readonly alignContent: ContentAlignment;
  readonly justifyItems: ItemAlignment;
  readonly alignItems: ItemAlignment;
  readonly justifySelf: SelfAlignment;
  readonly alignSelf: SelfAlignment;
  /**
   * `safe` given with the keyword of justify-content, align-content, align-items, align-self
   * (css-align-3 §4.4): aligned as start when the subject overflows. Set by compute.ts, which
   * strips the prefix the parser left on the keyword (justify-items/-self drop it).
   */
  readonly justifyContentSafe: boolean;
  readonly alignContentSafe: boolean;
  readonly alignItemsSafe: boolean;
  readonly alignSelfSafe: boolean;
  /** `normal` is 0 in flex and grid layout, 1em between columns in multicol (css-align-3 §8.1). */
  readonly rowGap: LengthPercentage | 'normal';
  readonly columnGap: LengthPercentage | 'normal';

  // Grid (css-grid-1 §7, §8): the explicit grid, the implicit tracks and each item's lines.
  readonly gridTemplateColumns: GridTrackList | GridSubgrid | 'none';
  readonly gridTemplateRows: GridTrackList | GridSubgrid | 'none';
  readonly gridTemplateAreas: GridTemplateAreas | 'none';
  /** Implicit tracks' sizes, repeated in order (css-grid-1 §7.6). */
  readonly gridAutoColumns: readonly GridTrackSize[];
  readonly gridAutoRows: readonly GridTrackSize[];
  readonly gridAutoFlow: { readonly column: boolean; readonly dense: boolean };
  readonly gridRowStart: GridLine;
  readonly gridRowEnd: GridLine;
  readonly gridColumnStart: GridLine;
  readonly gridColumnEnd: GridLine;

  /**
   * Declarations the engine does not model yet, as serialized values by property name (e.g.
   * `string-set`, `flex-direction`). Later issues read them from here.
   */
  readonly extra: ReadonlyMap<string, string>;
}

/** A styled element: its computed style and those of its `::before`, `::after` and `::marker`. */
export interface StyledElement {
  readonly kind: 'element';
  readonly element: DomElement;
  readonly style: ComputedStyle;
  /** Present only when the pseudo-element generates a box (content is not none/normal). */
  readonly before: ComputedStyle | null;
  readonly after: ComputedStyle | null;
  /** Style for the list marker of a list item (`::marker` rules applied; inherits from the element). */
  readonly marker: ComputedStyle | null;
  /**
   * `::first-letter` and `::first-line` styles (CSS 2.1 §5.12), present when some rule targets
   * them; ::first-letter inherits from ::first-line. Box generation and line layout apply them.
   */
  readonly firstLetter: ComputedStyle | null;
  readonly firstLine: ComputedStyle | null;
  readonly children: readonly StyledNode[];
}

/** A text node: it takes its parent's style. */
export interface StyledText {
  readonly kind: 'text';
  readonly text: string;
  readonly style: ComputedStyle;
}

export type StyledNode = StyledElement | StyledText;

/** A declaration as written: property lower-cased, value serialized by css-tree. */
export interface Declaration {
  readonly property: string;
  readonly value: string;
  readonly important: boolean;
}

/** One `@page` rule (css-page-3): selectors (a name and/or pseudo-classes) and its declarations. */
export interface PageRule {
  /** Empty for a bare `@page`. */
  readonly selectors: readonly PageSelector[];
  readonly declarations: readonly Declaration[];
  /** Margin-box rules inside it, e.g. `top-center` → declarations (laid out by a later issue). */
  readonly marginBoxes: ReadonlyMap<string, readonly Declaration[]>;
  /** Position in the cascade (origin then source order); later rules win on equal specificity. */
  readonly order: number;
}

export interface PageSelector {
  readonly name: string | null;
  readonly pseudoClasses: readonly ('first' | 'left' | 'right' | 'blank')[];
}

/** What @page rules resolve against besides the page itself (css-page-3 §4.4). */
export interface PageBase {
  /** The font size `em` and `rem` refer to: the root element's. */
  readonly fontSize: number;
  /**
   * The root element's computed style, which the page context inherits from (`margin:
   * inherit`). Without it, `inherit` gives initial values.
   */
  readonly root?: ComputedStyle;
  /**
   * What `vw`, `vh`, `vmin` and `vmax` refer to in @page rules: the default page box, as in
   * browsers (WPT css-page page-size-015..017, tentative). The UA default page without it.
   */
  readonly viewport?: Viewport;
}

/** The page's own box: size and margins in pt, resolved for one page. */
export interface PageStyle {
  readonly width: number;
  readonly height: number;
  readonly marginTop: number;
  readonly marginRight: number;
  readonly marginBottom: number;
  readonly marginLeft: number;
}

/** A size in pt: what viewport-percentage units and media features measure. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** Everything the cascade produces for one document. */
export interface StyledDocument {
  readonly root: StyledElement;
  readonly pageRules: readonly PageRule[];
  /**
   * What `resolvePageStyle` needs besides the rules: the root element's style, which the page
   * context inherits from, and the default page box that `vw`/`vh` in @page rules refer to.
   */
  readonly pageBase: Required<PageBase>;
  /**
   * The initial containing block: the page area of the first page (CSS 2.1 §13.2), which
   * `vw`, `vh`, `vmin` and `vmax` refer to (css-values-4 §6.1.2).
   */
  readonly initialContainingBlock: Viewport;
  /** The declarations of each `@font-face` rule, as written, in cascade order (resolved by a later issue). */
  readonly fontFaces: readonly (readonly Declaration[])[];
  /** Non-fatal problems (unparsable CSS, unknown at-rules), for the render warnings. */
  readonly warnings: readonly string[];
}
