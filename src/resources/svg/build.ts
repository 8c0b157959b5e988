// The tree walk: an SVG element tree → the drawing model. Styles cascade down (style.ts),
// shapes become paths, `<use>` instantiates its target (symbols and nested `<svg>` as
// viewports), simple clip paths become clipping paths, and opacity folds into a paint's alpha
// when that is exact. An element only the raster fallback can draw (filters, masks, images,
// foreignObject, CSS style sheets …) ends the walk with `raster`.

import type { Color } from '../../css/types.js';
import type { PathOp } from '../../paint/types.js';
import { nodesBounds, pathBounds } from './bounds.js';
import { resolveColor } from './color.js';
import { applyToPoint, IDENTITY, isIdentity, multiply, translation } from './matrix.js';
import type { Matrix, Rect, SvgClip, SvgDrawing, SvgFill, SvgGradient, SvgNode, SvgStroke, SvgViewport } from './model.js';
import { parseLength, type LengthAxis } from './numbers.js';
import { resolvePaintServer } from './paint-server.js';
import { parsePathData } from './path-data.js';
import { basicShapeOps, rectOps } from './shapes.js';
import { computeStyle, INITIAL_SVG_STYLE, stripComments, type OwnStyle, type SvgStyle } from './style.js';
import { layoutText } from './text.js';
import { parseTransform } from './transform.js';
import { nestedViewportTransform, parseAspectRatio, parseViewBox } from './viewport.js';
import { SVG_NS, textContent, type XmlElement } from './xml.js';
import { fragmentId } from '../../dom/fragment-id.js';

export type BuildResult =
  | { readonly kind: 'drawing'; readonly drawing: SvgDrawing }
  | { readonly kind: 'raster'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly reason: string };

export interface BuildLimits {
  /** Drawing nodes, `<use>` instances included (a small file can instantiate without end). */
  readonly maxNodes: number;
  /** Path operators over the whole drawing. */
  readonly maxPathOps: number;
}

/** How each SVG element takes part in rendering. */
type ElementKind = 'container' | 'shape' | 'path' | 'text' | 'use' | 'svg' | 'raster';

const ELEMENT_KINDS: Readonly<Record<string, ElementKind>> = {
  g: 'container', a: 'container',
  path: 'path', rect: 'shape', circle: 'shape', ellipse: 'shape', line: 'shape', polyline: 'shape', polygon: 'shape',
  text: 'text', use: 'use', svg: 'svg',
  image: 'raster', foreignObject: 'raster', switch: 'raster', video: 'raster', canvas: 'raster', iframe: 'raster',
};
// Every other element (defs, symbol, clipPath, gradients, title, desc, metadata, style,
// script, animations, unknown names) draws nothing where it stands.

interface Viewport {
  readonly width: number;
  readonly height: number;
}

class RasterFallback extends Error {}
class TooComplex extends Error {}

/** Builds the drawing of a root `<svg>` (already checked to be one) with its viewport. */
export function buildDrawing(root: XmlElement, viewport: SvgViewport, limits: BuildLimits): BuildResult {
  try {
    const builder = new Builder(root, limits);
    const nodes = builder.root(root, { width: viewport.viewBox.width, height: viewport.viewBox.height });
    return { kind: 'drawing', drawing: { nodes, bounds: nodesBounds(nodes) } };
  } catch (error) {
    if (error instanceof RasterFallback) return { kind: 'raster', reason: error.message };
    if (error instanceof TooComplex) return { kind: 'invalid', reason: error.message };
    throw error;
  }
}

class Builder {
  private readonly ids = new Map<string, XmlElement>();
  /** `<use>` targets being instantiated (a reference back to one of them is a cycle). */
  private readonly instantiating = new Set<XmlElement>();
  private readonly paths = new Map<XmlElement, PathOp[]>();
  private nodeCount = 0;
  private opCount = 0;

  constructor(root: XmlElement, private readonly limits: BuildLimits) {
    walk(root, (element) => {
      const id = element.attrs.get('id') ?? element.attrs.get('xml:id');
      if (id !== undefined && !this.ids.has(id)) this.ids.set(id, element);
      if (element.name === 'style' && hasStyleRules(element)) throw new RasterFallback('a CSS <style> sheet');
    });
  }

