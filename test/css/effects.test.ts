// Parsing the visual effects properties into ComputedStyle: box-shadow, outline, transform and
// transform-origin (css-backgrounds-3 §7, css-ui-3 §3, css-transforms-1), and gradient images
// (css-images-3 §3). 1px = 0.75pt.
import { describe, expect, it } from 'vitest';
import type { Gradient } from '../../src/css/values/gradient.js';
import { computed } from './helpers.js';

const el = '<div id="t"></div>';
const of = (css: string) => computed(el, `#t { color: rgb(10, 20, 30); ${css} }`);
const CURRENT = { r: 10, g: 20, b: 30, a: 1 };

describe('box-shadow', () => {
  it('parses offsets, blur, spread, colour and inset in any order', () => {
    expect(of('box-shadow: 4px 8px 12px 2px red, inset rgba(0,0,0,.5) 0 0 6px').boxShadow).toEqual([
      { inset: false, offsetX: 3, offsetY: 6, blur: 9, spread: 1.5, color: { r: 255, g: 0, b: 0, a: 1 } },
      { inset: true, offsetX: 0, offsetY: 0, blur: 4.5, spread: 0, color: { r: 0, g: 0, b: 0, a: 0.5 } },
    ]);
  });

  it('defaults the colour to currentcolor, and none to the empty list', () => {
    expect(of('box-shadow: 1px 2px').boxShadow).toEqual([{ inset: false, offsetX: 0.75, offsetY: 1.5, blur: 0, spread: 0, color: CURRENT }]);
    expect(of('box-shadow: 1px 2px; box-shadow: none').boxShadow).toEqual([]);
  });

  it('rejects a negative blur, one length, split lengths and two colours', () => {
    for (const bad of ['1px 1px -2px red', '1px red', '1px red 2px', 'red blue 1px 1px', 'inset inset 1px 1px']) {
      expect(of(`box-shadow: 1px 1px; box-shadow: ${bad}`).boxShadow, bad).toHaveLength(1);
      expect(of(`box-shadow: 1px 1px; box-shadow: ${bad}`).boxShadow[0]!.offsetX, bad).toBe(0.75);
    }
  });

  it('takes the -webkit- alias', () => {
    expect(of('-webkit-box-shadow: 0 0 4px blue').boxShadow[0]!.blur).toBe(3);
  });
});

describe('outline', () => {
  it('expands the shorthand in any order', () => {
    const s = of('outline: dashed 2px #00f; outline-offset: -3px');
    expect([s.outlineStyle, s.outlineWidth, s.outlineColor, s.outlineOffset]).toEqual(['dashed', 1.5, { r: 0, g: 0, b: 255, a: 1 }, -2.25]);
  });

  it('computes the width to 0 with no style, and the colour to currentcolor', () => {
    const s = of('outline-width: 5px');
    expect([s.outlineStyle, s.outlineWidth, s.outlineColor]).toEqual(['none', 0, CURRENT]);
    expect(of('outline: solid').outlineWidth).toBe(2.25); // medium
  });

  it('keeps auto, maps invert to currentcolor, refuses hidden', () => {
    expect(of('outline: auto 1px invert').outlineStyle).toBe('auto');
    expect(of('outline: auto 1px invert').outlineColor).toEqual(CURRENT);
    expect(of('outline-style: dotted; outline-style: hidden').outlineStyle).toBe('dotted');
  });
});

