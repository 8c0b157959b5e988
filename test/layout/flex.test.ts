// Flex layout (css-flexbox-1): items placed by yoga-layout from sizes our layout measures.
// Geometry is read back from the display list: boxes by their background colour, text by
// its glyph runs. Sizes in the HTML are px; the display list is in pt (PX = 0.75).
import { describe, expect, it } from 'vitest';
import type { PageDisplayList, RectItem } from '../../src/paint/types.js';
import type { ImageItem } from '../../src/paint/types.js';
import { encodePng } from '../helpers/images.js';
import { flatten, layout as render, PX, runWith, runWidth } from './helpers.js';

const base = 'body { margin: 0; font-size: 12px; line-height: 20px } p { margin: 0 }';
const layout = (html: string, css = '', page: Record<string, string> = { margin: '0' }) => render(html, base + css, page);

const RED = '#ff0000';
const GREEN = '#00ff00';
const BLUE = '#0000ff';

/** The background rectangle painted in `hex` on a page, in px. */
function box(pages: readonly PageDisplayList[], hex: string, page = 0): { x: number; y: number; width: number; height: number } {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const found = flatten(pages[page]!.items).find((i): i is RectItem => i.kind === 'rect' && near(i.color.r, r!) && near(i.color.g, g!) && near(i.color.b, b!));
  if (!found) throw new Error(`page ${page + 1}: no rect of ${hex}`);
  return { x: found.x / PX, y: found.y / PX, width: found.width / PX, height: found.height / PX };
}

function near(a: number, b: number): boolean {
  return Math.abs(a - b) < 1 || Math.abs(a * 255 - b) < 1;
}

const item = (color: string, style = '') => `<div style="background:${color};${style}"></div>`;

