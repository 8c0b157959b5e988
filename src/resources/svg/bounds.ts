// Bounding boxes of drawing nodes: the hull of path points and Bézier control points (a
// curve stays inside its control polygon), widened by half the stroke width (more for
// miters), and glyph runs by their font's ascent and descent. Used for form XObject
// bounding boxes, which only need to contain what is drawn.

import type { PathOp } from '../../paint/types.js';
import { applyToPoint, IDENTITY, maxScale, multiply } from './matrix.js';
import type { Matrix, Rect, SvgNode, SvgStroke } from './model.js';

class Extent {
  minX = Infinity;
  minY = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;

  add(x: number, y: number, pad = 0): void {
    this.minX = Math.min(this.minX, x - pad);
    this.minY = Math.min(this.minY, y - pad);
    this.maxX = Math.max(this.maxX, x + pad);
    this.maxY = Math.max(this.maxY, y + pad);
  }

  rect(): Rect | null {
    if (!(this.minX <= this.maxX && this.minY <= this.maxY) || !Number.isFinite(this.minX + this.maxX + this.minY + this.maxY)) return null;
    return { x: this.minX, y: this.minY, width: this.maxX - this.minX, height: this.maxY - this.minY };
  }
}

/** The bounds of `nodes` drawn with `matrix` (default: in their own space), or null when they draw nothing. */
export function nodesBounds(nodes: readonly SvgNode[], matrix: Matrix = IDENTITY): Rect | null {
  const extent = new Extent();
  for (const node of nodes) addNode(extent, node, matrix);
  return extent.rect();
}

/** The bounds of a path's geometry alone (no stroke), in its own space. */
export function pathBounds(ops: readonly PathOp[]): Rect | null {
  const extent = new Extent();
  addPath(extent, ops, IDENTITY, 0);
  return extent.rect();
}

function addNode(extent: Extent, node: SvgNode, matrix: Matrix): void {
  switch (node.kind) {
    case 'group': {
      const inner = node.transform ? multiply(matrix, node.transform) : matrix;
      if (node.clip) {
        // Nothing shows outside the clip: its bounds, intersected with the children's, would
        // be tighter; the clip alone is a safe bound when it is smaller.
        const children = nodesBounds(node.children, inner);
        const clip = new Extent();
        addPath(clip, node.clip.ops, inner, 0);
        const c = clip.rect();
        if (children && c) {
          extent.add(Math.max(children.x, c.x), Math.max(children.y, c.y));
          extent.add(Math.min(children.x + children.width, c.x + c.width), Math.min(children.y + children.height, c.y + c.height));
        }
        return;
      }
      for (const child of node.children) addNode(extent, child, inner);
      return;
    }
    case 'shape':
      addPath(extent, node.ops, matrix, strokePad(node.stroke, matrix));
      return;
    case 'text':
      for (const run of node.runs) {
        const scale = run.size / run.face.unitsPerEm;
        const pad = strokePad(run.stroke, matrix);
        const top = run.y - run.face.ascent * scale;
        const bottom = run.y + run.face.descent * scale;
        // Glyphs may overhang their advance a little (italics): a margin of half an em.
        const left = run.x - run.size / 2;
        const right = run.x + run.advance + run.size / 2;
        for (const [x, y] of [[left, top], [right, top], [left, bottom], [right, bottom]] as const) {
          const [px, py] = applyToPoint(matrix, x, y);
          extent.add(px, py, pad);
        }
      }
      return;
  }
}

function addPath(extent: Extent, ops: readonly PathOp[], matrix: Matrix, pad: number): void {
  for (const op of ops) {
    if (op.op === 'Z') continue;
    if (op.op === 'C') {
      extent.add(...applyToPoint(matrix, op.x1, op.y1), pad);
      extent.add(...applyToPoint(matrix, op.x2, op.y2), pad);
    }
    extent.add(...applyToPoint(matrix, op.x, op.y), pad);
  }
}

/** How far a stroke reaches beyond its path: half its width, times the miter limit for miter joins, square caps √2. */
function strokePad(stroke: SvgStroke | null, matrix: Matrix): number {
  if (!stroke) return 0;
  const reach = stroke.join === 'miter' ? Math.max(stroke.miterLimit, Math.SQRT2) : Math.SQRT2;
  return (stroke.width / 2) * reach * maxScale(matrix);
}
