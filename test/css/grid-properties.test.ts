// Grid and box alignment properties (css-grid-1 §7, §8; css-align-3): parsing and computed values.
import { describe, expect, it } from 'vitest';
import { computed } from './helpers.js';

const P = '<p id="t">x</p>';
const px = (n: number) => ({ abs: n * 0.75, pct: 0 });

describe('grid track lists', () => {
  it('expands integer repeat() and keeps line names around each track', () => {
    const t = computed(P, 'p { grid-template-columns: [a] 10px repeat(2, [b] 1fr [c]) minmax(20px, auto) fit-content(50%) }').gridTemplateColumns;
    if (t === 'none' || 'subgrid' in t) throw new Error('not a track list');
    expect(t.tracks.length).toBe(5);
    expect(t.lines).toEqual([['a'], ['b'], ['c', 'b'], ['c'], [], []]);
    expect(t.tracks[1]).toEqual({ min: 'auto', max: { fr: 1 }, fitContent: null });
    expect(t.tracks[3]).toEqual({ min: px(20), max: 'auto', fitContent: null });
    expect(t.tracks[4]).toEqual({ min: 'auto', max: 'max-content', fitContent: { abs: 0, pct: 50 } });
  });

  it('keeps one auto-repeat of fixed sizes, and rejects what the grammar does not allow', () => {
    const t = computed(P, 'p { grid-template-rows: 5px repeat(auto-fill, [x] 20px) 1fr }').gridTemplateRows;
    if (t === 'none' || 'subgrid' in t) throw new Error('not a track list');
    expect(t.autoRepeat).toMatchObject({ type: 'auto-fill', index: 1, lines: [['x'], []] });
    expect(t.tracks.length).toBe(2);
    for (const bad of ['repeat(auto-fill, 1fr)', 'repeat(auto-fit, 10px) repeat(auto-fill, 10px)', 'minmax(1fr, 10px)', 'repeat(0, 10px)', '[span] 10px', '-5px']) {
      expect(computed(P, `p { grid-template-columns: 7px; grid-template-columns: ${bad} }`).gridTemplateColumns).not.toBe('none');
      expect(computed(P, `p { grid-template-columns: ${bad} }`).gridTemplateColumns).toBe('none');
    }
  });

  it('parses subgrid with its line names, integer and auto-fill repeats of names (css-grid-2 §9)', () => {
    const t = computed(P, 'p { grid-template-columns: subgrid [a] repeat(2, [b] [c]) repeat(auto-fill, [d]) [e] }').gridTemplateColumns;
    expect(t).toEqual({ subgrid: true, lines: [['a'], ['b'], ['c'], ['b'], ['c'], ['e']], autoRepeat: { index: 5, lines: [['d']] } });
    expect(computed(P, 'p { grid: subgrid / subgrid [x] }').gridTemplateColumns).toEqual({ subgrid: true, lines: [['x']], autoRepeat: null });
    for (const bad of ['subgrid 10px', 'subgrid repeat(auto-fill, [a]) repeat(auto-fill, [b])', 'subgrid repeat(2, 10px)']) {
      expect(computed(P, `p { grid-template-columns: ${bad} }`).gridTemplateColumns).toBe('none');
    }
  });

  it('bounds integer repeat() counts', () => {
    const t = computed(P, 'p { grid-template-columns: repeat(99999999, 1px 2px) }').gridTemplateColumns;
    if (t === 'none' || 'subgrid' in t) throw new Error('not a track list');
    expect(t.tracks.length).toBe(10_000);
  });
});

describe('grid areas and placement', () => {
  it('parses template areas into rectangles, rejecting other shapes', () => {
    const t = computed(P, `p { grid-template-areas: "a a ." "b c c" }`).gridTemplateAreas;
    if (t === 'none') throw new Error('none');
    expect([t.rows, t.columns]).toEqual([2, 3]);
    expect(t.areas.get('c')).toEqual({ rowStart: 1, rowEnd: 2, columnStart: 1, columnEnd: 3 });
    expect(computed(P, `p { grid-template-areas: "a b a" }`).gridTemplateAreas).toBe('none');
    expect(computed(P, `p { grid-template-areas: "a" "b b" }`).gridTemplateAreas).toBe('none');
  });

  it('expands grid-area, grid-row and grid-column, copying a lone name to the omitted lines', () => {
    const t = computed(P, 'p { grid-area: main }');
    const main = { kind: 'line', index: 0, name: 'main' };
    expect([t.gridRowStart, t.gridColumnStart, t.gridRowEnd, t.gridColumnEnd]).toEqual([main, main, main, main]);
    const u = computed(P, 'p { grid-row: 2 / span 3 foo; grid-column: -1 }');
    expect([u.gridRowStart, u.gridRowEnd]).toEqual([{ kind: 'line', index: 2, name: null }, { kind: 'span', count: 3, name: 'foo' }]);
    expect([u.gridColumnStart, u.gridColumnEnd]).toEqual([{ kind: 'line', index: -1, name: null }, { kind: 'auto' }]);
    expect(computed(P, 'p { grid-row: 0 }').gridRowStart).toEqual({ kind: 'auto' });
    expect(computed(P, 'p { grid-row: 5000 }').gridRowStart).toEqual({ kind: 'line', index: 1000, name: null });
  });

  it('expands grid-template and grid with areas, rows and columns', () => {
    const t = computed(P, `p { grid-template: "h h" 30px [mid] "s m" 1fr / 100px 1fr }`);
    if (t.gridTemplateRows === 'none' || t.gridTemplateColumns === 'none' || t.gridTemplateAreas === 'none') throw new Error('none');
    if ('subgrid' in t.gridTemplateRows || 'subgrid' in t.gridTemplateColumns) throw new Error('subgrid');
    expect(t.gridTemplateRows.tracks.map((x) => x.max)).toEqual([px(30), { fr: 1 }]);
    expect(t.gridTemplateRows.lines).toEqual([[], ['mid'], []]);
    expect(t.gridTemplateColumns.tracks.length).toBe(2);
    expect(t.gridTemplateAreas.areas.get('m')).toEqual({ rowStart: 1, rowEnd: 2, columnStart: 1, columnEnd: 2 });
    const g = computed(P, 'p { grid: auto-flow dense 40px / 1fr 1fr }');
    expect(g.gridAutoFlow).toEqual({ column: false, dense: true });
    expect(g.gridAutoRows).toEqual([{ min: px(40), max: px(40), fitContent: null }]);
    expect(computed(P, 'p { grid-auto-flow: column dense }').gridAutoFlow).toEqual({ column: true, dense: true });
  });
});

describe('box alignment', () => {
  it('parses the alignment keywords of each property and the gap shorthands', () => {
    const t = computed(P, 'p { justify-content: space-between; align-items: first baseline; justify-self: safe center; align-self: auto; place-items: end start; grid-gap: 5px 10% }');
    expect([t.justifyContent, t.alignItems, t.justifySelf, t.alignSelf, t.justifyItems]).toEqual(['space-between', 'end', 'center', 'auto', 'start']);
    expect([t.rowGap, t.columnGap]).toEqual([px(5), { abs: 0, pct: 10 }]);
    expect(computed(P, 'p { justify-content: baseline }').justifyContent).toBe('normal');
    expect(computed(P, 'p { align-items: auto }').alignItems).toBe('normal');
  });
});