describe('flex lines and flexible lengths', () => {
  it('places items in a row, side by side, stretched to the line (§9.4, align-items: normal)', async () => {
    const pages = await layout(`<div style="display:flex;width:300px">${item(RED, 'width:50px;height:40px')}${item(GREEN, 'width:70px')}</div>`);
    expect(box(pages, RED)).toEqual({ x: 0, y: 0, width: 50, height: 40 });
    expect(box(pages, GREEN)).toEqual({ x: 50, y: 0, width: 70, height: 40 });
  });

  it('stacks items in a column, stretched across its width', async () => {
    const pages = await layout(`<div style="display:flex;flex-direction:column;width:300px">${item(RED, 'height:40px')}${item(GREEN, 'height:10px;width:20px')}</div>`);
    expect(box(pages, RED)).toEqual({ x: 0, y: 0, width: 300, height: 40 });
    expect(box(pages, GREEN)).toEqual({ x: 0, y: 40, width: 20, height: 10 });
  });

  it('distributes free space by flex-grow and overflow by flex-shrink weighted by the basis (§9.7)', async () => {
    const grow = await layout(`<div style="display:flex;width:400px;height:10px">${item(RED, 'flex:1 0 100px')}${item(GREEN, 'flex:3 0 100px')}</div>`);
    expect(box(grow, RED).width).toBeCloseTo(150);
    expect(box(grow, GREEN)).toMatchObject({ x: 150, width: 250 });
    const shrink = await layout(`<div style="display:flex;width:200px;height:10px">${item(RED, 'flex:0 1 100px')}${item(GREEN, 'flex:0 1 200px')}</div>`);
    // 100px of overflow, shrunk in proportion to shrink × basis: 100 × 1/3 and 100 × 2/3.
    expect(box(shrink, RED).width).toBeCloseTo(66.67, 1);
    expect(box(shrink, GREEN).width).toBeCloseTo(133.33, 1);
  });

  it('grows items with flex: 1 from a 0 basis to equal widths whatever their text (§9.7 step 3)', async () => {
    const pages = await layout(`<div style="display:flex;width:400px"><div style="flex:1;background:${RED}">a</div><div style="flex:1;background:${GREEN}">much longer words</div></div>`);
    expect(box(pages, RED).width).toBeCloseTo(200, 1);
    expect(box(pages, GREEN).width).toBeCloseTo(200, 1);
  });

  it('wraps items onto new lines and puts gaps between items and lines (css-align-3 §8)', async () => {
    const pages = await layout(`<div style="display:flex;flex-wrap:wrap;gap:10px 20px;width:250px">${item(RED, 'width:100px;height:30px')}${item(GREEN, 'width:100px;height:30px')}${item(BLUE, 'width:100px;height:30px')}</div>`);
    expect(box(pages, GREEN)).toMatchObject({ x: 120, y: 0 });
    expect(box(pages, BLUE)).toMatchObject({ x: 0, y: 40 });
  });

  it('keeps each item’s margins on their sides when wrap-reverse stacks the lines upwards', async () => {
    const pages = await layout(`<div style="display:flex;flex-wrap:wrap-reverse;width:100px">${item(RED, 'width:60px;height:20px;margin-top:10px')}${item(GREEN, 'width:60px;height:20px;margin-top:10px')}</div>`);
    expect(box(pages, RED).y).toBeCloseTo(40, 1);
    expect(box(pages, GREEN).y).toBeCloseTo(10, 1);
  });

  it('orders items by `order`, keeping document order among equals (§5.4)', async () => {
    const pages = await layout(`<div style="display:flex;width:300px;height:10px">${item(RED, 'width:10px;order:2')}${item(GREEN, 'width:20px;order:-1')}${item(BLUE, 'width:30px;order:2')}</div>`);
    expect(box(pages, GREEN).x).toBe(0);
    expect(box(pages, RED).x).toBe(20);
    expect(box(pages, BLUE).x).toBe(30);
  });

  it('keeps an item with min-width: auto at least as wide as its longest word (§4.5), unless min-width: 0', async () => {
    const html = (min: string) => `<div style="display:flex;width:100px"><div style="flex:0 1 500px;${min}"><span>Unbreakablewordhere</span></div><div style="flex:0 1 500px">x</div></div>`;
    const auto = await layout(html(''));
    const zero = await layout(html('min-width:0'));
    const word = runWith(auto, 'Unbreakable');
    const x = runWith(auto, 'x').x;
    expect(x).toBeGreaterThanOrEqual(word.x + runWidth(word.item) - 0.01);
    expect(runWith(zero, 'x').x).toBeCloseTo(50 * PX);
  });

  it('drops the automatic minimum of a scroll container, whichever overflow longhand makes it one, but not of overflow: clip (§4.5)', async () => {
    const html = (overflow: string) => `<div style="display:flex;width:30px">${item(RED, overflow)}</div>`;
    const inner = '<div style="width:80px;height:10px"></div>';
    const width = async (overflow: string) => box(await layout(html(overflow).replace('></div></div>', `>${inner}</div></div>`)), RED).width;
    expect(await width('')).toBe(80);
    expect(await width('overflow-x:hidden')).toBe(30);
    // overflow-y: auto makes overflow-x compute to auto too (css-overflow-3 §3).
    expect(await width('overflow-y:auto')).toBe(30);
    expect(await width('overflow:clip')).toBe(80);
  });

  it('grows an item with a specified min-height from its flex base size, not from its minimum (§9.7 step 3)', async () => {
    const pages = await layout(`<div style="display:flex;flex-direction:column;height:200px;width:50px">${item(RED, 'min-height:80px;flex:1 0 0')}${item(GREEN, 'flex:1 0 0')}</div>`);
    expect(box(pages, RED).height).toBeCloseTo(100, 1);
    expect(box(pages, GREEN)).toMatchObject({ y: 100 });
    expect(box(pages, GREEN).height).toBeCloseTo(100, 1);
  });
});

describe('collapsed items (§4.4)', () => {
  it('gives a collapsed item no main size but keeps its line as tall as it made it', async () => {
    const pages = await layout(`<div style="display:flex;align-items:flex-start;width:300px;background:#ffff00">${item(RED, 'width:50px;height:10px')}${item(GREEN, 'width:70px;height:40px;visibility:collapse')}${item(BLUE, 'width:20px;height:10px')}</div>`);
    expect(box(pages, BLUE).x).toBeCloseTo(50, 1);
    expect(box(pages, '#ffff00').height).toBeCloseTo(40, 1);
    expect(() => box(pages, GREEN)).toThrow();
  });

  it('leaves a collapsed item out of baseline alignment', async () => {
    const row = (collapsed: string) => `<div style="display:flex;align-items:baseline"><div>one</div>${collapsed}<div>two</div></div>`;
    const alone = await layout(row(''));
    const pages = await layout(row('<div style="visibility:collapse;font-size:40px;line-height:60px">big</div>'));
    expect(runWith(pages, 'one').y).toBeCloseTo(runWith(alone, 'one').y, 1);
  });
});

