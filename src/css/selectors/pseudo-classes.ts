// Pseudo-classes (selectors-4 §4–14) as element tests. Interactive states (:hover, :focus…)
// are valid but never match in a printed document; unknown names invalidate the selector.
import type { DomElement } from '../../dom/types.js';
import { indexOf, lowerTag, siblingsOf, typePosition } from './dom-index.js';
import type { ElementTest } from './types.js';

/** Valid pseudo-classes that never match when printing. */
const NEVER_MATCHING = new Set([
  'hover', 'active', 'focus', 'focus-within', 'focus-visible', 'visited', 'target', 'target-within',
  'current', 'past', 'future', 'playing', 'paused', 'autofill', '-webkit-autofill', 'placeholder-shown',
  'invalid', 'valid', 'in-range', 'out-of-range', 'user-invalid', 'user-valid', 'indeterminate',
  'default', 'fullscreen', 'modal', 'picture-in-picture', 'popover-open', 'open', 'closed', 'read-write',
  'local-link', 'host',
]);

const FORM_CONTROLS = new Set(['input', 'select', 'textarea', 'button', 'optgroup', 'option', 'fieldset']);

const never: ElementTest = () => false;

function isLink(el: DomElement): boolean {
  const tag = lowerTag(el);
  return (tag === 'a' || tag === 'area') && el.attrs.has('href');
}

function isEmpty(el: DomElement): boolean {
  return el.children.every((c) => c.kind === 'text' && c.text === '');
}

/** Tests for the pseudo-classes that take no argument; undefined for unknown names. */
export function simplePseudoClass(name: string): ElementTest | undefined {
  switch (name) {
    case 'root':
    case 'scope':
      return (el) => el.parent === null;
    case 'first-child':
      return (el) => indexOf(el) === 0;
    case 'last-child':
      return (el) => indexOf(el) === siblingsOf(el).length - 1;
    case 'only-child':
      return (el) => siblingsOf(el).length === 1;
    case 'first-of-type':
      return (el) => typePosition(el).index === 0;
    case 'last-of-type':
      return (el) => {
        const p = typePosition(el);
        return p.index === p.count - 1;
      };
    case 'only-of-type':
      return (el) => typePosition(el).count === 1;
    case 'empty':
      return isEmpty;
    // The brief and HTML §4.16.1: every a/area with href is an unvisited link.
    case 'link':
    case 'any-link':
      return isLink;
    case 'checked':
      return (el) => el.attrs.has('checked') || (lowerTag(el) === 'option' && el.attrs.has('selected'));
    case 'disabled':
      return (el) => FORM_CONTROLS.has(lowerTag(el)) && el.attrs.has('disabled');
    case 'enabled':
      return (el) => FORM_CONTROLS.has(lowerTag(el)) && !el.attrs.has('disabled');
    case 'required':
      return (el) => FORM_CONTROLS.has(lowerTag(el)) && el.attrs.has('required');
    case 'optional':
      return (el) => FORM_CONTROLS.has(lowerTag(el)) && !el.attrs.has('required');
    case 'read-only':
      return (el) => !FORM_CONTROLS.has(lowerTag(el)) || el.attrs.has('readonly');
    case 'defined':
      return () => true;
    default:
      return NEVER_MATCHING.has(name) ? never : undefined;
  }
}

/** `an+b`: does the 1-based `position` fall in the sequence (selectors-4 §14.1)? */
export function nthMatches(position: number, a: number, b: number): boolean {
  if (a === 0) return position === b;
  const n = (position - b) / a;
  return Number.isInteger(n) && n >= 0;
}

export type NthKind = 'nth-child' | 'nth-last-child' | 'nth-of-type' | 'nth-last-of-type';

/** The 1-based position `kind` counts, optionally among siblings matching `of` only. */
export function nthPosition(kind: NthKind, el: DomElement, of: ElementTest | null): number {
  if (kind === 'nth-of-type' || kind === 'nth-last-of-type') {
    const p = typePosition(el);
    return kind === 'nth-of-type' ? p.index + 1 : p.count - p.index;
  }
  if (of === null) {
    const index = indexOf(el);
    return kind === 'nth-child' ? index + 1 : siblingsOf(el).length - index;
  }
  const siblings = siblingsOf(el);
  const matching = siblings.filter(of);
  const pos = matching.indexOf(el);
  if (pos < 0) return 0;
  return kind === 'nth-child' ? pos + 1 : matching.length - pos;
}

/** `:lang(x)`: the nearest lang attribute equals x or starts with `x-` (case-insensitive). */
export function langTest(ranges: readonly string[]): ElementTest {
  return (el) => {
    let lang: string | undefined;
    for (let e: DomElement | null = el; e !== null && lang === undefined; e = e.parent) lang = e.attrs.get('lang') ?? e.attrs.get('xml:lang');
    if (lang === undefined) return false;
    const value = lang.toLowerCase();
    return ranges.some((r) => r === '*' || value === r || value.startsWith(`${r}-`));
  };
}
