// Random Markdown: items whose content mixes every block and inline construct of GitHub
// Markdown (headings, quotes, nested lists, task lists, code, pipe tables, emphasis, links,
// images, autolinks, footnotes, inline HTML, entities, hard breaks) nested in each other.
import type { Random } from './random.js';

const INLINE = ['word', 'two words', '**bold**', '*em*', '_em_', '__strong__', '~~del~~', '`code`', '``co`de``', '[link](https://example.com)', '[ref][r]', '![img](data:image/png;base64,iVBORw0KGgo=)', '<https://example.com>', 'www.example.com', 'a@b.co', '<b>html</b>', '<span style="font-size:1e9px">big</span>', '&amp;', '&#x1F600;', '\\*', '  \n', '\\\n', '[^1]', '<br>', '***', '**unclosed', '[broken](', '漢字', 'שלום', '😀', 'x'.repeat(200)];

function inline(rng: Random): string {
  return Array.from({ length: rng.int(1, 12) }, () => rng.pick(INLINE)).join(rng.pick([' ', '', ' ']));
}

function block(rng: Random, depth: number): string {
  const d = depth > 6 ? 0 : 1;
  return rng.weighted<() => string>([
    [4, () => inline(rng)],
    [1, () => `${'#'.repeat(rng.int(1, 7))} ${inline(rng)}`],
    [d, () => block(rng, depth + 1).split('\n').map((l) => `> ${l}`).join('\n')],
    [d * 2, () => Array.from({ length: rng.int(1, 5) }, (_, i) => `${rng.pick(['- ', '* ', '+ ', `${i + 1}. `, `${rng.pick(['0', '999999999', '-1'])}) `, '- [ ] ', '- [x] '])}${block(rng, depth + 1).replaceAll('\n', `\n${' '.repeat(rng.pick([2, 3, 4]))}`)}`).join('\n')],
    [1, () => `\`\`\`${rng.pick(['', 'js', 'html'])}\n${inline(rng)}\n${rng.chance(0.9) ? '```' : ''}`],
    [1, () => `    indented ${inline(rng)}`],
    [1, () => { const cols = rng.int(1, 8); return [`|${' h |'.repeat(cols)}`, `|${rng.pick([':--|', '--:|', ':-:|', '---|', '-|'])}`.repeat(1) + '---|'.repeat(cols - 1), ...Array.from({ length: rng.int(0, 10) }, () => `|${Array.from({ length: rng.int(0, cols + 2) }, () => ` ${inline(rng).replaceAll('|', '\\|')} |`).join('')}`)].join('\n'); }],
    [1, () => rng.pick(['---', '***', '___', '===', '<hr>', '<div>\n\n*md in html*\n\n</div>', '<table><tr><td>cell</td></tr></table>', '[r]: https://example.com "title"', '[^1]: a footnote', '<!-- comment -->', '<details><summary>s</summary>\n\nbody\n</details>'])],
  ])();
}

/** A random Markdown-mode body. */
export function randomMarkdown(rng: Random): { what: string; body: Record<string, unknown> } {
  const items = Array.from({ length: rng.size(1, 60) }, () => {
    const item: Record<string, unknown> = {};
    if (rng.chance(0.8)) item.content = Array.from({ length: rng.int(1, 8) }, () => block(rng, 0)).join(rng.pick(['\n\n', '\n', '\n\n\n']));
    if (rng.chance(0.2)) item.label = inline(rng);
    if (rng.chance(0.15)) item.heading = inline(rng);
    if (rng.chance(0.1)) item.fontSize = rng.int(5, 30);
    if (rng.chance(0.1)) item.textColor = rng.pick(['#cc0000', '#000000', '#123abc']);
    if (rng.chance(0.05)) item.fontFamily = rng.pick(['Courier', 'Helvetica', 'Times New Roman', 'Noto Sans']);
    if (rng.chance(0.1)) item.table = { rows: Array.from({ length: rng.int(0, 12) }, () => Array.from({ length: rng.int(0, 6) }, () => inline(rng))), firstRowHeaders: rng.chance(0.5), rowGridlines: rng.chance(0.5), columnGridlines: rng.chance(0.5), verticalAlign: rng.pick(['top', 'center', 'bottom']), columnOptions: [{ align: 'right', width: rng.pick(['10%', '100px', 80]) }, {}] };
    return item;
  });
  const body: Record<string, unknown> = { title: 'Fuzz', data: items };
  if (rng.chance(0.3)) body.fontSize = rng.int(5, 30);
  if (rng.chance(0.3)) body.includeTimestamp = rng.chance(0.5);
  if (rng.chance(0.3)) body.logo = false;
  if (rng.chance(0.3)) body.page = { pageCount: rng.pick(['topLeft', 'bottomRight']), margin: rng.pick(['0', '1in', '2cm']), width: rng.pick(['8.5in', '4in', '210mm']) };
  return { what: `${items.length} random Markdown items`, body };
}
