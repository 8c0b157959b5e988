// Field rects between the unrotated page (stored, filled) and the page as the builder shows it.
import { describe, expect, it } from 'vitest';
import { normalizeRotation, toDisplayed, toUnrotated, type Rotation } from '../../web/builder/pdf/page-space.js';

// A Letter page (612 × 792 unrotated) and a field near its bottom-left corner.
const FIELD = { x: 50, y: 100, width: 200, height: 20 };

describe('page space', () => {
  it('puts the unrotated bottom-left where each rotation shows it', () => {
    // Turned a quarter clockwise (landscape 792 × 612): the page's bottom-left is the displayed top-left.
    expect(toDisplayed(FIELD, 90, { width: 792, height: 612 })).toEqual({ x: 100, y: 612 - 50 - 200, width: 20, height: 200 });
    // Upside down: the displayed top-right.
    expect(toDisplayed(FIELD, 180, { width: 612, height: 792 })).toEqual({ x: 612 - 50 - 200, y: 792 - 100 - 20, width: 200, height: 20 });
    // Turned a quarter counter-clockwise: the displayed bottom-right.
    expect(toDisplayed(FIELD, 270, { width: 792, height: 612 })).toEqual({ x: 792 - 100 - 20, y: 50, width: 20, height: 200 });
    expect(toDisplayed(FIELD, 0, { width: 612, height: 792 })).toEqual(FIELD);
  });

  it('goes back to the same rect from every rotation', () => {
    for (const rotation of [0, 90, 180, 270] as Rotation[]) {
      const shown = rotation % 180 === 0 ? { width: 612, height: 792 } : { width: 792, height: 612 };
      expect(toUnrotated(toDisplayed(FIELD, rotation, shown), rotation, shown)).toEqual(FIELD);
    }
  });

  it('reads /Rotate values as quarter turns', () => {
    expect([0, 90, 180, 270, 360, -90, 450, -180, 45, Number.NaN].map(normalizeRotation)).toEqual([0, 90, 180, 270, 0, 270, 90, 180, 0, 0]);
  });
});
