// An item's `table` (spec §2.3) as an HTML table. The header row is a <thead>, so it repeats
// on every page the table spans; column options become <col> widths and per-cell alignment
// classes; gridlines and vertical alignment are classes the built-in stylesheet draws.
import type { NormalizedMarkdownTable } from '../request/types.js';
import { escapeHtml } from './escape.js';

/** The HTML of a table item. Cell text is plain text; a newline in a cell is a line break. */
export function tableHtml(table: NormalizedMarkdownTable): string {
  const classes = ['md-table', `valign-${table.verticalAlign}`];
  if (table.rowGridlines) classes.push('row-lines');
  if (table.columnGridlines) classes.push('column-lines');
  const alignOf = table.columns.map((c) => (c?.align && c.align !== 'left' ? ` class="align-${c.align}"` : ''));
  const row = (cells: readonly string[], tag: 'th' | 'td') =>
    `<tr>${cells.map((text, i) => `<${tag}${alignOf[i] ?? ''}>${cellText(text)}</${tag}>`).join('')}</tr>`;
  const [first, ...rest] = table.rows;
  const head = table.firstRowHeaders && first ? `<thead>${row(first, 'th')}</thead>` : '';
  const body = (table.firstRowHeaders ? rest : table.rows).map((r) => row(r, 'td')).join('');
  const widths = table.columns.some((c) => c?.width)
    ? `<colgroup>${table.columns.map((c) => (c?.width ? `<col style="width: ${c.width}">` : '<col>')).join('')}</colgroup>`
    : '';
  return `<table class="${classes.join(' ')}">${widths}${head}${body ? `<tbody>${body}</tbody>` : ''}</table>`;
}

function cellText(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}
