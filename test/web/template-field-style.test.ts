// How a field's label previews the filled text (web/builder/template/fieldStyle.ts): alignment,
// size at the zoom (clamped to the box), weight and colour, as the fill reads them.
import { describe, expect, it } from 'vitest';
import { isLight, labelStyle } from '../../web/builder/template/fieldStyle.js';

describe('labelStyle', () => {
  it('leaves a field with no style to the label\'s own look', () => {
    expect(labelStyle({}, 1.5, 33)).toEqual({});
  });

  it('aligns the label as the field', () => {
    expect(labelStyle({ alignment: 'center' }, 1, 22)).toEqual({ textAlign: 'center' });
    expect(labelStyle({ alignment: 'right' }, 1, 22).textAlign).toBe('right');
  });

  it('sizes the text in points times the zoom, no larger than fits the box, and not vanishingly small', () => {
    expect(labelStyle({ fontSize: 12 }, 1, 22).fontSize).toBe('12px');
    expect(labelStyle({ fontSize: 12 }, 1.5, 33).fontSize).toBe('18px');
    expect(labelStyle({ fontSize: 12 }, 0.5, 11).fontSize).toBe('6px');
    // 40 points in a 22-point box: the box (less its borders) holds one line of 1.1 × the size.
    expect(labelStyle({ fontSize: 40 }, 1, 22).fontSize).toBe(`${Math.round((19 / 1.1) * 100) / 100}px`);
    // A tiny box: the box wins over the minimum.
    expect(labelStyle({ fontSize: 12 }, 0.5, 7).fontSize).toBe(`${Math.round((4 / 1.1) * 100) / 100}px`);
  });

  it('shows no size the fill does not use (outside 1–200 points)', () => {
    expect(labelStyle({ fontSize: 100 }, 1, 200).fontSize).toBe('100px');
    expect(labelStyle({ fontSize: 201 }, 1, 300).fontSize).toBeUndefined();
    expect(labelStyle({ fontSize: 0.5 }, 1, 22).fontSize).toBeUndefined();
  });

  it('sets the weight and the style', () => {
    expect(labelStyle({ fontWeight: 'bold' }, 1, 22)).toEqual({ fontWeight: 'bold', fontStyle: 'normal' });
    expect(labelStyle({ fontWeight: 'italic' }, 1, 22)).toEqual({ fontWeight: 'normal', fontStyle: 'italic' });
    expect(labelStyle({ fontWeight: 'boldItalic' }, 1, 22)).toEqual({ fontWeight: 'bold', fontStyle: 'italic' });
    expect(labelStyle({ fontWeight: 'normal' }, 1, 22)).toEqual({ fontWeight: 'normal', fontStyle: 'normal' });
  });

  it('shows the colour the fill uses (#rgb as #rrggbb); a light one gets a dark halo; a name is not shown', () => {
    expect(labelStyle({ textColor: '#1A2B3C' }, 1, 22)).toEqual({ color: '#1a2b3c' });
    const light = labelStyle({ textColor: '#ffee00' }, 1, 22);
    expect(light.color).toBe('#ffee00');
    expect(light.textShadow).toMatch(/#1b1f24/);
    expect(labelStyle({ textColor: '#03A' }, 1, 22)).toEqual({ color: '#0033aa' });
    expect(labelStyle({ textColor: 'red' }, 1, 22)).toEqual({});
  });
});

describe('isLight', () => {
  it('tells colours too light to read on white (under 4.5:1)', () => {
    expect(isLight('000000')).toBe(false);
    expect(isLight('0a3a84')).toBe(false);
    expect(isLight('767676')).toBe(false); // 4.54:1 on white
    expect(isLight('777777')).toBe(true); // 4.48:1
    expect(isLight('ffffff')).toBe(true);
    expect(isLight('ffee00')).toBe(true);
    expect(isLight('999999')).toBe(true);
  });
});
