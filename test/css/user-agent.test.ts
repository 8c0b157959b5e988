// The user-agent style sheet and presentational hints: the defaults browsers give HTML.
import { describe, expect, it } from 'vitest';
import type { LengthPercentageAuto } from '../../src/css/types.js';
import { byId, px, rgb, style, styleOf } from './helpers.js';

const abs = (v: LengthPercentageAuto): number | 'auto' => (v === 'auto' ? v : v.abs);

describe('user-agent defaults', () => {
  const doc = style(`<body id="body"><h1 id="h1">a</h1><h3 id="h3">b</h3><h6 id="h6">c</h6><p id="p">t <b id="b">b</b> <strong id="strong"><strong id="strong2">s</strong></strong>
    <em id="em">e</em> <code id="code">c</code> <small id="small">s</small> <sub id="sub">2</sub> <sup id="sup">2</sup> <u id="u">u</u> <del id="del">d</del>
    <a id="link" href="https://example.com">l</a> <a id="anchor" name="x">n</a> <img id="img" src="x.png"> <span id="hidden" hidden>h</span></p>
    <pre id="pre">x</pre><blockquote id="bq">q</blockquote><center id="center">c</center>
    <ul id="ul"><li id="li">a<ul id="ul2"><li>b<ul id="ul3"><li>c</li></ul></li></ul></li></ul><ol id="ol"><li>x</li></ol>
    <dl><dt id="dt">t</dt><dd id="dd">d</dd></dl><hr id="hr">
    <table id="table"><caption id="caption">c</caption><thead id="thead"><tr><th id="th">h</th></tr></thead><tbody><tr id="tr"><td id="td">d</td></tr></tbody></table>
    <section id="section">s</section><article id="article">a</article><nav id="nav">n</nav><main id="main">m</main><figure id="figure">f</figure>
  </body>`);
  const s = (id: string) => styleOf(doc, id);

  it('html: the Noto font stack, 16px, black, normal line-height', () => {
    expect(doc.root.style.fontFamily).toEqual(['Noto Sans', 'Noto CJK', 'sans-serif']);
    expect(doc.root.style.fontSize).toBe(12);
    expect(doc.root.style.color).toEqual(rgb(0, 0, 0));
    expect(doc.root.style.lineHeight).toEqual({ kind: 'normal' });
    expect(doc.root.style.display).toBe('block');
  });

  it('body margin 8px; head and friends hidden', () => {
    expect(abs(s('body').marginLeft)).toBe(px(8));
    const head = doc.root.children.find((c) => c.kind === 'element' && c.element.tagName === 'head');
    expect(head?.kind === 'element' && head.style.display).toBe('none');
    expect(s('hidden').display).toBe('none');
  });

  it('headings: sizes, margins, bold', () => {
    expect(s('h1').fontSize).toBe(24);
    expect(abs(s('h1').marginTop)).toBeCloseTo(0.67 * 24);
    expect(s('h3').fontSize).toBeCloseTo(1.17 * 12);
    expect(s('h6').fontSize).toBeCloseTo(0.67 * 12);
    expect(s('h1').fontWeight).toBe(700);
    expect(s('h1').display).toBe('block');
    expect(s('h3').breakAfter).toBe('avoid');
    expect(s('p').breakAfter).toBe('auto');
  });

  it('paragraphs, pre, blockquote, center', () => {
    expect(abs(s('p').marginTop)).toBe(12);
    expect(s('pre').whiteSpace).toBe('pre');
    expect(s('pre').fontFamily).toEqual(['monospace']);
    expect(abs(s('bq').marginLeft)).toBe(px(40));
    expect(s('center').textAlign).toBe('-webkit-center');
  });

  it('phrasing elements', () => {
    expect(s('b').fontWeight).toBe(700);
    expect(s('strong2').fontWeight).toBe(900); // bolder than bold
    expect(s('em').fontStyle).toBe('italic');
    expect(s('code').fontFamily).toEqual(['monospace']);
    expect(s('small').fontSize).toBeCloseTo(10);
    expect(s('sub').verticalAlign).toBe('sub');
    expect(s('sup').verticalAlign).toBe('super');
    expect(s('sup').fontSize).toBeCloseTo(10);
    expect(s('u').textDecorationLine.underline).toBe(true);
    expect(s('del').textDecorationLine.lineThrough).toBe(true);
    expect(s('img').display).toBe('inline');
  });

  it('a[href] is a blue underlined link; a without href is not', () => {
    expect(s('link').color).toEqual(rgb(0, 0, 0xee));
    expect(s('link').textDecorationLine.underline).toBe(true);
    expect(s('anchor').color).toEqual(rgb(0, 0, 0));
  });

  it('lists: padding, list-item, marker styles by nesting', () => {
    expect(abs(s('ul').paddingLeft)).toBe(px(40));
    expect(s('li').display).toBe('list-item');
    expect(s('ul').listStyleType).toBe('disc');
    expect(s('ul2').listStyleType).toBe('circle');
    expect(s('ul3').listStyleType).toBe('square');
    expect(abs(s('ul2').marginTop)).toBe(0);
    expect(s('ol').listStyleType).toBe('decimal');
    expect(abs(s('dd').marginLeft)).toBe(px(40));
    expect(s('dt').display).toBe('block');
  });

  it('tables', () => {
    expect(s('table').display).toBe('table');
    expect(s('caption').display).toBe('table-caption');
    expect(s('thead').display).toBe('table-header-group');
    expect(s('tr').display).toBe('table-row');
    expect(s('td').display).toBe('table-cell');
    expect(s('th').fontWeight).toBe(700);
    expect(s('th').textAlign).toBe('center');
    expect(s('td').verticalAlign).toBe('middle');
    expect(abs(s('td').paddingLeft)).toBe(px(1));
    expect(s('table').borderSpacing).toEqual([px(2), px(2)]);
    expect(s('table').borderCollapse).toBe('separate');
    expect(s('table').boxSizing).toBe('border-box');
  });

  it('hr and sectioning elements', () => {
    expect(s('hr').borderTopStyle).toBe('inset');
    expect(s('hr').borderTopWidth).toBe(px(1));
    expect(s('hr').borderTopColor).toEqual(rgb(128, 128, 128));
    for (const id of ['section', 'article', 'nav', 'main', 'figure']) expect(s(id).display).toBe('block');
  });
});

