// The passes of src/render.ts for flow content that shows the page total or target-counter():
// pages that show them wait and are laid out again once every page exists; when that moves a
// break, or too many pages wait, further passes run until the totals agree.
import { describe, expect, it } from 'vitest';
import { layout, pageText, runWith } from './helpers.js';

const base = 'body { margin: 0; font-size: 10pt; line-height: 20pt } p, h1 { margin: 0; font-size: 10pt; line-height: 20pt }';

describe('page totals in the flow', () => {
  it('a table of contents reads the pages its targets land on', async () => {
    const html = `<p class="toc"><a href="#a">Alpha</a></p><p class="toc"><a href="#b">Beta</a></p>`
      + `<h1 id="a" style="break-before: page">Alpha</h1><p>a</p><h1 id="b" style="break-before: page">Beta</h1><p>b</p>`;
    const pages = await layout(html, `${base} .toc a::after { content: " p" target-counter(attr(href), page) }`, { width: '300pt', height: '200pt', margin: '0' });
    expect(pages).toHaveLength(3);
    expect(pageText(pages, 0)).toContain('Alpha p2');
    expect(pageText(pages, 0)).toContain('Beta p3');
  });

  it('more pages show the total than wait at once: another pass gives every page the right total', async () => {
    // 80 pages, each showing the total in its own text (more than the 64 pages that may wait).
    const html = Array.from({ length: 80 }, (_, i) => `<p class="n" style="break-before: page">S${i + 1}</p>`).join('');
    const pages = await layout(html, `${base} .n::after { content: " " counter(page) "/" counter(pages) }`, { width: '200pt', height: '100pt', margin: '0' });
    expect(pages).toHaveLength(80);
    for (const i of [0, 1, 40, 63, 64, 79]) expect(pageText(pages, i)).toContain(`S${i + 1} ${i + 1}/80`);
  });

  it('numbers that change a line break run again until the table of contents and its targets agree', async () => {
    // Three lines per page. Each entry is a 170pt inline-block plus its number in a 200pt line:
    // "II" fits beside it, the unknown placeholder (88, LXXXVIII) wraps. Laid out with the
    // placeholder the contents take two pages; with the real numbers one.
    const entry = (id: string) => `<p class="toc" href="#${id}"><span class="e">Entry ${id}</span></p>`;
    const html = `${entry('s1')}${entry('s2')}${entry('s3')}`
      + ['s1', 's2', 's3'].map((id) => `<h1 id="${id}" style="break-before: page">Section ${id}</h1>`).join('');
    const css = `${base} .e { display: inline-block; width: 170pt } .toc::after { content: " " target-counter(attr(href), page, upper-roman) }`;
    const pages = await layout(html, css, { width: '200pt', height: '60pt', margin: '0' });
    expect(pages).toHaveLength(4);
    expect(runWith(pages, 'Section s1').page).toBe(1);
    expect(runWith(pages, 'Section s3').page).toBe(3);
    const toc = pageText(pages, 0);
    expect(toc).toContain('II');
    expect(toc).toContain('III');
    expect(toc).toContain('IV');
    expect(toc).not.toContain('LXXXVIII');
    expect(pageText(pages, 1)).toContain('Section s1');
  });

  it('a link whose fragment is not valid percent-encoding points nowhere instead of failing the render', async () => {
    const html = '<p class="toc"><a href="#100%">Full</a> <a href="#b%2Fc">Slash</a></p><h1 id="b/c" style="break-before: page">B</h1>';
    const pages = await layout(html, `${base} .toc a::after { content: " p" target-counter(attr(href), page) }`, { width: '300pt', height: '200pt', margin: '0' });
    expect(pages).toHaveLength(2);
    expect(pageText(pages, 0)).toContain('Slash p2');
  });
});