describe('transform', () => {
  it('parses a list of 2D functions, angles in any unit, translations in pt', () => {
    expect(of('transform: translate(10px, 50%) rotate(0.25turn) scale(2, 50%) skewX(10deg) matrix(1, 0, 0, 1, 4, 8)').transform).toEqual([
      { kind: 'translate', x: { abs: 7.5, pct: 0 }, y: { abs: 0, pct: 50 } },
      { kind: 'rotate', angle: 90 },
      { kind: 'scale', x: 2, y: 0.5 },
      { kind: 'skew', x: 10, y: 0 },
      { kind: 'matrix', values: [1, 0, 0, 1, 3, 6] },
    ]);
  });

  it('is null for none and keeps the previous value for an unknown function', () => {
    expect(of('transform: none').transform).toBeNull();
    expect(of('transform: rotate(5deg); transform: rotate(5deg) warp(2)').transform).toEqual([{ kind: 'rotate', angle: 5 }]);
    expect(of('transform: rotate(5deg); transform: rotate(5px)').transform).toEqual([{ kind: 'rotate', angle: 5 }]);
  });

  it('projects 3D functions without perspective', () => {
    expect(of('transform: translate3d(1px, 2px, 3px) rotateX(60deg)').transform).toEqual([
      { kind: 'translate', x: { abs: 0.75, pct: 0 }, y: { abs: 1.5, pct: 0 } },
      { kind: 'scale', x: 1, y: expect.closeTo(0.5, 9) },
    ]);
  });

  it('transform-origin: keywords, lengths and percentages; z dropped; initial 50% 50%', () => {
    expect(of('').transformOrigin).toEqual([{ abs: 0, pct: 50 }, { abs: 0, pct: 50 }]);
    expect(of('transform-origin: left top').transformOrigin).toEqual([{ abs: 0, pct: 0 }, { abs: 0, pct: 0 }]);
    expect(of('transform-origin: bottom').transformOrigin).toEqual([{ abs: 0, pct: 50 }, { abs: 0, pct: 100 }]);
    expect(of('transform-origin: 10px 30% 5px').transformOrigin).toEqual([{ abs: 7.5, pct: 0 }, { abs: 0, pct: 30 }]);
  });
});

describe('gradient background images', () => {
  const gradient = (css: string): Gradient => of(css).backgroundImage as Gradient;

  it('linear-gradient: direction, stops with positions and hints; two-position stops split', () => {
    expect(gradient('background-image: linear-gradient(to top right, red 10%, 30%, blue 2em 80%)')).toEqual({
      kind: 'linear',
      repeating: false,
      direction: { toX: 'right', toY: 'top' },
      stops: [
        { kind: 'stop', color: { r: 255, g: 0, b: 0, a: 1 }, position: { abs: 0, pct: 10 } },
        { kind: 'hint', position: { abs: 0, pct: 30 } },
        { kind: 'stop', color: { r: 0, g: 0, b: 255, a: 1 }, position: { abs: 24, pct: 0 } },
        { kind: 'stop', color: { r: 0, g: 0, b: 255, a: 1 }, position: { abs: 0, pct: 80 } },
      ],
    });
    expect(gradient('background: linear-gradient(45deg, red, blue)')).toHaveProperty('direction', { angle: 45 });
    expect(gradient('background: -webkit-linear-gradient(top, red, blue)')).toHaveProperty('direction', { toX: null, toY: 'bottom' });
  });

  it('radial-gradient: shape, size and position; repeating forms', () => {
    const g = gradient('background-image: repeating-radial-gradient(circle 20px at right 10px top, currentcolor, transparent 10px)');
    expect(g).toMatchObject({ kind: 'radial', repeating: true, shape: 'circle', size: { rx: { abs: 15, pct: 0 }, ry: { abs: 15, pct: 0 } } });
    expect(g.kind === 'radial' && [g.positionX, g.positionY]).toEqual([{ abs: -7.5, pct: 100 }, { abs: 0, pct: 0 }]);
    expect(g.stops[0]).toEqual({ kind: 'stop', color: CURRENT, position: null });
    expect(gradient('background-image: radial-gradient(closest-side, red, blue)')).toMatchObject({ shape: 'ellipse', size: 'closest-side' });
  });

  it('paints the topmost painted layer; urls stay strings; bad gradients are invalid', () => {
    expect(gradient('background: linear-gradient(red, blue), url(a.png)').kind).toBe('linear');
    expect(of('background-image: url(a.png), linear-gradient(red, blue)').backgroundImage).toBe('a.png');
    expect(of('background-image: url(a.png); background-image: linear-gradient(red)').backgroundImage).toMatchObject({ kind: 'linear' });
    for (const bad of ['linear-gradient(to middle, red, blue)', 'linear-gradient(red, 10%)', 'linear-gradient(10%, red)', 'radial-gradient(circle 10px 20px, red, blue)']) {
      expect(of(`background-image: url(a.png); background-image: ${bad}`).backgroundImage, bad).toBe('a.png');
    }
    expect(of('background-image: url(a.png); background-image: conic-gradient(red, blue)').backgroundImage).toBeNull();
  });

  it('list-style-image keeps urls only', () => {
    expect(of('list-style-image: linear-gradient(red, blue)').listStyleImage).toBeNull();
  });
});
