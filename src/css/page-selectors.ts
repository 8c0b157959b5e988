// @page selectors (css-page-3 §3.1): `[<page-name>]? [:first | :left | :right | :blank]*`,
// comma-separated, and their specificity (§3.2).
import type { PageSelector } from './types.js';

type PagePseudo = PageSelector['pseudoClasses'][number];
const PAGE_PSEUDO_CLASSES = new Set<string>(['first', 'left', 'right', 'blank']);

/** Parses a page selector list; [] for a bare `@page`, null when invalid. */
export function parsePageSelectors(text: string): PageSelector[] | null {
  if (text.trim() === '') return [];
  const out: PageSelector[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*(-?[A-Za-z_][\w-]*)?((?:\s*:[A-Za-z-]+)*)\s*$/.exec(part);
    if (m === null || (m[1] === undefined && m[2] === '')) return null;
    const pseudoClasses = m[2]!.split(':').map((p) => p.trim().toLowerCase()).filter((p) => p !== '');
    if (!pseudoClasses.every((p) => PAGE_PSEUDO_CLASSES.has(p))) return null;
    out.push({ name: m[1] ?? null, pseudoClasses: pseudoClasses as PagePseudo[] });
  }
  return out;
}

/**
 * css-page-3 §3.2: (f, g, h) = (page names, :first and :blank, :left and :right), packed
 * into one comparable number.
 */
export function pageSpecificity(selector: PageSelector): number {
  const f = selector.name === null ? 0 : 1;
  const g = selector.pseudoClasses.filter((p) => p === 'first' || p === 'blank').length;
  const h = selector.pseudoClasses.filter((p) => p === 'left' || p === 'right').length;
  return f * 10_000 + g * 100 + h;
}
