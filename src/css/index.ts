// The css/ stage's public surface: the cascade entry, page-box resolution, and the helpers
// later stages need to read `extra` values or build styles in tests.
export { styleDocument, type StyleOptions } from './style-document.js';
export { resolvePageStyle, DEFAULT_PAGE_HEIGHT, DEFAULT_PAGE_MARGIN, DEFAULT_PAGE_WIDTH, type PageInfo } from './page.js';
export { INITIAL_STYLE, MEDIUM_FONT_SIZE } from './initial-style.js';
export { resolveLengthText } from './values/length.js';
export { PT_PER_PX } from './values/units.js';
export { mediaMatchesPrint } from './media.js';
export type * from './types.js';
