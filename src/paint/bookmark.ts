// PDF bookmarks from headings (css-content-3 §… bookmark-level, bookmark-label): h1–h6 get
// their level by default; `bookmark-level: none` removes one, an integer makes any element a
// bookmark, and `bookmark-label` (a string, content(text) or attr()) sets its text.
import type { ComputedStyle } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import { evaluateStringSet, textContent } from '../layout/page/string-set.js';

const HEADING = /^h([1-6])$/;

/** The bookmark an element's first fragment makes, or null. */
export function bookmarkOf(element: DomElement | null, style: ComputedStyle): { level: number; label: string } | null {
  if (element === null) return null;
  const levelText = style.extra.get('bookmark-level')?.trim().toLowerCase();
  let level: number | null;
  if (levelText === undefined) level = Number(HEADING.exec(element.tagName)?.[1] ?? NaN);
  else level = levelText === 'none' ? null : Number.parseInt(levelText, 10);
  if (level === null || !Number.isFinite(level) || level < 1) return null;
  const labelText = style.extra.get('bookmark-label');
  // bookmark-label takes the content-list of string-set: evaluate it as one named assignment.
  const label = labelText === undefined ? textContent(element) : (evaluateStringSet(`label ${labelText}`, element)[0]?.value ?? '');
  return label.length > 0 ? { level: Math.min(level, 32), label } : null;
}
