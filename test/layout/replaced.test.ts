// Replaced elements: the used size of <img> (HTML width/height attributes, one dimension with
// the intrinsic ratio, max-width: 100%, height: auto, CSS 2.1 §10.4's min/max table) and
// object-fit / object-position (css-images-3 §5.5–5.6): the content box keeps its size and the
// image is scaled, placed and clipped inside it. Every expected number is worked out by hand
// in the comments; 1px = 0.75pt.
import { describe, expect, it } from 'vitest';
import type { ObjectFit } from '../../src/css/properties/object.js';
import type { ReplacedBox } from '../../src/boxes/types.js';
import { INITIAL_STYLE } from '../../src/css/initial-style.js';
import type { ComputedStyle } from '../../src/css/types.js';
import { constrainRatio, objectFitRect, replacedContributions } from '../../src/layout/replaced.js';
import type { ClipItem, ImageItem, PageDisplayList } from '../../src/paint/types.js';
import { encodePng } from '../helpers/images.js';
import { flatten, layout } from './helpers.js';

/** A PNG data URI of w×h pixels. */
function png(width: number, height: number): string {
  return `data:image/png;base64,${Buffer.from(encodePng(width, height, () => [40, 90, 160])).toString('base64')}`;
}

const NO_MARGINS = { margin: '0' };

async function images(html: string, css = ''): Promise<{ images: ImageItem[]; clips: ClipItem[] }> {
  const pages: PageDisplayList[] = await layout(html, `body { margin: 0 } img { display: block } ${css}`, NO_MARGINS);
  const items = flatten(pages[0]!.items);
  return {
    images: items.filter((i): i is ImageItem => i.kind === 'image'),
    clips: items.filter((i): i is ClipItem => i.kind === 'clip'),
  };
}

async function imageBox(html: string, css = ''): Promise<[number, number, number, number]> {
  const { images: found } = await images(html, css);
  expect(found).toHaveLength(1);
  const i = found[0]!;
  return [i.x, i.y, i.width, i.height].map((v) => Math.round(v * 1000) / 1000) as [number, number, number, number];
}

