// The element tree the rest of the pipeline reads: parse5's output reduced to what styling
// and box generation need. Read-only after parsing.

/** An element of the parsed document. `tagName` is lower-case for HTML elements. */
export interface DomElement {
  readonly kind: 'element';
  readonly tagName: string;
  /** Attributes by lower-case name, in source order. */
  readonly attrs: ReadonlyMap<string, string>;
  readonly children: readonly DomNode[];
  readonly parent: DomElement | null;
  /** Position among the parent's element children (0-based), for structural pseudo-classes. */
  readonly elementIndex: number;
  /** Document order of this element (0-based), for stable sorting and ids. */
  readonly order: number;
}

/** A run of character data. */
export interface DomText {
  readonly kind: 'text';
  readonly text: string;
  readonly parent: DomElement | null;
}

export type DomNode = DomElement | DomText;

/** A style sheet of the document: inline in a `<style>`, or linked (fetched by resources/). */
export type DocumentSheet =
  | { readonly kind: 'style'; readonly text: string; readonly media: string | null }
  | { readonly kind: 'link'; readonly href: string; readonly media: string | null };

/** The `<meta name>` values that become PDF metadata. */
export type DocumentMetaName = 'author' | 'description' | 'keywords' | 'generator';

/** A parsed document: the `html` root plus the `<style>` sheets found in it, in order. */
export interface DomDocument {
  readonly root: DomElement;
  /** Every `<style>` element and `<link rel=stylesheet>`, in document order (media evaluated later by css/). */
  readonly styleSheets: readonly DocumentSheet[];
  /** The `<title>` text, if any. */
  readonly title: string | null;
  /** The first `<meta name content>` of each name the PDF's metadata reads (HTML §4.2.5.1), lower-case names. */
  readonly meta: ReadonlyMap<DocumentMetaName, string>;
  /** `<link rel=attachment href title>` elements (WeasyPrint's convention): files to embed in the PDF. */
  readonly attachmentLinks: readonly { readonly href: string; readonly title: string | null }[];
  /**
   * Each outermost `<svg>` element (a replaced element; its children are not in the tree)
   * with its subtree written out as an SVG document (dom/svg-markup.ts).
   */
  readonly inlineSvgs: ReadonlyMap<DomElement, string>;
}
