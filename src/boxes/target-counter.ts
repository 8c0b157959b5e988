// `target-counter(<url>, page [, <counter-style>])` (css-content-3 §… "target-counter"): the page
// of the element a local link points to, for tables of contents. Only the page counter has a
// value at the target that box generation cannot know, so only `page` is supported.
import type { ListStyleType } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import { LIST_STYLE_TYPES } from '../css/properties/generated.js';
import { fragmentId } from '../dom/fragment-id.js';

export interface TargetCounter {
  /** The target element's id (the URL's fragment). */
  readonly id: string;
  readonly style: ListStyleType;
}

/** Parses the function's arguments as written; null when the target is not a local `#id` or the counter is not `page`. */
export function parseTargetCounter(args: string, element: DomElement): TargetCounter | null {
  const parts = args.split(',').map((p) => p.trim());
  if (parts.length < 2 || parts.length > 3) return null;
  const url = targetUrl(parts[0]!, element);
  if (url === null || !url.startsWith('#') || url.length < 2) return null;
  if (parts[1]!.toLowerCase() !== 'page') return null;
  const styleName = (parts[2] ?? 'decimal').toLowerCase();
  const style = (LIST_STYLE_TYPES as readonly string[]).includes(styleName) ? (styleName as ListStyleType) : 'decimal';
  return { id: fragmentId(url.slice(1)), style };
}

/** `attr(href)`, `url(#x)`, `url("#x")` or a string. */
function targetUrl(text: string, element: DomElement): string | null {
  const attr = /^attr\(\s*([\w-]+)\s*\)$/i.exec(text);
  if (attr) return element.attrs.get(attr[1]!.toLowerCase())?.trim() ?? null;
  const url = /^url\(\s*(['"]?)(.*)\1\s*\)$/i.exec(text);
  if (url) return url[2]!;
  const string = /^(['"])(.*)\1$/.exec(text);
  return string ? string[2]! : null;
}