  root(root: XmlElement, viewport: Viewport): SvgNode[] {
    const { style, own } = computeStyle(root, INITIAL_SVG_STYLE, viewport);
    if (!own.display) return [];
    if (own.unsupported) throw new RasterFallback(own.unsupported);
    return this.wrap(root, own, this.children(root, style, viewport), viewport, null);
  }

  private children(parent: XmlElement, style: SvgStyle, viewport: Viewport): SvgNode[] {
    const out: SvgNode[] = [];
    for (const child of parent.children) {
      if (typeof child !== 'string') out.push(...this.element(child, style, viewport));
    }
    return out;
  }

  private element(element: XmlElement, parentStyle: SvgStyle, viewport: Viewport): SvgNode[] {
    if (element.ns !== SVG_NS) return [];
    const kind = ELEMENT_KINDS[element.name];
    if (kind === undefined) return [];
    if (kind === 'raster') throw new RasterFallback(`<${element.name}>`);
    const { style, own } = computeStyle(element, parentStyle, viewport);
    if (!own.display) return [];
    if (own.unsupported) throw new RasterFallback(own.unsupported);
    this.countNodes(1);
    switch (kind) {
      case 'container':
        return this.wrap(element, own, this.children(element, style, viewport), viewport, null);
      case 'shape':
      case 'path':
        return this.shape(element, style, own, viewport);
      case 'text':
        return this.text(element, style, own, viewport);
      case 'use':
        return this.use(element, style, own, viewport);
      case 'svg': {
        const box = this.viewportRect(element, element, style, viewport);
        return this.wrap(element, own, this.viewportContent(element, style, own, box), viewport, null);
      }
    }
  }

  /**
   * The element's own transform, clip path and opacity around its content, as a group; no
   * group when it has none of them. `extra` is a transform applied after the element's own
   * (the x/y of `<use>`).
   */
  private wrap(element: XmlElement, own: OwnStyle, children: SvgNode[], viewport: Viewport, extra: Matrix | null): SvgNode[] {
    if (children.length === 0 || own.opacity <= 0) return [];
    const specified = own.transform ?? element.attrs.get('transform');
    let transform = specified === undefined ? null : parseTransform(specified);
    if (extra) transform = transform ? multiply(transform, extra) : extra;
    if (transform && isIdentity(transform)) transform = null;
    const clip = own.clipPath === null ? null : this.clip(own.clipPath, viewport);
    if (clip === 'everything') return [];
    let opacity = own.opacity;
    let content = children;
    const folded = opacity < 1 && children.length === 1 ? foldOpacity(children[0]!, opacity) : null;
    if (folded) {
      content = [folded];
      opacity = 1;
    }
    if (!transform && !clip && opacity >= 1) return content;
    return [{ kind: 'group', transform, opacity, clip, children: content }];
  }

  private shape(element: XmlElement, style: SvgStyle, own: OwnStyle, viewport: Viewport): SvgNode[] {
    const ops = element.name === 'path' ? this.pathOps(element) : basicShapeOps(element, this.lengths(style, viewport));
    if (!ops || ops.length === 0 || !style.visible) return [];
    this.countOps(ops.length);
    // Gradients in objectBoundingBox units need the geometry's box (strokes excluded).
    let bbox: Rect | null | undefined;
    const geometry = () => (bbox === undefined ? (bbox = pathBounds(ops)) : bbox) ?? { x: 0, y: 0, width: 0, height: 0 };
    const fill = element.name === 'line' ? null : this.fill(style, geometry, viewport);
    const stroke = this.stroke(style, geometry, viewport);
    if (!fill && !stroke) return [];
    return this.wrap(element, own, [{ kind: 'shape', ops, fill, stroke, strokeFirst: style.paintOrderStrokeFirst }], viewport, null);
  }

  private pathOps(element: XmlElement): PathOp[] {
    let ops = this.paths.get(element);
    if (!ops) {
      ops = parsePathData(element.attrs.get('d') ?? '');
      this.paths.set(element, ops);
    }
    return ops;
  }

