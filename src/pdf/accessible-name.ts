// What assistive technology reads for an element (PDF/UA-1 7.3, 7.18): a figure's alternate
// description, a link's text (its /Contents) and a form control's name (its field's /TU, from
// HTML-AAM's order of sources). Read from the DOM; structure-tree.ts writes them.

import type { DomElement } from '../dom/types.js';

/** A figure's alternate description (PDF/UA-1 7.3): `alt`, `aria-label`, `title` (an `img` with `alt=""` is an artifact: structure.ts). */
export function altText(element: DomElement): string | null {
  const own = element.attrs.get('alt') ?? element.attrs.get('aria-label') ?? element.attrs.get('title');
  return own === undefined ? null : own.trim();
}

/** A link's text for its annotation's /Contents (PDF/UA-1 7.18.5): white space collapsed, bounded. */
export function linkText(link: DomElement): string {
  return textContent(link, null);
}

/** A link's /Contents is at most this long (characters). */
const MAX_CONTENTS = 500;

/**
 * A form control's name (HTML-AAM §4.1.1, simplified): `aria-label`, the text of its `<label
 * for=id>`, else of the `<label>` around it (without the controls' own text), `title`,
 * `placeholder`.
 */
export function accessibleName(control: DomElement, labels: LabelIndex): string {
  const own = control.attrs.get('aria-label')?.trim();
  if (own) return own;
  const id = control.attrs.get('id');
  const labelFor = id ? labels.forId(control, id) : undefined;
  if (labelFor) {
    const text = textContent(labelFor, control);
    if (text !== '') return text;
  }
  for (let e = control.parent; e !== null; e = e.parent) {
    if (e.tagName !== 'label') continue;
    const text = textContent(e, control);
    if (text !== '') return text;
    break;
  }
  return (control.attrs.get('title') ?? control.attrs.get('placeholder') ?? '').trim();
}

/** The document's `<label for>` elements by their `for` (the first in document order), read once on first use. */
export class LabelIndex {
  private byId: Map<string, DomElement> | null = null;

  forId(control: DomElement, id: string): DomElement | undefined {
    if (this.byId === null) {
      let root = control;
      while (root.parent !== null) root = root.parent;
      this.byId = new Map();
      const stack: DomElement[] = [root];
      while (stack.length > 0) {
        const element = stack.pop()!;
        const target = element.tagName === 'label' ? element.attrs.get('for') : undefined;
        if (target !== undefined && !this.byId.has(target)) this.byId.set(target, element);
        for (let i = element.children.length - 1; i >= 0; i--) {
          const child = element.children[i]!;
          if (child.kind === 'element') stack.push(child);
        }
      }
    }
    return this.byId.get(id);
  }
}

/** An element's text, white space collapsed, bounded; without the text of form controls (a select's options). */
function textContent(element: DomElement, skip: DomElement | null): string {
  let text = '';
  const stack: (DomElement | string)[] = [element];
  while (stack.length > 0 && text.length < MAX_CONTENTS) {
    const next = stack.pop()!;
    if (typeof next === 'string') {
      text += next;
      continue;
    }
    if (next === skip || (next !== element && (next.tagName === 'select' || next.tagName === 'textarea'))) continue;
    for (let i = next.children.length - 1; i >= 0; i--) {
      const child = next.children[i]!;
      stack.push(child.kind === 'element' ? child : child.text);
    }
  }
  return text.replace(/\s+/gu, ' ').trim().slice(0, MAX_CONTENTS);
}
