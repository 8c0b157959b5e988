// Hostile HTML-mode documents: each stresses one part of the engine with markup and CSS a
// caller may send — custom-property and calc() blow-ups, nesting far past any real document,
// giant tables, counters, absurd sizes, @page oddities, broken SVG, garbage data: images and
// fonts, private URLs, words longer than any line. Bodies stay under ~150 KB.
import type { Random } from './random.js';
import { brokenSvg, garbageDataUrl, garbageFontDataUrl, privateUrls } from './resources.js';
import { hostileString } from './values.js';

export interface HostileDocument {
  readonly what: string;
  readonly html: string;
  readonly css?: string;
}

type Maker = (rng: Random, canary: string) => HostileDocument;

const HUGE_LENGTHS = ['1e9px', '1e308px', '-1e9px', '99999in', '-99999in', '1e-9px', '0', '100000%', '-100%', '1e38pt', '3.4e38px', '1e39px', '9007199254740993px', 'calc(1e308px * 10)', 'calc(1px / 0)', 'calc(-1px / 0)', 'calc(0px / 0)'];

const MAKERS: readonly (readonly [string, Maker])[] = [
  ['var() expansion bomb', (rng) => {
    const levels = rng.int(8, 40);
    const fan = rng.int(2, 10);
    const vars = Array.from({ length: levels }, (_, i) => `--v${i}: ${i === 0 ? 'x' : Array.from({ length: fan }, () => `var(--v${i - 1})`).join(' ')};`).join(' ');
    const use = rng.pick(['content', 'font-family', 'width', 'margin', 'background-image', '--copy', 'color']);
    return { what: `var() bomb ${fan}^${levels} in ${use}`, html: '<p class="b">bomb</p>', css: `:root { ${vars} } .b { ${use}: var(--v${levels - 1}); }` };
  }],
  ['var() cycles and fallbacks', (rng) => {
    const depth = rng.size(10, 5_000);
    const fallbacks = `${'var(--nope, '.repeat(depth)}1px${')'.repeat(depth)}`;
    return { what: `var() cycle + ${depth} nested fallbacks`, html: '<div class="c">cycle</div>', css: `:root { --a: var(--b); --b: var(--a); --self: var(--self) x; } .c { width: var(--a); color: var(--self); margin-left: ${fallbacks}; }` };
  }],
  ['nested calc()', (rng) => {
    const depth = rng.size(10, 10_000);
    const fn = rng.pick(['calc', 'min', 'max', 'clamp', '', 'abs', 'round']);
    const open = fn === 'clamp' ? 'clamp(0px, ' : fn === 'round' ? 'round(' : `${fn}(`;
    const close = fn === 'clamp' ? ', 1e9px)' : ')';
    const value = `${open.repeat(depth)}1px${close.repeat(depth)}`;
    return { what: `${fn || 'parenthesised'}() nested ${depth} deep`, html: '<div class="c">calc</div>', css: `.c { width: ${value}; font-size: ${value.length < 40_000 ? value : '1px'}; }` };
  }],
  ['long calc()', (rng) => {
    const terms = rng.size(10, 20_000);
    const op = rng.pick([' + 1px', ' * 2', ' / 2', ' - 1e308px', ' * 1e308', ' + 1%', ' + 1em']);
    return { what: `calc() of ${terms} terms (${op.trim()})`, html: '<div class="c">calc</div>', css: `.c { width: calc(1px${op.repeat(terms)}); }` };
  }],
  ['deep elements', (rng) => {
    const depth = rng.size(100, 20_000);
    const tag = rng.pick(['div', 'span', 'b', 'p', 'li', 'ul', 'blockquote', 'table', 'td', 'a', 'em', 'sup']);
    const close = rng.chance(0.7) ? `</${tag}>`.repeat(depth) : '';
    return { what: `<${tag}> nested ${depth} deep${close ? '' : ', never closed'}`, html: `${`<${tag}>`.repeat(depth)}deep${close}`, css: rng.chance(0.5) ? `${tag} { margin-left: 1px; padding: 1px; border: 1px solid; }` : undefined };
  }],
  ['deep tables', (rng) => {
    const depth = rng.size(10, 2_000);
    return { what: `table nested ${depth} deep`, html: `${'<table><tr><td>'.repeat(depth)}x${'</td></tr></table>'.repeat(depth)}` };
  }],
  ['giant table', (rng) => {
    const columns = rng.size(1, 200);
    const rows = Math.max(1, Math.floor(rng.size(100, 20_000) / columns));
    const row = `<tr>${'<td>x</td>'.repeat(columns)}</tr>`;
    const head = rng.chance(0.5) ? `<thead>${row.replaceAll('td', 'th')}</thead>` : '';
    const foot = rng.chance(0.3) ? `<tfoot>${row}</tfoot>` : '';
    return { what: `table ${rows}×${columns}`, html: `<table border="1">${head}<tbody>${row.repeat(rows)}</tbody>${foot}</table>`, css: rng.chance(0.5) ? 'table { border-collapse: collapse; width: 100%; } td { padding: 0; }' : undefined };
  }],
  ['table spans', (rng) => {
    const span = rng.pick(['0', '-1', '1000', '65534', '65535', '1e9', 'NaN', '999999999999']);
    const cells = rng.size(1, 200);
    return { what: `table with colspan/rowspan ${span}`, html: `<table border="1"><tr><td colspan="${span}" rowspan="${span}">a</td>${'<td rowspan="1000">b</td>'.repeat(cells)}</tr><tr><td colspan="${span}">c</td></tr></table>`, css: rng.pick(['', 'table { table-layout: fixed; width: 100%; }', 'col { width: 1e9px; }', 'table { border-collapse: collapse; border-spacing: 1e9px; }']) };
  }],
  ['counters', (rng) => {
    const n = rng.size(1, 3_000);
    const style = rng.pick(['decimal', 'lower-roman', 'upper-roman', 'lower-alpha', 'armenian', 'georgian', 'hebrew', 'cjk-decimal', 'disc', 'none', 'my-style', 'nope']);
    const value = rng.pick(['2147483647', '-2147483648', '99999999999999999999', '1e9', '-1', '0']);
    return {
      what: `${n} nested counters, style ${style}, value ${value}`,
      html: `${'<ol><li>'.repeat(Math.min(n, 2_000))}x${'</li></ol>'.repeat(Math.min(n, 2_000))}`,
      css: `@counter-style my-style { system: ${rng.pick(['cyclic', 'fixed', 'symbolic', 'alphabetic', 'numeric', 'additive', 'extends my-style'])}; symbols: ${rng.pick(['"a" "b"', '', '"x"'])}; additive-symbols: ${rng.pick(['1 "i"', '0 "z"', ''])}; range: ${rng.pick(['1 10', 'infinite infinite', '10 1', 'auto'])}; fallback: my-style; pad: ${rng.pick(['1000000 "0"', '10 "x"'])}; }
ol { counter-reset: item ${value} c2 ${value}; list-style-type: ${style}; } li { counter-increment: item ${value} c2 -1; } li::before { content: counters(item, ".", ${style}) " " counter(c2, ${style}) " " counter(page) "/" counter(pages); }`,
    };
  }],
  ['list values', (rng) => {
    const start = rng.pick(['-2147483648', '2147483647', '1e20', '99999999999999999999', 'abc', '', '-0']);
    return { what: `<ol start=${start}>`, html: `<ol start="${start}" reversed type="${rng.pick(['i', 'I', 'a', 'A', '1', 'x'])}">${`<li value="${start}">x</li>`.repeat(rng.size(1, 500))}</ol>`, css: `li { list-style-type: ${rng.pick(['upper-roman', 'lower-greek', '"★"', 'symbols(cyclic "a")', 'none'])}; list-style-position: inside; }` };
  }],
  ['huge font sizes', (rng) => {
    const size = rng.pick(HUGE_LENGTHS);
    const prop = rng.pick(['font-size', 'line-height', 'letter-spacing', 'word-spacing', 'text-indent', 'tab-size', 'font-weight', 'font-size-adjust']);
    return { what: `${prop}: ${size}`, html: `<p>Some text that wraps around a few lines ${'word '.repeat(rng.size(1, 300))}</p><pre>\ttab\tbed</pre>`, css: `p, pre { ${prop}: ${size}; } body { ${rng.pick(['', 'font-size: 0', 'font: 1e9px/1e9 serif'])} }` };
  }],
  ['huge boxes', (rng) => {
    const prop = rng.pick(['width', 'height', 'min-height', 'max-width', 'margin', 'margin-top', 'padding', 'padding-bottom', 'border-width', 'top', 'left', 'outline-width', 'border-radius', 'border-spacing']);
    const value = rng.pick(HUGE_LENGTHS);
    const position = rng.pick(['static', 'relative', 'absolute', 'fixed', 'running(x)', 'sticky']);
    return { what: `${prop}: ${value}, position ${position}`, html: `${'<div class="h">box <img src="x.png" width="10"> <span>inline</span></div>'.repeat(rng.size(1, 50))}`, css: `.h { ${prop}: ${value}; position: ${position}; float: ${rng.pick(['none', 'left', 'right'])}; border: 1px solid; } span { ${prop}: ${value}; display: ${rng.pick(['inline-block', 'block', 'table-cell', 'list-item', 'inline'])}; }` };
  }],
  ['page sizes', (rng) => {
    const size = rng.pick(['1e9px 1e9px', '0 0', '-1in 5in', '1px 1px', '0.01px', 'A4 landscape', 'A0', 'letter portrait', '1e308in', 'auto', '2in 1e-9in', 'NaN', 'a4 a4', '']);
    const margin = rng.pick(['0', '5in', '1e9px', '-1e9px', '50%', '11in 8.5in', 'auto', '-5in']);
    return { what: `@page size ${size}, margin ${margin}`, html: `<p>page</p>${'<p style="break-before: page">next</p>'.repeat(rng.int(0, 20))}`, css: `@page { size: ${size}; margin: ${margin}; padding: ${rng.pick(['0', '1e9px'])}; border: ${rng.pick(['none', '1e9px solid'])}; }` };
  }],
  ['@page oddities', (rng) => {
    const boxes = ['top-left-corner', 'top-left', 'top-center', 'top-right', 'top-right-corner', 'bottom-left', 'bottom-center', 'bottom-right', 'left-top', 'right-middle', 'nope'];
    const content = rng.pick(['counter(page)', 'counter(pages)', 'element(hdr)', 'element(missing)', 'string(title)', 'string(nope, last)', `"${'long '.repeat(rng.size(1, 2_000))}"`, 'counter(page, lower-roman) " of " counter(pages, upper-alpha)', 'url(x.png)', 'attr(x)', 'leader(".")', 'target-counter(attr(href), page)']);
    const selector = rng.pick([':first', ':left', ':right', ':blank', 'named', 'named:first', ':nth(2n+1)', ':first:first:left', 'undefined-name', ':recto', '']);
    const rules = boxes.map((b) => `@${b} { content: ${content}; width: ${rng.pick(['auto', '1e9px', '-5in', '0'])}; font-size: ${rng.pick(['10px', '1e9px'])}; }`).join(' ');
    return {
      what: `@page ${selector} with margin boxes: ${content.slice(0, 40)}`,
      html: `<div class="hdr">running header ${'h '.repeat(rng.size(1, 500))}</div><h1 class="t">Title</h1><div class="named">${'<p>body text</p>'.repeat(rng.size(1, 100))}</div><a href="#nope">link</a>`,
      css: `.hdr { position: running(hdr); margin-top: ${rng.pick(['-1e9px', '1e9px', '0'])}; } .t { string-set: title content(); } .named { page: named; } @page ${selector} { margin: ${rng.pick(['1in', '0', '5.4in', '1e9px'])}; ${rules} } @page named { size: ${rng.pick(['A5', '1in 1in', '0 0'])}; }`,
    };
  }],
  ['many pages', (rng) => {
    const pages = rng.size(10, 400);
    return { what: `${pages} forced page breaks`, html: '<p style="break-before: page">p</p>'.repeat(pages), css: rng.pick(['', '@page { @bottom-center { content: counter(page) " / " counter(pages); } }', 'p { page-break-after: always; break-inside: avoid; orphans: 1000; widows: 1000; }']) };
  }],
  ['break properties', (rng) => {
    const value = rng.pick(['page', 'always', 'left', 'right', 'recto', 'verso', 'avoid', 'column', 'avoid-page']);
    return { what: `break-before/after/inside: ${value} everywhere`, html: `${'<div><p>a</p><p>b</p><table><tr><td>c</td></tr></table></div>'.repeat(rng.size(1, 300))}`, css: `* { break-before: ${value}; break-after: ${value}; break-inside: avoid; orphans: ${rng.pick(['0', '1', '999999'])}; widows: ${rng.pick(['-1', '2', '999999'])}; }` };
  }],
  ['broken SVG', (rng) => {
    const svg = brokenSvg(rng);
    return rng.chance(0.5)
      ? { what: `inline SVG: ${svg.what}`, html: `<p>before</p>${svg.text}<p>after</p>` }
      : { what: `SVG as <img>: ${svg.what}`, html: `<img src="data:image/svg+xml;base64,${Buffer.from(svg.text).toString('base64')}" width="${rng.pick(['100', '0', '-1', '1e9'])}">` };
  }],
  ['garbage images', (rng) => {
    const images = Array.from({ length: rng.int(1, 4) }, () => garbageDataUrl(rng));
    const where = rng.pick(['img', 'background', 'list-style', 'content', 'border-image']);
    const html = where === 'img' ? images.map((i) => `<img src="${i.url}" width="${rng.pick(['', '100', '1e9', '-5', '0'])}">`).join('') : `<ul><li class="g">garbage</li></ul>`;
    const url = images[0]!.url;
    const css = where === 'background' ? `.g { background: url("${url}") repeat; background-size: ${rng.pick(['1px 1px', '0 0', 'cover', '1e-9px'])}; height: 100px; }`
      : where === 'list-style' ? `.g { list-style-image: url("${url}"); }`
      : where === 'content' ? `.g::before { content: url("${url}"); }`
      : where === 'border-image' ? `.g { border: 10px solid; border-image: url("${url}") 30 round; }` : '';
    return { what: `garbage images in ${where}: ${images.map((i) => i.what).join(', ')}`, html, css };
  }],
  ['background tiling', (rng) => {
    const size = rng.pick(['1px 1px', '0.01px 0.01px', '1e-9px', '0.5px 100%', '1px auto']);
    return { what: `background-size ${size} over a big box`, html: '<div class="t">tiles</div>', css: `.t { height: ${rng.pick(['10in', '9in', '1e9px'])}; background: url("data:image/gif;base64,R0lGODlhCAAIAIAAAExpccgKCiH5BAUAAAAALAAAAAAIAAgAAAIHjI+py+1dAAA7") repeat; background-size: ${size}; }` };
  }],
  ['garbage fonts', (rng) => {
    const font = garbageFontDataUrl(rng);
    return { what: `@font-face: ${font.what}`, html: '<p class="f">Font text with glyphs: AaBb 漢字 é</p>', css: `@font-face { font-family: "Bad"; src: url("${font.url}") ${rng.pick(["format('truetype')", "format('woff2')", '', "format('embedded-opentype')"])}; font-weight: ${rng.pick(['400', '1 1000', '-5', 'bold'])}; unicode-range: ${rng.pick(['U+0-10FFFF', 'U+FFFFFF', 'U+4??', 'garbage'])}; } .f { font-family: "Bad", sans-serif; }` };
  }],
  ['private URLs', (rng, canary) => {
    const urls = privateUrls(canary);
    const pick = () => rng.pick(urls);
    const where = rng.pick(['img', 'background', '@import', '@font-face', 'link', 'svg-image', 'iframe-object', 'all']);
    const imgs = `<img src="${pick()}"><img srcset="${pick()} 2x"><picture><source srcset="${pick()}"><img src="${pick()}"></picture>`;
    const html = where === 'img' || where === 'all' ? imgs
      : where === 'link' ? `<link rel="stylesheet" href="${pick()}"><link rel="icon" href="${pick()}"><base href="${pick()}"><img src="relative.png">`
      : where === 'svg-image' ? `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image href="${pick()}" width="10" height="10"/><image xlink:href="${pick()}" width="10" height="10"/></svg>`
      : where === 'iframe-object' ? `<iframe src="${pick()}"></iframe><object data="${pick()}"></object><embed src="${pick()}"><video poster="${pick()}"></video><a href="${pick()}">a link</a>`
      : '<p class="u">urls</p>';
    const css = where === 'background' || where === 'all' ? `.u { background-image: url("${pick()}"), url(${pick()}); list-style-image: url("${pick()}"); } .u::after { content: url("${pick()}"); }`
      : where === '@import' || where === 'all' ? `@import url("${pick()}"); @import "${pick()}"; .u { color: red; }`
      : where === '@font-face' ? `@font-face { font-family: "Priv"; src: url("${pick()}") format("truetype"); } .u { font-family: "Priv"; }` : '';
    return { what: `private URLs in ${where}`, html, css };
  }],
  ['@import chains', (rng) => {
    const depth = rng.size(2, 60);
    let sheet = 'p { color: red; }';
    for (let i = 0; i < depth && sheet.length < 50_000; i++) sheet = `@import url("data:text/css;base64,${Buffer.from(sheet).toString('base64')}"); p { margin-left: ${i}px; }`;
    return { what: `@import of data: sheets ${depth} deep`, html: '<p>imported</p>', css: sheet + (rng.chance(0.3) ? ' @import url("data:text/css,@import url(data:text/css,x)"); ' : '') };
  }],
  ['long words', (rng) => {
    const length = rng.size(1_000, 100_000);
    const word = rng.pick(['x', 'W', '漢', 'é', '\u0301', '-', '\u00ad', '/', '😀']).repeat(Math.floor(length / 2));
    return { what: `a word of ${word.length} characters`, html: `<div class="n"><p>${word}</p><table><tr><td>${word.slice(0, 5_000)}</td></tr></table></div>`, css: `.n { width: ${rng.pick(['1px', '0', 'auto', '1ch', '-1px'])}; word-break: ${rng.pick(['normal', 'break-all', 'keep-all', 'break-word'])}; overflow-wrap: ${rng.pick(['normal', 'anywhere', 'break-word'])}; hyphens: ${rng.pick(['auto', 'manual', 'none'])}; white-space: ${rng.pick(['normal', 'nowrap', 'pre', 'pre-wrap', 'break-spaces'])}; text-align: ${rng.pick(['justify', 'center', 'right'])}; }` };
  }],
  ['hostile text', (rng) => {
    const text = Array.from({ length: rng.int(1, 20) }, () => hostileString(rng)).join(' ');
    const escaped = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
    return { what: 'hostile text content', html: `<p dir="${rng.pick(['rtl', 'ltr', 'auto', 'x'])}">${escaped}</p><pre>${escaped}</pre><p>&#0;&#xD800;&#x110000;&#99999999999;&bogus;&amp&lt</p>`, css: rng.pick(['', 'p { unicode-bidi: bidi-override; direction: rtl; text-transform: uppercase; font-variant: small-caps; }', 'p { text-transform: full-width; letter-spacing: -1e9px; }']) };
  }],
  ['broken markup', (rng) => {
    const pieces = ['<', '>', '</', '<p', '<table>', '<tr>', '<td>', '</table>', '<!--', '-->', '<![CDATA[', ']]>', '<svg>', '<math>', '<template>', '<select><option>', '<textarea>', '<script>', '</script>', '<style>', '</style>', '"', "'", '=', '&', '&#', 'text', '<a href=', '<img src=', '<frameset>', '<body>', '<html>', '<head>', '<br/>', '</br>', '<p/>', '\u0000', '<plaintext>', '<xmp>'];
    const count = rng.size(10, 5_000);
    return { what: `${count} random markup pieces`, html: Array.from({ length: count }, () => rng.pick(pieces)).join(rng.pick(['', ' ', '\n'])) };
  }],
  ['broken CSS', (rng) => {
    const pieces = ['{', '}', '(', ')', '[', ']', ';', ':', '@media', '@page', '@font-face', '@supports', '@import', '@layer', '@container', '@counter-style', 'p', '*', '::before', ':not(', ':is(', ':has(', ':nth-child(', 'n+', '999999999', 'url(', '"', "'", '\\', '/*', '*/', 'var(', 'calc(', 'attr(', 'content:', 'counter(', '!important', '--x', ',', '>', '+', '~', '|', '#', '.c', 'e-308', '\u0000', '<!--', '-->'];
    const count = rng.size(10, 5_000);
    return { what: `${count} random CSS pieces`, html: '<p class="c">css</p><ul><li>x</li></ul>', css: Array.from({ length: count }, () => rng.pick(pieces)).join(rng.pick(['', ' '])) };
  }],
  ['CSS nesting and selectors', (rng) => {
    const depth = rng.size(10, 5_000);
    const kind = rng.pick(['nesting', 'is', 'not', '@media', '@supports', 'descendant', 'nth', 'list', '@layer']);
    const css = kind === 'nesting' ? `${'p { & div { '.repeat(depth)}color: red;${' } }'.repeat(depth)}`
      : kind === 'is' ? `${':is('.repeat(depth)}p${')'.repeat(depth)} { color: red; }`
      : kind === 'not' ? `${':not('.repeat(depth)}div${')'.repeat(depth)} { color: red; }`
      : kind === '@media' ? `${'@media print { '.repeat(depth)}p { color: red; }${' }'.repeat(depth)}`
      : kind === '@supports' ? `@supports ${'(not '.repeat(depth)}(display: block)${')'.repeat(depth)} { p { color: red; } }`
      : kind === 'descendant' ? `${'div '.repeat(depth)}p { color: red; }`
      : kind === 'nth' ? `p:nth-child(${rng.pick(['999999999999n+1', '-n+99999999999', '0n+0', '1e9n', 'n of :nth-child(n of :is(p))'])}) { color: red; }`
      : kind === '@layer' ? `${'@layer a { '.repeat(Math.min(depth, 2_000))}p { color: red; }${' }'.repeat(Math.min(depth, 2_000))}`
      : `${Array.from({ length: depth }, (_, i) => `.c${i}`).join(', ')} { color: red; }`;
    return { what: `${kind} ${depth} deep`, html: `${'<div>'.repeat(rng.int(1, 60))}<p class="c1">selected</p>`, css };
  }],
  ['many rules', (rng) => {
    const count = rng.size(100, 5_000);
    return { what: `${count} rules on many elements`, html: Array.from({ length: Math.min(count, 2_000) }, (_, i) => `<p class="r${i}">${i}</p>`).join(''), css: Array.from({ length: count }, (_, i) => `.r${i % 2_000}, p:nth-child(${i}n), p ~ p + p { margin-top: ${i % 7}px; color: #${(i * 9_973 % 0xffffff).toString(16).padStart(6, '0')}; }`).join('\n') };
  }],
  ['floats and positioning', (rng) => {
    const count = rng.size(10, 3_000);
    return { what: `${count} floats/absolutes`, html: Array.from({ length: count }, (_, i) => `<div class="f${i % 4}">${i}</div>`).join(''), css: `.f0 { float: left; width: ${rng.pick(['30%', '1e9px', '0', '-1px'])}; } .f1 { float: right; clear: both; height: ${rng.pick(['1in', '1e9px'])}; } .f2 { position: absolute; top: ${rng.pick(['1e9px', '-1e9px', '50%'])}; left: ${rng.pick(['0', '1e308px'])}; } .f3 { position: relative; display: ${rng.pick(['inline-block', 'table', 'flex', 'grid', 'contents', 'none', 'run-in', 'table-caption'])}; }` };
  }],
  ['forms', (rng) => {
    const count = rng.size(1, 2_000);
    const name = () => rng.pick(['a', '', 'a.b.c', 'a[0]', '(x)', '/Name', '\u0000', 'x'.repeat(500), '漢字', 'dup', '..', '.']);
    const field = () => rng.pick([
      () => `<input type="${rng.pick(['text', 'radio', 'checkbox', 'password', 'hidden', 'submit', 'file', 'date', 'x', ''])}" name="${name()}" value="${rng.pick(['v', '', 'x'.repeat(2_000)])}"${rng.chance(0.3) ? ' checked' : ''}>`,
      () => `<textarea name="${name()}" rows="${rng.pick(['1', '0', '-1', '99999'])}">${'text '.repeat(rng.size(1, 500))}</textarea>`,
      () => `<select name="${name()}">${'<option>o</option>'.repeat(rng.size(0, 100))}</select>`,
    ])();
    const inForm = rng.chance(0.8);
    const fields = Array.from({ length: count }, field).join('');
    return { what: `${count} form fields${inForm ? '' : ' outside a form'}`, html: inForm ? `<form>${fields}${rng.chance(0.2) ? '<form>nested</form>' : ''}</form>` : fields, css: rng.pick(['', 'input { width: 1e9px; height: 0; font-size: 0; } textarea { font-size: 1e9px; }']) };
  }],
  ['links and bookmarks', (rng) => {
    const count = rng.size(1, 2_000);
    const href = () => rng.pick(['#', '#nope', '#h1', `#${'x'.repeat(5_000)}`, 'javascript:alert(1)', 'mailto:', 'http://[', 'https://example.com/\u0000', 'data:text/html,<script>', '%zz', '']);
    return {
      what: `${count} links and headings`,
      html: Array.from({ length: count }, (_, i) => `<h${(i % 7) + 1} id="h${i % 3}">Heading ${i}</h${(i % 7) + 1}><a href="${href()}">link</a><a name="h1"></a>`).join(''),
      css: `a::after { content: target-counter(attr(href), page) " " target-text(attr(href)); } h1, h2 { bookmark-level: ${rng.pick(['1', '0', '-1', '999999', 'none'])}; bookmark-label: ${rng.pick(['content()', 'attr(id)', '"x"'])}; }`,
    };
  }],
  ['generated content', (rng) => {
    const content = rng.pick(['attr(data-x)', 'counter(a) counter(a) counter(a)', `"${'\\'.repeat(rng.size(1, 999))}"`, 'open-quote open-quote close-quote', 'url(data:,)', 'leader(dotted) target-counter(attr(href), page)', 'element(nope)', '"\\0" "\\D800" "\\110000"', 'content()', 'string(x)']);
    return { what: `content: ${content.slice(0, 40)}`, html: `${'<p data-x="x" href="#a" id="a">text</p>'.repeat(rng.size(1, 300))}`, css: `p::before, p::after, p::marker { content: ${content}; quotes: "«" "»"; } p { display: list-item; counter-increment: a ${rng.pick(['1', '999999999', '-2147483648'])}; } p::first-letter { font-size: 1e9px; float: left; } p::first-line { letter-spacing: 1e9px; }` };
  }],
  ['whitespace and tabs', (rng) => {
    const lines = rng.size(10, 20_000);
    return { what: `${lines} lines in <pre>`, html: `<pre>${'\t a\r\n'.repeat(lines)}</pre><p>${'&nbsp;'.repeat(rng.size(1, 10_000))}</p>`, css: `pre { tab-size: ${rng.pick(['0', '1e9', '-1', '99999999px', '8'])}; white-space: ${rng.pick(['pre', 'pre-wrap', 'pre-line', 'break-spaces'])}; } p { white-space: nowrap; }` };
  }],
  ['style attributes', (rng) => {
    const count = rng.size(1, 1_000);
    const decls = ['width: 1e9px', 'margin: -1e9px', 'font-size: 0', 'display: table-cell', 'float: left', 'position: running(x)', 'color: var(--x)', 'content: "x"', 'column-count: 1e9', 'columns: 1000', 'transform: rotate(1e308deg)', 'opacity: NaN', 'z-index: 99999999999', 'border: 1e9px solid red', 'line-height: 0', 'vertical-align: 1e9px', 'width: calc(100% - 1e308px)'];
    return { what: `${count} elements with odd style attributes`, html: Array.from({ length: count }, () => `<span style="${rng.pick(decls)}; ${rng.pick(decls)}">s</span>`).join('') };
  }],
];

export const HOSTILE_HTML_KINDS: readonly string[] = MAKERS.map(([name]) => name);

/** A hostile HTML document (random kind, or the named one). */
export function hostileHtml(rng: Random, canary: string, kind?: string): HostileDocument & { kind: string } {
  const [name, make] = kind ? MAKERS.find(([n]) => n === kind)! : rng.pick(MAKERS);
  return { kind: name, ...make(rng, canary) };
}
