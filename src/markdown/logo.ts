// The logo at the top right of a Markdown document's first page (spec §2.5): Quire's own mark
// by default, or the caller's image within its maxWidth × maxHeight box.
import type { NormalizedMarkdownRequest } from '../request/types.js';
import { escapeHtml } from './escape.js';

/** Quire's mark: a folded page on a teal tile, and the name. Drawn as vectors (SVG). */
const QUIRE_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="112" height="32" viewBox="0 0 112 32">
<rect width="32" height="32" rx="7" fill="#0f5e6e"/>
<path d="M9 7h10.5l4.5 4.5V25H9z" fill="#ffffff"/>
<path d="M19.5 7v4.5H24z" fill="#9fd0d9"/>
<rect x="12" y="14.5" width="9" height="1.6" rx=".8" fill="#0f5e6e"/>
<rect x="12" y="18" width="9" height="1.6" rx=".8" fill="#0f5e6e"/>
<rect x="12" y="21.5" width="5.5" height="1.6" rx=".8" fill="#0f5e6e"/>
<text x="40" y="23.5" font-family="Noto Sans" font-weight="700" font-size="20" fill="#1b2b34">Quire</text>
</svg>`;

const QUIRE_LOGO_URI = `data:image/svg+xml;base64,${Buffer.from(QUIRE_LOGO_SVG).toString('base64')}`;

/** The logo block that opens the document, or '' when `logo` is false. */
export function logoHtml(logo: NormalizedMarkdownRequest['logo']): string {
  if (logo === null) return '';
  if (logo === 'default') return `<div class="md-logo"><img src="${QUIRE_LOGO_URI}" alt="Quire" style="width: 112px; height: 32px"></div>`;
  return `<div class="md-logo"><img src="${escapeHtml(logo.src)}" alt="" style="max-width: ${logo.maxWidth}px; max-height: ${logo.maxHeight}px"></div>`;
}
