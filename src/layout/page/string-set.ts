// `string-set` (css-gcpm-3 §1.1): an element copies text into named strings that margin boxes
// show with string(). Evaluated when the element's box lands on a page.
import type { DomElement } from '../../dom/types.js';
import { parseComponents, type Component } from '../../css/values/components.js';

/** One assignment: a named string and its new value. */
export interface StringAssignment {
  readonly name: string;
  readonly value: string;
}

/** Upper bound on the text copied out of one element, so a huge element cannot blow up every page. */
const MAX_STRING = 1000;

/** The assignments of a `string-set` value (as kept in `style.extra`) for `element`. */
export function evaluateStringSet(value: string, element: DomElement): StringAssignment[] {
  const items = parseComponents(value);
  if (items === null) return [];
  const out: StringAssignment[] = [];
  let current: Component[] = [];
  const flush = () => {
    const [name, ...content] = current;
    current = [];
    if (name?.type !== 'ident' || name.lower === 'none' || content.length === 0) return;
    let text = '';
    for (const c of content) text += contentText(c, element);
    out.push({ name: name.value, value: text.slice(0, MAX_STRING) });
  };
  for (const c of items) {
    if (c.type === 'op' && c.value === ',') flush();
    else current.push(c);
  }
  flush();
  return out;
}

function contentText(c: Component, element: DomElement): string {
  if (c.type === 'string') return c.value;
  if (c.type !== 'function') return '';
  const arg = c.args[0];
  if (c.name === 'attr') return arg?.type === 'ident' ? element.attrs.get(arg.lower) ?? '' : '';
  if (c.name === 'content') {
    const which = arg?.type === 'ident' ? arg.lower : 'text';
    if (which === 'text') return textContent(element);
    // first-letter: the first typographic letter unit, here the first letter with its punctuation.
    if (which === 'first-letter') return /^\s*[\p{P}]*[\p{L}\p{N}]/u.exec(textContent(element))?.[0].trim() ?? '';
  }
  return '';
}

/** The element's text with white space collapsed (content(text) as a browser reads it), bounded in length. */
export function textContent(element: DomElement): string {
  const parts: string[] = [];
  let length = 0;
  const walk = (el: DomElement) => {
    for (const child of el.children) {
      if (length > MAX_STRING * 4) return;
      if (child.kind === 'text') {
        parts.push(child.text);
        length += child.text.length;
      } else walk(child);
    }
  };
  walk(element);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
