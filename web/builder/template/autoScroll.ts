// How fast the pages scroll while a drag holds the pointer near the top or bottom edge of their
// view (DOM-free): nothing outside the zone, faster nearer the edge, full speed at or past it.

/** CSS pixels from the view's top or bottom edge within which a drag scrolls. */
export const AUTO_SCROLL_ZONE = 40;
/** CSS pixels per second at the edge. */
export const AUTO_SCROLL_MAX = 1200;

/**
 * The scroll speed, in CSS pixels per second (negative: up), with the pointer at `y` in a view
 * from `top` to `bottom` (same units). A view too short for two zones splits itself between them.
 */
export function autoScrollSpeed(y: number, view: { readonly top: number; readonly bottom: number }, zone = AUTO_SCROLL_ZONE, max = AUTO_SCROLL_MAX): number {
  const size = Math.min(zone, (view.bottom - view.top) / 2);
  if (size <= 0) return 0;
  const depth = (distance: number): number => Math.min(1, Math.max(0, (size - distance) / size));
  if (y < view.top + size) return -max * depth(y - view.top);
  if (y > view.bottom - size) return max * depth(view.bottom - y);
  return 0;
}

/** The whole pixels to scroll by at `speed` over `elapsed` milliseconds: at least one, so that a slow scroll moves at all. */
export function scrollStep(speed: number, elapsed: number): number {
  if (speed === 0) return 0;
  return Math.sign(speed) * Math.max(1, Math.round((Math.abs(speed) * elapsed) / 1000));
}
