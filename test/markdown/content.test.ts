// contentHtml: each Markdown feature an item's `content` supports (spec §1, §2.3) becomes the
// right elements. The output is read back with the engine's HTML parser.
import { describe, expect, it } from 'vitest';
import { contentHtml } from '../../src/markdown/content.js';
import type { DomElement } from '../../src/dom/types.js';
import { byTag, childElements, elements, fragment, textOf } from './helpers.js';

/** contentHtml parsed into a <body>. */
const md = (markdown: string) => fragment(contentHtml(markdown));

describe('contentHtml: block elements', () => {
  it('renders ATX headings # to ###### as h1 to h6', () => {
    const body = md('# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six');
    const tags = childElements(body).map((e) => `${e.tagName}:${textOf(e)}`);
    expect(tags).toEqual(['h1:One', 'h2:Two', 'h3:Three', 'h4:Four', 'h5:Five', 'h6:Six']);
  });

  it('seven hashes is not a heading', () => {
    const body = md('####### Seven');
    expect(elements(body).some((e) => /^h\d$/.test(e.tagName))).toBe(false);
    expect(textOf(body)).toContain('####### Seven');
  });

  it('renders bullet lists as ul/li', () => {
    const body = md('- apple\n- banana\n* cherry');
    const ul = byTag(body, 'ul');
    expect(ul.length).toBeGreaterThanOrEqual(1);
    expect(byTag(body, 'li').map(textOf)).toEqual(['apple', 'banana', 'cherry']);
    expect(byTag(body, 'ol')).toHaveLength(0);
  });

  it('renders numbered lists as ol, keeping a start number other than 1', () => {
    const one = md('1. first\n2. second');
    expect(byTag(one, 'ol')).toHaveLength(1);
    expect(byTag(one, 'ol')[0]!.attrs.has('start')).toBe(false);
    expect(byTag(one, 'li').map(textOf)).toEqual(['first', 'second']);

    const three = md('3. third\n4. fourth');
    expect(byTag(three, 'ol')[0]!.attrs.get('start')).toBe('3');
    expect(byTag(three, 'li').map(textOf)).toEqual(['third', 'fourth']);
  });

  it('nests an indented list inside its parent item', () => {
    const body = md('- outer\n  - inner one\n  - inner two\n- after\n\n1. n\n   1. nn');
    const outer = byTag(body, 'ul')[0]!;
    const items = childElements(outer).filter((e) => e.tagName === 'li');
    expect(items).toHaveLength(2);
    const inner = childElements(items[0]!).find((e) => e.tagName === 'ul');
    expect(inner).toBeDefined();
    expect(childElements(inner!).map(textOf)).toEqual(['inner one', 'inner two']);
    const ol = byTag(body, 'ol')[0]!;
    expect(byTag(childElements(ol)[0]!, 'ol')).toHaveLength(1);
  });

  it('renders blockquotes', () => {
    const body = md('> quoted *words*\n\nafter');
    const quote = byTag(body, 'blockquote');
    expect(quote).toHaveLength(1);
    expect(textOf(quote[0]!)).toContain('quoted words');
    expect(byTag(quote[0]!, 'em')).toHaveLength(1);
    expect(textOf(quote[0]!)).not.toContain('after');
  });

  it('renders fenced code blocks as pre > code, with the code escaped and not parsed as Markdown', () => {
    const body = md('```js\nif (a < b && **c**) {}\n<b>x</b>\n```');
    const pre = byTag(body, 'pre');
    expect(pre).toHaveLength(1);
    const code = childElements(pre[0]!);
    expect(code.map((e) => e.tagName)).toEqual(['code']);
    expect(textOf(code[0]!)).toBe('if (a < b && **c**) {}\n<b>x</b>\n');
    expect(byTag(body, 'strong')).toHaveLength(0);
    expect(byTag(body, 'b')).toHaveLength(0);
  });

  it('renders horizontal rules (---, ***, ___)', () => {
    expect(byTag(md('above\n\n---\n\nbelow'), 'hr')).toHaveLength(1);
    expect(byTag(md('***'), 'hr')).toHaveLength(1);
    expect(byTag(md('___'), 'hr')).toHaveLength(1);
  });

  it('renders GFM tables with a header row and column alignment', () => {
    const body = md('| Name | Qty |\n|:-----|----:|\n| Nuts | 3 |\n| Bolts | 12 |');
    expect(byTag(body, 'table')).toHaveLength(1);
    const th = byTag(body, 'th');
    expect(th.map(textOf)).toEqual(['Name', 'Qty']);
    expect(th.map((e) => e.attrs.get('align'))).toEqual(['left', 'right']);
    expect(byTag(byTag(body, 'thead')[0]!, 'th')).toHaveLength(2);
    const td = byTag(body, 'td');
    expect(td.map(textOf)).toEqual(['Nuts', '3', 'Bolts', '12']);
    expect(td.map((e) => e.attrs.get('align'))).toEqual(['left', 'right', 'left', 'right']);
  });

  it('renders task list boxes as boxes, checked or not, never as form fields', () => {
    const body = md('- [ ] open task\n- [x] done task\n- [X] also done\n- plain item');
    expect(byTag(body, 'input')).toHaveLength(0);
    expect(contentHtml('- [ ] a\n- [x] b')).not.toMatch(/<input|type="?checkbox/i);
    // A box is either a ballot-box character (☐ / ☒) or an empty span.md-box the stylesheet draws.
    const boxOf = (li: DomElement): 'open' | 'checked' | null => {
      const text = textOf(li).trim();
      if (text.startsWith('\u2610')) return 'open';
      if (text.startsWith('\u2612')) return 'checked';
      const span = elements(li).find((e) => e.tagName === 'span' && (e.attrs.get('class') ?? '').split(' ').includes('md-box'));
      if (!span) return null;
      expect(textOf(span)).toBe('');
      return (span.attrs.get('class') ?? '').split(' ').includes('md-box-checked') ? 'checked' : 'open';
    };
    const items = byTag(body, 'li');
    expect(items.map(boxOf)).toEqual(['open', 'checked', 'checked', null]);
    expect(items.map((li) => textOf(li).replace(/[\u2610\u2612]/g, '').trim())).toEqual(['open task', 'done task', 'also done', 'plain item']);
  });
});

describe('contentHtml: inline elements', () => {
  it('renders bold with ** and __', () => {
    const body = md('**strong one** and __strong two__');
    expect(byTag(body, 'strong').map(textOf)).toEqual(['strong one', 'strong two']);
  });

  it('renders italic with both _x_ and *x*', () => {
    const body = md('_under_ and *star*');
    expect(byTag(body, 'em').map(textOf)).toEqual(['under', 'star']);
  });

  it('renders bold italic as nested strong and em', () => {
    const body = md('***both***');
    const strong = byTag(body, 'strong');
    const em = byTag(body, 'em');
    expect(strong).toHaveLength(1);
    expect(em).toHaveLength(1);
    expect(textOf(strong[0]!)).toBe('both');
    expect(textOf(em[0]!)).toBe('both');
  });

  it('renders ~~strikethrough~~ as del', () => {
    const body = md('keep ~~gone~~ keep');
    expect(byTag(body, 'del').map(textOf)).toEqual(['gone']);
  });

  it('renders links with their href (and title)', () => {
    const body = md('see [the site](https://example.com/a?b=1&c=2 "Example")');
    const a = byTag(body, 'a');
    expect(a).toHaveLength(1);
    expect(textOf(a[0]!)).toBe('the site');
    expect(a[0]!.attrs.get('href')).toBe('https://example.com/a?b=1&c=2');
    expect(a[0]!.attrs.get('title')).toBe('Example');
  });

  it('renders mailto links and bare URLs (GFM autolinks)', () => {
    const body = md('[mail](mailto:a@example.com) and https://example.org/x');
    expect(byTag(body, 'a').map((a) => a.attrs.get('href'))).toEqual(['mailto:a@example.com', 'https://example.org/x']);
  });

  it('renders images with src and alt', () => {
    const body = md('![A chart](https://example.com/chart.png "Title")');
    const img = byTag(body, 'img');
    expect(img).toHaveLength(1);
    expect(img[0]!.attrs.get('src')).toBe('https://example.com/chart.png');
    expect(img[0]!.attrs.get('alt')).toBe('A chart');
    expect(img[0]!.attrs.get('title')).toBe('Title');
  });

  it('renders inline code with its text escaped', () => {
    const body = md('call `f(<a>) **x**` now');
    const code = byTag(body, 'code');
    expect(code.map(textOf)).toEqual(['f(<a>) **x**']);
    expect(byTag(body, 'a')).toHaveLength(0);
    expect(byTag(body, 'strong')).toHaveLength(0);
  });

  it('turns a single newline into a line break, a blank line into a new paragraph', () => {
    const body = md('line one\nline two\n\nnext paragraph');
    const p = byTag(body, 'p');
    expect(p).toHaveLength(2);
    expect(byTag(p[0]!, 'br')).toHaveLength(1);
    expect(textOf(p[0]!)).toBe('line oneline two');
    expect(textOf(p[1]!)).toBe('next paragraph');
  });

  it('escapes text that looks like markup but is not a tag', () => {
    const body = md('1 < 2 & 3 > 2');
    expect(textOf(body).trim()).toBe('1 < 2 & 3 > 2');
  });
});
