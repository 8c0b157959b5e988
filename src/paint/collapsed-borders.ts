// Collapsed table borders (CSS 2.1 §17.6.2) as display items: each segment is stroked along
// its grid line, centred on it, as browsers draw them.
import type { BorderSegment } from '../layout/types.js';
import type { DisplayItem } from './types.js';

export function paintBorderSegments(segments: readonly BorderSegment[], ox: number, oy: number, out: DisplayItem[]): void {
  for (const s of segments) {
    const horizontal = s.y1 === s.y2;
    const x1 = ox + s.x1;
    const y1 = oy + s.y1;
    const x2 = ox + s.x2;
    const y2 = oy + s.y2;
    if (s.style === 'dashed' || s.style === 'dotted') {
      out.push({ kind: 'line', x1, y1, x2, y2, width: s.width, color: s.color, style: s.style });
    } else if (s.style === 'double' && s.width >= 3 * 0.75) {
      // Two lines of a third of the width each, at the outer thirds.
      const third = s.width / 3;
      for (const shift of [-third, third]) out.push(band(x1, y1, x2, y2, horizontal, shift, third, s));
    } else {
      out.push(band(x1, y1, x2, y2, horizontal, 0, s.width, s));
    }
  }
}

/** A filled band of `width` along the segment, its centre moved by `shift` across it. */
function band(x1: number, y1: number, x2: number, y2: number, horizontal: boolean, shift: number, width: number, s: BorderSegment): DisplayItem {
  return horizontal
    ? { kind: 'rect', x: Math.min(x1, x2), y: y1 + shift - width / 2, width: Math.abs(x2 - x1), height: width, color: s.color }
    : { kind: 'rect', x: x1 + shift - width / 2, y: Math.min(y1, y2), width, height: Math.abs(y2 - y1), color: s.color };
}