  private text(element: XmlElement, style: SvgStyle, own: OwnStyle, viewport: Viewport): SvgNode[] {
    const layout = layoutText(element, style, {
      styleOf: (child, parent) => {
        const computed = computeStyle(child, parent, viewport);
        if (computed.own.unsupported) throw new RasterFallback(computed.own.unsupported);
        return computed.own.display ? computed.style : null;
      },
      paintOf: (s) => ({ fill: this.fill(s, null, viewport)?.color ?? null, stroke: this.stroke(s, null, viewport) }),
      viewport,
    });
    if ('unsupported' in layout) throw new RasterFallback(layout.unsupported);
    const runs = layout.runs.filter((run) => run.fill || run.stroke);
    this.countNodes(runs.length);
    return runs.length === 0 ? [] : this.wrap(element, own, [{ kind: 'text', runs }], viewport, null);
  }

  /** SVG 2 §5.6: `<use>` draws a copy of its target, which inherits from the `<use>`. */
  private use(element: XmlElement, style: SvgStyle, own: OwnStyle, viewport: Viewport): SvgNode[] {
    const href = element.attrs.get('href') ?? element.attrs.get('xlink:href') ?? '';
    // Only references inside the file: an SVG image loads nothing else.
    const target = href.startsWith('#') ? this.ids.get(fragmentId(href.slice(1))) : undefined;
    if (!target || target.ns !== SVG_NS || this.instantiating.has(target)) return [];
    const lengths = this.lengths(style, viewport);
    const x = parseLength(element.attrs.get('x'), 'x', lengths) ?? 0;
    const y = parseLength(element.attrs.get('y'), 'y', lengths) ?? 0;
    this.instantiating.add(target);
    try {
      let content: SvgNode[];
      if (target.name === 'symbol' || target.name === 'svg') {
        const computed = computeStyle(target, style, viewport);
        if (!computed.own.display) return [];
        if (computed.own.unsupported) throw new RasterFallback(computed.own.unsupported);
        // The use element's width and height, when given, size the viewport.
        const box = this.viewportRect(target, element, computed.style, viewport);
        // A symbol sits at the <use>'s x and y; a nested <svg> keeps its own as well.
        const inner = this.viewportContent(target, computed.style, computed.own, target.name === 'symbol' ? { ...box, x: 0, y: 0 } : box);
        content = this.wrap(target, computed.own, inner, viewport, null);
      } else {
        content = this.element(target, style, viewport);
      }
      return this.wrap(element, own, content, viewport, x !== 0 || y !== 0 ? translation(x, y) : null);
    } finally {
      this.instantiating.delete(target);
    }
  }

  /** x, y, width, height of a nested viewport (`sizeFrom` is the `<use>` when it sizes a symbol). */
  private viewportRect(element: XmlElement, sizeFrom: XmlElement, style: SvgStyle, viewport: Viewport): { x: number; y: number; width: number; height: number } {
    const lengths = this.lengths(style, viewport);
    const get = (name: string, axis: LengthAxis, fallback: number): number =>
      parseLength(sizeFrom.attrs.get(name), axis, lengths) ?? parseLength(element.attrs.get(name), axis, lengths) ?? fallback;
    return {
      x: parseLength(element.attrs.get('x'), 'x', lengths) ?? 0,
      y: parseLength(element.attrs.get('y'), 'y', lengths) ?? 0,
      width: get('width', 'x', viewport.width),
      height: get('height', 'y', viewport.height),
    };
  }

  /** A nested `<svg>` or a `<symbol>`: its viewBox mapped onto the rectangle, clipped to it unless overflow is visible. */
  private viewportContent(element: XmlElement, style: SvgStyle, own: OwnStyle, box: { x: number; y: number; width: number; height: number }): SvgNode[] {
    if (!(box.width > 0 && box.height > 0)) return [];
    const viewBox = parseViewBox(element.attrs.get('viewBox'));
    const aspect = parseAspectRatio(element.attrs.get('preserveAspectRatio'));
    const inner: Viewport = viewBox ? { width: viewBox.width, height: viewBox.height } : box;
    const children = this.children(element, style, inner);
    if (children.length === 0) return [];
    const transform = nestedViewportTransform(box.x, box.y, box.width, box.height, viewBox, aspect);
    const content: SvgNode = { kind: 'group', transform: isIdentity(transform) ? null : transform, opacity: 1, clip: null, children };
    if (own.overflowVisible) return [content];
    const clip: SvgClip = { ops: rectOps(box.x, box.y, box.width, box.height, null, null)!, evenOdd: false };
    return [{ kind: 'group', transform: null, opacity: 1, clip, children: [content] }];
  }

