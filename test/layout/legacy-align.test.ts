// The legacy `align` attribute of div, p, td, th and the table parts, and <center> (HTML
// §15.3.3 "align descendants"; Chromium's text-align: -webkit-center/-webkit-left/-webkit-right):
// inline content is aligned, and so are block-level descendants whose inline margins are not
// auto; a table resets these values to start, so a table nested in a centred cell is itself
// centred while its own text starts at the left, as in browsers.
import { describe, expect, it } from 'vitest';
import { layout, PX, runWidth, runWith } from './helpers.js';

const page = { width: '400px', height: '300px', margin: '0' };
const base = 'body { margin: 0; font-size: 12px; line-height: 20px } table { border-spacing: 0 } td { padding: 0 }';

describe('align="center" and -webkit-center', () => {
  it('a table nested in a centred cell does not centre its own text', async () => {
    const pages = await layout('<table width="100%"><tr><td align="center"><table width="300"><tr><td>Body text</td></tr></table></td></tr></table>', base, page);
    // The nested 300px table is centred in the 400px cell: its text starts at its left edge, 50px.
    expect(runWith(pages, 'Body').x).toBeCloseTo(50 * PX, 1);
  });

  it('centres a nested auto-width table (the e-mail button) in the cell', async () => {
    const pages = await layout('<table width="100%"><tr><td align="center"><table><tr><td>Click here to pay</td></tr></table></td></tr></table>', base, page);
    const run = runWith(pages, 'Click');
    const left = run.x;
    const right = 400 * PX - (run.x + runWidth(run.item));
    expect(left).toBeGreaterThan(10);
    expect(left).toBeCloseTo(right, 0);
  });

  it('centres a block with a fixed width in a div with align="middle", and its text inherits the centring', async () => {
    const pages = await layout('<div align="middle"><div style="width: 200px"><span>Hi</span></div></div>', base, page);
    const run = runWith(pages, 'Hi');
    // The 200px block sits at 100px; its line is centred inside it.
    expect(run.x + runWidth(run.item) / 2).toBeCloseTo(200 * PX, 0);
    const pages2 = await layout('<div align="center"><div style="width: 200px; text-align: left">Hi</div></div>', base, page);
    expect(runWith(pages2, 'Hi').x).toBeCloseTo(100 * PX, 1);
  });

  it('author text-align: -webkit-center and <center> behave the same', async () => {
    for (const html of ['<div style="text-align: -webkit-center"><div style="width: 200px; text-align: left">Hi</div></div>', '<center><div style="width: 200px; text-align: left">Hi</div></center>']) {
      const pages = await layout(html, base, page);
      expect(runWith(pages, 'Hi').x, html).toBeCloseTo(100 * PX, 1);
    }
  });

  it('align="right" on a cell puts a narrower block at the right', async () => {
    const pages = await layout('<table width="100%"><tr><td align="right"><div style="width: 100px">Hi</div></td></tr></table>', base, page);
    const run = runWith(pages, 'Hi');
    expect(run.x + runWidth(run.item)).toBeCloseTo(400 * PX, 0);
  });

  it('plain text-align: center centres text only, not blocks, and reaches into nested tables', async () => {
    const pages = await layout('<div style="text-align: center"><div style="width: 200px; text-align: left">Hi</div><table width="300"><tr><td>T</td></tr></table></div>', base, page);
    expect(runWith(pages, 'Hi').x).toBeCloseTo(0, 1);
    const t = runWith(pages, 'T');
    expect(t.x + runWidth(t.item) / 2).toBeCloseTo(150 * PX, 0);
  });

  it('auto margins still win over the legacy alignment', async () => {
    const pages = await layout('<div align="center"><div style="width: 200px; margin-left: auto; margin-right: 0; text-align: left">Hi</div></div>', base, page);
    expect(runWith(pages, 'Hi').x).toBeCloseTo(200 * PX, 1);
  });
});
