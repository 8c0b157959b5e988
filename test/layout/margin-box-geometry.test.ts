import { describe, expect, it } from 'vitest';
import {
  MARGIN_BOX_NAMES,
  distributeEdge,
  isMarginBoxName,
  marginBoxRects,
  type EdgeBoxInput,
  type EdgeSlot,
  type MarginBoxName,
  type MarginBoxRect,
} from '../../src/layout/page/margin-box-geometry.js';

/** An auto-sized generated box with the given outer min/max-content sizes. */
const auto = (minContent: number, maxContent: number): EdgeBoxInput => ({ generated: true, specified: null, minContent, maxContent });
/** A generated box with a specified outer size (content sizes deliberately different, to prove they are ignored). */
const fixed = (specified: number): EdgeBoxInput => ({ generated: true, specified, minContent: 7, maxContent: 999 });
/** A box whose content is none: takes no space whatever its other values say. */
const off: EdgeBoxInput = { generated: false, specified: 100, minContent: 50, maxContent: 80 };

function sizes(slots: readonly EdgeSlot[]): number[] {
  return slots.map((s) => s.size);
}

function expectSlots(actual: readonly EdgeSlot[], expected: readonly [number, number][]): void {
  expect(actual).toHaveLength(3);
  actual.forEach((slot, i) => {
    expect(slot.start, `start of slot ${i}`).toBeCloseTo(expected[i]![0], 9);
    expect(slot.size, `size of slot ${i}`).toBeCloseTo(expected[i]![1], 9);
  });
}

describe('MARGIN_BOX_NAMES / isMarginBoxName', () => {
  it('lists all sixteen in the spec painting order (clockwise from top-left-corner)', () => {
    expect(MARGIN_BOX_NAMES).toEqual([
      'top-left-corner',
      'top-left',
      'top-center',
      'top-right',
      'top-right-corner',
      'right-top',
      'right-middle',
      'right-bottom',
      'bottom-right-corner',
      'bottom-right',
      'bottom-center',
      'bottom-left',
      'bottom-left-corner',
      'left-bottom',
      'left-middle',
      'left-top',
    ]);
    expect(new Set(MARGIN_BOX_NAMES).size).toBe(16);
  });

  it('recognises exactly the sixteen names', () => {
    for (const n of MARGIN_BOX_NAMES) expect(isMarginBoxName(n)).toBe(true);
    expect(isMarginBoxName('top')).toBe(false);
    expect(isMarginBoxName('left-center')).toBe(false);
    expect(isMarginBoxName('top-middle')).toBe(false);
    expect(isMarginBoxName('')).toBe(false);
    // Callers lower-case at-rule names first; the guard itself is exact.
    expect(isMarginBoxName('TOP-LEFT')).toBe(false);
  });
});

