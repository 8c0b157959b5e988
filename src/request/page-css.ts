// Turns the request's `page` object into an `@page` rule. The engine places it before the
// author CSS, so the page object behaves like the first rule of the document and an author's
// own `@page` rules still win (DESIGN.md "Paged media").

import { splitShorthand } from './length.js';
import type { PageOptions } from './types.js';

// The defaults of spec §2.4, needed only when one of width and height is given: CSS `size`
// cannot set one dimension alone.
const DEFAULT_WIDTH = '8.5in';
const DEFAULT_HEIGHT = '11in';

// Side properties in CSS order; declared after the shorthand so that they override it.
const SIDES = [
  ['marginTop', 'margin-top'],
  ['marginRight', 'margin-right'],
  ['marginBottom', 'margin-bottom'],
  ['marginLeft', 'margin-left'],
] as const;

/**
 * The `@page` rule for a validated page object, with only what was given, e.g.
 * `@page { size: 8.5in 11in; margin: 50px; margin-top: 1in; }`; '' when nothing applies.
 */
export function pageRuleFromOptions(page: PageOptions | undefined): string {
  if (!page) return '';
  const declarations: string[] = [];
  if (page.width !== undefined || page.height !== undefined) {
    const width = page.width?.trim() ?? DEFAULT_WIDTH;
    const height = page.height?.trim() ?? DEFAULT_HEIGHT;
    declarations.push(`size: ${width} ${height};`);
  }
  if (page.margin !== undefined) declarations.push(`margin: ${splitShorthand(page.margin).join(' ')};`);
  for (const [key, property] of SIDES) {
    const value = page[key];
    if (value !== undefined) declarations.push(`${property}: ${value.trim()};`);
  }
  if (page.pageCount !== undefined) declarations.push(pageCounterBox(page.pageCount));
  return declarations.length === 0 ? '' : `@page { ${declarations.join(' ')} }`;
}

/**
 * `pageCount: "bottomRight"` → the matching margin box shows "Page N of M" (spec §2.4), in a
 * quiet small type; document CSS for the same margin box wins, as it comes later.
 */
function pageCounterBox(position: string): string {
  const box = position.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return `@${box} { content: "Page " counter(page) " of " counter(pages); font-size: 9pt; color: #555; }`;
}
