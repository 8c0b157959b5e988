// Timing of the css/ stage on large generated documents (not a test: run it by hand with
// `npx tsx test/css/style-benchmark.ts`). Prints the first (cold) run and the median of the rest.
import { parseHtml } from '../../src/dom/parse.js';
import { styleDocument } from '../../src/css/index.js';

function report(label: string, html: string, css: string): void {
  const doc = parseHtml(html);
  let elements = 0;
  const count = (e: { children: readonly { kind: string }[] }): void => {
    elements++;
    for (const c of e.children) if (c.kind === 'element') count(c as never);
  };
  count(doc.root);
  const times: number[] = [];
  for (let run = 0; run < 15; run++) {
    const start = performance.now();
    styleDocument(doc, { authorCss: [css] });
    times.push(performance.now() - start);
  }
  const [first, ...rest] = times;
  rest.sort((a, b) => a - b);
  console.log(`${label}: ${elements} elements, first ${first!.toFixed(1)} ms, median ${rest[rest.length >> 1]!.toFixed(1)} ms, best ${rest[0]!.toFixed(1)} ms`);
}

// A report-like document: sections with headings, paragraphs, lists and a long table, ~50 rules.
function reportDocument(): { html: string; css: string } {
  const sections: string[] = [];
  for (let i = 0; i < 2500; i++) {
    sections.push(`<section class="chapter" id="c${i}"><h2 class="title">Section ${i}</h2><p class="lead">Intro <a href="#c${i}">link</a> <strong>bold</strong> <em>em</em></p><ul class="points"><li>one</li><li class="key">two</li></ul><p>Body <code>x</code> <span class="note">n</span></p><div class="box"><p>boxed</p></div></section>`);
  }
  const rows: string[] = [];
  for (let i = 0; i < 2000; i++) rows.push(`<tr><td class="num">${i}</td><td>Item ${i}</td><td class="price">1.00</td></tr>`);
  const html = `<html><head><title>Report</title></head><body><header class="top"><h1>Report</h1></header>${sections.join('')}<table class="data"><thead><tr><th>#</th><th>Item</th><th>Price</th></tr></thead><tbody>${rows.join('')}</tbody></table></body></html>`;
  const rules = [
    'body { font: 10pt/1.4 "Noto Sans", sans-serif; color: #222 }', 'h1 { font-size: 24pt; margin: 0 0 12pt }', 'h2 { font-size: 14pt; color: #036; break-after: avoid }',
    '.chapter { margin-bottom: 18pt; break-inside: avoid }', '.chapter > h2 + p { margin-top: 0 }', '.title::before { content: counter(chapter) ". "; counter-increment: chapter }',
    'p { margin: 0 0 6pt; orphans: 2; widows: 2 }', 'p.lead { font-size: 11pt }', 'a { color: #06c; text-decoration: none }', 'a:hover { text-decoration: underline }',
    'strong { font-weight: 700 }', 'em { font-style: italic }', 'code { font-family: monospace; background: #eee; padding: 0 2px }', '.note { color: #888; font-size: 8pt }',
    'ul.points { margin: 0 0 6pt 12pt; padding: 0 }', 'ul.points li { list-style: square }', 'li.key { font-weight: bold }', 'li::marker { color: #036 }',
    '.box { border: 1px solid #ccc; padding: 4pt; border-radius: 2pt }', '.box p:last-child { margin-bottom: 0 }', 'header.top { border-bottom: 2px solid #036 }',
    'table.data { width: 100%; border-collapse: collapse }', 'table.data th { background: #036; color: white; text-align: left }', 'table.data td { border-bottom: 0.5pt solid #ddd; padding: 2pt 4pt }',
    'table.data tr:nth-child(even) td { background: #f6f6f6 }', 'td.num, td.price { text-align: right }', 'thead { display: table-header-group }',
    ':root { --accent: #036 }', '.title { border-left: 3pt solid var(--accent); padding-left: 4pt }', '@page { size: A4; margin: 2cm }', '@page :first { margin-top: 3cm }',
    '@media print { a[href^="#"] { color: inherit } }', '@media screen { body { background: white } }', 'section + section { border-top: 0.5pt dotted #ccc }',
    'h1, h2, h3 { font-family: "Noto Serif", serif }', 'p:empty { display: none }', '.chapter:first-of-type h2 { break-before: auto }', 'div.box > p { font-size: 9pt }',
    'img { max-width: 100% }', 'span.note::after { content: " *" }', 'th, td { vertical-align: top }', '* { box-sizing: border-box }', 'html { hyphens: auto }',
    '.chapter p em { color: #600 }', 'ul li + li { margin-top: 2pt }', 'tbody tr:last-child td { border-bottom: none }', 'h2 { string-set: chapter content(text) }',
    'table { page-break-inside: auto }', 'tr { page-break-inside: avoid }', 'header { position: running(top) }',
  ];
  return { html, css: rules.join('\n') };
}

const { html, css } = reportDocument();
report('report document', html, css);