describe('tables as flex items (§4: the table wrapper box is the item)', () => {
  const cell = (style: string) => `<div style="display:table-cell"><div style="${style}"></div></div>`;

  it('lays a table out at the width it flexes to, not at its content width', async () => {
    const pages = await layout(`<div style="display:flex;width:200px"><div style="display:table;flex:1 0;background:${RED}">${cell('width:10px;height:100px')}</div><div style="flex:1 0"></div></div>`);
    expect(box(pages, RED)).toEqual({ x: 0, y: 0, width: 100, height: 100 });
  });

  it('sizes a table in a column by its flex-basis plus its border and its captions', async () => {
    const pages = await layout(`<div style="display:flex;flex-direction:column"><div style="display:table;border:10px solid ${BLUE};width:80px;flex:0 0 50px;background:${RED}"><div style="display:table-caption;height:20px;background:${GREEN}"></div></div>${item(BLUE, 'height:5px')}</div>`);
    // The wrapper: a 20px caption, then the table box of 50px + 2 × 10px border.
    expect(box(pages, GREEN)).toMatchObject({ y: 0, height: 20 });
    expect(box(pages, RED)).toMatchObject({ y: 20, width: 100, height: 70 });
  });

  it('stretches a table across a row and never shrinks it below its rows', async () => {
    const pages = await layout(`<div style="display:flex;flex-direction:column;height:0;width:100px"><div style="display:table;min-height:0;width:100px;background:${RED}">${cell('height:50px')}</div>${item(GREEN, 'flex:0 0 50px')}</div>`);
    expect(box(pages, RED).height).toBeCloseTo(50, 1);
    expect(box(pages, GREEN).y).toBeCloseTo(50, 1);
    const row = await layout(`<div style="display:flex;height:80px;width:300px"><div style="display:table;background:${RED}">${cell('width:30px;height:10px')}</div></div>`);
    expect(box(row, RED)).toMatchObject({ width: 30, height: 80 });
  });
});

describe('images as flex items: sizes through the ratio (§4.5, §9.2, §9.8)', () => {
  const png = (w: number, h: number) => `data:image/png;base64,${Buffer.from(encodePng(w, h, () => [40, 90, 160])).toString('base64')}`;
  const image = (pages: readonly PageDisplayList[]) => {
    const found = flatten(pages[0]!.items).find((i): i is ImageItem => i.kind === 'image')!;
    return { x: found.x / PX, y: found.y / PX, width: found.width / PX, height: found.height / PX };
  };

  it('shrinks an image to the width its height gives it through its ratio, not to its specified width', async () => {
    const pages = await layout(`<div style="display:flex;width:0"><img src="${png(16, 16)}" style="width:100px;height:30px"></div>`);
    expect(image(pages)).toMatchObject({ width: 30, height: 30 });
    const column = await layout(`<div style="display:flex;flex-direction:column;height:1px;width:100px"><img src="${png(16, 16)}" style="height:100px;width:30px"></div>`);
    expect(image(column)).toMatchObject({ width: 30, height: 30 });
  });

  it('gives an image stretched to a definite line height the width that height gives it', async () => {
    const pages = await layout(`<div style="display:flex;height:50px"><img src="${png(40, 20)}"></div>`);
    expect(image(pages)).toMatchObject({ width: 100, height: 50 });
  });
});

