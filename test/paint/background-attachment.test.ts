// background-attachment: fixed (css-backgrounds-3 §3.5): in paged media the image is placed in
// the page area of every page, not in the box; the box still clips it. 1px = 0.75pt.
import { describe, expect, it } from 'vitest';
import type { DisplayItem, ImageItem } from '../../src/paint/types.js';
import { encodePng } from '../helpers/images.js';
import { flatten, layout } from '../layout/helpers.js';

const IMAGE = `data:image/png;base64,${Buffer.from(encodePng(40, 20, () => [200, 30, 30])).toString('base64')}`; // 30×15pt
// A 260×160pt page area at (20, 20).
const PAGE = { width: '300pt', height: '200pt', margin: '20pt' };
const images = (list: readonly DisplayItem[]) => list.filter((i): i is ImageItem => i.kind === 'image');
const at = (i: ImageItem) => [i.x, i.y, i.width, i.height].map((n) => Math.round(n * 1000) / 1000);

async function pageImages(html: string, css: string): Promise<ImageItem[][]> {
  const pages = await layout(html, `body { margin: 0 } ${css}`, PAGE);
  return pages.map((p) => images(flatten(p.items)));
}

describe('background-attachment: fixed', () => {
  it('centres the image in the page area, not in the box', async () => {
    const [first] = await pageImages('<div style="margin-top: 40pt; height: 100pt"></div>', `div { background: url(${IMAGE}) no-repeat center fixed }`);
    // x = 20 + (260 − 30) / 2 = 135; y = 20 + (160 − 15) / 2 = 92.5 (the box would give 40 + 20 + 42.5).
    expect(first!.map(at)).toEqual([[135, 92.5, 30, 15]]);
  });

  it('scroll (the initial value) keeps the box as the positioning area', async () => {
    const [first] = await pageImages('<div style="margin-top: 40pt; height: 100pt"></div>', `div { background: url(${IMAGE}) no-repeat center }`);
    // x = 20 + (260 − 30) / 2 = 135; y = 20 + 40 + (100 − 15) / 2 = 102.5.
    expect(first!.map(at)).toEqual([[135, 102.5, 30, 15]]);
  });

  it('repeats on every page the box is on, at the same place', async () => {
    const pages = await pageImages('<div style="height: 300pt"></div>', `div { background: url(${IMAGE}) no-repeat left top fixed }`);
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => p.map(at))).toEqual([[[20, 20, 30, 15]], [[20, 20, 30, 15]]]);
  });

  it('on the root, whose background is the canvas, the page area places it too', async () => {
    const pages = await pageImages('<div style="height: 300pt"></div>', `html { background: url(${IMAGE}) no-repeat right bottom fixed }`);
    // x = 20 + 260 − 30 = 250; y = 20 + 160 − 15 = 165, on both pages.
    expect(pages.map((p) => p.map(at))).toEqual([[[250, 165, 30, 15]], [[250, 165, 30, 15]]]);
  });
});
