// `position: fixed` in paged media (css-position-3 §3.4, css-page-3): the box's containing
// block is the page area, and it repeats on every page. It is sized and placed like an
// absolutely positioned box (CSS 2.1 §10.3.7, §10.6.4); its static position is taken as the
// page area's start, since the box is out of the flow everywhere.
import type { BlockLevelBox } from '../../boxes/types.js';
import { layoutAbsolute } from '../positioned/absolute.js';
import type { BoxFragment, PageContext } from '../types.js';

/** Lays out a fixed box against a page area `width` × `height`; x and y are relative to the area. */
export function layoutFixed(box: BlockLevelBox, width: number, height: number, page: PageContext): BoxFragment {
  return layoutAbsolute(box, { width, height }, { x: 0, y: 0 }, page);
}
