// The template builder's geometry (web/builder/template/geometry.ts, snapping.ts, gestures.ts,
// placement.ts): points ↔ screen boxes, snapping, gestures, where new fields go.
import { describe, expect, it } from 'vitest';
import { boxToCss, boxToRect, clampBox, intersects, rectToBox, unionBox } from '../../web/builder/template/geometry.js';
import { marqueeHits, moveOffset, pageUnder, resizeBox } from '../../web/builder/template/gestures.js';
import { boxAtPoint, drawnBox, fieldFromPreset, findFreeSpot } from '../../web/builder/template/placement.js';
import { snapMove, snapResize } from '../../web/builder/template/snapping.js';

const PAGE = { width: 612, height: 792 };

describe('geometry', () => {
  it('turns a rect from the bottom-left into a box from the top-left and back', () => {
    const rect = { x: 72, y: 700, width: 160, height: 22 };
    const box = rectToBox(rect, 792);
    expect(box).toEqual({ left: 72, top: 70, width: 160, height: 22 });
    expect(boxToRect(box, 792)).toEqual(rect);
    expect(boxToCss(box, 1.5)).toEqual({ left: 108, top: 105, width: 240, height: 33 });
  });

  it('clamps into the page, shrinking only what is larger than the page', () => {
    expect(clampBox({ left: -5, top: 780, width: 100, height: 20 }, PAGE)).toEqual({ left: 0, top: 772, width: 100, height: 20 });
    expect(clampBox({ left: 10, top: 10, width: 700, height: 20 }, PAGE)).toEqual({ left: 0, top: 10, width: 612, height: 20 });
  });

  it('intersects and unites', () => {
    expect(intersects({ left: 0, top: 0, width: 10, height: 10 }, { left: 10, top: 0, width: 10, height: 10 })).toBe(false);
    expect(intersects({ left: 0, top: 0, width: 10, height: 10 }, { left: 10, top: 0, width: 10, height: 10 }, 1)).toBe(true);
    expect(unionBox([{ left: 0, top: 5, width: 10, height: 10 }, { left: 20, top: 0, width: 5, height: 5 }])).toEqual({ left: 0, top: 0, width: 25, height: 15 });
  });
});

describe('snapping', () => {
  const other = { left: 100, top: 100, width: 100, height: 20 };
  it('snaps a moving box edge or centre to another field within the threshold, with a guide', () => {
    const snap = snapMove({ left: 103, top: 200, width: 40, height: 20 }, [other], 4);
    expect(snap.dx).toBe(-3);
    expect(snap.dy).toBe(0);
    expect(snap.guides).toEqual([{ axis: 'x', at: 100, from: 100, to: 220 }]);
    expect(snapMove({ left: 110, top: 300, width: 50, height: 20 }, [other], 4)).toEqual({ dx: 0, dy: 0, guides: [] });
    // centres: 150 vs 148 + 2
    expect(snapMove({ left: 123, top: 300, width: 50, height: 20 }, [other], 4).dx).toBe(2);
  });

  it('snaps only the edges a resize moves', () => {
    const result = snapResize({ left: 0, top: 0, width: 197, height: 20 }, { right: true }, [other], 4, 8);
    expect(result.box).toEqual({ left: 0, top: 0, width: 200, height: 20 });
    expect(result.guides).toEqual([{ axis: 'x', at: 200, from: 0, to: 120 }]);
  });
});

