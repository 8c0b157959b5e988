// markdownDocument: a validated Markdown request (normalizeRequest) becomes one HTML document,
// its stylesheet and its page rules (spec §2.1, §2.3, §2.5, §4.4).
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/dom/parse.js';
import { MARKDOWN_PAGE_CSS } from '../../src/markdown/stylesheet.js';
import { markdownDocument } from '../../src/markdown/document.js';
import { timestampText } from '../../src/markdown/timestamp.js';
import { renderDocument } from '../../src/render.js';
import { bodyOf, buildDocument, byClass, byTag, childElements, EPOCH, markdownRequest, textOf } from './helpers.js';

/** The sections (one per item) of a document built without logo. */
function sections(body: unknown) {
  const doc = buildDocument({ logo: false, ...(body as object) });
  return byClass(bodyOf(doc), 'md-item');
}

describe('markdownDocument: items', () => {
  it('puts heading, label, content and table of one item in that order, whatever the key order', () => {
    const [section, ...rest] = sections({ data: [{ table: { rows: [['T']] }, content: 'C', label: 'L', heading: 'H' }] });
    expect(rest).toHaveLength(0);
    const blocks = childElements(section!);
    expect(blocks.map((e) => e.tagName)).toEqual(['h2', 'div', 'div', 'table']);
    expect(blocks.map((e) => e.attrs.get('class')?.split(' ')[0])).toEqual(['md-heading', 'md-label', 'md-content', 'md-table']);
    expect(blocks.map((e) => textOf(e).trim())).toEqual(['H', 'L', 'C', 'T']);
  });

  it('makes one section per item, in the order of data, and none for an empty item', () => {
    const list = sections({ data: [{ label: 'first' }, {}, { content: 'second' }, { heading: 'third' }] });
    expect(list.map((e) => textOf(e).trim())).toEqual(['first', 'second', 'third']);
  });

  it('escapes label and heading text: neither is Markdown nor HTML', () => {
    const [section] = sections({ data: [{ heading: '# <b>Head</b> & **more**', label: '<b>bold?</b> _no_ <script>x</script>' }] });
    expect(byTag(section!, 'b')).toHaveLength(0);
    expect(byTag(section!, 'script')).toHaveLength(0);
    expect(byTag(section!, 'strong')).toHaveLength(0);
    expect(byTag(section!, 'em')).toHaveLength(0);
    expect(textOf(byClass(section!, 'md-heading')[0]!)).toBe('# <b>Head</b> & **more**');
    expect(textOf(byClass(section!, 'md-label')[0]!)).toBe('<b>bold?</b> _no_ <script>x</script>');
  });

  it('parses content as Markdown inside .md-content', () => {
    const [section] = sections({ data: [{ content: '**bold** and _it_' }] });
    const content = byClass(section!, 'md-content')[0]!;
    expect(byTag(content, 'strong').map(textOf)).toEqual(['bold']);
    expect(byTag(content, 'em').map(textOf)).toEqual(['it']);
  });

  it('gives a label-only or heading-only item the keep class, not one with content or a table', () => {
    const list = sections({ data: [{ label: 'L' }, { heading: 'H' }, { heading: 'H', label: 'L' }, { label: 'L', content: 'C' }, { label: 'L', table: { rows: [['x']] } }] });
    const keeps = list.map((s) => (s.attrs.get('class') ?? '').split(' ').includes('md-keep'));
    expect(keeps).toEqual([true, true, true, false, false]);
  });

  it('writes item styles: a font stack ending in the Noto fallbacks, a size in px, a colour', () => {
    const [courier, times, noto, sized, plain] = sections({
      data: [
        { content: 'a', fontFamily: 'Courier' },
        { content: 'b', fontFamily: 'Times New Roman', fontSize: 22, textColor: 'AbCdEf' },
        { content: 'c', fontFamily: 'Noto Sans' },
        { content: 'd', fontSize: 5, textColor: '#123456' },
        { content: 'e' },
      ],
    });
    expect(courier!.attrs.get('style')).toBe('font-family: "Courier", "Noto Sans", "Noto CJK", monospace');
    expect(times!.attrs.get('style')).toBe('font-family: "Times New Roman", "Noto Sans", "Noto CJK", serif; font-size: 22px; color: #abcdef');
    expect(noto!.attrs.get('style')).toBe('font-family: "Noto Sans", "Noto CJK", sans-serif');
    expect(sized!.attrs.get('style')).toBe('font-size: 5px; color: #123456');
    expect(plain!.attrs.has('style')).toBe(false);
  });

  it('puts the document options into the root rule of the stylesheet', () => {
    const doc = buildDocument({ data: [{ content: 'x' }], fontFamily: 'Helvetica', fontSize: 11, textColor: '#00FF00' });
    expect(doc.css).toMatch(/html \{ font-family: "Helvetica", "Noto Sans", "Noto CJK", sans-serif; font-size: 11px; [^}]*color: #00ff00; \}/);
    const defaults = buildDocument({ data: [{ content: 'x' }] });
    expect(defaults.css).toMatch(/html \{ font-family: "Noto Sans", "Noto CJK", sans-serif; font-size: 14px;/);
  });
});

describe('markdownDocument: title', () => {
  it('puts the title, escaped, in <title>', () => {
    const doc = buildDocument({ title: 'Q3 </title><script>x()</script> & "more"', data: [] });
    const parsed = parseHtml(doc.html);
    expect(parsed.title).toBe('Q3 </title><script>x()</script> & "more"');
    expect(byTag(parsed.root, 'script')).toHaveLength(0);
    expect(byTag(parsed.root, 'title')).toHaveLength(1);
  });

  it('has no <title> without a title', () => {
    const doc = buildDocument({ data: [{ content: 'x' }] });
    expect(byTag(parseHtml(doc.html).root, 'title')).toHaveLength(0);
  });
});

describe('markdownDocument: tables', () => {
  const tableOf = (table: object) => {
    const [section] = sections({ data: [{ table }] });
    return byTag(section!, 'table')[0]!;
  };

  it('makes the first row a <thead> of <th> by default', () => {
    const table = tableOf({ rows: [['Name', 'Qty'], ['Nuts', 3], ['Bolts', null]] });
    const thead = byTag(table, 'thead');
    expect(thead).toHaveLength(1);
    expect(byTag(thead[0]!, 'th').map(textOf)).toEqual(['Name', 'Qty']);
    const body = byTag(table, 'tbody')[0]!;
    expect(byTag(body, 'tr').map((tr) => byTag(tr, 'td').map(textOf))).toEqual([['Nuts', '3'], ['Bolts', '']]);
    expect(byTag(body, 'th')).toHaveLength(0);
  });

  it('has no <thead> and no <th> when firstRowHeaders is false', () => {
    const table = tableOf({ rows: [['a', 'b'], ['c', 'd']], firstRowHeaders: false });
    expect(byTag(table, 'thead')).toHaveLength(0);
    expect(byTag(table, 'th')).toHaveLength(0);
    expect(byTag(table, 'td').map(textOf)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('pads short rows to the widest row', () => {
    const table = tableOf({ rows: [['a', 'b', 'c'], ['d']] });
    expect(byTag(byTag(table, 'tbody')[0]!, 'td').map(textOf)).toEqual(['d', '', '']);
  });

  it('writes column widths as <col style="width: …">, and none without widths', () => {
    const table = tableOf({ rows: [['a', 'b', 'c']], columnOptions: [{ width: '40%' }, {}, { width: 120 }] });
    const cols = byTag(table, 'col');
    expect(cols.map((c) => c.attrs.get('style') ?? null)).toEqual(['width: 40%', null, 'width: 120px']);
    expect(byTag(table, 'colgroup')).toHaveLength(1);
    expect(byTag(tableOf({ rows: [['a']], columnOptions: [{ align: 'right' }] }), 'col')).toHaveLength(0);
  });

  it('gives centred and right-aligned columns an align class on each cell, left none', () => {
    const table = tableOf({ rows: [['h1', 'h2', 'h3', 'h4'], ['a', 'b', 'c', 'd']], columnOptions: [{ align: 'left' }, { align: 'center' }, { align: 'right' }] });
    const classes = (tag: string) => byTag(table, tag).map((c) => c.attrs.get('class') ?? null);
    expect(classes('th')).toEqual([null, 'align-center', 'align-right', null]);
    expect(classes('td')).toEqual([null, 'align-center', 'align-right', null]);
  });

  it('turns gridlines and vertical alignment into classes (both gridline spellings)', () => {
    const classes = (table: object) => (tableOf({ rows: [['a']], ...table }).attrs.get('class') ?? '').split(' ').sort();
    expect(classes({})).toEqual(['md-table', 'valign-top']);
    expect(classes({ rowGridlines: true, verticalAlign: 'center' })).toEqual(['md-table', 'row-lines', 'valign-middle']);
    expect(classes({ columnGridlines: true, verticalAlign: 'middle' })).toEqual(['column-lines', 'md-table', 'valign-middle']);
    expect(classes({ rowGridLines: true, columnGridLines: true, verticalAlign: 'bottom' })).toEqual(['column-lines', 'md-table', 'row-lines', 'valign-bottom']);
  });

  it('shows cell text as text: newlines become <br>, markup is escaped, Markdown is not parsed', () => {
    const table = tableOf({ rows: [['Head\nline two'], ['one\ntwo\r\nthree'], ['<b>x</b> & **y** <img src="http://x/i.png">']] });
    const th = byTag(table, 'th')[0]!;
    expect(byTag(th, 'br')).toHaveLength(1);
    const [multi, markup] = byTag(table, 'td');
    expect(byTag(multi!, 'br')).toHaveLength(2);
    expect(textOf(multi!)).toBe('onetwothree');
    expect(childElements(markup!)).toHaveLength(0);
    expect(textOf(markup!)).toBe('<b>x</b> & **y** <img src="http://x/i.png">');
  });
});

describe('markdownDocument: logo', () => {
  const logoImages = (body: object) => byClass(bodyOf(buildDocument({ data: [{ content: 'x' }], ...body })), 'md-logo').flatMap((l) => byTag(l, 'img'));

  it('shows Quire\'s logo first in the body by default (and for logo: true)', () => {
    for (const body of [{}, { logo: true }]) {
      const doc = buildDocument({ data: [{ content: 'x' }], ...body });
      const first = childElements(bodyOf(doc))[0]!;
      expect(first.attrs.get('class')).toBe('md-logo');
      const img = byTag(first, 'img')[0]!;
      expect(img.attrs.get('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(img.attrs.get('src')!.split(',')[1]!, 'base64').toString();
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    }
  });

  it('has no logo with logo: false', () => {
    expect(logoImages({ logo: false })).toHaveLength(0);
    expect(buildDocument({ logo: false, data: [{ content: 'x' }] }).html).not.toContain('md-logo');
  });

  it('shows a custom logo within maxWidth × maxHeight pixels (default 200)', () => {
    const [img] = logoImages({ logo: { src: 'https://example.com/logo.png', maxWidth: 150, maxHeight: 60 } });
    expect(img!.attrs.get('src')).toBe('https://example.com/logo.png');
    expect(img!.attrs.get('style')).toBe('max-width: 150px; max-height: 60px');
    const [defaults] = logoImages({ logo: { src: 'data:image/png;base64,AAAA' } });
    expect(defaults!.attrs.get('src')).toBe('data:image/png;base64,AAAA');
    expect(defaults!.attrs.get('style')).toBe('max-width: 200px; max-height: 200px');
  });

  it('escapes the custom logo src, which cannot break out of its attribute', () => {
    const src = 'https://example.com/a.png?x="><script>x()</script>&y=\'1\'';
    const doc = buildDocument({ data: [], logo: { src } });
    const root = parseHtml(doc.html).root;
    expect(byTag(root, 'script')).toHaveLength(0);
    const imgs = byTag(root, 'img');
    expect(imgs).toHaveLength(1);
    expect(imgs[0]!.attrs.get('src')).toBe(src);
    expect([...imgs[0]!.attrs.keys()].sort()).toEqual(['alt', 'src', 'style']);
  });
});

describe('markdownDocument: timestamp and page rules', () => {
  it('formats the generation time in UTC', () => {
    expect(timestampText(EPOCH)).toBe('Generated 1 Jan 2000, 00:00 UTC');
    expect(timestampText(new Date('2026-11-23T08:40:59Z'))).toBe('Generated 23 Nov 2026, 08:40 UTC');
    expect(timestampText(new Date('2024-02-29T23:05:00-05:00'))).toBe('Generated 1 Mar 2024, 04:05 UTC');
  });

  it('puts the timestamp of generatedAt in the bottom-left margin box by default', () => {
    const doc = buildDocument({ data: [{ content: 'x' }] }, new Date('2031-07-04T17:09:00Z'));
    expect(doc.pageCss).toMatch(/@bottom-left \{ content: "Generated 4 Jul 2031, 17:09 UTC";/);
    expect(doc.pageCss).not.toContain('@bottom-right');
  });

  it('moves the timestamp to the bottom right when the page counter takes the bottom left', () => {
    const doc = buildDocument({ data: [{ content: 'x' }], page: { pageCount: 'bottomLeft' } });
    expect(doc.pageCss).toMatch(/@bottom-right \{ content: "Generated 1 Jan 2000, 00:00 UTC";/);
    expect(doc.pageCss).toMatch(/@bottom-left \{ content: "Page " counter\(page\)/);
    expect(doc.pageCss).not.toMatch(/@bottom-left \{ content: "Generated/);
    const other = buildDocument({ data: [{ content: 'x' }], page: { pageCount: 'bottomRight' } });
    expect(other.pageCss).toMatch(/@bottom-left \{ content: "Generated/);
    expect(other.pageCss).toMatch(/@bottom-right \{ content: "Page "/);
  });

  it('has no timestamp with includeTimestamp: false', () => {
    const doc = buildDocument({ data: [{ content: 'x' }], includeTimestamp: false });
    expect(doc.pageCss).not.toContain('Generated');
    expect(doc.html + doc.css).not.toContain('Generated');
    expect(doc.pageCss.trim()).toBe(MARKDOWN_PAGE_CSS);
  });

  it('places the request\'s page rule after the built-in one, so the request wins', () => {
    const doc = buildDocument({ data: [{ content: 'x' }], page: { width: '210mm', height: '297mm', margin: '10mm' } });
    const builtIn = doc.pageCss.indexOf(MARKDOWN_PAGE_CSS);
    const request = doc.pageCss.indexOf('size: 210mm 297mm');
    expect(builtIn).toBe(0);
    expect(request).toBeGreaterThan(builtIn);
    expect(doc.pageCss.indexOf('margin: 10mm')).toBeGreaterThan(doc.pageCss.indexOf('Generated'));
  });
});

describe('markdownDocument: content the Markdown parser fails on', () => {
  // marked 18.2.1 throws (reading 'raw' of undefined) on a list item holding a quote that
  // starts with an ordered-list marker other than 1 and continues lazily on the next line;
  // found by the API fuzzer (test/server/fuzz.test.ts).
  const BREAKS_MARKED = '- Notes\n  > 2) see above\nand more';

  it('shows that item\'s content as plain text, line by line, and warns; the other items are Markdown as usual', () => {
    const warnings: string[] = [];
    const doc = markdownDocument(markdownRequest({ logo: false, data: [{ content: '**bold**' }, { content: BREAKS_MARKED }] }), EPOCH, (w) => warnings.push(w));
    const [first, second] = byClass(bodyOf(doc), 'md-content');
    expect(byTag(first!, 'strong')).toHaveLength(1);
    expect(textOf(second!)).toBe('- Notes  > 2) see aboveand more');
    expect(byTag(second!, 'br')).toHaveLength(2);
    expect(byTag(second!, 'li')).toHaveLength(0);
    expect(warnings).toEqual([expect.stringMatching(/^data\[1\]\.content: .*plain text/)]);
  });

  it('renders: a PDF with the warning, not an error', async () => {
    const result = await renderDocument({ data: [{ content: BREAKS_MARKED }] }, { deterministic: true });
    expect(result.pageCount).toBe(1);
    expect(result.warnings.some((w) => w.includes('data[0].content'))).toBe(true);
  });
});
