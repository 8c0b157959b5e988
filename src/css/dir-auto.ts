// The directionality of an element whose `dir` is `auto`, or of a `<bdi>` without a valid
// `dir` (HTML §3.2.6.4): that of the first character of bidi class L, R or AL in its text,
// leaving out the text of `<bdi>`, `<script>`, `<style>`, `<textarea>` and of descendants
// with their own valid `dir`; ltr when there is none.
import type { DomElement } from '../dom/types.js';
import { firstStrongDirection } from '../text/bidi-class.js';
import { lowerTag } from './selectors/dom-index.js';

const SKIPPED = new Set(['bdi', 'script', 'style', 'textarea']);

/** `dir` keyword of an element, or null when it has none or an invalid one. */
export function dirAttribute(el: DomElement): 'ltr' | 'rtl' | 'auto' | null {
  const dir = el.attrs.get('dir')?.trim().toLowerCase();
  return dir === 'ltr' || dir === 'rtl' || dir === 'auto' ? dir : null;
}

/** The direction `el`'s text gives it (its own `dir` is not looked at). */
export function autoDirection(el: DomElement): 'ltr' | 'rtl' {
  return firstStrongOf(el) ?? 'ltr';
}

function firstStrongOf(el: DomElement): 'ltr' | 'rtl' | null {
  for (const node of el.children) {
    if (node.kind === 'text') {
      const found = firstStrongDirection(node.text);
      if (found !== null) return found;
    } else if (!SKIPPED.has(lowerTag(node)) && dirAttribute(node) === null) {
      const found = firstStrongOf(node);
      if (found !== null) return found;
    }
  }
  return null;
}