describe('presentational hints', () => {
  it('width/height attributes map to dimensions; author CSS overrides them', () => {
    const doc = style('<img id="a" width="100" height="50%"><img id="b" width="100" style="width: 20px"><td id="c">', 'img#b { height: 3px }');
    expect(styleOf(doc, 'a').width).toEqual({ abs: px(100), pct: 0 });
    expect(styleOf(doc, 'a').height).toEqual({ abs: 0, pct: 50 });
    expect(styleOf(doc, 'b').width).toEqual({ abs: px(20), pct: 0 });
  });

  it('align, valign, bgcolor, cellpadding, border, nowrap, font', () => {
    const doc = style('<table id="t" border="2" cellpadding="5" cellspacing="0" align="center" bgcolor="ffcc00"><tr><td id="c" align="right" valign="top" nowrap>x</td></tr></table><p id="p" align="center"><font id="f" color="red" size="+1" face="Georgia">x</font></p>');
    expect(styleOf(doc, 't').marginLeft).toBe('auto');
    expect(styleOf(doc, 't').backgroundColor).toEqual(rgb(255, 204, 0));
    expect(styleOf(doc, 't').borderTopWidth).toBe(px(2));
    expect(styleOf(doc, 't').borderTopStyle).toBe('outset');
    expect(styleOf(doc, 't').borderSpacing).toEqual([0, 0]);
    expect(styleOf(doc, 'c').textAlign).toBe('-webkit-right');
    expect(styleOf(doc, 'c').verticalAlign).toBe('top');
    expect(styleOf(doc, 'c').whiteSpace).toBe('nowrap');
    expect(styleOf(doc, 'c').paddingTop).toEqual({ abs: px(5), pct: 0 });
    expect(styleOf(doc, 'c').borderTopStyle).toBe('inset');
    expect(styleOf(doc, 'p').textAlign).toBe('-webkit-center');
    expect(styleOf(doc, 'f').color).toEqual(rgb(255, 0, 0));
    expect(styleOf(doc, 'f').fontSize).toBe(px(18));
    expect(styleOf(doc, 'f').fontFamily).toEqual(['Georgia']);
  });

  it('dir attribute sets direction', () => {
    expect(styleOf(style('<p id="t" dir="RTL">x</p>'), 't').direction).toBe('rtl');
  });

  it('text nodes carry their parent style', () => {
    const doc = style('<p id="t">hello</p>');
    const p = byId(doc, 't');
    expect(p.children[0]).toEqual({ kind: 'text', text: 'hello', style: p.style });
  });
});
