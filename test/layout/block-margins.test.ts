import { describe, expect, it } from 'vitest';
import { PX, layout, runWith } from './helpers.js';

const base = 'body { margin: 0; font-size: 16px; line-height: 20px } p { margin: 0 }';

describe('margin collapsing (CSS 2.1 §8.3.1)', () => {
  it('adjacent siblings collapse to the larger margin', async () => {
    const pages = await layout('<p style="margin-bottom: 20px">Alpha</p><p style="margin-top: 30px">Beta</p>', base);
    const gap = runWith(pages, 'Beta').y - runWith(pages, 'Alpha').y;
    expect(gap).toBeCloseTo((20 + 30) * PX, 2);
  });

  it('positive and negative margins sum the largest of each', async () => {
    const pages = await layout('<p style="margin-bottom: 40px">Alpha</p><p style="margin-top: -10px">Beta</p>', base);
    const gap = runWith(pages, 'Beta').y - runWith(pages, 'Alpha').y;
    expect(gap).toBeCloseTo((20 + 30) * PX, 2);
  });

  it('a first child margin collapses through its parent', async () => {
    const withChild = await layout('<div style="margin-top: 10px"><p style="margin-top: 30px">Alpha</p></div>', base);
    const alone = await layout('<p>Alpha</p>', base);
    expect(runWith(withChild, 'Alpha').y - runWith(alone, 'Alpha').y).toBeCloseTo(30 * PX, 2);
  });

  it('collapses through a body whose overflow went to the viewport (css-overflow-3 §3.3), not through a clipping div', async () => {
    const alone = await layout('<p>Alpha</p>', base);
    const body = await layout('<p style="margin-top: 30px">Alpha</p>', `${base} body { margin-top: 10px; overflow: hidden }`);
    expect(runWith(body, 'Alpha').y - runWith(alone, 'Alpha').y).toBeCloseTo(30 * PX, 2);
    const div = await layout('<div style="margin-top: 10px; overflow: hidden"><p style="margin-top: 30px">Alpha</p></div>', base);
    expect(runWith(div, 'Alpha').y - runWith(alone, 'Alpha').y).toBeCloseTo(40 * PX, 2);
  });

  it('padding on the parent separates the margins', async () => {
    const pages = await layout('<div style="margin-top: 10px; padding-top: 1px"><p style="margin-top: 30px">Alpha</p></div>', base);
    const alone = await layout('<p>Alpha</p>', base);
    expect(runWith(pages, 'Alpha').y - runWith(alone, 'Alpha').y).toBeCloseTo((10 + 1 + 30) * PX, 2);
  });

  it('an empty block collapses through and joins its neighbours', async () => {
    const pages = await layout('<p style="margin-bottom: 10px">Alpha</p><div style="margin: 25px 0"></div><p style="margin-top: 5px">Beta</p>', base);
    expect(runWith(pages, 'Beta').y - runWith(pages, 'Alpha').y).toBeCloseTo((20 + 25) * PX, 2);
  });

  it('an empty first child\'s margins collapse into its parent\'s top margin once', async () => {
    const pages = await layout('<div style="border-top: 4px solid"><div><div style="margin: 0 0 14px"></div><p>Alpha</p></div></div>', base);
    const alone = await layout('<div style="border-top: 4px solid"><p>Alpha</p></div>', base);
    expect(runWith(pages, 'Alpha').y - runWith(alone, 'Alpha').y).toBeCloseTo(14 * PX, 2);
  });

  it('overflow: hidden establishes a BFC that keeps the child margin inside', async () => {
    const pages = await layout('<div style="overflow: hidden"><p style="margin-top: 30px">Alpha</p></div><p>Beta</p>', base);
    const alone = await layout('<p>Alpha</p>', base);
    expect(runWith(pages, 'Alpha').y - runWith(alone, 'Alpha').y).toBeCloseTo(30 * PX, 2);
  });
});

describe('widths (CSS 2.1 §10.3.3)', () => {
  it('auto side margins centre a fixed-width block', async () => {
    const pages = await layout('<div style="width: 200px; margin: 0 auto">Mid</div>', base, { width: '600px', height: '400px', margin: '0' });
    expect(runWith(pages, 'Mid').x).toBeCloseTo(200 * PX, 2);
  });

  it('max-width clamps and box-sizing: border-box includes padding', async () => {
    const pages = await layout('<div style="box-sizing: border-box; width: 300px; max-width: 250px; padding-left: 50px; margin-left: auto">Right</div>', base, { width: '600px', height: '400px', margin: '0' });
    // border box 250px wide, pushed right by the auto margin: content starts at 600 - 250 + 50.
    expect(runWith(pages, 'Right').x).toBeCloseTo(400 * PX, 2);
  });

  it('percentages resolve against the containing block', async () => {
    const pages = await layout('<div style="margin-left: 25%">Quarter</div>', base, { width: '800px', height: '400px', margin: '0' });
    expect(runWith(pages, 'Quarter').x).toBeCloseTo(200 * PX, 2);
  });
});
