// The css/ stage's public surface: the cascade entry, page-box resolution, and the helpers
// later stages need to read `extra` values or build styles in tests.
import { clearPendingCache } from './declarations.js';
import { clearClassCache } from './selectors/dom-index.js';
import { clearComponentCache } from './values/components.js';

export { styleDocument, type StyleOptions } from './style-document.js';
export { pageArea, resolvePageStyle, DEFAULT_PAGE_HEIGHT, DEFAULT_PAGE_MARGIN, DEFAULT_PAGE_WIDTH, type PageInfo } from './page.js';
export { INITIAL_STYLE, MEDIUM_FONT_SIZE } from './initial-style.js';
export { inheritedStyle } from './compute.js';
export { resolveLengthText } from './values/length.js';
export { PT_PER_PX } from './values/units.js';
export { mediaMatchesPrint } from './media.js';
export type * from './types.js';

/** Empties css/'s process-wide caches (parsed values, class lists); each is bounded anyway. */
export function clearCssCaches(): void {
  clearComponentCache();
  clearPendingCache();
  clearClassCache();
}