describe('img sizing', () => {
  it('uses the intrinsic size when nothing is given', async () => {
    // 40×20px → 30×15pt.
    expect(await imageBox(`<img src="${png(40, 20)}">`)).toEqual([0, 0, 30, 15]);
  });

  it('takes both width and height attributes as they are', async () => {
    // width=100 height=50 (px) → 75×37.5pt, whatever the image's own 40×40 ratio.
    expect(await imageBox(`<img src="${png(40, 40)}" width="100" height="50">`)).toEqual([0, 0, 75, 37.5]);
  });

  it('keeps the intrinsic ratio when one dimension is given (attribute or CSS)', async () => {
    // 40×20 (2:1): width=100px → 75pt wide, 37.5pt high.
    expect(await imageBox(`<img src="${png(40, 20)}" width="100">`)).toEqual([0, 0, 75, 37.5]);
    // height: 30px → 22.5pt high, 45pt wide.
    expect(await imageBox(`<img src="${png(40, 20)}" style="height: 30px">`)).toEqual([0, 0, 45, 22.5]);
    // height attribute 30 → the same.
    expect(await imageBox(`<img src="${png(40, 20)}" height="30">`)).toEqual([0, 0, 45, 22.5]);
  });

  it('shrinks a large image to max-width: 100% and keeps its ratio', async () => {
    // 2000×1000px in a 300px (225pt) container → 225 × 112.5pt.
    expect(await imageBox(`<div style="width: 300px"><img src="${png(2000, 1000)}" style="max-width: 100%"></div>`)).toEqual([0, 0, 225, 112.5]);
  });

  it('lets height: auto override the height attribute, so max-width keeps the ratio', async () => {
    const img = `<img src="${png(80, 40)}" width="800" height="400"`;
    // width 800px clamps to 300px (225pt); height: auto follows the ratio: 112.5pt.
    expect(await imageBox(`<div style="width: 300px">${img} style="max-width: 100%; height: auto"></div>`)).toEqual([0, 0, 225, 112.5]);
    // Without height: auto the attribute's 400px (300pt) stays, as in browsers.
    expect(await imageBox(`<div style="width: 300px">${img} style="max-width: 100%"></div>`)).toEqual([0, 0, 225, 300]);
  });

  it('applies max-width to the content box of a border-box image', async () => {
    // border-box, 10px padding: max-width 300px leaves 280px (210pt) of content; 2:1 → 105pt high,
    // placed inside the padding (7.5pt).
    expect(await imageBox(`<div style="width: 300px"><img src="${png(2000, 1000)}" style="max-width: 100%; box-sizing: border-box; padding: 10px"></div>`)).toEqual([7.5, 7.5, 210, 105]);
  });

  it('meets max-width and max-height together keeping the ratio (CSS 2.1 §10.4)', async () => {
    // 400×200px, max 100px × 80px: 100/400 = 0.25 ≤ 80/200 = 0.4 → 100 × 50px = 75 × 37.5pt.
    expect(await imageBox(`<img src="${png(400, 200)}" style="max-width: 100px; max-height: 80px">`)).toEqual([0, 0, 75, 37.5]);
    // max 300px × 50px: 0.75 > 0.25 → height 50px, width 100px.
    expect(await imageBox(`<img src="${png(400, 200)}" style="max-width: 300px; max-height: 50px">`)).toEqual([0, 0, 75, 37.5]);
    // min-width 40px on a 10×20px image → 40 × 80px = 30 × 60pt.
    expect(await imageBox(`<img src="${png(10, 20)}" style="min-width: 40px">`)).toEqual([0, 0, 30, 60]);
  });

  it('follows each row of the §10.4 table', () => {
    const inf = Infinity;
    expect(constrainRatio(100, 50, 0, inf, 0, inf)).toEqual({ width: 100, height: 50 });
    expect(constrainRatio(100, 50, 0, 80, 0, inf)).toEqual({ width: 80, height: 40 }); // w > max-width
    expect(constrainRatio(100, 50, 120, inf, 0, 55)).toEqual({ width: 120, height: 55 }); // w < min-width, height capped
    expect(constrainRatio(100, 50, 0, inf, 0, 20)).toEqual({ width: 40, height: 20 }); // h > max-height
    expect(constrainRatio(100, 50, 0, inf, 60, inf)).toEqual({ width: 120, height: 60 }); // h < min-height
    expect(constrainRatio(100, 50, 150, inf, 0, 20)).toEqual({ width: 150, height: 20 }); // w < min-width, h > max-height
    expect(constrainRatio(100, 50, 0, 40, 60, inf)).toEqual({ width: 40, height: 60 }); // w > max-width, h < min-height
    expect(constrainRatio(100, 50, 300, inf, 200, inf)).toEqual({ width: 400, height: 200 }); // both below: 3 ≤ 4 → min-height wins
  });
});

describe('replacedContributions (for intrinsic sizing)', () => {
  const box = (style: Partial<ComputedStyle>): ReplacedBox => ({
    kind: 'replaced', style: { ...INITIAL_STYLE, ...style }, element: null,
    image: { key: 'k', format: 'png', data: new Uint8Array(), pixelWidth: 200, pixelHeight: 100 },
    intrinsicWidth: 150, intrinsicHeight: 75,
  });

  it('is the used width when nothing depends on the container', () => {
    expect(replacedContributions(box({}))).toEqual({ min: 150, max: 150 });
    expect(replacedContributions(box({ width: { abs: 60, pct: 0 } }))).toEqual({ min: 60, max: 60 });
    expect(replacedContributions(box({ maxWidth: { abs: 90, pct: 0 } }))).toEqual({ min: 90, max: 90 });
  });

  it('treats a percentage max-width or width as compressible: min 0, max as if unset', () => {
    expect(replacedContributions(box({ maxWidth: { abs: 0, pct: 100 } }))).toEqual({ min: 0, max: 150 });
    expect(replacedContributions(box({ width: { abs: 0, pct: 50 } }))).toEqual({ min: 0, max: 150 });
  });
});