describe('alignment', () => {
  it('justify-content distributes the free space on the main axis (css-align-3 §5)', async () => {
    const row = (justify: string) => layout(`<div style="display:flex;justify-content:${justify};width:300px;height:10px">${item(RED, 'width:50px')}${item(GREEN, 'width:50px')}</div>`);
    expect(box(await row('flex-end'), RED).x).toBe(200);
    expect(box(await row('center'), RED).x).toBe(100);
    const between = await row('space-between');
    expect([box(between, RED).x, box(between, GREEN).x]).toEqual([0, 250]);
    const around = await row('space-around');
    expect([box(around, RED).x, box(around, GREEN).x]).toEqual([50, 200]);
    const evenly = await row('space-evenly');
    expect(box(evenly, RED).x).toBeCloseTo(66.67, 1);
  });

  it('align-items and align-self place items on the cross axis', async () => {
    const pages = await layout(`<div style="display:flex;align-items:center;width:300px;height:100px">${item(RED, 'width:10px;height:20px')}${item(GREEN, 'width:10px;height:20px;align-self:flex-end')}${item(BLUE, 'width:10px;align-self:stretch')}</div>`);
    expect(box(pages, RED).y).toBe(40);
    expect(box(pages, GREEN).y).toBe(80);
    expect(box(pages, BLUE)).toMatchObject({ y: 0, height: 100 });
  });

  it('auto margins take the free space before justify-content (§8.1)', async () => {
    const pages = await layout(`<div style="display:flex;justify-content:center;width:300px;height:60px">${item(RED, 'width:50px;height:20px')}${item(GREEN, 'width:50px;height:20px;margin-left:auto;margin-top:auto')}</div>`);
    expect(box(pages, RED).x).toBe(0);
    expect(box(pages, GREEN)).toMatchObject({ x: 250, y: 40 });
  });

  it('aligns items on their first baselines (§8.3)', async () => {
    const pages = await layout('<div style="display:flex;align-items:baseline;width:400px"><div style="font-size:30px;line-height:40px">Big</div><div style="padding-top:5px">small</div></div>');
    expect(runWith(pages, 'Big').y).toBeCloseTo(runWith(pages, 'small').y, 1);
  });

  it('aligns lines with align-content in a multi-line container', async () => {
    const pages = await layout(`<div style="display:flex;flex-wrap:wrap;align-content:flex-end;width:100px;height:100px">${item(RED, 'width:60px;height:20px')}${item(GREEN, 'width:60px;height:20px')}</div>`);
    expect(box(pages, RED).y).toBe(60);
    expect(box(pages, GREEN).y).toBe(80);
  });
});

describe('items measured by our layout', () => {
  it('wraps text inside an item at the width flex layout gives it, and the line grows to hold it', async () => {
    const text = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda';
    const pages = await layout(`<div style="display:flex;width:300px"><div style="width:100px;background:${RED}"></div><div style="flex:1;background:${GREEN}">${text}</div></div>`);
    const green = box(pages, GREEN);
    expect(green.x).toBe(100);
    expect(green.width).toBe(200);
    expect(green.height).toBeGreaterThan(20);
    // The first item stretches to the line, whose height the text decided.
    expect(box(pages, RED).height).toBe(green.height);
    expect(runWith(pages, 'alpha').x).toBeCloseTo(100 * PX);
  });

  it('sizes an auto-width row item to its max-content width', async () => {
    const pages = await layout(`<div style="display:flex;width:400px"><div style="background:${RED}">Hello world</div></div>`);
    const hello = runWith(pages, 'Hello');
    const world = runWith(pages, 'world');
    expect(box(pages, RED).width * PX).toBeCloseTo(world.x + runWidth(world.item) - hello.x, 1);
  });

  it('lays out nested flex containers', async () => {
    const pages = await layout(`<div style="display:flex;width:300px"><div style="display:flex;flex-direction:column;flex:1">${item(RED, 'height:20px')}${item(GREEN, 'height:30px')}</div>${item(BLUE, 'width:100px')}</div>`);
    expect(box(pages, RED)).toEqual({ x: 0, y: 0, width: 200, height: 20 });
    expect(box(pages, GREEN)).toEqual({ x: 0, y: 20, width: 200, height: 30 });
    expect(box(pages, BLUE)).toEqual({ x: 200, y: 0, width: 100, height: 50 });
  });

  it('wraps text runs directly inside the container in anonymous items (§4)', async () => {
    const pages = await layout(`<div style="display:flex;width:300px">before<div style="width:50px;height:10px;background:${RED}"></div>after</div>`);
    const before = runWith(pages, 'before');
    expect(box(pages, RED).x * PX).toBeCloseTo(before.x + runWidth(before.item), 1);
    expect(runWith(pages, 'after').x).toBeCloseTo((box(pages, RED).x + 50) * PX, 1);
  });
});

describe('intrinsic sizes of flex containers (§9.9)', () => {
  it('counts an item that cannot shrink at its flex base size at least, one that cannot grow at most', async () => {
    const float = (items: string) => `<div style="width:0"><div style="display:flex;float:left;height:10px;background:${RED}">${items}</div></div>`;
    expect(box(await layout(float('<div style="flex:1 0 100px"></div>')), RED).width).toBeCloseTo(100, 1);
    expect(box(await layout(float('<div style="flex:0 1 100px;min-width:0"><div style="width:200px"></div></div>')), RED).width).toBeCloseTo(100, 1);
  });
});

