// Table properties (CSS 2.1 §17; `-fs-table-paginate` from Flying Saucer, which the API spec
// names): typed computed values for the table layout in layout/table/.
import { keywordOf, type Component } from '../values/components.js';
import type { Computer } from '../values/context.js';
import { parseLength } from '../values/length.js';
import { keywordLonghand, longhand, type LonghandDef } from './registry.js';

// `border-spacing: <length> <length>?` (horizontal, then vertical), non-negative.
function parseBorderSpacing(items: readonly Component[]): Computer<readonly [number, number]> | null {
  if (items.length < 1 || items.length > 2) return null;
  const h = parseLength(items[0]);
  const v = items.length === 2 ? parseLength(items[1]) : h;
  return h && v && ((ctx) => [h(ctx), v(ctx)] as const);
}

// `-fs-table-paginate: paginate | none`; `auto` (Flying Saucer's initial value) paginates,
// since the API repeats headers by default (pdf-generation.md §4.3 rule 3).
function parseTablePaginate(items: readonly Component[]): Computer<'paginate' | 'none'> | null {
  const word = items.length === 1 ? keywordOf(items[0]) : null;
  if (word === 'none') return () => 'none';
  if (word === 'paginate' || word === 'auto') return () => 'paginate';
  return null;
}

/** Table longhands. */
export const TABLE_LONGHANDS: readonly LonghandDef[] = [
  keywordLonghand('border-collapse', 'borderCollapse', true, ['separate', 'collapse']),
  longhand('border-spacing', 'borderSpacing', true, parseBorderSpacing),
  keywordLonghand('caption-side', 'captionSide', true, ['top', 'bottom'], { 'block-start': 'top', 'block-end': 'bottom' }),
  keywordLonghand('empty-cells', 'emptyCells', true, ['show', 'hide']),
  keywordLonghand('table-layout', 'tableLayout', false, ['auto', 'fixed']),
  longhand('-fs-table-paginate', 'tablePaginate', false, parseTablePaginate),
];