describe('objectFitRect (numbers by hand)', () => {
  const center = { x: { abs: 0, pct: 50 }, y: { abs: 0, pct: 50 } };
  const rect = (fit: ObjectFit, iw: number, ih: number, position = center) => {
    const r = objectFitRect(fit, position, 200, 100, iw, ih);
    return [r.x, r.y, r.width, r.height];
  };

  // A 200×100 box and a 50×50 image.
  it('fill stretches the image over the box', () => {
    expect(rect('fill', 50, 50)).toEqual([0, 0, 200, 100]);
  });
  it('contain scales by min(200/50, 100/50) = 2 and centres: 100×100 at x = (200−100)/2', () => {
    expect(rect('contain', 50, 50)).toEqual([50, 0, 100, 100]);
  });
  it('cover scales by max(4, 2) = 4: 200×200, y = (100−200)/2 = −50', () => {
    expect(rect('cover', 50, 50)).toEqual([0, -50, 200, 200]);
  });
  it('none keeps 50×50, centred at (75, 25)', () => {
    expect(rect('none', 50, 50)).toEqual([75, 25, 50, 50]);
  });
  it('scale-down is none when contain would enlarge, contain when it shrinks', () => {
    expect(rect('scale-down', 50, 50)).toEqual([75, 25, 50, 50]);
    // 400×100: contain scale min(0.5, 1) = 0.5 → 200×50 at y = 25.
    expect(rect('scale-down', 400, 100)).toEqual([0, 25, 200, 50]);
  });
  it('object-position: percentages of the free space, offsets from the far edges', () => {
    expect(rect('cover', 50, 50, { x: { abs: 0, pct: 0 }, y: { abs: 0, pct: 0 } })).toEqual([0, 0, 200, 200]);
    expect(rect('cover', 50, 50, { x: { abs: 0, pct: 100 }, y: { abs: 0, pct: 100 } })).toEqual([0, -100, 200, 200]);
    // right 10pt bottom 20%: x = 100% of 150 − 10 = 140; y = 80% of 50 = 40.
    expect(rect('none', 50, 50, { x: { abs: -10, pct: 100 }, y: { abs: 0, pct: 80 } })).toEqual([140, 40, 50, 50]);
  });
});