  /**
   * A `clip-path: url(#id)` whose clipPath holds one shape (with its transforms) in user
   * space; anything more (several shapes, text, objectBoundingBox units, nested clips) needs
   * the raster fallback. An empty clip path clips everything away; a reference to nothing is
   * no clip (CSS Masking 1 §6.1).
   */
  private clip(id: string, viewport: Viewport): SvgClip | 'everything' | null {
    const clipPath = this.ids.get(id);
    if (!clipPath || clipPath.ns !== SVG_NS || clipPath.name !== 'clipPath') return null;
    if (clipPath.attrs.get('clipPathUnits') === 'objectBoundingBox') throw new RasterFallback('a clip path in objectBoundingBox units');
    const { style, own } = computeStyle(clipPath, INITIAL_SVG_STYLE, viewport);
    if (own.clipPath !== null) throw new RasterFallback('a clip path with a clip path');
    const shapes: { element: XmlElement; style: SvgStyle; own: OwnStyle }[] = [];
    for (const child of clipPath.children) {
      if (typeof child === 'string' || child.ns !== SVG_NS || ['title', 'desc', 'metadata'].includes(child.name)) continue;
      const computed = computeStyle(child, style, viewport);
      if (!computed.own.display || !computed.style.visible) continue;
      const kind = ELEMENT_KINDS[child.name];
      if ((kind !== 'shape' && kind !== 'path') || computed.own.clipPath !== null) throw new RasterFallback(`a clip path with <${child.name}>`);
      shapes.push({ element: child, ...computed });
    }
    if (shapes.length === 0) return 'everything';
    if (shapes.length > 1) throw new RasterFallback('a clip path of several shapes');
    const shape = shapes[0]!;
    const ops = shape.element.name === 'path' ? this.pathOps(shape.element) : basicShapeOps(shape.element, this.lengths(shape.style, viewport));
    if (!ops || ops.length === 0) return 'everything';
    this.countOps(ops.length);
    const outer = parseTransform(clipPath.attrs.get('transform') ?? '') ?? IDENTITY;
    const inner = parseTransform(shape.own.transform ?? shape.element.attrs.get('transform') ?? '') ?? IDENTITY;
    return { ops: transformOps(ops, multiply(outer, inner)), evenOdd: shape.style.clipRule === 'evenodd' };
  }

  /** The fill of a shape with this geometry (null for text: gradients paint their first stop). */
  private fill(style: SvgStyle, geometry: (() => Rect) | null, viewport: Viewport): SvgFill | null {
    const paint = this.paint(style.fill, style.color, style.fillOpacity, geometry, viewport);
    return paint && { ...paint, evenOdd: style.fillRule === 'evenodd' };
  }

  private stroke(style: SvgStyle, geometry: (() => Rect) | null, viewport: Viewport): SvgStroke | null {
    if (!(style.strokeWidth > 0)) return null;
    const paint = this.paint(style.stroke, style.color, style.strokeOpacity, geometry, viewport);
    if (!paint) return null;
    return {
      ...paint,
      width: style.strokeWidth,
      cap: style.strokeLinecap,
      join: style.strokeLinejoin,
      miterLimit: style.strokeMiterlimit,
      dash: style.strokeDasharray,
      dashOffset: style.strokeDashoffset,
    };
  }

