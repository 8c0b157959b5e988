// The rectangle a pointer drag draws on a page: the selection marquee, or the outline of a field
// being drawn. Decorative: the result is announced, not the rectangle.
import { boxToCss } from './geometry.js';
import type { Box } from './types.js';

interface Props {
  readonly box: Box;
  readonly scale: number;
  readonly variant: 'select' | 'draw';
}

export function Marquee({ box, scale, variant }: Props) {
  const css = boxToCss(box, scale);
  return <div class={`tb-marquee tb-marquee-${variant}`} aria-hidden="true"
    style={{ left: `${css.left}px`, top: `${css.top}px`, width: `${css.width}px`, height: `${css.height}px` }} />;
}