describe('object-fit and object-position on <img>', () => {
  // A 100×50px image (75×37.5pt) in a 200×200px (150×150pt) box.
  const img = (style: string) => `<img src="${png(100, 50)}" style="width: 200px; height: 200px; ${style}">`;

  it('fill (the initial value) draws the image over the content box, unclipped', async () => {
    const { images: found, clips } = await images(img(''));
    expect(found.map((i) => [i.x, i.y, i.width, i.height])).toEqual([[0, 0, 150, 150]]);
    expect(clips).toEqual([]);
  });

  it('contain: scale min(2, 4) = 2 → 150×75, centred at y = 37.5', async () => {
    expect(await imageBox(img('object-fit: contain'))).toEqual([0, 37.5, 150, 75]);
    expect((await images(img('object-fit: contain'))).clips).toEqual([]);
  });

  it('cover: scale 4 → 300×150 at x = −75, clipped to the content box', async () => {
    const { images: found, clips } = await images(img('object-fit: cover'));
    expect(found.map((i) => [i.x, i.y, i.width, i.height])).toEqual([[-75, 0, 300, 150]]);
    expect(clips).toHaveLength(1);
    expect([clips[0]!.x, clips[0]!.y, clips[0]!.width, clips[0]!.height]).toEqual([0, 0, 150, 150]);
    expect(clips[0]!.items).toEqual([found[0]]);
  });

  it('none: 75×37.5 at the centre (37.5, 56.25); scale-down the same', async () => {
    expect(await imageBox(img('object-fit: none'))).toEqual([37.5, 56.25, 75, 37.5]);
    expect(await imageBox(img('object-fit: scale-down'))).toEqual([37.5, 56.25, 75, 37.5]);
  });

  it('scale-down shrinks like contain when the image is larger than the box', async () => {
    // 400×100px (300×75pt) in 150×150pt: contain scale 0.5 → 150×37.5 at y = 56.25.
    expect(await imageBox(`<img src="${png(400, 100)}" style="width: 200px; height: 200px; object-fit: scale-down">`)).toEqual([0, 56.25, 150, 37.5]);
  });

  it('object-position with keywords, lengths and percentages', async () => {
    // none: free space 75 × 112.5pt.
    expect(await imageBox(img('object-fit: none; object-position: left top'))).toEqual([0, 0, 75, 37.5]);
    expect(await imageBox(img('object-fit: none; object-position: top left'))).toEqual([0, 0, 75, 37.5]);
    expect(await imageBox(img('object-fit: none; object-position: right bottom'))).toEqual([75, 112.5, 75, 37.5]);
    expect(await imageBox(img('object-fit: none; object-position: 10px 20%'))).toEqual([7.5, 22.5, 75, 37.5]);
    expect(await imageBox(img('object-fit: none; object-position: right 10px bottom 20px'))).toEqual([67.5, 97.5, 75, 37.5]);
    expect(await imageBox(img('object-fit: none; object-position: center bottom'))).toEqual([37.5, 112.5, 75, 37.5]);
    expect(await imageBox(img('object-fit: none; object-position: left'))).toEqual([0, 56.25, 75, 37.5]);
    expect(await imageBox(img('object-fit: none; object-position: bottom'))).toEqual([37.5, 112.5, 75, 37.5]);
    expect(await imageBox(img('object-fit: none; object-position: calc(50% + 8px) 0'))).toEqual([43.5, 0, 75, 37.5]);
    // em lengths resolve against the image's own font size: 2em at 10px = 20px = 15pt.
    expect(await imageBox(img('font-size: 10px; object-fit: none; object-position: 2em 0'))).toEqual([15, 0, 75, 37.5]);
  });

  it('clips when object-position pushes the image out of the box', async () => {
    const { images: found, clips } = await images(img('object-fit: none; object-position: -20px 0'));
    expect(found.map((i) => [i.x, i.y])).toEqual([[-15, 0]]);
    expect(clips).toHaveLength(1);
  });

  it('ignores invalid values (the cascade keeps the earlier one)', async () => {
    const css = 'img { object-fit: contain; object-position: left top }';
    for (const bad of ['object-fit: stretch', 'object-position: left right', 'object-position: top 10px', 'object-position: 1px 2px 3px', 'object-position: center 10px top 5px']) {
      expect(await imageBox(`<img src="${png(100, 50)}" style="width: 200px; height: 200px; ${bad}">`, css), bad).toEqual([0, 0, 150, 75]);
    }
  });

  it('keeps object-fit inside padding and borders: the content box is the frame', async () => {
    // 10px padding + 2px border → content starts at 12px = 9pt.
    expect(await imageBox(img('object-fit: contain; padding: 10px; border: 2px solid black'))).toEqual([9, 46.5, 150, 75]);
  });
});

describe('images whose width depends on their container, inside shrink-to-fit boxes', () => {
  // A 100×50px image is 75×37.5pt. Percentages cannot resolve while a table column or an
  // inline-block is being sized, so its max-content width is the intrinsic 75pt (css-sizing-3 §5.2.2).
  const drawn = async (html: string) => {
    const pages = await layout(html, 'body { margin: 0 } td { padding: 0 }', NO_MARGINS);
    return flatten(pages[0]!.items).filter((i): i is ImageItem => i.kind === 'image').map((i) => [i.width, i.height]);
  };

  it('max-width: 100% in a table cell keeps the image at its own size', async () => {
    expect(await drawn(`<table><tr><td><img src="${png(100, 50)}" style="max-width: 100%"></td><td>text</td></tr></table>`)).toEqual([[75, 37.5]]);
  });

  it('max-width: 100% in an inline-block keeps the image at its own size', async () => {
    expect(await drawn(`<span style="display: inline-block"><img src="${png(100, 50)}" style="max-width: 100%"></span>`)).toEqual([[75, 37.5]]);
  });

  it('width: 50% in a table cell is half of the column its max-content sized', async () => {
    expect(await drawn(`<table><tr><td><img src="${png(100, 50)}" style="width: 50%"></td><td>text</td></tr></table>`)).toEqual([[37.5, 18.75]]);
  });
});
