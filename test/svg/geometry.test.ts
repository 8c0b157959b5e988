// Transforms, basic shapes and the root viewport: transform lists, rect/circle/ellipse/line/
// polyline/polygon as paths, the intrinsic size an <img> takes, and the viewBox mapping with
// preserveAspectRatio (SVG 2 §8.2), including where a raster of the intrinsic viewport lands.
import { describe, expect, it } from 'vitest';
import { applyToPoint, invert, multiply } from '../../src/resources/svg/matrix.js';
import type { Matrix } from '../../src/resources/svg/model.js';
import { ellipseOps, rectOps } from '../../src/resources/svg/shapes.js';
import { parseTransform } from '../../src/resources/svg/transform.js';
import { intrinsicRectInBox, parseAspectRatio, placementTransform, rootViewport, viewBoxTransform } from '../../src/resources/svg/viewport.js';
import { parseXml } from '../../src/resources/svg/xml.js';

const LIMITS = { maxElements: 100, maxDepth: 10, maxExpansion: 1000 };

function rootOf(attrs: string) {
  const parsed = parseXml(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}/>`, LIMITS);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.root;
}

function expectMatrix(actual: Matrix | null, expected: readonly number[]): void {
  expect(actual).not.toBeNull();
  actual!.forEach((v, i) => expect(v, `entry ${i}`).toBeCloseTo(expected[i]!, 6));
}

function point(m: Matrix, x: number, y: number): [number, number] {
  return applyToPoint(m, x, y).map((v) => Math.round(v * 1000) / 1000 + 0) as [number, number];
}

describe('svg transform attribute', () => {
  it('reads each transform function', () => {
    expectMatrix(parseTransform('matrix(1 2 3 4 5 6)'), [1, 2, 3, 4, 5, 6]);
    expectMatrix(parseTransform('translate(10)'), [1, 0, 0, 1, 10, 0]);
    expectMatrix(parseTransform('translate(10, -5)'), [1, 0, 0, 1, 10, -5]);
    expectMatrix(parseTransform('scale(2)'), [2, 0, 0, 2, 0, 0]);
    expectMatrix(parseTransform('scale(2 3)'), [2, 0, 0, 3, 0, 0]);
    expectMatrix(parseTransform('rotate(90)'), [0, 1, -1, 0, 0, 0]);
    expectMatrix(parseTransform('skewX(45)'), [1, 0, 1, 1, 0, 0]);
    expectMatrix(parseTransform('skewY(45)'), [1, 1, 0, 1, 0, 0]);
  });

  it('rotates about a centre with rotate(a cx cy)', () => {
    const m = parseTransform('rotate(90 10 10)')!;
    expect(point(m, 10, 10)).toEqual([10, 10]);
    expect(point(m, 20, 10)).toEqual([10, 20]); // clockwise on screen, y down
  });

  it('applies a list right to left: the last function first', () => {
    const m = parseTransform('translate(100 0) scale(2)')!;
    expect(point(m, 5, 5)).toEqual([110, 10]);
    const n = parseTransform('scale(2),translate(100,0)')!;
    expect(point(n, 5, 5)).toEqual([210, 10]);
  });

  it('reads CSS units in the style form and refuses malformed lists', () => {
    expectMatrix(parseTransform('rotate(0.25turn)'), [0, 1, -1, 0, 0, 0]);
    expectMatrix(parseTransform('translate(3px, 4px)'), [1, 0, 0, 1, 3, 4]);
    expect(parseTransform('translate(10 10')).toBeNull();
    expect(parseTransform('wobble(3)')).toBeNull();
    expect(parseTransform('matrix(1 2 3)')).toBeNull();
    expect(parseTransform('translate(10%)')).toBeNull();
  });

  it('inverts and multiplies', () => {
    const m = parseTransform('translate(5 7) rotate(30) scale(2 3)')!;
    expectMatrix(multiply(m, invert(m)!), [1, 0, 0, 1, 0, 0]);
    expect(invert([0, 0, 0, 0, 1, 1])).toBeNull();
  });
});

describe('svg basic shapes', () => {
  it('draws a square rect clockwise from its top-left, and none without a size', () => {
    expect(rectOps(1, 2, 10, 5, null, null)).toEqual([
      { op: 'M', x: 1, y: 2 }, { op: 'L', x: 11, y: 2 }, { op: 'L', x: 11, y: 7 }, { op: 'L', x: 1, y: 7 }, { op: 'Z' },
    ]);
    expect(rectOps(0, 0, 0, 5, null, null)).toBeNull();
    expect(rectOps(0, 0, 5, -1, null, null)).toBeNull();
  });

  it('rounds a rect’s corners, copying a missing radius and clamping to half the side', () => {
    const ops = rectOps(0, 0, 100, 40, 10, null)!;
    expect(ops[0]).toEqual({ op: 'M', x: 10, y: 0 });
    expect(ops.filter((op) => op.op === 'C')).toHaveLength(4);
    expect(ops[3]).toEqual({ op: 'L', x: 100, y: 30 }); // ry = rx = 10
    const clamped = rectOps(0, 0, 100, 40, 80, 80)!;
    expect(clamped[0]).toEqual({ op: 'M', x: 50, y: 0 }); // rx ≤ 50
    expect(clamped[3]).toEqual({ op: 'L', x: 100, y: 20 }); // ry ≤ 20
  });

  it('draws an ellipse as four cubics from (cx + rx, cy), none for a zero radius', () => {
    const ops = ellipseOps(50, 50, 20, 10)!;
    expect(ops[0]).toEqual({ op: 'M', x: 70, y: 50 });
    expect(ops.filter((op) => op.op === 'C').map((op) => op.op === 'C' && [op.x, op.y])).toEqual([[50, 60], [30, 50], [50, 40], [70, 50]]);
    expect(ellipseOps(0, 0, 0, 5)).toBeNull();
  });
});

describe('svg root viewport: the intrinsic size', () => {
  it('takes width and height in px, converting absolute units', () => {
    expect(rootOf('width="200" height="100"')).toMatchObject({ name: 'svg' });
    expect(rootViewport(rootOf('width="200" height="100"'))).toMatchObject({ width: 200, height: 100 });
    expect(rootViewport(rootOf('width="1in" height="72pt"'))).toMatchObject({ width: 96, height: 96 });
    expect(rootViewport(rootOf('width="10mm" height="2em"')).height).toBe(32);
  });

  it('derives a missing size from the viewBox ratio, else from 300×150', () => {
    expect(rootViewport(rootOf('width="100" viewBox="0 0 40 20"'))).toMatchObject({ width: 100, height: 50 });
    expect(rootViewport(rootOf('height="100" viewBox="0 0 40 20"'))).toMatchObject({ width: 200, height: 100 });
    expect(rootViewport(rootOf('width="100"'))).toMatchObject({ width: 100, height: 150 });
    expect(rootViewport(rootOf('height="40"'))).toMatchObject({ width: 300, height: 40 });
  });

  it('fits the viewBox ratio into 300×150 when neither size is given (or both are percentages)', () => {
    expect(rootViewport(rootOf('viewBox="0 0 24 24"'))).toMatchObject({ width: 150, height: 150 });
    expect(rootViewport(rootOf('viewBox="0 0 400 100"'))).toMatchObject({ width: 300, height: 75 });
    expect(rootViewport(rootOf('width="100%" height="100%" viewBox="0 0 10 10"'))).toMatchObject({ width: 150, height: 150 });
    expect(rootViewport(rootOf(''))).toMatchObject({ width: 300, height: 150 });
  });

  it('synthesises viewBox 0 0 w h with preserveAspectRatio none without a viewBox (SVG in <img>)', () => {
    const vp = rootViewport(rootOf('width="100" height="50" preserveAspectRatio="xMinYMin slice"'));
    expect(vp.viewBox).toEqual({ x: 0, y: 0, width: 100, height: 50 });
    expect(vp.aspect.align).toBe('none');
  });

  it('ignores an invalid viewBox', () => {
    expect(rootViewport(rootOf('width="10" height="10" viewBox="0 0 -5 5"')).aspect.align).toBe('none');
    expect(rootViewport(rootOf('width="10" height="10" viewBox="0 0 5"')).viewBox.width).toBe(10);
  });
});

describe('svg viewBox and preserveAspectRatio', () => {
  const box = { x: 0, y: 0, width: 100, height: 50 };

  it('parses the attribute, falling back to xMidYMid meet', () => {
    expect(parseAspectRatio(undefined)).toEqual({ align: 'xMidYMid', meetOrSlice: 'meet' });
    expect(parseAspectRatio('xMinYMax slice')).toEqual({ align: 'xMinYMax', meetOrSlice: 'slice' });
    expect(parseAspectRatio('defer none')).toEqual({ align: 'none', meetOrSlice: 'meet' });
    expect(parseAspectRatio('xMidYMid bogus')).toEqual({ align: 'xMidYMid', meetOrSlice: 'meet' });
  });

  it('meets: scales to fit and centres (xMidYMid)', () => {
    const m = viewBoxTransform(box, parseAspectRatio('xMidYMid meet'), 200, 200);
    expect(point(m, 0, 0)).toEqual([0, 50]);
    expect(point(m, 100, 50)).toEqual([200, 150]);
  });

  it('aligns with xMin/xMax and YMin/YMax', () => {
    expect(point(viewBoxTransform(box, parseAspectRatio('xMinYMin meet'), 200, 200), 0, 0)).toEqual([0, 0]);
    expect(point(viewBoxTransform(box, parseAspectRatio('xMaxYMax meet'), 200, 200), 100, 50)).toEqual([200, 200]);
    expect(point(viewBoxTransform(box, parseAspectRatio('xMaxYMid meet'), 400, 100), 0, 0)).toEqual([200, 0]);
  });

  it('slices: scales to cover, overflowing the viewport', () => {
    const m = viewBoxTransform(box, parseAspectRatio('xMidYMid slice'), 200, 200);
    expect(point(m, 0, 0)).toEqual([-100, 0]);
    expect(point(m, 100, 50)).toEqual([300, 200]);
  });

  it('stretches with none and honours the viewBox origin', () => {
    const m = viewBoxTransform({ x: 10, y: 20, width: 100, height: 50 }, parseAspectRatio('none'), 200, 200);
    expect(point(m, 10, 20)).toEqual([0, 0]);
    expect(point(m, 110, 70)).toEqual([200, 200]);
  });

  it('places an image drawn at its intrinsic size in pt (0.75 pt per px)', () => {
    const vp = rootViewport(rootOf('width="200" height="100" viewBox="0 0 20 10"'));
    const m = placementTransform(vp, 150, 75);
    expect(point(m, 20, 10)).toEqual([150, 75]);
  });

  it('lands a raster of the intrinsic viewport where the viewBox content lands', () => {
    const vp = rootViewport(rootOf('width="100" height="50" viewBox="0 0 100 50"'));
    expect(intrinsicRectInBox(vp, 100, 100)).toEqual({ x: 0, y: 25, width: 100, height: 50 });
    const stretched = rootViewport(rootOf('width="100" height="50"'));
    expect(intrinsicRectInBox(stretched, 100, 100)).toEqual({ x: 0, y: 0, width: 100, height: 100 });
  });
});
