// Per-element facts that selector matching asks for repeatedly (class list, element siblings,
// position among siblings of the same type), computed once per element and cached weakly so
// structural pseudo-classes stay O(1) even with 40,000 siblings.
import type { DomElement } from '../../dom/types.js';

const childrenCache = new WeakMap<DomElement, readonly DomElement[]>();
// Keyed by the attribute's text, which repeats across elements far more than it varies.
const CLASS_CACHE_LIMIT = 10_000;
const classCache = new Map<string, readonly string[]>();
const NO_CLASSES: readonly string[] = [];
const typePositionCache = new WeakMap<DomElement, { readonly index: Int32Array; readonly counts: ReadonlyMap<string, number> }>();
const lowerTags = new Map<string, string>();

/** Empties the class-list cache (tests, long-running processes). */
export function clearClassCache(): void {
  classCache.clear();
}

/** The element children of `parent`, in order. */
export function elementChildren(parent: DomElement): readonly DomElement[] {
  let kids = childrenCache.get(parent);
  if (kids === undefined) {
    kids = parent.children.filter((c): c is DomElement => c.kind === 'element');
    childrenCache.set(parent, kids);
  }
  return kids;
}

/** The element and its siblings (the root element is its own only sibling). */
export function siblingsOf(el: DomElement): readonly DomElement[] {
  return el.parent === null ? [el] : elementChildren(el.parent);
}

/** Position among element siblings, 0-based. */
export function indexOf(el: DomElement): number {
  return el.parent === null ? 0 : el.elementIndex;
}

/** The `class` attribute split on ASCII whitespace. */
export function classList(el: DomElement): readonly string[] {
  const attr = el.attrs.get('class');
  if (attr === undefined) return NO_CLASSES;
  let classes = classCache.get(attr);
  if (classes === undefined) {
    classes = attr.split(/[ \t\n\f\r]+/).filter((c) => c !== '');
    if (classCache.size >= CLASS_CACHE_LIMIT) classCache.clear();
    classCache.set(attr, classes);
  }
  return classes;
}

/** The tag name lower-cased (SVG elements keep mixed case in the DOM; selectors do not). */
export function lowerTag(el: DomElement): string {
  let lower = lowerTags.get(el.tagName);
  if (lower === undefined) {
    lower = el.tagName.toLowerCase();
    lowerTags.set(el.tagName, lower);
  }
  return lower;
}

/** 0-based position among siblings with the same tag, and how many such siblings there are. */
export function typePosition(el: DomElement): { index: number; count: number } {
  if (el.parent === null) return { index: 0, count: 1 };
  let info = typePositionCache.get(el.parent);
  if (info === undefined) {
    const kids = elementChildren(el.parent);
    const index = new Int32Array(kids.length);
    const counts = new Map<string, number>();
    kids.forEach((kid, i) => {
      const n = counts.get(kid.tagName) ?? 0;
      index[i] = n;
      counts.set(kid.tagName, n + 1);
    });
    info = { index, counts };
    typePositionCache.set(el.parent, info);
  }
  return { index: info.index[el.elementIndex]!, count: info.counts.get(el.tagName)! };
}

/** The previous element sibling, or null. */
export function previousSibling(el: DomElement): DomElement | null {
  return el.parent === null || el.elementIndex === 0 ? null : elementChildren(el.parent)[el.elementIndex - 1]!;
}
