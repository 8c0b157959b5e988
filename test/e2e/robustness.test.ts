// Hostile and degenerate documents: each must render (or fail with a ValidationError),
// never throw anything else, hang, or produce an unbounded number of pages.
import { describe, expect, it } from 'vitest';
import { renderDocument, renderUnchecked } from '../../src/render.js';
import { ValidationError } from '../../src/request/errors.js';

async function pages(html: string, css = ''): Promise<number> {
  const result = await renderDocument({ type: 'html', data: { html, css } }, { deterministic: true });
  expect(result.pdf.length).toBeGreaterThan(100);
  return result.pageCount;
}

describe('degenerate documents', () => {
  it.each([
    ['empty html', '', ''],
    ['only white space', '   \n\t  ', ''],
    ['garbage CSS', '<p>x</p>', '}}} p { color: ; width: calc(1px + ) } @media { @page { size: banana } } @@@'],
    ['zero line-height and font-size', '<p style="line-height: 0; font-size: 0">invisible</p><p>visible</p>', ''],
    ['negative and huge lengths', '<div style="margin: -1e9px; width: 1e12px; padding: 1e6px">x</div>', ''],
    ['huge font size', '<p style="font-size: 100000px">W</p>', ''],
    ['unclosed everything', '<div><p><b><i><ul><li>a<li>b<table><tr><td>c', ''],
    ['deep inline nesting', '<span>'.repeat(3000) + 'deep' + '</span>'.repeat(3000), ''],
    ['many breaks', '<br>'.repeat(5000), ''],
    ['percentages everywhere', '<div style="width: 150%; margin-left: -25%; padding: 10%; text-indent: 200%">x y z</div>', ''],
    ['nested lists 100 deep', '<ul><li>'.repeat(100) + 'x' + '</li></ul>'.repeat(100), ''],
    ['tall fixed heights', '<div style="height: 100000px">a</div><div style="min-height: 50000px">b</div>', ''],
  ])('%s renders', async (_name, html, css) => {
    const n = await pages(html, css);
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThan(20_001);
  });

  it('a page smaller than its margins still renders', async () => {
    const result = await renderDocument({ type: 'html', data: { html: '<p>tiny</p>' }, page: { width: '10px', height: '10px', margin: '20px' } }, { deterministic: true });
    expect(result.pageCount).toBeGreaterThanOrEqual(1);
  });

  it('bad bodies reject with ValidationError naming each property', async () => {
    const attempt = renderUnchecked({ type: 'html', data: { html: 42 }, page: { width: '10vw', marginTop: 'abc' } });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    const error = (await attempt.catch((e: unknown) => e)) as ValidationError;
    expect(error.fields.map((f) => f.property).sort()).toEqual(['data.html', 'page.marginTop', 'page.width']);
  });
});