describe('gestures', () => {
  it('moves a group with snapping and keeps it in the page', () => {
    const moving = [{ left: 10, top: 10, width: 50, height: 20 }, { left: 70, top: 10, width: 50, height: 20 }];
    expect(moveOffset(moving, [], -100, 5, PAGE, 4)).toMatchObject({ dx: -10, dy: 5 });
    expect(moveOffset(moving, [{ left: 300, top: 200, width: 10, height: 10 }], 0, 188, PAGE, 4)).toMatchObject({ dx: 0, dy: 190 });
  });

  it('resizes by a handle, at least the minimum, inside the page', () => {
    const box = { left: 100, top: 100, width: 100, height: 20 };
    expect(resizeBox(box, 'se', 20, 10, [], PAGE, 4).box).toEqual({ left: 100, top: 100, width: 120, height: 30 });
    expect(resizeBox(box, 'nw', -200, -200, [], PAGE, 4).box).toEqual({ left: 0, top: 0, width: 200, height: 120 });
    expect(resizeBox(box, 'w', 500, 0, [], PAGE, 4).box).toEqual({ left: 192, top: 100, width: 8, height: 20 });
    expect(resizeBox(box, 'e', 10000, 0, [], PAGE, 4).box.width).toBe(512);
  });

  it('finds the page a drag goes to: the one under the pointer, else the nearest, else the current one', () => {
    const pages = [
      { pageNum: 0, box: { left: 100, top: 0, width: 612, height: 792 } },
      { pageNum: 1, box: { left: 100, top: 808, width: 612, height: 792 } },
    ];
    expect(pageUnder({ x: 300, y: 500 }, pages, 1)).toBe(0);
    expect(pageUnder({ x: 300, y: 900 }, pages, 0)).toBe(1);
    expect(pageUnder({ x: 300, y: 795 }, pages, 1)).toBe(0); // in the gap, nearer page 0
    expect(pageUnder({ x: 300, y: 805 }, pages, 0)).toBe(1);
    expect(pageUnder({ x: 300, y: 800 }, pages, 1)).toBe(1); // half-way: the current page
    expect(pageUnder({ x: 20, y: 1000 }, pages, 0)).toBe(1); // beside page 1
    expect(pageUnder({ x: 300, y: 500 }, [], 3)).toBe(3);
  });

  it('finds the fields a marquee touches', () => {
    const boxes = [{ id: 'a', box: { left: 0, top: 0, width: 10, height: 10 } }, { id: 'b', box: { left: 50, top: 50, width: 10, height: 10 } }];
    expect(marqueeHits({ left: 5, top: 5, width: 10, height: 10 }, boxes)).toEqual(['a']);
  });
});

describe('placement', () => {
  it('copies the preset defaults onto a new field', () => {
    const preset = { name: 'Date', type: 'date', aliasId: 'd', required: true, format: 'MMMM Do YYYY', fontSize: 9, alignment: 'center' as const };
    expect(fieldFromPreset(preset, 'id1', 0, { left: 10, top: 20, width: 110, height: 22 }, PAGE)).toEqual({
      id: 'id1', aliasId: 'd', name: 'Date', type: 'date', required: true, pageNum: 0, rect: { x: 10, y: 750, width: 110, height: 22 }, format: 'MMMM Do YYYY', fontSize: 9, alignment: 'center',
    });
  });

  it('finds a free spot near the top-left of the region in view', () => {
    const region = { left: 0, top: 300, width: 612, height: 400 };
    const first = findFreeSpot({ width: 160, height: 22 }, PAGE, region, []);
    expect(first).toEqual({ left: 18, top: 318, width: 160, height: 22 });
    const second = findFreeSpot({ width: 160, height: 22 }, PAGE, region, [first]);
    expect(intersects(second, first, 4)).toBe(false);
    expect(second.top).toBe(318);
  });

  it('centres a dropped field on the drop point, inside the page', () => {
    expect(boxAtPoint({ x: 100, y: 100 }, 'signature', PAGE)).toEqual({ left: 10, top: 82, width: 180, height: 36 });
    expect(boxAtPoint({ x: 0, y: 0 }, 'checkbox', PAGE)).toEqual({ left: 0, top: 0, width: 14, height: 14 });
  });

  it('draws a box between two corners, at least the minimum size; a click gives the default size', () => {
    expect(drawnBox({ x: 10, y: 10 }, { x: 110, y: 40 }, 'shortText', PAGE, 2)).toEqual({ left: 10, top: 10, width: 100, height: 30 });
    expect(drawnBox({ x: 110, y: 40 }, { x: 10, y: 10 }, 'shortText', PAGE, 2)).toEqual({ left: 10, top: 10, width: 100, height: 30 });
    expect(drawnBox({ x: 10, y: 10 }, { x: 13, y: 12 }, 'shortText', PAGE, 2)).toEqual({ left: 10, top: 10, width: 8, height: 8 });
    expect(drawnBox({ x: 10, y: 10 }, { x: 10.5, y: 10 }, 'initial', PAGE, 2)).toEqual({ left: 10, top: 10, width: 72, height: 36 });
  });
});
