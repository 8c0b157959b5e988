// Hostile Markdown-mode bodies: content that is pathological for a Markdown parser (deep
// quotes and lists, unclosed emphasis runs, huge pipe tables, reference-link floods), raw HTML
// and images pointing at private addresses, and odd item shapes and tables.
import { FONT_FAMILIES, COLORS, hostileTable } from './field-values.js';
import type { Random } from './random.js';
import { garbageDataUrl, privateUrls } from './resources.js';
import { hostileNumber, hostileString } from './values.js';

type Maker = (rng: Random, canary: string) => { what: string; content: string };

const CONTENT: readonly Maker[] = [
  (rng) => { const n = rng.size(10, 20_000); return { what: `blockquote ${n} deep`, content: `${'>'.repeat(n)} deep` }; },
  (rng) => { const n = rng.size(10, 5_000); return { what: `list ${n} deep`, content: Array.from({ length: n }, (_, i) => `${'  '.repeat(Math.min(i, 3_000))}- item`).join('\n').slice(0, 150_000) }; },
  (rng) => { const n = rng.size(10, 50_000); const c = rng.pick(['*', '_', '**', '~~', '`', '[', '![', '<', '\\', '|', '#']); return { what: `${n} × ${c}`, content: `${c}a `.repeat(n).slice(0, 150_000) }; },
  (rng) => { const n = rng.size(10, 30_000); return { what: `${n} unclosed emphasis`, content: `${'*a **b ***c _d __e '.repeat(Math.ceil(n / 10))}`.slice(0, 150_000) }; },
  (rng) => { const rows = rng.size(2, 3_000); const cols = rng.size(1, 100); return { what: `pipe table ${rows}×${cols}`, content: [`|${' h |'.repeat(cols)}`, `|${'---|'.repeat(cols)}`, ...Array.from({ length: Math.min(rows, Math.floor(20_000 / cols)) }, () => `|${' x |'.repeat(rng.int(0, cols + 2))}`)].join('\n') }; },
  (rng) => { const n = rng.size(10, 5_000); return { what: `${n} reference links`, content: `${Array.from({ length: n }, (_, i) => `[l${i}]: http://example.com/${i} "t"`).join('\n')}\n\n${Array.from({ length: n }, (_, i) => `[x][l${i}]`).join(' ')}` }; },
  (rng, canary) => { const urls = privateUrls(canary); return { what: 'images and links to private URLs', content: Array.from({ length: rng.int(1, 10) }, () => `![img](${rng.pick(urls)}) [a](${rng.pick(urls)}) <img src="${rng.pick(urls)}"> <${rng.pick(urls)}>`).join('\n\n') }; },
  (rng) => { const img = garbageDataUrl(rng); return { what: `garbage data: image (${img.what})`, content: `![x](${img.url}) <img src="${img.url}">` }; },
  (rng) => ({ what: 'raw HTML', content: rng.pick(['<script>alert(1)</script>', '<style>* { font-size: 1e9px; }</style>', '<iframe src="http://127.0.0.1/"></iframe>', '<div style="width:1e9px">x</div>', '<table><tr><td>'.repeat(500), '<!-- unclosed', '<svg><use href="#a"/></svg>', '<details><summary>x</summary>y</details>', '<p style="break-before: page">'.repeat(300)]) }),
  (rng) => { const n = rng.size(10, 30_000); return { what: `${n} lines of code`, content: `\`\`\`${rng.pick(['', 'js', '\u0000'])}\n${'\tcode line\n'.repeat(Math.min(n, 15_000))}` }; },
  (rng) => ({ what: 'hostile text', content: Array.from({ length: rng.int(1, 20) }, () => hostileString(rng)).join(rng.pick(['\n', '\n\n', ' ', '  \n'])) }),
  (rng) => { const n = rng.size(10, 10_000); return { what: `${n} headings and rules`, content: Array.from({ length: n }, (_, i) => rng.pick([`${'#'.repeat((i % 7) + 1)} h${i}`, '---', '***', '===', 'Setext\n===', '1. a', '- [ ] task', '- [x] done', '> q'])).join('\n').slice(0, 150_000) }; },
  (rng) => { const n = rng.size(1, 200); return { what: `entities and escapes ×${n}`, content: '&#0; &#xD800; &#x110000; &#99999999999; &bogus; \\\\\\* &amp &nbsp;&nbsp; \u0000 '.repeat(n) }; },
];

/** A Markdown-mode body with hostile items. */
export function hostileMarkdown(rng: Random, canary: string): { what: string; body: Record<string, unknown> } {
  const items: Record<string, unknown>[] = [];
  const what: string[] = [];
  const count = rng.weighted<number>([[6, 1], [3, rng.int(2, 10)], [1, rng.size(100, 5_000)]]);
  for (let i = 0; i < count; i++) {
    const item: Record<string, unknown> = {};
    if (i < 3 || rng.chance(0.05)) {
      const content = rng.pick(CONTENT)(rng, canary);
      item.content = content.content;
      what.push(content.what);
    } else {
      item.content = rng.pick(['x', '**b**', '', '- a\n- b', '# h']);
    }
    if (rng.chance(0.2)) item.label = rng.chance(0.7) ? 'Label' : hostileString(rng);
    if (rng.chance(0.2)) item.heading = rng.chance(0.7) ? 'Heading' : hostileString(rng);
    if (rng.chance(0.1)) item.fontSize = hostileNumber(rng);
    if (rng.chance(0.1)) item.textColor = rng.pick(COLORS);
    if (rng.chance(0.05)) item.fontFamily = rng.pick(FONT_FAMILIES);
    if (rng.chance(0.15) && i < 3) {
      item.table = hostileTable(rng);
      what.push('odd table');
    }
    items.push(item);
  }
  if (count > 3) what.push(`${count} items`);
  const body: Record<string, unknown> = { title: 'Fuzz', type: rng.chance(0.8) ? 'markdown' : undefined, data: items };
  if (rng.chance(0.3)) body.fontSize = rng.pick([5, 10, 30]);
  if (rng.chance(0.2)) body.logo = rng.chance(0.5) ? false : { src: garbageDataUrl(rng).url };
  if (rng.chance(0.3)) body.includeTimestamp = rng.chance(0.5);
  if (rng.chance(0.3)) body.page = { pageCount: 'bottomCenter', margin: rng.pick(['0', '1in', '5in']) };
  return { what: what.join(', '), body };
}
