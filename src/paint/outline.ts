// Outlines (css-ui-3 §3): a border drawn outside the border box, `outline-offset` away from
// it, following the border radius (grown by the offset and width, as browsers do). `auto`
// draws solid. Outlines take no space and paint over the box's content.
import type { ComputedStyle } from '../css/types.js';
import { cornerRadii, paintBorders } from './borders.js';
import type { DisplayItem } from './types.js';

const ALL_EDGES = { top: true, right: true, bottom: true, left: true };

/** The outline of a box (or one inline fragment) whose border box is at (x, y, w, h). */
export function paintOutline(style: ComputedStyle, x: number, y: number, w: number, h: number, out: DisplayItem[]): void {
  const width = style.outlineWidth;
  if (!(width > 0) || style.outlineStyle === 'none' || style.outlineColor.a <= 0) return;
  const grow = style.outlineOffset + width;
  const ow = w + 2 * grow;
  const oh = h + 2 * grow;
  if (!(ow > 0 && oh > 0)) return;
  const lineStyle = style.outlineStyle === 'auto' ? 'solid' : style.outlineStyle;
  const radii = cornerRadii(style, w, h, ALL_EDGES);
  const corner = (i: number): readonly [{ abs: number; pct: number }, { abs: number; pct: number }] => {
    const [rx, ry] = radii?.[i] ?? [0, 0];
    // Square corners stay square; rounded ones grow with the outline.
    return rx > 0 && ry > 0 ? [{ abs: Math.max(0, rx + grow), pct: 0 }, { abs: Math.max(0, ry + grow), pct: 0 }] : [{ abs: 0, pct: 0 }, { abs: 0, pct: 0 }];
  };
  // The outline is a border of the outline box: the border painter draws it.
  const outline: ComputedStyle = {
    ...style,
    borderTopWidth: width, borderRightWidth: width, borderBottomWidth: width, borderLeftWidth: width,
    borderTopStyle: lineStyle, borderRightStyle: lineStyle, borderBottomStyle: lineStyle, borderLeftStyle: lineStyle,
    borderTopColor: style.outlineColor, borderRightColor: style.outlineColor, borderBottomColor: style.outlineColor, borderLeftColor: style.outlineColor,
    borderTopLeftRadius: corner(0), borderTopRightRadius: corner(1), borderBottomRightRadius: corner(2), borderBottomLeftRadius: corner(3),
  };
  paintBorders(outline, x - grow, y - grow, ow, oh, ALL_EDGES, out);
}
