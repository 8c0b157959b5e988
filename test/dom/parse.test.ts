import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, parseHtml } from '../../src/dom/parse.js';
import type { DomElement } from '../../src/dom/types.js';
import { renderDocument } from '../../src/render.js';

function depthOf(el: DomElement): number {
  let max = 0;
  const stack: [DomElement, number][] = [[el, 0]];
  while (stack.length) {
    const [e, d] = stack.pop()!;
    max = Math.max(max, d);
    for (const c of e.children) if (c.kind === 'element') stack.push([c, d + 1]);
  }
  return max;
}

describe('parseHtml', () => {
  it('wraps a fragment in html/head/body as a browser does', () => {
    const doc = parseHtml('<p>Hi <b>there</b>');
    expect(doc.root.tagName).toBe('html');
    const body = doc.root.children.find((c) => c.kind === 'element' && c.tagName === 'body') as DomElement;
    expect(body.children[0]).toMatchObject({ kind: 'element', tagName: 'p' });
  });

  it('joins a text node from all its character tokens, in order, also for text foster-parented before a table', () => {
    const doc = parseHtml('<p>one  two\n&amp; <!-- c --> three\u00a0four</p><table>x<tr><td>cell</td></tr>y z</table><style>p {}\n b {}</style>');
    const body = doc.root.children.find((c) => c.kind === 'element' && c.tagName === 'body') as DomElement;
    const texts = (el: DomElement): string[] => el.children.map((c) => (c.kind === 'text' ? c.text : `<${c.tagName}>`));
    expect(texts(body.children[0] as DomElement)).toEqual(['one  two\n& ', ' three\u00a0four']);
    expect(texts(body)).toEqual(['<p>', 'xy z', '<table>', '<style>']);
    expect(doc.styleSheets).toEqual([{ kind: 'style', text: 'p {}\n b {}', media: null }]);
  });

  it('drops a leading byte order mark instead of making it text in the body', () => {
    const doc = parseHtml('\uFEFF<!DOCTYPE html><p>x</p>');
    const body = doc.root.children.find((c) => c.kind === 'element' && c.tagName === 'body') as DomElement;
    expect(body.children.map((c) => c.kind)).toEqual(['element']);
  });

  it('collects <style> sheets with their media and the <title>', () => {
    const doc = parseHtml('<title> Report </title><style media="print">p{}</style><style>b{}</style>');
    expect(doc.title).toBe('Report');
    expect(doc.styleSheets).toEqual([{ kind: 'style', text: 'p{}', media: 'print' }, { kind: 'style', text: 'b{}', media: null }]);
  });

  it('collects <link rel=stylesheet> in document order with the <style> sheets, and only those', () => {
    const doc = parseHtml('<link rel="stylesheet" href=" a.css " media="print"><style>b{}</style><link rel="alternate stylesheet" href="alt.css"><link rel="icon" href="i.png"><link rel="Stylesheet" href="c.css"><link rel="stylesheet">');
    expect(doc.styleSheets).toEqual([
      { kind: 'link', href: 'a.css', media: 'print' },
      { kind: 'style', text: 'b{}', media: null },
      { kind: 'link', href: 'c.css', media: null },
    ]);
  });

  it('bounds the tree depth so 20,000 nested elements render', async () => {
    const html = '<div>'.repeat(20_000) + 'deep' + '</div>'.repeat(20_000);
    expect(depthOf(parseHtml(html).root)).toBeLessThanOrEqual(MAX_DEPTH + 1);
    const result = await renderDocument({ type: 'html', data: { html, css: '' } }, { deterministic: true });
    expect(result.pageCount).toBe(1);
  });
});
