// Test helpers for the css/ stage: style a small HTML document and find elements in the result.
import { parseHtml } from '../../src/dom/parse.js';
import { styleDocument } from '../../src/css/index.js';
import type { ComputedStyle, StyledDocument, StyledElement } from '../../src/css/types.js';

/** Styles `html` with optional author CSS; collects warnings instead of printing them. */
export function style(html: string, css: string | readonly string[] = []): StyledDocument {
  const authorCss = typeof css === 'string' ? [css] : css;
  return styleDocument(parseHtml(html), { authorCss });
}

/** All styled elements in document order. */
export function allElements(root: StyledElement): StyledElement[] {
  const out: StyledElement[] = [];
  const walk = (el: StyledElement): void => {
    out.push(el);
    for (const c of el.children) if (c.kind === 'element') walk(c);
  };
  walk(root);
  return out;
}

/** The styled element with `id`, or a thrown error naming the id. */
export function byId(doc: StyledDocument, id: string): StyledElement {
  const found = allElements(doc.root).find((e) => e.element.attrs.get('id') === id);
  if (found === undefined) throw new Error(`no element with id ${id}`);
  return found;
}

/** The computed style of the element with `id`. */
export function styleOf(doc: StyledDocument, id: string): ComputedStyle {
  return byId(doc, id).style;
}

/** Shorthand: style `html` with `css` and return the style of `#id`. */
export function computed(html: string, css: string, id = 't'): ComputedStyle {
  return styleOf(style(html, css), id);
}

/** px → pt. */
export const px = (n: number): number => n * 0.75;

/** An opaque colour literal. */
export const rgb = (r: number, g: number, b: number, a = 1) => ({ r, g, b, a });
