// The generate-pdf request body (spec pdf-generation.md §2.1, §2.2, §2.4) as the engine
// accepts it, and the normalised record the rest of the pipeline reads.

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
  /** Where to show a page counter: `topLeft`, `topCenter`, `topRight`, `bottomLeft`, `bottomCenter`, `bottomRight`. */
  readonly pageCount?: string;
}

/** A request body for HTML mode. Markdown-only fields (fontSize, logo, …) are ignored here. */
export interface HtmlRenderRequest {
  readonly type: 'html';
  /** Encoded into the PDF's metadata. */
  readonly title?: string;
  readonly data: { readonly html: string; readonly css?: string };
  readonly page?: PageOptions;
}

/** Every request body the engine renders (markdown mode joins in a later issue). */
export type RenderRequest = HtmlRenderRequest;

/** A validated request, reduced to what the pipeline needs. */
export interface NormalizedRequest {
  readonly title: string | null;
  readonly html: string;
  /** The author CSS ('' when none was given). */
  readonly css: string;
  /**
   * An `@page` rule made from the `page` object, to be placed before the author CSS so that
   * the author's own `@page` rules win; '' when `page` gave no size or margin.
   */
  readonly pageCss: string;
  /** The `page.pageCount` position, or null. */
  readonly pageCount: string | null;
}
