// dumpPage: one line per display item, rounded numbers, nesting by indentation, and a
// glyph checksum that changes when shaping or positions change.
import { describe, expect, it } from 'vitest';
import type { Color } from '../../src/css/types.js';
import { dumpPage, dumpPages, num } from '../../src/paint/dump.js';
import { explicitSegments, placedGlyphs } from '../../src/paint/glyph-runs.js';
import type { DisplayItem, GlyphRunItem, PageDisplayList } from '../../src/paint/types.js';
import type { FontFace } from '../../src/text/types.js';

const black: Color = { r: 0, g: 0, b: 0, a: 1 };
const red: Color = { r: 255, g: 0, b: 0, a: 0.5 };

const face = { id: 'NotoSans-Regular', unitsPerEm: 1000 } as unknown as FontFace;

function run(glyphs: { id: number; x: number; text: string }[], x = 72.004, y = 90.456): GlyphRunItem {
  return { kind: 'glyphs', x, y, face, size: 12, color: black, segments: explicitSegments(glyphs.map((g) => ({ ...g, y: 0 })), 12 / 1000) };
}

const hello = run([
  { id: 43, x: 0, text: 'H' },
  { id: 72, x: 8.1, text: 'e' },
  { id: 79, x: 14.6, text: 'l' },
  { id: 79, x: 17.3, text: 'l' },
  { id: 82, x: 20, text: 'o' },
]);

function page(items: DisplayItem[]): PageDisplayList {
  return { width: 612, height: 792, items };
}

describe('num', () => {
  it('rounds to hundredths, trims zeros and never prints -0', () => {
    expect(num(72)).toBe('72');
    expect(num(72.5)).toBe('72.5');
    expect(num(1 / 3)).toBe('0.33');
    expect(num(-0.001)).toBe('0');
    expect(num(12.999)).toBe('13');
  });
});

describe('dumpPage', () => {
  it('prints the page header and a glyph run with its text and checksum', () => {
    const text = dumpPage(page([hello]), 0);
    expect(text).toMatch(/^page 1 612x792\n  glyphs NotoSans-Regular 12pt #000000 at 72,90.46 n=5 sum=[0-9a-f]{8} "Hello"\n$/);
  });

  it('changes the checksum when a glyph id or a position changes, not for sub-0.005pt noise', () => {
    const sum = (item: GlyphRunItem) => /sum=(\w+)/.exec(dumpPage(page([item]), 0))![1];
    const base = sum(hello);
    const otherId = run(placedGlyphs(hello).map((g, i) => ({ ...g, id: i === 1 ? 73 : g.id })));
    const moved = run(placedGlyphs(hello).map((g, i) => ({ ...g, x: i === 4 ? g.x + 0.5 : g.x })));
    const noise = run(placedGlyphs(hello).map((g) => ({ ...g, x: g.x + 0.001 })));
    expect(sum(otherId)).not.toBe(base);
    expect(sum(moved)).not.toBe(base);
    expect(sum(noise)).toBe(base);
  });

  it('escapes run text as JSON', () => {
    const quoted = run([{ id: 5, x: 0, text: '"a\\b"' }]);
    expect(dumpPage(page([quoted]), 0)).toContain(' "\\"a\\\\b\\""');
  });

  it('prints rects, lines, paths, images, links and anchors', () => {
    const items: DisplayItem[] = [
      { kind: 'rect', x: 0, y: 0, width: 612, height: 792, color: { r: 255, g: 255, b: 255, a: 1 } },
      { kind: 'rect', x: 10, y: 20, width: 30.333, height: 40, color: red, radii: [[4, 4], [4, 4], [2, 3], [0, 0]] },
      { kind: 'line', x1: 72, y1: 100, x2: 300, y2: 100, width: 0.75, color: black, style: 'dashed' },
      {
        kind: 'path',
        ops: [
          { op: 'M', x: 1, y: 2 },
          { op: 'L', x: 3, y: 4 },
          { op: 'C', x1: 5, y1: 6, x2: 7, y2: 8, x: 9, y: 10 },
          { op: 'Z' },
        ],
        fill: black,
        stroke: { color: red, width: 1, dash: [3, 1.5] },
        evenOdd: true,
      },
      { kind: 'path', ops: [{ op: 'M', x: 0, y: 0 }], fill: null, stroke: null },
      {
        kind: 'image',
        x: 72,
        y: 72,
        width: 36,
        height: 24,
        image: { key: 'data:image/png#1', format: 'png', data: new Uint8Array(), pixelWidth: 48, pixelHeight: 32 },
      },
      { kind: 'link', x: 72, y: 80, width: 50, height: 12, target: { uri: 'https://example.com/' } },
      { kind: 'link', x: 72, y: 95, width: 50, height: 12, target: { dest: 'intro' } },
      { kind: 'anchor', name: 'intro', x: 72, y: 300.125 },
    ];
    expect(dumpPage(page(items), 2).split('\n')).toEqual([
      'page 3 612x792',
      '  rect 0,0 612x792 #ffffff',
      '  rect 10,20 30.33x40 #ff0000/0.5 radii=4 4 2/3 0',
      '  line 72,100 to 300,100 w=0.75 #000000 dashed',
      '  path fill=#000000 stroke=#ff0000/0.5 w=1 dash=3,1.5 evenodd M 1,2 L 3,4 C 5,6 7,8 9,10 Z',
      '  path M 0,0',
      '  image 72,72 36x24 "data:image/png#1" png 48x32px',
      '  link 72,80 50x12 uri=https://example.com/',
      '  link 72,95 50x12 dest=intro',
      '  anchor "intro" at 72,300.13',
      '',
    ]);
  });

  it('indents the items of clip and opacity groups under them', () => {
    const items: DisplayItem[] = [
      {
        kind: 'clip',
        x: 72,
        y: 72,
        width: 100,
        height: 50,
        radii: [[8, 8], [8, 8], [8, 8], [8, 8]],
        items: [{ kind: 'opacity', opacity: 0.4, items: [hello] }, { kind: 'rect', x: 1, y: 2, width: 3, height: 4, color: black }],
      },
    ];
    const lines = dumpPage(page(items), 0).split('\n');
    expect(lines[1]).toBe('  clip 72,72 100x50 radii=8 8 8 8');
    expect(lines[2]).toBe('    opacity 0.4');
    expect(lines[3]).toMatch(/^      glyphs /);
    expect(lines[4]).toBe('    rect 1,2 3x4 #000000');
  });

  it('is stable: the same list dumps to the same text', () => {
    expect(dumpPage(page([hello]), 0)).toBe(dumpPage(page([hello]), 0));
  });
});

describe('dumpPages', () => {
  it('numbers pages in order', () => {
    const text = dumpPages([page([]), { width: 300, height: 400.5, items: [] }]);
    expect(text).toBe('page 1 612x792\npage 2 300x400.5\n');
  });
});