describe('inline-flex', () => {
  it('sits on the line as an atomic inline, shrink-to-fit, on its first item’s baseline', async () => {
    const pages = await layout(`<p>text <span style="display:inline-flex;background:${RED}"><span style="padding-top:10px">one</span><span>two</span></span> after</p>`);
    const red = box(pages, RED);
    const text = runWith(pages, 'text');
    expect(red.x * PX).toBeGreaterThanOrEqual(text.x + runWidth(text.item) - 0.01);
    expect(runWith(pages, 'one').y).toBeCloseTo(text.y, 1);
    expect(runWith(pages, 'after').x).toBeGreaterThanOrEqual((red.x + red.width) * PX - 0.01);
  });

  it('takes its baseline from its first line’s baseline-aligned items, else its first item; wrap-reverse from its top line (§8.5)', async () => {
    const cell = (t: string, size: number, style = '') => `<span style="width:20px;font-size:${size}px;line-height:${size}px;${style}">${t}</span>`;
    const aligned = await layout(`<p>text <span style="display:inline-flex;flex-wrap:wrap;width:40px">${cell('one', 8)}${cell('two', 16, 'align-self:baseline')}${cell('six', 24)}</span></p>`);
    expect(runWith(aligned, 'two').y).toBeCloseTo(runWith(aligned, 'text').y, 1);
    const reverse = await layout(`<p>text <span style="display:inline-flex;flex-wrap:wrap-reverse;width:40px;height:60px">${cell('one', 8)}${cell('two', 8)}${cell('six', 16)}</span></p>`);
    expect(runWith(reverse, 'six').y).toBeCloseTo(runWith(reverse, 'text').y, 1);
  });
});

describe('flex containers across pages', () => {
  it('splits a row whose item does not fit at the page end, and one taller than a page over several pages', async () => {
    const page = { width: '200px', height: '200px', margin: '0' };
    const split = await layout(`<div style="height:150px"></div><div style="display:flex">${item(RED, 'width:10px;height:100px')}</div>`, '', page);
    expect(split.length).toBe(2);
    expect(box(split, RED, 0)).toMatchObject({ y: 150, height: 50 });
    expect(box(split, RED, 1)).toMatchObject({ y: 0, height: 50 });
    const tall = await layout(`<div style="display:flex">${item(RED, 'width:10px;height:500px')}</div><p>next</p>`, '', page);
    expect(tall.length).toBe(3);
    expect(box(tall, RED, 2)).toMatchObject({ y: 0, height: 100 });
    expect(runWith(tall, 'next').page).toBe(2);
  });

  it('moves a row whose image does not fit to the next page whole', async () => {
    const page = { width: '200px', height: '200px', margin: '0' };
    const img = '<img src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2210%22 height=%22100%22/%3E">';
    const pages = await layout(`<div style="height:150px"></div><div style="display:flex;background:${GREEN}">${img}</div>`, '', page);
    expect(pages.length).toBe(2);
    expect(box(pages, GREEN, 1)).toMatchObject({ y: 0, height: 100 });
  });
});

