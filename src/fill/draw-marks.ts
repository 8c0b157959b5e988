// The marks of button fields, drawn as paths (no font needed): a check mark for a checked
// check box, a filled dot for the chosen radio option, each centred in its box.

import type { Color } from '../css/types.js';
import type { DisplayItem, PathOp } from '../paint/types.js';
import type { DisplayBox } from './draw-text.js';
import { ellipseOps } from '../resources/svg/shapes.js';

/** A check mark filling 80% of the largest square in the box, stroked in `color`. */
export function checkMark(box: DisplayBox, color: Color): DisplayItem {
  const side = 0.8 * Math.min(box.width, box.height);
  const left = box.x + (box.width - side) / 2;
  const top = box.y + (box.height - side) / 2;
  const at = (u: number, v: number) => ({ x: left + u * side, y: top + v * side });
  const ops: PathOp[] = [
    { op: 'M', ...at(0.12, 0.55) },
    { op: 'L', ...at(0.4, 0.82) },
    { op: 'L', ...at(0.88, 0.18) },
  ];
  return { kind: 'path', ops, fill: null, stroke: { color, width: Math.max(0.5, side * 0.13) } };
}

/** A filled dot of 60% of the box's smaller side. */
export function radioDot(box: DisplayBox, color: Color): DisplayItem {
  const r = 0.3 * Math.min(box.width, box.height);
  const ops = ellipseOps(box.x + box.width / 2, box.y + box.height / 2, r, r) ?? [];
  return { kind: 'path', ops, fill: color, stroke: null };
}
