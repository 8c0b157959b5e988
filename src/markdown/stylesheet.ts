// The built-in stylesheet of Markdown mode: a quiet, readable document. Body text at 14px with
// 1.5 line spacing; a clear hierarchy (item headings > content headings > labels); lists,
// quotes and code set apart without noise; tables full width with a tinted header row that
// repeats on each page; labels and headings kept with what follows them.
import { fontStack } from './fonts.js';

/** The document's base size in CSS px when the request gives none. */
export const DEFAULT_FONT_SIZE = 14;
export const DEFAULT_TEXT_COLOR = '#1f2328';

/** Letter size with margins a little wider than HTML mode's, for a readable line length. */
export const MARKDOWN_PAGE_CSS = '@page { size: 8.5in 11in; margin: 0.75in 0.75in 0.8in; }';

const RULE = '#d4dae0';

const BASE = `
body { margin: 0; }
.md-logo { text-align: right; margin: 0 0 16px; }
.md-logo img { vertical-align: top; }
.md-item { margin: 0 0 14px; }
.md-item:last-child { margin-bottom: 0; }
.md-keep { break-after: avoid; }
.md-heading { font-size: 1.5em; font-weight: 700; line-height: 1.25; margin: 26px 0 10px; padding-bottom: 5px;
  border-bottom: 1px solid ${RULE}; break-after: avoid; bookmark-level: 1; }
.md-item:first-child > .md-heading, .md-logo + .md-item > .md-heading { margin-top: 0; }
.md-label { font-weight: 700; margin: 0 0 3px; break-after: avoid; }
.md-content > :first-child { margin-top: 0; }
.md-content > :last-child { margin-bottom: 0; }
.md-content p { margin: 0 0 0.7em; }
.md-content h1, .md-content h2, .md-content h3, .md-content h4, .md-content h5, .md-content h6 {
  font-weight: 700; line-height: 1.3; margin: 1.1em 0 0.4em; break-after: avoid; }
.md-content h1 { font-size: 1.3em; bookmark-level: 2; }
.md-content h2 { font-size: 1.18em; bookmark-level: 3; }
.md-content h3 { font-size: 1.06em; bookmark-level: none; }
.md-content h4, .md-content h5, .md-content h6 { font-size: 1em; bookmark-level: none; }
.md-content h6 { font-weight: 600; font-style: italic; }
.md-content ul, .md-content ol { margin: 0 0 0.7em; padding-left: 1.6em; }
.md-content li { margin: 0.2em 0; }
.md-content li > ul, .md-content li > ol { margin: 0.2em 0 0; }
.md-content li > p { margin: 0 0 0.3em; }
.md-content li.md-task { list-style: none; }
.md-box { display: inline-block; width: 0.75em; height: 0.75em; margin: 0 0.45em 0 -1.2em; border: 1.5px solid #6b747d;
  border-radius: 2px; vertical-align: -0.08em; }
.md-box-checked { background: #3d6f8f; border-color: #3d6f8f; }
.md-content blockquote { margin: 0 0 0.7em; padding: 1px 0 1px 12px; border-left: 3px solid ${RULE}; color: #4a545e; }
.md-content code { font-family: monospace; font-size: 0.88em; background: #f1f3f5; padding: 1px 4px; border-radius: 3px; }
.md-content pre { margin: 0 0 0.7em; padding: 8px 12px; background: #f6f8fa; border: 1px solid #e4e8ec; border-radius: 4px;
  white-space: pre-wrap; line-height: 1.45; }
.md-content pre code { background: none; padding: 0; border-radius: 0; }
.md-content hr { border: 0; border-top: 1px solid ${RULE}; margin: 1.1em 0; }
.md-content a { color: #0b5cad; text-decoration: underline; }
.md-content img { max-width: 100%; }
.md-content table { border-collapse: collapse; margin: 0 0 0.7em; }
.md-content th, .md-content td { padding: 4px 8px; border: 1px solid ${RULE}; vertical-align: top; }
.md-content th { background: #f3f5f7; font-weight: 700; }
.md-table { width: 100%; border-collapse: collapse; }
.md-label + .md-table { margin-top: 4px; }
.md-content + .md-table { margin-top: 0.7em; }
.md-table th, .md-table td { padding: 6px 8px; text-align: left; vertical-align: top; }
.md-table th { font-weight: 700; background: #f3f5f7; border-bottom: 1.5px solid #9aa6b2; }
.md-table tr { break-inside: avoid; }
.md-table.row-lines tbody tr + tr > td { border-top: 1px solid ${RULE}; }
.md-table.column-lines th + th, .md-table.column-lines td + td { border-left: 1px solid ${RULE}; }
.md-table.valign-middle th, .md-table.valign-middle td { vertical-align: middle; }
.md-table.valign-bottom th, .md-table.valign-bottom td { vertical-align: bottom; }
.md-table .align-center { text-align: center; }
.md-table .align-right { text-align: right; }
`;

/** The author stylesheet for a document with these base options. */
export function markdownStylesheet(options: { fontFamily: string | null; fontSize: number | null; textColor: string | null }): string {
  const root = `html { font-family: ${fontStack(options.fontFamily ?? 'Noto Sans')}; font-size: ${options.fontSize ?? DEFAULT_FONT_SIZE}px; ` +
    `line-height: 1.5; color: ${options.textColor ?? DEFAULT_TEXT_COLOR}; }`;
  return root + BASE;
}

/** A margin box showing the generation time, in small grey type at the bottom of every page. */
export function timestampPageCss(text: string, box: 'bottom-left' | 'bottom-right'): string {
  const quoted = `"${text.replace(/["\\]/g, '')}"`;
  return `@page { @${box} { content: ${quoted}; font-size: 8pt; color: #6b747d; vertical-align: middle; } }`;
}