describe('row flex containers across pages (css-flexbox-1 §12)', () => {
  const page = { width: '200px', height: '200px', margin: '0' };
  const card = (color: string, style = '') => item(color, `width:90px;height:80px;break-inside:avoid;${style}`);

  it('breaks a wrapped row between its lines: a line of items that avoid breaking inside moves to the next page whole', async () => {
    const pages = await layout(`<div style="display:flex;flex-wrap:wrap;gap:10px">${card(RED)}${card(RED)}${card(GREEN)}${card(GREEN)}${card(BLUE)}</div><p>after</p>`, '', page);
    expect(pages.length).toBe(2);
    expect(box(pages, RED, 0)).toMatchObject({ y: 0, height: 80 });
    expect(box(pages, GREEN, 0)).toMatchObject({ y: 90, height: 80 });
    expect(box(pages, BLUE, 1)).toMatchObject({ x: 0, y: 0, height: 80 });
    expect(runWith(pages, 'after').page).toBe(1);
    expect(runWith(pages, 'after').y).toBeGreaterThan(80 * PX);
  });

  it('splits a single line in parallel: each item continues in its own column, a stretched one as tall as the tallest', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `<p>line ${i + 1}</p>`).join('');
    const pages = await layout(`<div style="height:100px"></div><div style="display:flex"><div style="width:100px">${lines}</div>${item(RED, 'width:50px')}${item(GREEN, 'width:50px;height:40px')}</div><p>after</p>`, '', page);
    expect(pages.length).toBe(2);
    // 12 lines of 20px from y 100: five on page 1, seven on page 2.
    expect(runWith(pages, 'line 5').page).toBe(0);
    expect(runWith(pages, 'line 6').page).toBe(1);
    expect(box(pages, RED, 0)).toMatchObject({ x: 100, y: 100, height: 100 });
    expect(box(pages, RED, 1)).toMatchObject({ x: 100, y: 0, height: 140 });
    expect(box(pages, GREEN, 0)).toMatchObject({ y: 100, height: 40 });
    expect(() => box(pages, GREEN, 1)).toThrow();
    expect(runWith(pages, 'after').y).toBeGreaterThanOrEqual(140 * PX);
  });

  it('moves a line to the next page when an item that avoids breaking inside does not fit, and splits it at the top of a page', async () => {
    const moved = await layout(`<div style="height:150px"></div><div style="display:flex">${item(RED, 'width:50px;height:100px;break-inside:avoid')}${item(GREEN, 'width:50px')}</div>`, '', page);
    expect(moved.length).toBe(2);
    expect(box(moved, RED, 1)).toMatchObject({ y: 0, height: 100 });
    expect(box(moved, GREEN, 1)).toMatchObject({ y: 0, height: 100 });
    const tall = await layout(`<div style="display:flex">${item(RED, 'width:50px;height:300px;break-inside:avoid')}</div>`, '', page);
    expect(tall.length).toBe(2);
    expect(box(tall, RED, 0).height).toBe(200);
    expect(box(tall, RED, 1).height).toBe(100);
  });

  it('moves the lines after a split line down by what its pieces added, and grows its stretched items with it', async () => {
    // The first item's third block avoids breaking inside: it moves to page 2, and the item
    // ends 60px below where flex layout put it; its stretched neighbour and the next line follow.
    const blocks = Array.from({ length: 3 }, () => '<div style="height:70px;break-inside:avoid"></div>').join('');
    const pages = await layout(`<div style="display:flex;flex-wrap:wrap"><div style="width:50%;background:${RED}">${blocks}</div>${item(GREEN, 'width:50%')}${item(BLUE, 'width:100%;height:20px')}</div>`, '', page);
    expect(pages.length).toBe(2);
    expect(box(pages, RED, 0).height).toBe(200);
    expect(box(pages, RED, 1)).toMatchObject({ y: 0, height: 70 });
    expect(box(pages, GREEN, 1)).toMatchObject({ y: 0, height: 70 });
    expect(box(pages, BLUE, 1)).toMatchObject({ y: 70, height: 20 });
  });

  it('splits a row of a fixed height taller than the space left, its stretched items with it', async () => {
    const pages = await layout(`<div style="height:50px"></div><div style="display:flex;height:300px;align-items:flex-start">${item(RED, 'width:50px;align-self:stretch')}${item(GREEN, 'width:50px;height:40px')}</div><p>after</p>`, '', page);
    expect(pages.length).toBe(2);
    expect(box(pages, RED, 0)).toMatchObject({ y: 50, height: 150 });
    expect(box(pages, RED, 1)).toMatchObject({ y: 0, height: 150 });
    expect(box(pages, GREEN, 0).height).toBe(40);
    expect(runWith(pages, 'after').page).toBe(1);
    expect(runWith(pages, 'after').y).toBeGreaterThan(150 * PX);
  });

  it('ends in columns with no space left (past a multicol container of a fixed height), a line in each, as blocks do', async () => {
    const row = `<div style="display:flex;flex-wrap:wrap">${item(RED, 'width:45%;height:70px').repeat(10)}</div>`;
    const blocks = `<div>${item(RED, 'width:45%;height:70px').repeat(10)}</div>`;
    const pages = await layout(`<div style="columns:2;height:300px">${row}</div>`, '', page);
    const reference = await layout(`<div style="columns:2;height:300px">${blocks}</div>`, '', page);
    expect(pages.length).toBeLessThanOrEqual(reference.length);
  });

  it('breaks before a line whose items all lie below the page end, dropping the gap above it', async () => {
    const pages = await layout(`<div style="display:flex;flex-wrap:wrap;row-gap:1000px">${item(RED, 'width:100%;height:40px')}${item(GREEN, 'width:100%;height:40px')}</div>`, '', page);
    expect(pages.length).toBe(2);
    expect(box(pages, GREEN, 1).y).toBe(0);
  });

  it('propagates the forced breaks of its first line to the container, and of its last line past it', async () => {
    const pages = await layout(`<p>before</p><div style="display:flex;background:${GREEN}">${item(RED, 'width:50px;height:20px')}${item(BLUE, 'width:50px;height:20px;break-before:page;break-after:page')}</div><p>after</p>`, '', page);
    expect(pages.length).toBe(3);
    expect(box(pages, GREEN, 1).y).toBe(0);
    expect(runWith(pages, 'after').page).toBe(2);
  });

  it('propagates a forced break on any item of a line to the line', async () => {
    const pages = await layout(`<div style="display:flex;flex-wrap:wrap">${item(RED, 'width:50%;height:20px')}${item(RED, 'width:50%;height:20px')}${item(GREEN, 'width:50%;height:20px')}${item(GREEN, 'width:50%;height:20px;break-before:page')}</div>`, '', page);
    expect(pages.length).toBe(2);
    expect(box(pages, GREEN, 1).y).toBe(0);
  });
});

