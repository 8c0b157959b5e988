// Inline <svg> elements written out as SVG documents (dom/svg-markup.ts): namespaces declared,
// xlink: attributes under their prefix, text and attributes escaped, what XML cannot take
// (HTML inside foreignObject, undeclared prefixes, comments) left out; the size bounded.
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/dom/parse.js';

function markups(html: string): string[] {
  return [...parseHtml(html).inlineSvgs.values()];
}

describe('inline svg markup', () => {
  it('declares the namespaces on the root and keeps attributes, case and text as they are', () => {
    const [svg] = markups('<p><svg viewBox="0 0 2 1"><linearGradient id="a"/><use xlink:href="#a"/><text x="1">a &lt; b &amp; "c"</text></svg></p>');
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 2 1">' +
        '<linearGradient id="a"></linearGradient><use xlink:href="#a"></use><text x="1">a &lt; b &amp; "c"</text></svg>',
    );
  });

  it('escapes attributes and leaves out HTML content, comments and undeclared prefixes', () => {
    const [svg] = markups('<svg data-x=\'a"<>&\' inkscape:label="x"><!-- c --><foreignObject><p>html</p></foreignObject></svg>');
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" data-x="a&quot;&lt;&gt;&amp;"><foreignObject></foreignObject></svg>',
    );
  });

  it('keeps one entry per outermost svg, not its children in the element tree, and its <style> as a document sheet', () => {
    const doc = parseHtml('<svg><style>.a{fill:red}</style><svg><rect/></svg></svg><svg></svg>');
    expect(doc.inlineSvgs.size).toBe(2);
    for (const el of doc.inlineSvgs.keys()) expect(el.children).toEqual([]);
    expect(doc.styleSheets).toEqual([{ kind: 'style', text: '.a{fill:red}', media: null }]);
  });

  it('stops past the size limit', () => {
    const [svg] = markups(`<svg>${'<rect width="1" height="1"/>'.repeat(300_000)}</svg>`);
    expect(svg!.length).toBe(5 * 1024 * 1024 + 1);
  });
});
