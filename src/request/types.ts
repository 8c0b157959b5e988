// The generate-pdf request body (spec pdf-generation.md §2.1, §2.2, §2.4) as the engine
// accepts it, and the normalised record the rest of the pipeline reads.
import type { PdfVariant } from '../pdf/variant.js';

/**
 * The `page` object (spec §2.4). Every value is a string: a length with a supported unit
 * (`mm cm in px em rem pt pc`, or a bare `0`); `margin` is a CSS margin shorthand of one to
 * four such lengths; the side values override the shorthand.
 */
export interface PageOptions {
  readonly width?: string;
  readonly height?: string;
  readonly margin?: string;
  readonly marginTop?: string;
  readonly marginRight?: string;
  readonly marginBottom?: string;
  readonly marginLeft?: string;
  /** Where to show a page counter. */
  readonly pageCount?: PageCountPosition;
}

/** The `page.pageCount` positions of spec §2.4. */
export type PageCountPosition = 'topLeft' | 'topCenter' | 'topRight' | 'bottomLeft' | 'bottomCenter' | 'bottomRight';

/** A request body for HTML mode. Markdown-only fields (fontSize, logo, …) are ignored here. */
export interface HtmlRenderRequest {
  readonly type: 'html';
  /** Encoded into the PDF's metadata. */
  readonly title?: string;
  readonly data: { readonly html: string; readonly css?: string };
  readonly page?: PageOptions;
  /** Quire's extension: the standard the PDF follows (PDF/A-2b, PDF/A-3b or PDF/UA-1). */
  readonly pdfVariant?: PdfVariant;
}

/** A `columnOptions` entry of a Markdown table (spec §2.3): both keys optional. */
export interface MarkdownColumnOptions {
  readonly align?: 'left' | 'center' | 'right';
  /** Pixels (`120`, `"120px"`) or a percentage of the table's width (`"40%"`). */
  readonly width?: number | string;
}

/** The `table` of a Markdown item (spec §2.3). */
export interface MarkdownTable {
  /** Cell texts, row by row (numbers are shown as written). */
  readonly rows: readonly (readonly (string | number | null)[])[];
  /** Default true: the first row is a header row, repeated on every page the table spans. */
  readonly firstRowHeaders?: boolean;
  readonly rowGridlines?: boolean;
  readonly columnGridlines?: boolean;
  /** `rowGridLines` and `columnGridLines` are accepted too (clients send both spellings). */
  readonly rowGridLines?: boolean;
  readonly columnGridLines?: boolean;
  /** Default `top`; `middle` is accepted for `center`. */
  readonly verticalAlign?: 'top' | 'center' | 'middle' | 'bottom';
  readonly columnOptions?: readonly MarkdownColumnOptions[];
}

/** One item of a Markdown document (spec §2.3). An item may hold several keys. */
export interface MarkdownItem {
  readonly label?: string;
  readonly heading?: string;
  /** Markdown text (GitHub flavour; a single newline is a line break). */
  readonly content?: string;
  readonly table?: MarkdownTable;
  readonly fontFamily?: string;
  /** CSS pixels, an integer from 5 to 30. */
  readonly fontSize?: number;
  /** A 6-digit hex colour, `#rrggbb`. */
  readonly textColor?: string;
}

/** The `logo` object (spec §2.5). */
export interface LogoOptions {
  /** An http(s) URL or a data: URI. */
  readonly src: string;
  /** Pixels; default 200, at most 500. */
  readonly maxWidth?: number;
  readonly maxHeight?: number;
}

/** A request body for Markdown mode, the API's default mode (spec §2.1, §2.3). */
export interface MarkdownRenderRequest {
  readonly type?: 'markdown';
  readonly title?: string;
  readonly data: readonly MarkdownItem[];
  readonly page?: PageOptions;
  /** Quire's extension: the standard the PDF follows (PDF/A-2b, PDF/A-3b or PDF/UA-1). */
  readonly pdfVariant?: PdfVariant;
  /** CSS pixels, an integer from 5 to 30 (default 14). */
  readonly fontSize?: number;
  readonly textColor?: string;
  /** Default Noto Sans; Courier, Helvetica, Times New Roman, or a Google font by exact name. */
  readonly fontFamily?: string;
  /** Default true: the time of generation at the bottom of every page. */
  readonly includeTimestamp?: boolean;
  /** Default: Quire's logo at the top right of the first page; `false`: none. */
  readonly logo?: LogoOptions | boolean;
  /** Quire's extension: the document's language, a BCP 47 tag (HTML mode: `<html lang>`). */
  readonly lang?: string;
}

/** Every request body the engine renders. */
export type RenderRequest = HtmlRenderRequest | MarkdownRenderRequest;

/** What both modes share once validated. */
interface NormalizedCommon {
  readonly title: string | null;
  /**
   * An `@page` rule made from the `page` object, to be placed before the author CSS so that
   * the author's own `@page` rules win; '' when `page` gave no size or margin.
   */
  readonly pageCss: string;
  /** The `page.pageCount` position, or null. */
  readonly pageCount: PageCountPosition | null;
  /** Quire's `pdfVariant` extension field: the standard the PDF follows, or null. */
  readonly pdfVariant: PdfVariant | null;
}

/** A validated HTML-mode request. */
export interface NormalizedHtmlRequest extends NormalizedCommon {
  readonly mode: 'html';
  readonly html: string;
  /** The author CSS ('' when none was given). */
  readonly css: string;
}

/** A validated Markdown item: only the keys given, spellings and aliases folded. */
export interface NormalizedMarkdownItem {
  readonly label: string | null;
  readonly heading: string | null;
  readonly content: string | null;
  readonly table: NormalizedMarkdownTable | null;
  readonly fontFamily: string | null;
  readonly fontSize: number | null;
  /** `#rrggbb`, lower case. */
  readonly textColor: string | null;
}

export interface NormalizedMarkdownTable {
  /** Every row padded to the widest row's length. */
  readonly rows: readonly (readonly string[])[];
  readonly firstRowHeaders: boolean;
  readonly rowGridlines: boolean;
  readonly columnGridlines: boolean;
  readonly verticalAlign: 'top' | 'middle' | 'bottom';
  /** Per column from the first, possibly fewer than the columns (null: no override). */
  readonly columns: readonly ({ readonly align: 'left' | 'center' | 'right' | null; readonly width: string | null } | null)[];
}

/** A validated Markdown-mode request. */
export interface NormalizedMarkdownRequest extends NormalizedCommon {
  readonly mode: 'markdown';
  readonly items: readonly NormalizedMarkdownItem[];
  readonly fontSize: number | null;
  readonly textColor: string | null;
  readonly fontFamily: string | null;
  readonly includeTimestamp: boolean;
  /** 'default': Quire's logo; null: none. */
  readonly logo: 'default' | { readonly src: string; readonly maxWidth: number; readonly maxHeight: number } | null;
  /** Quire's extension: the document's language (a BCP 47 tag), or null. */
  readonly lang: string | null;
}

/** A validated request, reduced to what the pipeline needs. */
export type NormalizedRequest = NormalizedHtmlRequest | NormalizedMarkdownRequest;
