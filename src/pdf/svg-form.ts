// SVG drawings (resources/svg/model.ts) as form XObjects (ISO 32000-1 §8.10): the drawing in
// its own user space (y down, as SVG has it; the page's `cm` flips it), paths as m/l/c/h,
// fills nonzero or even-odd (f, f*, B, B*), strokes with their caps, joins, miter limit and
// dashes, clip paths as W n, paint alphas as ExtGStates of the shared registry, group
// opacity as a transparency group form, gradients as shading patterns (shading.ts), and
// text as glyph runs through the fonts the pages use. Forms share the document's one
// resource dictionary.

import type { PDFRef } from 'pdf-lib';
import type { Color } from '../css/types.js';
import { nodesBounds } from '../resources/svg/bounds.js';
import type { Rect, SvgClip, SvgDrawing, SvgGlyphRun, SvgNode, SvgShape, SvgStroke } from '../resources/svg/model.js';
import { gradientForm } from './shading.js';
import { ContentStream } from './content-stream.js';
import { flateStream } from './flate.js';
import type { PaintContext } from './paint-context.js';
import { paintGlyphRun } from './paint-text.js';
import { coordinate, formBox, pathOperators, RESET, strokeParameters, type SvgFormTarget } from './svg-operators.js';

/** Writes a drawing as a form XObject; null when it draws nothing. */
export function writeSvgForm(drawing: SvgDrawing, target: SvgFormTarget): PDFRef | null {
  if (!drawing.bounds) return null;
  return new SvgFormPainter(target).form(drawing.nodes, drawing.bounds, false);
}

class SvgFormPainter {
  constructor(private readonly target: SvgFormTarget) {}

  /** A form of `nodes` (in its space), optionally an isolated transparency group. */
  form(nodes: readonly SvgNode[], bounds: Rect, group: boolean): PDFRef {
    const canvas = new ContentStream();
    canvas.push(RESET);
    for (const node of nodes) this.node(canvas, node);
    const { context, resources } = this.target;
    const bbox = formBox(bounds);
    const dict: Record<string, unknown> = { Type: 'XObject', Subtype: 'Form', BBox: bbox, Resources: resources.ref };
    if (group) dict.Group = { Type: 'Group', S: 'Transparency', I: true };
    return context.register(flateStream(context, canvas.toString(), dict as never)) as PDFRef;
  }

  private node(canvas: ContentStream, node: SvgNode): void {
    switch (node.kind) {
      case 'group':
        return this.group(canvas, node.transform, node.clip, node.opacity, node.children);
      case 'shape':
        return this.shape(canvas, node);
      case 'text':
        for (const run of node.runs) this.glyphRun(canvas, run);
        return;
    }
  }

  private group(canvas: ContentStream, transform: readonly number[] | null, clip: SvgClip | null, opacity: number, children: readonly SvgNode[]): void {
    canvas.save();
    if (transform) canvas.push(`${transform.map(coordinate).join(' ')} cm`);
    if (clip) canvas.push(`${pathOperators(clip.ops)}\n${clip.evenOdd ? 'W*' : 'W'} n`);
    if (opacity < 1) {
      // Group opacity composites the children as one (SVG 1.1 §14.5): a transparency group.
      const bounds = nodesBounds(children);
      if (bounds) {
        const { resources } = this.target;
        const name = resources.addXObject('Fm', this.form(children, bounds, true));
        canvas.push(`/${resources.alphaState(opacity, opacity)} gs\n/${name} Do`);
      }
    } else {
      for (const child of children) this.node(canvas, child);
    }
    canvas.restore();
  }

  private shape(canvas: ContentStream, shape: SvgShape): void {
    const { fill, stroke } = shape;
    const path = pathOperators(shape.ops);
    if (fill?.gradient || stroke?.gradient) {
      // Each paint on its own: a gradient fills or strokes through a form of its own.
      const paints = [() => fill && this.paintFill(canvas, shape, path), () => stroke && this.paintStroke(canvas, shape, path, stroke)];
      for (const paint of shape.strokeFirst ? paints.reverse() : paints) paint();
      return;
    }
    const withBoth = (draw: () => void) => this.withAlpha(canvas, fill?.color.a ?? 1, stroke?.color.a ?? 1, draw);
    withBoth(() => {
      if (fill) canvas.setFillColor(fill.color);
      if (stroke) this.strokeState(canvas, stroke);
      const star = fill?.evenOdd ? '*' : '';
      if (fill && stroke && shape.strokeFirst) canvas.push(`${path}\nS\n${path}\nf${star}`);
      else canvas.push(`${path}\n${fill && stroke ? `B${star}` : fill ? `f${star}` : 'S'}`);
    });
  }