  /** A paint's colour (alpha times its opacity) and gradient; null when it paints nothing. */
  private paint(paint: SvgStyle['fill'], currentColor: Color, opacity: number, geometry: (() => Rect) | null, viewport: Viewport): { color: Color; gradient?: SvgGradient } | null {
    if (paint.kind === 'none' || opacity <= 0) return null;
    if (paint.kind === 'color') {
      const color = resolveColor(paint.color, currentColor);
      return color.a > 0 ? { color: { ...color, a: color.a * opacity } } : null;
    }
    const server = resolvePaintServer(paint, this.ids, currentColor, geometry && geometry(), viewport);
    if ('unsupported' in server) throw new RasterFallback(server.unsupported);
    if (!server.color) return null;
    const color = { ...server.color, a: server.color.a * opacity };
    if (server.gradient) return { color, gradient: { ...server.gradient, opacity } };
    return color.a > 0 ? { color } : null;
  }

  private lengths(style: SvgStyle, viewport: Viewport) {
    return { fontSize: style.fontSize, viewportWidth: viewport.width, viewportHeight: viewport.height };
  }

  private countNodes(n: number): void {
    this.nodeCount += n;
    if (this.nodeCount > this.limits.maxNodes) throw new TooComplex(`more than ${this.limits.maxNodes} drawn elements (counting <use> copies)`);
  }

  private countOps(n: number): void {
    this.opCount += n;
    if (this.opCount > this.limits.maxPathOps) throw new TooComplex(`more than ${this.limits.maxPathOps} path segments (counting <use> copies)`);
  }
}

/**
 * Opacity on a single shape or text painted with only a fill or only a stroke is the same as
 * multiplying that paint's alpha; with both, the stroke would show through the fill, so a
 * group is needed. Null when it cannot fold.
 */
function foldOpacity(node: SvgNode, opacity: number): SvgNode | null {
  const fade = <T extends { color: Color; gradient?: SvgGradient }>(paint: T): T => ({
    ...paint,
    color: { ...paint.color, a: paint.color.a * opacity },
    ...(paint.gradient ? { gradient: { ...paint.gradient, opacity: paint.gradient.opacity * opacity } } : {}),
  });
  if (node.kind === 'shape' && (!node.fill || !node.stroke)) {
    return { ...node, fill: node.fill && fade(node.fill), stroke: node.stroke && fade(node.stroke) };
  }
  if (node.kind === 'text' && node.runs.every((run) => !run.fill || !run.stroke) && !overlaps(node.runs)) {
    return {
      ...node,
      runs: node.runs.map((run) => ({ ...run, fill: run.fill && { ...run.fill, a: run.fill.a * opacity }, stroke: run.stroke && fade(run.stroke) })),
    };
  }
  return null;
}

/** Text runs overlap when one starts before the previous ends (dx back, or a new chunk). */
function overlaps(runs: readonly { x: number; y: number; advance: number }[]): boolean {
  for (let i = 1; i < runs.length; i++) {
    const prev = runs[i - 1]!;
    const run = runs[i]!;
    if (run.y !== prev.y || run.x < prev.x + prev.advance - 1e-6) return true;
  }
  return false;
}

function transformOps(ops: readonly PathOp[], m: Matrix): PathOp[] {
  if (isIdentity(m)) return [...ops];
  return ops.map((op): PathOp => {
    switch (op.op) {
      case 'Z':
        return op;
      case 'C': {
        const [x1, y1] = applyToPoint(m, op.x1, op.y1);
        const [x2, y2] = applyToPoint(m, op.x2, op.y2);
        const [x, y] = applyToPoint(m, op.x, op.y);
        return { op: 'C', x1, y1, x2, y2, x, y };
      }
      default: {
        const [x, y] = applyToPoint(m, op.x, op.y);
        return { op: op.op, x, y };
      }
    }
  });
}

/** A `<style>` element with rules in it (comments and white space alone are harmless). */
function hasStyleRules(element: XmlElement): boolean {
  return stripComments(textContent(element)).replace(/<!--|-->/g, '').trim() !== '';
}

/** Visits every element, depth first, without recursion (the parser bounds the depth anyway). */
function walk(root: XmlElement, visit: (element: XmlElement) => void): void {
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const element = stack.pop()!;
    visit(element);
    for (let i = element.children.length - 1; i >= 0; i--) {
      const child = element.children[i]!;
      if (typeof child !== 'string') stack.push(child);
    }
  }
}

