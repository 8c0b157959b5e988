// Markdown mode's safety: raw HTML inside an item's `content` is reduced to a list of
// formatting tags without attributes that run code, load anything or restyle the page; links
// keep http(s)/mailto targets; images load http(s) and data: only. End to end, such a
// document asks its resource loader for nothing but its real images (spec §4.5).
import { describe, expect, it } from 'vitest';
import { contentHtml } from '../../src/markdown/content.js';
import type { ResourceKind } from '../../src/resources/gather.js';
import type { FetchedResource } from '../../src/resources/net/index.js';
import { renderDocument } from '../../src/render.js';
import { encodePng } from '../helpers/images.js';
import { buildDocument, byTag, elements, fragment, textOf } from './helpers.js';

const md = (markdown: string) => fragment(contentHtml(markdown));

/** Every attribute name in the fragment. */
const attributeNames = (markdown: string) => new Set(elements(md(markdown)).flatMap((e) => [...e.attrs.keys()]));

describe('contentHtml: dangerous elements are removed', () => {
  it('removes <script> with its text', () => {
    const html = contentHtml('before <script>alert("pwned")</script> after\n\n<script src="http://x/s.js"></script>');
    const body = fragment(html);
    expect(byTag(body, 'script')).toHaveLength(0);
    expect(html).not.toMatch(/script|pwned|alert/i);
    expect(textOf(body)).toContain('before');
    expect(textOf(body)).toContain('after');
  });

  it('removes <script> whatever the case of its name', () => {
    expect(contentHtml('<SCRIPT>alert(1)</SCRIPT><ScRiPt>alert(2)</ScRiPt>ok')).not.toMatch(/script|alert/i);
  });

  it('removes <style> with its text', () => {
    const html = contentHtml('<style>body { background: url(http://x/b.png) } p { color: red }</style>\n\nvisible');
    expect(html).not.toMatch(/style|background|url\(|color/i);
    expect(textOf(fragment(html))).toContain('visible');
  });

  it('removes <iframe>, <object>, <embed>, <link>, <meta> and <base>', () => {
    const html = contentHtml([
      '<iframe src="http://x/frame.html"></iframe>',
      '<object data="http://x/o.swf" type="application/x-shockwave-flash"></object>',
      '<embed src="http://x/e.swf">',
      '<link rel="stylesheet" href="http://x/a.css">',
      '<meta http-equiv="refresh" content="0; url=http://x/">',
      '<base href="http://x/">',
      'text',
    ].join('\n\n'));
    const tags = new Set(elements(fragment(html)).map((e) => e.tagName));
    for (const tag of ['iframe', 'object', 'embed', 'link', 'meta', 'base']) expect(tags.has(tag), tag).toBe(false);
    expect(html).not.toContain('http://x');
    expect(textOf(fragment(html))).toContain('text');
  });

  it('removes <form>, <input>, <textarea>, <select> and <button>', () => {
    const html = contentHtml('<form action="http://x/post" method="post"><input name="a" value="b"><textarea name="t">secret</textarea><select><option>o</option></select><button>Go</button></form>');
    const tags = new Set(elements(fragment(html)).map((e) => e.tagName));
    for (const tag of ['form', 'input', 'textarea', 'select', 'option', 'button']) expect(tags.has(tag), tag).toBe(false);
    expect(html).not.toContain('http://x');
    expect(html).not.toContain('secret');
  });

  it('removes <svg> with what it would load', () => {
    const html = contentHtml('<svg><image href="http://x/s.png"/><use href="http://x/u.svg#a"/></svg>');
    expect(html).not.toMatch(/svg|image|use|http/i);
  });
});

describe('contentHtml: dangerous attributes are removed', () => {
  it('drops event handler attributes (onclick, onerror, onload, onmouseover)', () => {
    const markdown = '<b onclick="steal()">b</b> <img src="https://example.com/i.png" onerror="steal()" onload="steal()"> <a href="https://example.com" onmouseover="steal()">a</a>';
    const names = attributeNames(markdown);
    expect([...names].filter((n) => n.startsWith('on'))).toEqual([]);
    expect(contentHtml(markdown)).not.toContain('steal');
    // The elements themselves stay.
    const body = md(markdown);
    expect(byTag(body, 'b')).toHaveLength(1);
    expect(byTag(body, 'img')[0]!.attrs.get('src')).toBe('https://example.com/i.png');
    expect(byTag(body, 'a')[0]!.attrs.get('href')).toBe('https://example.com');
  });

  it('drops style attributes, url() included, keeping the element and its text', () => {
    const markdown = '<div style="background:url(http://x/b.png)">boxed</div>\n\n<span style="position:fixed;top:0">s</span> <img src="https://example.com/i.png" style="background-image:url(http://x/c.png)">';
    const html = contentHtml(markdown);
    expect(attributeNames(markdown).has('style')).toBe(false);
    expect(html).not.toMatch(/url\(|http:\/\/x|position/);
    const body = fragment(html);
    expect(byTag(body, 'div').map(textOf)).toEqual(['boxed']);
  });

  it('drops class, id and other unlisted attributes', () => {
    const names = attributeNames('<p class="md-logo" id="x" data-x="1" lang="en">p</p><img src="https://e.com/i.png" srcset="http://x/2.png 2x" usemap="#m">');
    for (const name of ['class', 'id', 'data-x', 'lang', 'srcset', 'usemap']) expect(names.has(name), name).toBe(false);
  });

  it('keeps allowed formatting tags (<u>, <sup>, <sub>, <br>, <mark>) but without attributes', () => {
    const body = md('<u class="c" id="i" style="color:red" onclick="x()">under</u> x<sup style="color:red" title="t">2</sup> H<sub class="s">2</sub>O<br class="x" style="display:none"><mark id="m">hi</mark>');
    expect(byTag(body, 'u').map(textOf)).toEqual(['under']);
    expect(byTag(body, 'sup').map(textOf)).toEqual(['2']);
    expect(byTag(body, 'sub').map(textOf)).toEqual(['2']);
    expect(byTag(body, 'br')).toHaveLength(1);
    expect(byTag(body, 'mark').map(textOf)).toEqual(['hi']);
    for (const tag of ['u', 'sup', 'sub', 'br', 'mark']) {
      for (const element of byTag(body, tag)) expect([...element.attrs.keys()], tag).toEqual([]);
    }
  });
});

describe('contentHtml: link and image targets', () => {
  const hrefOf = (markdown: string) => byTag(md(markdown), 'a').map((a) => a.attrs.get('href') ?? null);

  it('keeps http, https and mailto links', () => {
    expect(hrefOf('[a](http://example.com) [b](https://example.com/p) [c](mailto:x@example.com)')).toEqual([
      'http://example.com',
      'https://example.com/p',
      'mailto:x@example.com',
    ]);
  });

  it('removes javascript:, vbscript: and data: link targets (Markdown and raw HTML), whatever their case', () => {
    const markdown = [
      '[j](javascript:alert(1))',
      '[v](vbscript:msgbox(1))',
      '[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<a href="JaVaScRiPt:alert(1)">J</a>',
      '<a href="  javascript:alert(1)">S</a>',
      '<a href="java&#x09;script:alert(1)">T</a>',
      '<a href="data:image/png;base64,AAAA">I</a>',
    ].join(' ');
    const html = contentHtml(markdown);
    expect(hrefOf(markdown)).toEqual([null, null, null, null, null, null, null]);
    expect(html).not.toMatch(/javascript|vbscript|data:/i);
    // The link text stays.
    expect(textOf(fragment(html))).toMatch(/j v d J S T I/);
  });

  it('removes protocol-relative //host links and image sources', () => {
    const markdown = '<a href="//evil.example/x">p</a> [q](//evil.example/y) <img src="//evil.example/i.png">';
    expect(hrefOf(markdown)).toEqual([null, null]);
    expect(byTag(md(markdown), 'img').map((i) => i.attrs.get('src') ?? null)).toEqual([null]);
    expect(contentHtml(markdown)).not.toContain('evil.example');
  });

  it('allows data: for image sources only, and not javascript:, file: or vbscript: ones', () => {
    const markdown = '![ok](data:image/png;base64,iVBORw0KGgo=) <img src="javascript:alert(1)"> <img src="file:///etc/passwd"> <img src="vbscript:x"> ![web](https://example.com/a.png)';
    const sources = byTag(md(markdown), 'img').map((i) => i.attrs.get('src') ?? null);
    expect(sources).toEqual(['data:image/png;base64,iVBORw0KGgo=', null, null, null, 'https://example.com/a.png']);
  });
});

describe('document: item text outside content is never markup', () => {
  it('label, heading, table cells and title cannot inject elements', () => {
    const evil = '<script>x()</script><link rel="stylesheet" href="http://x/l.css"><img src="http://x/i.png">';
    const doc = buildDocument({ title: `</title>${evil}`, logo: false, data: [{ heading: evil, label: evil, table: { rows: [[evil], [evil]] } }] });
    const tags = new Set(byTag(fragment(doc.html), 'body').flatMap((b) => elements(b).map((e) => e.tagName)));
    for (const tag of ['script', 'link', 'img']) expect(tags.has(tag), tag).toBe(false);
    expect(doc.html).not.toMatch(/<script|<link|<img/);
  });
});

describe('end to end: a Markdown document loads only its images', () => {
  const PNG = encodePng(2, 2, () => [200, 30, 30]);

  /** A loader that records each request and answers images with a PNG, anything else with a failure. */
  function spyLoader() {
    const requests: { url: string; kind: ResourceKind }[] = [];
    return {
      requests,
      loader: {
        async fetch(url: string, kind: ResourceKind): Promise<FetchedResource> {
          requests.push({ url, kind });
          if (kind === 'image') return { url, contentType: 'image/png', data: PNG };
          if (kind === 'stylesheet') return { url, contentType: 'text/css', data: new TextEncoder().encode('body { background: url(http://x/from-sheet.png) }') };
          throw new Error(`unexpected ${kind} ${url}`);
        },
      },
    };
  }

  const svgDataUri = `data:image/svg+xml;base64,${Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">' +
      '<style>@import url(http://x/svg.css); rect { fill: url(http://x/fill.png) }</style>' +
      '<image href="http://x/svg-image.png" width="5" height="5"/><image xlink:href="http://x/svg-image2.png" width="5" height="5"/>' +
      '<rect width="5" height="5"/></svg>',
  ).toString('base64')}`;

  it('raw HTML that tries to load style sheets, backgrounds and frames requests nothing but the img', async () => {
    const content = [
      'Intro paragraph',
      '<link rel=stylesheet href=http://x/a.css>',
      '<div style="background:url(http://x/b.png)">styled div</div>',
      '<iframe src="http://x/frame.html"></iframe>',
      '<style>@import url(http://x/d.css); p { background: url(http://x/e.png) }</style>',
      '<object data="http://x/o.svg"></object><embed src="http://x/e.svg"><video poster="http://x/p.png" src="http://x/v.mp4"></video>',
      '<svg><image href="http://x/s.png"/></svg>',
      '<img src="http://x/c.png">',
      '<img src="//x/proto.png"><img src="javascript:alert(1)">',
      // An SVG image is drawn from its own markup: what it names is never fetched.
      `![svg](${svgDataUri})`,
    ].join('\n\n');
    const { requests, loader } = spyLoader();
    const out = await renderDocument(
      { logo: false, data: [{ label: 'Label <link rel=stylesheet href=http://x/f.css>', content }, { table: { rows: [['<img src="http://x/t.png">']] } }] },
      { deterministic: true, fontProvider: false, resourceLoader: loader },
    );
    expect(requests).toEqual([{ url: 'http://x/c.png', kind: 'image' }]);
    expect(out.pageCount).toBe(1);
  });

  it('Markdown images are requested as images; the custom logo too; the default logo needs no request', async () => {
    const custom = spyLoader();
    await renderDocument(
      { logo: { src: 'https://x/logo.png' }, data: [{ content: '![pic](https://x/pic.png)' }] },
      { deterministic: true, fontProvider: false, resourceLoader: custom.loader },
    );
    expect(custom.requests.map((r) => `${r.kind} ${r.url}`).sort()).toEqual(['image https://x/logo.png', 'image https://x/pic.png']);

    const builtIn = spyLoader();
    await renderDocument({ data: [{ content: 'no images' }] }, { deterministic: true, fontProvider: false, resourceLoader: builtIn.loader });
    expect(builtIn.requests).toEqual([]);
  });
});

describe('pathological Markdown', () => {
  it('nesting deeper than the parser can follow is a ValidationError naming the item\'s content, not a crash', async () => {
    const deep = { data: [{ content: 'fine' }, { label: 'Deep', content: `${'>'.repeat(100_000)} x` }] };
    await expect(renderDocument(deep, { deterministic: true, fontProvider: false })).rejects.toMatchObject({
      name: 'ValidationError',
      fields: [{ property: 'data[1].content', message: expect.stringContaining('nested too deeply') }],
    });
  });
});