describe('column flex containers across pages (css-flexbox-1 §12)', () => {
  const page = { width: '200px', height: '200px', margin: '0' };

  it('breaks between items, keeping their order and gaps', async () => {
    const pages = await layout(`<div style="display:flex;flex-direction:column;gap:10px">${item(RED, 'height:120px')}${item(GREEN, 'height:60px')}${item(BLUE, 'height:30px')}</div>`, '', page);
    expect(pages.length).toBe(2);
    expect(box(pages, RED, 0)).toMatchObject({ y: 0, height: 120 });
    expect(box(pages, GREEN, 0)).toMatchObject({ y: 130, height: 60 });
    expect(box(pages, BLUE, 1)).toMatchObject({ y: 0, height: 30 });
  });

  it('splits an item with text across pages and places the items after it below its last piece', async () => {
    const lines = Array.from({ length: 15 }, (_, i) => `<p>line ${i + 1}</p>`).join('');
    const pages = await layout(`<div style="display:flex;flex-direction:column"><div>${lines}</div>${item(RED, 'height:20px')}</div>`, '', page);
    expect(pages.length).toBe(2);
    expect(runWith(pages, 'line 10').page).toBe(0);
    const last = runWith(pages, 'line 15');
    expect(last.page).toBe(1);
    // Lines are 20px: line 11 starts page 2, line 15 ends at 100px, and the red item follows.
    expect(box(pages, RED, 1).y).toBe(100);
  });
  it('keeps an absolutely positioned child of a column with no items', async () => {
    const pages = await layout(`<div style="display:flex;flex-direction:column;position:relative;height:10px"><div style="position:absolute;top:5px;width:20px;height:20px;background:${RED}"></div></div>`, '', page);
    expect(box(pages, RED, 0)).toMatchObject({ y: 5, height: 20 });
  });

  it('breaks a multi-line column of an indefinite height, which has one line, as a single-line one', async () => {
    const pages = await layout(`<div style="display:flex;flex-direction:column;flex-wrap:wrap">${item(RED, 'height:150px')}${item(GREEN, 'height:80px;break-inside:avoid')}</div>`, '', page);
    expect(pages.length).toBe(2);
    expect(box(pages, GREEN, 1)).toMatchObject({ x: 0, y: 0, height: 80 });
  });

  it('breaks a multi-line column of a definite height with its columns side by side, their items in parallel', async () => {
    const pages = await layout(`<div style="display:flex;flex-direction:column;flex-wrap:wrap;align-content:flex-start;height:300px">${item(RED, 'width:50px;height:150px')}${item(GREEN, 'width:50px;height:150px')}${item(BLUE, 'width:50px;height:250px')}</div>`, '', page);
    expect(pages.length).toBe(2);
    expect(box(pages, RED, 0)).toMatchObject({ x: 0, y: 0, height: 150 });
    expect(box(pages, GREEN, 0)).toMatchObject({ x: 0, y: 150, height: 50 });
    expect(box(pages, GREEN, 1)).toMatchObject({ x: 0, y: 0, height: 100 });
    expect(box(pages, BLUE, 0)).toMatchObject({ x: 50, y: 0, height: 200 });
    expect(box(pages, BLUE, 1)).toMatchObject({ x: 50, y: 0, height: 50 });
  });

  it('moves an item that avoids breaking inside to the next page whole, and honours forced breaks between items', async () => {
    const pages = await layout(`<div style="display:flex;flex-direction:column">${item(RED, 'height:150px')}${item(GREEN, 'height:80px;break-inside:avoid')}${item(BLUE, 'height:20px;break-before:page')}</div>`, '', page);
    expect(pages.length).toBe(3);
    expect(box(pages, GREEN, 1)).toMatchObject({ y: 0, height: 80 });
    expect(box(pages, BLUE, 2)).toMatchObject({ y: 0, height: 20 });
  });
});

