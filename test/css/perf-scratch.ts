import { parseHtml } from '../../src/dom/parse.js';
import { styleDocument } from '../../src/css/index.js';
const rows: string[] = [];
for (let i = 0; i < 5000; i++) rows.push(`<tr class="${i % 2 ? 'odd' : 'even'}"><td class="num">${i}</td><td><span class="name">Item ${i}</span></td><td><em>x</em></td></tr>`);
const paras: string[] = [];
for (let i = 0; i < 2000; i++) paras.push(`<div class="section" id="s${i}"><h2>Title ${i}</h2><p class="lead">Text <a href="#x">link</a> <strong>bold</strong></p><ul><li>a</li><li>b</li></ul></div>`);
const html = `<html><head><style>
body { font-family: serif; } table { border-collapse: collapse; } td { padding: 2px 4px; border: 1px solid #ccc }
tr:nth-child(odd) td { background: #eee } .num { text-align: right } .name { font-weight: bold }
.section > h2 + p { margin-top: 0 } .section p.lead { font-size: 1.1em } ul li::marker { color: red }
div.section:first-child h2 { break-before: avoid } #s5 h2 { color: blue } a:hover { color: red }
h2::before { content: counter(sec) ". "; } .section { counter-increment: sec; --accent: #336 }
p strong { color: var(--accent) } table td:last-child { width: 30% } em { font-style: normal }
li:nth-of-type(2n) { color: green } div > ul > li { list-style: square inside } .odd td.num { color: gray }
p a[href^="#"] { text-decoration: none } h2 { font: 600 1.4em/1.2 "Noto Sans", sans-serif } * { box-sizing: border-box }
</style></head><body><table>${rows.join('')}</table>${paras.join('')}</body></html>`;
const doc = parseHtml(html);
let count = 0; const walk = (e: any) => { count++; for (const c of e.children) if (c.kind === 'element') walk(c); }; walk(doc.root);
console.log('elements', count);
const times: number[] = [];
for (let r = 0; r < 12; r++) {
  const t0 = performance.now();
  const s = styleDocument(doc, { authorCss: [] });
  times.push(performance.now() - t0);
  if (s.warnings.length) console.log(s.warnings);
}
console.log('styleDocument first', times[0]!.toFixed(1), 'min', Math.min(...times).toFixed(1), 'median', times.sort((a, b) => a - b)[6]!.toFixed(1));
import { buildRuleIndex, Matcher } from '../../src/css/rule-index.js';
import { parseStylesheet } from '../../src/css/stylesheet.js';
import { UA_STYLESHEET } from '../../src/css/ua-stylesheet.js';
{
  const counter = { next: 0 };
  const rules = [...parseStylesheet(UA_STYLESHEET, { origin: 'user-agent', label: 'ua', warn: () => {}, counter }).rules, ...parseStylesheet(doc.styleSheets[0]!.text, { origin: 'author', label: 'a', warn: () => {}, counter }).rules];
  const index = buildRuleIndex(rules);
  const els: any[] = []; const w = (e: any) => { els.push(e); for (const c of e.children) if (c.kind === 'element') w(c); }; w(doc.root);
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now(); let n = 0;
    const m = new Matcher(index); const ctx = new Map<any, number>(); ctx.set(null, 0);
    for (const e of els) { const r = m.match(e, ctx.get(e.parent)!); ctx.set(e, r.context); n += r.element.entries.length; }
    console.log('collectMatches only ms', (performance.now() - t0).toFixed(1), n);
  }

}
