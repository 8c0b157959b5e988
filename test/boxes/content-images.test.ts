// Images in `content` (CSS 2.1 §12.2, css-content-3 §2): on ::before/::after an inline
// replaced box at the image's intrinsic size, on an element a replacement of its contents.
import { describe, expect, it } from 'vitest';
import type { ImageItem } from '../../src/paint/types.js';
import { encodePng } from '../helpers/images.js';
import { flatten, layout, runs, runWith } from '../layout/helpers.js';

const PNG = `data:image/png;base64,${Buffer.from(encodePng(40, 20, () => [0, 128, 0])).toString('base64')}`;

async function images(html: string, css: string) {
  const pages = await layout(html, css);
  return { pages, images: flatten(pages[0]!.items).filter((i): i is ImageItem => i.kind === 'image') };
}

describe('content: url()', () => {
  it('::before shows the image inline, at its intrinsic size, before the text', async () => {
    const { pages, images: found } = await images('<p>text</p>', `p::before { content: url("${PNG}") }`);
    expect(found).toHaveLength(1);
    expect(found[0]!.width).toBeCloseTo(30, 3); // 40px
    expect(found[0]!.height).toBeCloseTo(15, 3);
    expect(runWith(pages, 'text').x).toBeCloseTo(found[0]!.x + 30, 1);
  });

  it('strings and images mix in one ::after', async () => {
    const { pages, images: found } = await images('<p>a</p>', `p::after { content: "[" url("${PNG}") "]" }`);
    expect(found).toHaveLength(1);
    expect(runWith(pages, ']').x).toBeCloseTo(found[0]!.x + 30, 1);
  });

  it('on an element, the image replaces its contents', async () => {
    const { pages, images: found } = await images('<p id="t">hidden text</p><p>after</p>', `#t { content: url("${PNG}") }`);
    expect(found).toHaveLength(1);
    expect(runs(pages).map((r) => r.text).join(' ')).not.toContain('hidden');
    expect(runWith(pages, 'after').text).toContain('after');
  });

  it('an image that cannot be had is left out', async () => {
    const { pages, images: found } = await images('<p>text</p>', 'p::before { content: "x" url("data:image/png;base64,AAAA") }');
    expect(found).toHaveLength(0);
    expect(runWith(pages, 'x').text).toContain('x');
  });
});