describe('last baseline alignment', () => {
  it('aligns last baselines in a single-line row, against the line’s end (css-align-3 §9.3)', async () => {
    const pages = await layout(`<div style="display:flex;align-items:last baseline;width:400px;height:100px"><div>one<br>two</div><div style="font-size:24px;line-height:30px">big</div></div>`);
    const two = runWith(pages, 'two');
    const big = runWith(pages, 'big');
    expect(big.y).toBeCloseTo(two.y, 1);
    // The taller item's bottom margin edge is the line's end, 100px down.
    expect(big.y).toBeGreaterThan(60 * PX);
  });
});

describe('static position of absolutely positioned children (§4.1: as the sole flex item)', () => {
  const abspos = (container: string, child = '') => layout(`<div style="display:flex;width:100px;height:60px;padding:5px;${container}"><div style="position:absolute;width:20px;height:10px;background:${RED};${child}"></div></div>`);

  it('aligns by justify-content on the main axis and align-items or align-self on the cross axis', async () => {
    expect(box(await abspos('justify-content:flex-end;align-items:center'), RED)).toMatchObject({ x: 85, y: 30 });
    expect(box(await abspos('flex-direction:column;justify-content:center', 'align-self:end'), RED)).toMatchObject({ x: 85, y: 30 });
    // row-reverse starts at the right; space-between falls back to flex-start, space-around to center.
    expect(box(await abspos('flex-direction:row-reverse;justify-content:space-between'), RED)).toMatchObject({ x: 85, y: 5 });
    expect(box(await abspos('justify-content:space-around;flex-wrap:wrap-reverse'), RED)).toMatchObject({ x: 45, y: 55 });
  });

  it('counts the margins (auto as zero) and keeps explicit insets', async () => {
    expect(box(await abspos('justify-content:flex-end', 'margin:3px 4px auto auto'), RED)).toMatchObject({ x: 81, y: 8 });
    expect(box(await abspos('justify-content:flex-end;align-items:flex-end', 'left:0'), RED)).toMatchObject({ x: 0, y: 55 });
  });

  it('aligns an overflowing box at start when the alignment is safe (css-align-3 §4.4)', async () => {
    expect(box(await abspos('align-items:center', 'height:100px'), RED)).toMatchObject({ y: -15 });
    expect(box(await abspos('align-items:safe center', 'height:100px'), RED)).toMatchObject({ y: 5 });
  });
});

describe('safe content alignment (css-align-3 §4.4)', () => {
  const overflowing = (container: string) => layout(`<div style="display:flex;width:90px;height:90px;${container}">${item(RED, 'flex:0 0 100px;width:100px;height:100px')}</div>`);

  it('packs a line that overflows the main size at the start, whatever justify-content says', async () => {
    expect(box(await overflowing('flex-direction:row-reverse;justify-content:flex-start'), RED)).toMatchObject({ x: -10, y: 0 });
    expect(box(await overflowing('flex-direction:row-reverse;justify-content:safe flex-start'), RED)).toMatchObject({ x: 0, y: 0 });
    expect(box(await overflowing('flex-direction:column-reverse;justify-content:safe flex-start'), RED)).toMatchObject({ x: 0, y: 0 });
    expect(box(await overflowing('justify-content:safe center'), RED)).toMatchObject({ x: 0 });
  });

  it('puts overflowing lines at the cross start, whatever align-content says', async () => {
    expect(box(await overflowing('flex-wrap:wrap-reverse;align-content:flex-start'), RED)).toMatchObject({ y: -10 });
    expect(box(await overflowing('flex-wrap:wrap-reverse;align-content:safe flex-start'), RED)).toMatchObject({ y: 0 });
  });

  it('leaves a line that fits where the alignment puts it', async () => {
    const pages = await layout(`<div style="display:flex;width:90px;height:90px;justify-content:safe flex-end">${item(RED, 'width:50px;height:10px')}</div>`);
    expect(box(pages, RED)).toMatchObject({ x: 40 });
  });
});
