// list-style-image (css-lists-3 §3.2): the marker is the image at its intrinsic size, its
// bottom on the first line's baseline; outside it ends 7px (5.25pt, Chromium's marker padding)
// before the content edge, inside the text starts 7px after it; a missing image falls back to
// list-style-type. 1px = 0.75pt.
import { describe, expect, it } from 'vitest';
import type { DisplayItem, ImageItem } from '../../src/paint/types.js';
import { encodePng } from '../helpers/images.js';
import { flatten, layout, runWith } from './helpers.js';

const BULLET = `data:image/png;base64,${Buffer.from(encodePng(12, 8, () => [220, 90, 20])).toString('base64')}`;
const PAGE = { width: '300pt', height: '200pt', margin: '0' };
const CSS = 'body { margin: 0 } ul { margin: 0; padding-left: 40px }';

async function render(html: string, css = '') {
  const pages = await layout(html, `${CSS} ${css}`, PAGE);
  const items: DisplayItem[] = flatten(pages[0]!.items);
  return { pages, items, images: items.filter((i): i is ImageItem => i.kind === 'image') };
}

describe('list-style-image', () => {
  it('outside: the image hangs before the content edge, its bottom on the baseline', async () => {
    const { pages, images } = await render(`<ul style="list-style-image: url(${BULLET})"><li>First</li><li>Second</li></ul>`);
    expect(images).toHaveLength(2);
    const first = runWith(pages, 'First');
    const [a, b] = images as [ImageItem, ImageItem];
    // 12×8px = 9×6pt; content edge 40px = 30pt: x = 30 − 5.25 − 9 = 15.75.
    expect([a.x, a.width, a.height]).toEqual([15.75, 9, 6]);
    expect(a.y + a.height).toBeCloseTo(first.y, 6);
    expect(b.y + b.height).toBeCloseTo(runWith(pages, 'Second').y, 6);
    expect(first.x).toBe(30);
  });

  it('inside: the image comes first on the line, the text 7px after it', async () => {
    const { pages, images } = await render(`<ul style="list-style: inside url(${BULLET})"><li>Inside</li></ul>`);
    expect(images).toHaveLength(1);
    const image = images[0]!;
    const run = runWith(pages, 'Inside');
    expect(image.x).toBe(30);
    expect(run.x).toBeCloseTo(30 + 9 + 5.25, 6);
    expect(image.y + image.height).toBeCloseTo(run.y, 6);
  });

  it('the image wins over list-style-type, even none', async () => {
    const { images, items } = await render(`<ol style="list-style: none url(${BULLET})"><li>One</li></ol>`);
    expect(images).toHaveLength(1);
    expect(items.some((i) => i.kind === 'glyphs' && i.segments.length > 0 && i.x < 30)).toBe(false);
  });

  it('a missing image falls back to list-style-type', async () => {
    const { images, items, pages } = await render('<ul style="list-style-image: url(data:image/png;base64,AAAA)"><li>Disc</li></ul><ol style="list-style-image: url(nowhere.png)"><li>Num</li></ol>');
    expect(images).toHaveLength(0);
    // A disc bullet is a filled path left of the text; the ordered list shows "1.".
    expect(items.some((i) => i.kind === 'path' && i.fill !== null)).toBe(true);
    expect(runWith(pages, '1.').x).toBeLessThan(30);
  });

  it('is inherited: nested lists take the image too', async () => {
    const { images } = await render(`<ul style="list-style-image: url(${BULLET})"><li>a<ul><li>b</li></ul></li></ul>`);
    expect(images).toHaveLength(2);
    expect(images[1]!.x).toBeCloseTo(15.75 + 30, 6);
  });
});
