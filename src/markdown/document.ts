// Markdown mode (spec §2.3, §4.4): the validated items become one HTML document and its
// stylesheet, which then take the HTML path through the pipeline like any other document.
import { ValidationError } from '../request/errors.js';
import type { NormalizedMarkdownItem, NormalizedMarkdownRequest } from '../request/types.js';
import { contentHtml } from './content.js';
import { escapeHtml } from './escape.js';
import { fontStack } from './fonts.js';
import { logoHtml } from './logo.js';
import { MARKDOWN_PAGE_CSS, markdownStylesheet, timestampPageCss } from './stylesheet.js';
import { tableHtml } from './table.js';
import { timestampText } from './timestamp.js';

/** What the HTML path needs: the document, its author CSS, and the page rules. */
export interface MarkdownDocument {
  readonly html: string;
  readonly css: string;
  /** The built-in page rules, then the request's `page` rule, which wins. */
  readonly pageCss: string;
}

/** Builds the document; `generatedAt` is the time the timestamp shows; `warn` hears about content shown as plain text. */
export function markdownDocument(request: NormalizedMarkdownRequest, generatedAt: Date, warn: (message: string) => void = () => {}): MarkdownDocument {
  const parts: string[] = [`<!DOCTYPE html><html${request.lang === null ? '' : ` lang="${escapeHtml(request.lang)}"`}><head><meta charset="utf-8">`];
  if (request.title !== null) parts.push(`<title>${escapeHtml(request.title)}</title>`);
  parts.push('</head><body>', logoHtml(request.logo));
  request.items.forEach((item, i) => parts.push(itemHtml(item, `data[${i}]`, warn)));
  parts.push('</body></html>');
  const pageRules = [MARKDOWN_PAGE_CSS];
  if (request.includeTimestamp) {
    // The page counter may already hold the bottom-left box: the timestamp then goes right.
    pageRules.push(timestampPageCss(timestampText(generatedAt), request.pageCount === 'bottomLeft' ? 'bottom-right' : 'bottom-left'));
  }
  pageRules.push(request.pageCss);
  return { html: parts.join(''), css: markdownStylesheet(request), pageCss: pageRules.join('\n') };
}

/**
 * One item as a section: heading, label, content, table, in that order. A section that ends
 * in a heading or label keeps with the next one, so a label never ends a page alone.
 */
function itemHtml(item: NormalizedMarkdownItem, path: string, warn: (message: string) => void): string {
  const blocks: string[] = [];
  if (item.heading !== null) blocks.push(`<h2 class="md-heading">${escapeHtml(item.heading)}</h2>`);
  if (item.label !== null) blocks.push(`<div class="md-label">${escapeHtml(item.label)}</div>`);
  if (item.content !== null) blocks.push(`<div class="md-content">${readContent(item.content, `${path}.content`, warn)}</div>`);
  if (item.table !== null) blocks.push(tableHtml(item.table));
  if (blocks.length === 0) return '';
  const keep = item.content === null && item.table === null ? ' md-keep' : '';
  const style = itemStyle(item);
  return `<section class="md-item${keep}"${style ? ` style="${escapeHtml(style)}"` : ''}>${blocks.join('')}</section>`;
}

/**
 * The content's HTML; Markdown nested deeper than the parser's stack allows is the caller's
 * error, by path. Valid Markdown the parser itself fails on (marked 18.2.1 throws on a quote
 * in a list item that starts with an ordered-list marker other than 1 and continues lazily)
 * is shown as the text it is, line by line, with a warning, rather than failing the render.
 */
function readContent(markdown: string, path: string, warn: (message: string) => void): string {
  try {
    return contentHtml(markdown);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new ValidationError([{ property: path, message: 'The Markdown is nested too deeply to read (quotes, lists or emphasis markers thousands deep)' }]);
    }
    warn(`${path}: the Markdown parser failed on this content (${(error as Error).message.split('\n')[0]}); it is shown as plain text`);
    return `<p>${escapeHtml(markdown).replace(/\r\n?|\n/g, '<br>')}</p>`;
  }
}

function itemStyle(item: NormalizedMarkdownItem): string {
  const declarations: string[] = [];
  if (item.fontFamily !== null) declarations.push(`font-family: ${fontStack(item.fontFamily)}`);
  if (item.fontSize !== null) declarations.push(`font-size: ${item.fontSize}px`);
  if (item.textColor !== null) declarations.push(`color: ${item.textColor}`);
  return declarations.join('; ');
}