describe('distributeEdge: center box not generated (A and C as a pair)', () => {
  it('both auto, max-contents fit: max-content plus leftover in proportion to max-content', () => {
    // sumMax = 30 + 10 = 40 < 200, flex space 160.
    // A = 30 + 160·30/40 = 150, C = 10 + 160·10/40 = 50; C flush right: 200 − 50 = 150.
    const slots = distributeEdge(200, auto(10, 30), null, auto(10, 10));
    expectSlots(slots, [
      [0, 150],
      [100, 0],
      [150, 50],
    ]);
  });

  it('both auto, between min and max: min-content plus space in proportion to (max − min)', () => {
    // sumMax = 80 + 30 = 110 ≥ 100; sumMin = 20 + 10 = 30 < 100, flex space 70.
    // Factors 80−20 = 60 and 30−10 = 20 (sum 80). A = 20 + 70·60/80 = 72.5, C = 10 + 70·20/80 = 27.5.
    const slots = distributeEdge(100, auto(20, 80), null, auto(10, 30));
    expectSlots(slots, [
      [0, 72.5],
      [50, 0],
      [72.5, 27.5],
    ]);
  });

  it('both auto, below min: min-content minus the shortfall in proportion to min-content', () => {
    // sumMin = 60 + 30 = 90 ≥ 60, flex space 60 − 90 = −30, factors 60 and 30.
    // A = 60 − 30·60/90 = 40, C = 30 − 30·30/90 = 20.
    const slots = distributeEdge(60, auto(60, 90), null, auto(30, 30));
    expectSlots(slots, [
      [0, 40],
      [30, 0],
      [40, 20],
    ]);
  });

  it('sum of max-contents exactly equal to the span gives each its max-content', () => {
    // sumMax = 60 + 40 = 100 is not < 100, so step 2: sumMin 50, flex 50, factors 50 and 0.
    // A = 10 + 50 = 60, C = 40 + 0 = 40: the same as step 1 would give at the boundary.
    expect(sizes(distributeEdge(100, auto(10, 60), null, auto(40, 40)))).toEqual([60, 0, 40]);
  });

  it('zero-content boxes split the span equally (flex factors taken as 1)', () => {
    // sumMax 0 < 100, flex 100, factors 0 + 0 → 1 and 1: 50 each.
    const slots = distributeEdge(100, auto(0, 0), null, auto(0, 0));
    expectSlots(slots, [
      [0, 50],
      [50, 0],
      [50, 50],
    ]);
  });

  it('zero content in a zero span gives zeros, not NaN', () => {
    // Step 3 with sumMin 0 and factors 0 → 1: 0 + 0·1/2 = 0 each.
    const slots = distributeEdge(0, auto(0, 0), auto(0, 0), auto(0, 0));
    for (const s of slots) {
      expect(Number.isNaN(s.start)).toBe(false);
      expect(s.size).toBe(0);
    }
  });

  it('only one auto: it takes what the specified one leaves', () => {
    // A fixed 80, C auto gets 300 − 80 = 220 (its content sizes do not matter), flush right at 80.
    const slots = distributeEdge(300, fixed(80), null, auto(10, 500));
    expectSlots(slots, [
      [0, 80],
      [150, 0],
      [80, 220],
    ]);
    // Mirror image: C fixed 120, A auto gets 180.
    expect(sizes(distributeEdge(300, auto(5, 5), null, fixed(120)))).toEqual([180, 0, 120]);
  });

  it('only one auto, the other wider than the span: the auto one gets 0, never negative', () => {
    // 300 − 400 = −100, clamped to 0; C sits at the end of the span.
    const slots = distributeEdge(300, fixed(400), null, auto(10, 20));
    expectSlots(slots, [
      [0, 400],
      [150, 0],
      [300, 0],
    ]);
  });

  it('both specified: both keep their sizes, and the span need not be filled', () => {
    // 50 at the start, 70 flush with the end (300 − 70 = 230); 180 stays empty.
    const slots = distributeEdge(300, fixed(50), null, fixed(70));
    expectSlots(slots, [
      [0, 50],
      [150, 0],
      [230, 70],
    ]);
  });

  it('a lone auto box crosses the centre: an ungenerated neighbour counts as a fixed 0', () => {
    // C absent → width 0, not auto, so "only one box has width: auto": A = 300 − 0 = 300.
    expect(sizes(distributeEdge(300, auto(10, 20), null, null))).toEqual([300, 0, 0]);
    // C present but not generated: its specified 100 and content sizes are ignored.
    expect(sizes(distributeEdge(300, auto(10, 20), null, off))).toEqual([300, 0, 0]);
    // Same at the end: C = 300, starting at 0.
    expectSlots(distributeEdge(300, off, off, auto(10, 20)), [
      [0, 0],
      [150, 0],
      [0, 300],
    ]);
  });

  it('nothing generated: three empty slots (start, centre, end of the span)', () => {
    expectSlots(distributeEdge(300, null, off, off), [
      [0, 0],
      [150, 0],
      [300, 0],
    ]);
  });

  it('always fills the span exactly when both side boxes are auto', () => {
    // Deterministic pseudo-random inputs (LCG), so a failure reproduces.
    let seed = 12345;
    const rnd = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 500; i++) {
      const available = Math.floor(rnd() * 600);
      const box = (): EdgeBoxInput => {
        const min = Math.floor(rnd() * 300);
        return auto(min, min + Math.floor(rnd() * 300));
      };
      const [a, b, c] = distributeEdge(available, box(), null, box());
      expect(a.size + c.size).toBeCloseTo(available, 6);
      expect(b.size).toBe(0);
      for (const s of [a, c]) expect(s.size).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('distributeEdge: center box generated (B with the imaginary AC)', () => {
  it('lots of space: B gets max-content plus its share; the sides split the rest equally', () => {
    // A 30/30, B 20/20, C 20/20. AC = 2·max(A, C) = 60/60.
    // sumMax = 20 + 60 = 80 < 200, flex 120, factors 20 and 60: B = 20 + 120·20/80 = 50.
    // Sides: (200 − 50)/2 = 75 each. B starts at (200 − 50)/2 = 75; C at 200 − 75 = 125.
    const slots = distributeEdge(200, auto(30, 30), auto(20, 20), auto(20, 20));
    expectSlots(slots, [
      [0, 75],
      [75, 50],
      [125, 75],
    ]);
    expect(slots[0].size + slots[1].size + slots[2].size).toBeCloseTo(200, 9);
  });

  it('unequal sides, between min and max: AC doubles the larger side, per dimension', () => {
    // A 10/90, B 10/170, C 10/30. AC min = 2·max(10, 10) = 20, max = 2·max(90, 30) = 180.
    // sumMax = 170 + 180 = 350 ≥ 200; sumMin = 10 + 20 = 30 < 200, flex 170.
    // Factors B 170−10 = 160, AC 180−20 = 160: B = 10 + 170·160/320 = 95.
    // Sides (200 − 95)/2 = 52.5; B starts at 52.5, C at 147.5.
    const slots = distributeEdge(200, auto(10, 90), auto(10, 170), auto(10, 30));
    expectSlots(slots, [
      [0, 52.5],
      [52.5, 95],
      [147.5, 52.5],
    ]);
  });

  it('below min: B shrinks in proportion to its min-content against AC', () => {
    // A 180/260, B 120/120, C 60/60. AC min = 360, max = 520.
    // sumMin = 120 + 360 = 480 ≥ 200, flex −280, factors 120 and 360 (sum 480).
    // B = 120 − 280·120/480 = 50; sides (200 − 50)/2 = 75.
    const slots = distributeEdge(200, auto(180, 260), auto(120, 120), auto(60, 60));
    expectSlots(slots, [
      [0, 75],
      [75, 50],
      [125, 75],
    ]);
  });

  it('AC takes min and max each from whichever side is larger in that dimension', () => {
    // A 50/50, C 0/80: AC min = 2·50 = 100, max = 2·80 = 160. B 0/100.
    // sumMax 260 ≥ 200, sumMin 100 < 200, flex 100, factors B 100, AC 60 (sum 160).
    // B = 0 + 100·100/160 = 62.5; sides (200 − 62.5)/2 = 68.75.
    const slots = distributeEdge(200, auto(50, 50), auto(0, 100), auto(0, 80));
    expectSlots(slots, [
      [0, 68.75],
      [68.75, 62.5],
      [131.25, 68.75],
    ]);
  });

  it('one side only: the missing side still gets its half of the leftover slot (size 0 if ungenerated)', () => {
    // A 40/40, C not generated (outer width 0). AC = 80/80. B 40/40.
    // sumMax 120 < 200, flex 80, factors 40 and 80: B = 40 + 80·40/120 = 66.666…
    // A = (200 − 66.666…)/2 = 66.666…; C stays 0 at the end.
    const slots = distributeEdge(200, auto(40, 40), auto(40, 40), off);
    expectSlots(slots, [
      [0, 200 / 3],
      [200 / 3, 200 / 3],
      [200, 0],
    ]);
  });

  it('only the centre box: it takes the whole span', () => {
    // A and C ungenerated → AC is a fixed 0, so the auto B gets 300 − 0 = 300, starting at 0.
    const slots = distributeEdge(300, null, auto(10, 40), null);
    expectSlots(slots, [
      [0, 0],
      [0, 300],
      [300, 0],
    ]);
  });

  it('zero-content centre and side split the span with AC equally', () => {
    // A 0/0, B 0/0, C absent. AC 0/0 (auto because A is). Step 1 with factors 0 → 1:
    // B = 0 + 200·1/2 = 100, centred at 50; A = (200 − 100)/2 = 50.
    const slots = distributeEdge(200, auto(0, 0), auto(0, 0), null);
    expectSlots(slots, [
      [0, 50],
      [50, 100],
      [200, 0],
    ]);
  });

  it('specified centre: kept, centred, and the auto sides get half the rest each', () => {
    // B = 100; sides (300 − 100)/2 = 100 each, whatever their content sizes.
    const slots = distributeEdge(300, auto(5, 5), fixed(100), auto(250, 250));
    expectSlots(slots, [
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
  });

  it('specified centre wider than the span overflows evenly on both sides, sides get 0', () => {
    // B = 400 in 300: start (300 − 400)/2 = −50; sides max(0, −100/2) = 0.
    const slots = distributeEdge(300, auto(10, 10), fixed(400), auto(10, 10));
    expectSlots(slots, [
      [0, 0],
      [-50, 400],
      [300, 0],
    ]);
  });

  it('specified sides: AC is fixed at twice the larger, and the auto centre takes the rest', () => {
    // A 40, C 60 → AC fixed 2·60 = 120; B = 300 − 120 = 180, start (300 − 180)/2 = 60.
    // A stays 40 at 0; C stays 60 at 240. B spans 60..240: no overlap with either side.
    const slots = distributeEdge(300, fixed(40), auto(0, 10), fixed(60));
    expectSlots(slots, [
      [0, 40],
      [60, 180],
      [240, 60],
    ]);
  });

  it('one specified side counts with its specified size in AC; the auto side gets the half', () => {
    // A fixed 50 (outer min = max = 50), C 10/100: AC min = 2·max(50, 10) = 100, max = 2·max(50, 100) = 200.
    // B 0/40: sumMax 240 < 300, flex 60, factors 40 and 200 (sum 240): B = 40 + 60·40/240 = 50.
    // C (auto) = (300 − 50)/2 = 125, flush right at 175; A keeps 50. B starts at 125.
    const slots = distributeEdge(300, fixed(50), auto(0, 40), auto(10, 100));
    expectSlots(slots, [
      [0, 50],
      [125, 50],
      [175, 125],
    ]);
  });

  it('auto centre and auto sides fill the span exactly', () => {
    let seed = 987;
    const rnd = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 500; i++) {
      const available = Math.floor(rnd() * 600);
      const box = (): EdgeBoxInput => {
        const min = Math.floor(rnd() * 200);
        return auto(min, min + Math.floor(rnd() * 200));
      };
      const [a, b, c] = distributeEdge(available, box(), box(), box());
      expect(a.size + b.size + c.size).toBeCloseTo(available, 6);
      expect(a.size).toBeCloseTo(c.size, 9);
      expect(b.start).toBeCloseTo((available - b.size) / 2, 9);
      expect(b.size).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('distributeEdge: guards', () => {
  it('treats a negative or NaN span as 0', () => {
    for (const available of [-50, Number.NaN, Number.POSITIVE_INFINITY]) {
      const slots = distributeEdge(available, auto(10, 20), auto(10, 20), auto(10, 20));
      for (const s of slots) {
        expect(s.size).toBe(0);
        expect(s.start).toBe(0);
      }
    }
  });

  it('treats NaN or negative content sizes as 0, and max-content below min-content as min-content', () => {
    // A: NaN/NaN → 0/0, C: 40/−5 → 40/40. sumMax 40 < 100, flex 60, factors 0 and 40:
    // A = 0, C = 40 + 60 = 100.
    const bad: EdgeBoxInput = { generated: true, specified: null, minContent: Number.NaN, maxContent: Number.NaN };
    expect(sizes(distributeEdge(100, bad, null, auto(40, -5)))).toEqual([0, 0, 100]);
    // A negative specified size is 0: the auto C gets all 100.
    expect(sizes(distributeEdge(100, fixed(-20), null, auto(1, 1)))).toEqual([0, 0, 100]);
  });
});

describe('marginBoxRects', () => {
  // 600 × 800 page with unequal margins: top 50, right 30, bottom 70, left 40.
  // Available width = 600 − 40 − 30 = 530; available height = 800 − 50 − 70 = 680.
  const page = { width: 600, height: 800, marginTop: 50, marginRight: 30, marginBottom: 70, marginLeft: 40 };

  function byName(rects: readonly MarginBoxRect[]): Map<MarginBoxName, MarginBoxRect> {
    return new Map(rects.map((r) => [r.name, r]));
  }

  function expectRect(r: MarginBoxRect | undefined, x: number, y: number, width: number, height: number): void {
    expect(r).toBeDefined();
    expect(r!.x).toBeCloseTo(x, 9);
    expect(r!.y).toBeCloseTo(y, 9);
    expect(r!.width).toBeCloseTo(width, 9);
    expect(r!.height).toBeCloseTo(height, 9);
  }

  it('puts the four corners in the margin intersections, ignoring their sizing input', () => {
    const boxes = new Map<MarginBoxName, EdgeBoxInput>([
      ['top-left-corner', fixed(5)],
      ['top-right-corner', auto(999, 999)],
      ['bottom-right-corner', auto(0, 0)],
      ['bottom-left-corner', fixed(1000)],
    ]);
    const rects = byName(marginBoxRects(page, boxes));
    expect(rects.size).toBe(4);
    expectRect(rects.get('top-left-corner'), 0, 0, 40, 50);
    // x = 600 − 30 = 570.
    expectRect(rects.get('top-right-corner'), 570, 0, 30, 50);
    // y = 800 − 70 = 730.
    expectRect(rects.get('bottom-right-corner'), 570, 730, 30, 70);
    expectRect(rects.get('bottom-left-corner'), 0, 730, 40, 70);
  });

  it('distributes the top and bottom edges across the available width', () => {
    const boxes = new Map<MarginBoxName, EdgeBoxInput>([
      // Top pair: sumMax 53 < 530, flex 477; A = 30 + 477·30/53 = 300, C = 23 + 477·23/53 = 230.
      ['top-left', auto(30, 30)],
      ['top-right', auto(23, 23)],
      // Bottom: AC fixed 2·100 = 200, so auto bottom-center = 530 − 200 = 330, start (530 − 330)/2 = 100.
      ['bottom-center', auto(10, 50)],
      ['bottom-right', fixed(100)],
    ]);
    const rects = byName(marginBoxRects(page, boxes));
    expect(rects.size).toBe(4);
    expectRect(rects.get('top-left'), 40, 0, 300, 50);
    // Flush right: 40 + 530 − 230 = 340.
    expectRect(rects.get('top-right'), 340, 0, 230, 50);
    expectRect(rects.get('bottom-center'), 40 + 100, 730, 330, 70);
    // 40 + 530 − 100 = 470.
    expectRect(rects.get('bottom-right'), 470, 730, 100, 70);
  });

  it('distributes the left and right edges across the available height', () => {
    const boxes = new Map<MarginBoxName, EdgeBoxInput>([
      // Left: AC = 2·40 = 80 (auto), B 20/20: sumMax 100 < 680, flex 580, B = 20 + 580·20/100 = 136.
      // left-top = (680 − 136)/2 = 272 at y 50; left-middle at 50 + 272 = 322.
      ['left-top', auto(40, 40)],
      ['left-middle', auto(20, 20)],
      // Right: right-top not generated (fixed 0), so the auto right-bottom takes all 680.
      ['right-top', off],
      ['right-bottom', auto(10, 10)],
    ]);
    const rects = byName(marginBoxRects(page, boxes));
    expectRect(rects.get('left-top'), 0, 50, 40, 272);
    expectRect(rects.get('left-middle'), 0, 322, 40, 136);
    expectRect(rects.get('right-bottom'), 570, 50, 30, 680);
    // Not generated → no rectangle; not in the map → no rectangle.
    expect(rects.has('right-top')).toBe(false);
    expect(rects.has('left-bottom')).toBe(false);
    expect(rects.size).toBe(3);
  });

  it('returns boxes in painting order and only those in the map', () => {
    const names: MarginBoxName[] = ['left-top', 'bottom-left-corner', 'top-center', 'right-middle', 'top-left-corner'];
    const boxes = new Map<MarginBoxName, EdgeBoxInput>(names.map((n) => [n, auto(10, 10)]));
    const out = marginBoxRects(page, boxes).map((r) => r.name);
    expect(out).toEqual(['top-left-corner', 'top-center', 'right-middle', 'bottom-left-corner', 'left-top']);
  });

  it('with all sixteen, each edge tiles exactly between its two corners', () => {
    const boxes = new Map<MarginBoxName, EdgeBoxInput>(MARGIN_BOX_NAMES.map((n) => [n, auto(10, 20)]));
    const rects = byName(marginBoxRects(page, boxes));
    expect(rects.size).toBe(16);
    // All nine sizes per edge come from equal boxes: AC = 20/40, B 10/20: sumMax 60 < 530,
    // flex 470, B = 20 + 470·20/60 = 176.666…; sides (530 − 176.666…)/2 = 176.666… — thirds.
    for (const n of ['top-left', 'top-center', 'top-right'] as const) expect(rects.get(n)!.width).toBeCloseTo(530 / 3, 9);
    for (const n of ['right-top', 'right-middle', 'right-bottom'] as const) expect(rects.get(n)!.height).toBeCloseTo(680 / 3, 9);
    // Top row runs from the top-left-corner's right edge to the top-right-corner's left edge.
    const tl = rects.get('top-left')!;
    const tr = rects.get('top-right')!;
    expect(tl.x).toBe(rects.get('top-left-corner')!.width);
    expect(tr.x + tr.width).toBeCloseTo(rects.get('top-right-corner')!.x, 9);
    const lt = rects.get('left-top')!;
    const lb = rects.get('left-bottom')!;
    expect(lt.y).toBe(50);
    expect(lb.y + lb.height).toBeCloseTo(rects.get('bottom-left-corner')!.y, 9);
  });

  it('negative page margins give zero-size corner rectangles, not negative ones', () => {
    const rects = byName(
      marginBoxRects({ ...page, marginTop: -10, marginLeft: -5 }, new Map<MarginBoxName, EdgeBoxInput>([['top-left-corner', auto(1, 1)]])),
    );
    expectRect(rects.get('top-left-corner'), 0, 0, 0, 0);
  });
});