  private paintFill(canvas: ContentStream, shape: SvgShape, path: string): void {
    const fill = shape.fill!;
    const star = fill.evenOdd ? '*' : '';
    if (!fill.gradient) {
      this.withAlpha(canvas, fill.color.a, 1, () => {
        canvas.setFillColor(fill.color);
        canvas.push(`${path}\nf${star}`);
      });
      return;
    }
    const bounds = nodesBounds([{ ...shape, stroke: null }]);
    if (bounds) this.gradient(canvas, gradientForm(this.target, fill.gradient, bounds, (paint) => `${paint('cs', 'scn')}\n${path}\nf${star}`));
  }

  private paintStroke(canvas: ContentStream, shape: SvgShape, path: string, stroke: SvgStroke): void {
    if (!stroke.gradient) {
      this.withAlpha(canvas, 1, stroke.color.a, () => {
        this.strokeState(canvas, stroke);
        canvas.push(`${path}\nS`);
      });
      return;
    }
    const bounds = nodesBounds([{ ...shape, fill: null }]);
    const gradient = stroke.gradient;
    if (bounds) this.gradient(canvas, gradientForm(this.target, gradient, bounds, (paint) => `${strokeParameters(stroke)}\n${paint('CS', 'SCN')}\n${path}\nS`));
  }

  /** Draws a gradient's form; its constant opacity (when its stops agree on alpha) as an ExtGState. */
  private gradient(canvas: ContentStream, form: { ref: PDFRef; alpha: number } | null): void {
    if (!form || form.alpha <= 0) return;
    const name = this.target.resources.addXObject('Fm', form.ref);
    this.withAlpha(canvas, form.alpha, form.alpha, () => canvas.push(`/${name} Do`));
  }

  private strokeState(canvas: ContentStream, stroke: SvgStroke): void {
    canvas.setStrokeColor(stroke.color);
    canvas.push(strokeParameters(stroke));
  }

  /**
   * A glyph run in a y-down space: flipped once more so that the glyphs stand upright, and
   * painted by the page's own glyph-run writer (kerning, ToUnicode, subsets). A stroked run
   * uses text rendering mode 1 or 2 (§9.3.6).
   */
  private glyphRun(canvas: ContentStream, run: SvgGlyphRun): void {
    const { fill, stroke } = run;
    const ctx = this.paintContext(canvas);
    const item = { kind: 'glyphs', x: run.x, y: run.y, face: run.face, size: run.size, segments: run.segments } as const;
    const draw = (mode: 0 | 1 | 2, color: Color) => {
      canvas.save();
      canvas.push('1 0 0 -1 0 0 cm');
      if (mode !== 0) canvas.push(`${mode} Tr`);
      paintGlyphRun({ ...item, color: { ...color, a: 1 } }, ctx);
      canvas.restore();
    };
    this.withAlpha(canvas, fill?.a ?? 1, stroke?.color.a ?? 1, () => {
      if (stroke) this.strokeState(canvas, stroke);
      if (fill && stroke && run.strokeFirst) {
        draw(1, fill);
        draw(0, fill);
      } else if (stroke) draw(fill ? 2 : 1, fill ?? stroke.color);
      else if (fill) draw(0, fill);
    });
  }

  private withAlpha(canvas: ContentStream, fillAlpha: number, strokeAlpha: number, draw: () => void): void {
    if (fillAlpha >= 1 && strokeAlpha >= 1) {
      draw();
      return;
    }
    canvas.save();
    canvas.push(`/${this.target.resources.alphaState(fillAlpha, strokeAlpha)} gs`);
    draw();
    canvas.restore();
  }

  private paintContext(canvas: ContentStream): PaintContext {
    return {
      canvas,
      // A form's own stream: its content is marked by the page that draws it.
      marks: null,
      context: this.target.context,
      pageHeight: 0,
      resources: this.target.resources,
      fonts: this.target.fonts,
      images: { get: () => undefined },
      addGroup: () => {
        throw new Error('an SVG form draws no CSS opacity groups');
      },
      links: [],
      anchors: [],
      bookmarks: [],
      fields: [],
    };
  }
}
