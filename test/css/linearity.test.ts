// Linearity: each stage's time grows with its input, not with its square. Every case runs an
// input of size n and one of size 10n in the same process, warm, takes the least CPU time of a
// few runs of each and bounds the ratio loosely (linear ≈ 10×, quadratic ≈ 100×), so that a
// slow shared machine does not make it flake.
import { describe, expect, it } from 'vitest';
import { buildBoxTree } from '../../src/boxes/build.js';
import { CounterScope } from '../../src/boxes/counters.js';
import { clearCssCaches, styleDocument } from '../../src/css/index.js';
import { MAX_VALUE_NESTING } from '../../src/css/values/components.js';
import { parseHtml } from '../../src/dom/parse.js';
import { renderToDisplayLists } from '../../src/render.js';
import { decodeSvg } from '../../src/resources/svg/decode.js';

/** The most a 10× larger input may cost, as a multiple of the smaller one's time. */
const MAX_RATIO = 30;
const RUNS = 7;

/** A document and its author CSS for an input of size n. */
interface Input {
  readonly html: string;
  readonly css: string;
}

let unique = 0;

/** Styles the input, cold: a fresh comment defeats the style sheet cache, and the value caches are emptied. */
function styleRun(input: Input): () => unknown {
  const doc = parseHtml(input.html);
  return () => {
    clearCssCaches();
    return styleDocument(doc, { authorCss: [`${input.css}/*${unique++}*/`] });
  };
}

/** Builds the boxes of the styled input (counters and generated content live there). */
function boxRun(input: Input): () => unknown {
  const styled = styleDocument(parseHtml(input.html), { authorCss: [input.css] });
  return () => buildBoxTree(styled, { images: new Map() });
}

/** Renders the input to display lists: the whole pipeline, layout included. */
function renderRun(input: Input): () => unknown {
  const body = { type: 'html', data: { html: input.html, css: input.css } };
  return () => renderToDisplayLists(body, { deterministic: true });
}

function svgRun(text: string): () => unknown {
  const data = new TextEncoder().encode(text);
  return async () => {
    const image = await decodeSvg(data, 'test.svg', () => {});
    if (image === null || image.drawing === null) throw new Error('SVG not drawn');
  };
}

/**
 * The CPU time of one run, in ms. Not wall-clock time: on a machine shared with other jobs a
 * long run is preempted more often than a short one, which would inflate the ratio.
 */
async function time(run: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Time for 10n over time for n, both warmed up first, each the fastest of a few runs taken
 * alternately, so that a busy spell of the machine slows both sizes alike.
 */
async function growth(make: (n: number) => () => unknown, n: number): Promise<{ ratio: number; small: number; large: number }> {
  const small = make(n);
  const large = make(10 * n);
  await small();
  await large();
  let t1 = Infinity;
  let t10 = Infinity;
  for (let i = 0; i < RUNS; i++) {
    t1 = Math.min(t1, await time(small));
    t10 = Math.min(t10, await time(large));
  }
  // Below a few milliseconds the timer, JIT tiers and fixed costs dominate: count it as 2 ms.
  return { ratio: t10 / Math.max(t1, 2), small: t1, large: t10 };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">${body}</svg>`;

const cases: [string, number, (n: number) => () => unknown][] = [
  // Style sheets.
  ['style sheet: n rules', 150, (n) => styleRun({ html: '<p class="c1">x</p>', css: range(n).map((i) => `.c${i} > p:first-child, #x${i} { color: red; margin: ${i}px 2px }`).join('\n') })],
  ['style sheet: a style attribute of n declarations', 200, (n) => styleRun({ html: `<p style="${range(n).map((i) => `margin-left: ${i}px; --v${i}: ${i}`).join('; ')}">x</p>`, css: '' })],
  // var().
  ['var(): a chain of n references', 500, (n) => styleRun({ html: '<p>x</p>', css: `:root { --v0: 1px; ${range(n).map((i) => `--v${i + 1}: var(--v${i});`).join(' ')} } p { width: var(--v${n}) }` })],
  ['var(): a chain of n references, declared backwards', 500, (n) => styleRun({ html: '<p>x</p>', css: `:root { ${range(n).map((i) => `--v${i}: var(--v${i + 1});`).join(' ')} --v${n}: 1px } p { width: var(--v0) }` })],
  ['var(): n substitutions into one value', 500, (n) => styleRun({ html: '<p>x</p>', css: `:root { ${range(n).map((i) => `--v${i}: ${i}px;`).join(' ')} } p { width: calc(${range(n).map((i) => `var(--v${i})`).join(' + ')}) }` })],
  ['var(): 200 values of n nested fallbacks', 20, (n) => styleRun({ html: '<p>x</p>', css: range(200).map((k) => `p { width: ${range(n).map((i) => `var(--x${i}, `).join('')}${k}px${')'.repeat(n)} }`).join('\n') })],
  // calc().
  ['calc(): a sum of n terms', 2000, (n) => styleRun({ html: '<p>x</p>', css: `p { width: calc(${range(n).map((i) => (i % 3 === 0 ? '1em' : `${i}px`)).join(' + ')}) }` })],
  [`calc(): nested n deep (up to ${MAX_VALUE_NESTING})`, MAX_VALUE_NESTING / 10, (n) => styleRun({ html: '<p>x</p>', css: range(60).map((k) => `p { width: ${'calc(1px + '.repeat(n)}${k}px${')'.repeat(n)} }`).join('\n') })],
  // Selectors.
  ['selectors: a compound of n classes', 2000, (n) => styleRun({ html: '<p class="a b">x</p>'.repeat(50), css: `p${'.a'.repeat(n)} { color: red } p${'.b'.repeat(n)}.c { color: blue }` })],
  ['selectors: 20 rules of n descendant combinators against a chain 200 deep', 10, (n) => styleRun({ html: `${'<div>'.repeat(200)}x`, css: range(20).map((k) => `.s${k} ${'div '.repeat(n)}{ color: red } ${'div '.repeat(n)}p.k${k} { color: blue }`).join('\n') })],
  ['selectors: 50 descendant rules against a chain n deep', 40, (n) => styleRun({ html: `${'<div>'.repeat(n)}x`, css: range(50).map((k) => `.s${k} div { color: red } section div.k${k} div { color: blue }`).join('\n') })],
  ['selectors: `~` and `+` against n siblings', 1000, (n) => styleRun({ html: `<div>${'<p>x</p>'.repeat(n)}</div>`, css: '.x ~ p { color: red } h1 ~ p ~ p { color: blue } p + p ~ .y { color: green }' })],
  ['selectors: n rules against n elements, each rule keyed by its own class or id', 100, (n) => styleRun({ html: `<div>${range(n).map((i) => `<p class="c${i}" id="p${i}" title="${i}">x</p>`).join('')}</div>`, css: range(n).map((i) => `p + .c${i}, div > #p${i}[title="${i}"], p:nth-child(2n) ~ .c${i} { color: red }`).join('\n') })],
  ['selectors: n attribute-value rules against n elements with the attribute', 300, (n) => styleRun({ html: `<div>${range(n).map((i) => `<p class="k${i}" title="${i}">x</p>`).join('')}</div>`, css: range(n).map((i) => `.k${i}[title^="${i}"] { color: red }`).join('\n') })],
  ['selectors: n rules on one subject against 50 elements', 100, (n) => styleRun({ html: `<div>${'<p class="a">x</p>'.repeat(50)}</div>`, css: range(n).map((i) => `.c${i} + p, div > p.x${i}, [title="${i}"] { color: red }`).join('\n') })],
  ['selectors: 50 rules on one subject against n elements', 200, (n) => styleRun({ html: `<div>${range(n).map((i) => `<p class="c${i % 7}" title="${i}">x</p>`).join('')}</div>`, css: range(50).map((i) => `.c${i} + p, div > p.x${i}, [title="${i}"] { color: red }`).join('\n') })],
  // Counters (css-lists-3 §4), built with the boxes.
  ['counters: n counter-increment and counter() uses', 1000, (n) => boxRun({ html: `<div>${'<p>x</p>'.repeat(n)}</div>`, css: 'div { counter-reset: c } p { counter-increment: c 2 } p::before { content: counter(c) ". " counters(c, ".") }' })],
  ['counters: n siblings resetting and reading 20 counters', 1000, (n) => boxRun({ html: `<div>${range(n).map((i) => `<p class="r${i % 20}">x</p>`).join('')}</div>`, css: `${range(20).map((i) => `.r${i} { counter-reset: c${i} ${i} }`).join(' ')} p::before { content: counter(c0) counter(c7) }` })],
  ['counters: n distinct counters reset on one level (the counter scope alone)', 2000, (n) => () => {
    const scope = new CounterScope();
    scope.enterChildren();
    for (let i = 0; i < n; i++) scope.reset([{ name: `c${i}`, value: i }]);
    scope.leaveChildren();
  }],
  // Depth is bounded by the HTML parser (dom/parse.ts MAX_DEPTH): there, counters() n deep
  // writes n numbers, so its output alone grows as n² in the depth. Over the items, linear.
  ['counters: counter() in n lists nested 20 deep', 20, (n) => boxRun({ html: `${'<ol><li>x'.repeat(20)}${'</li></ol>'.repeat(20)}`.repeat(n), css: 'ol { counter-reset: item } li { counter-increment: item } li::before { content: counter(item) " " }' })],
  ['counters: counters() in lists 6 deep with n items each', 1000, (n) => boxRun({ html: `${'<ol><li>x'.repeat(5)}<ol>${'<li>x</li>'.repeat(n)}</ol>`, css: 'ol { counter-reset: item } li { counter-increment: item } li::before { content: counters(item, ".") " " }' })],
  // SVG (resources/svg): XML parsing, styling and path data, on the decoder directly.
  ['SVG: n elements', 200, (n) => svgRun(svg(range(n).map((i) => `<g transform="translate(${i % 10})"><rect x="${i % 90}" y="1" width="5" height="5" style="fill: red; stroke: blue"/></g>`).join('')))],
  ['SVG: a path of n segments', 2000, (n) => svgRun(svg(`<path d="M0 0${range(n).map((i) => ` L${i % 100} ${(i * 7) % 100} c1 2 3 4 5 6`).join('')}" fill="none" stroke="black"/>`))],
  ['SVG: n groups nested 20 deep', 10, (n) => svgRun(svg(`${'<g fill="red">'.repeat(20)}${'<circle cx="5" cy="5" r="2"/>'.repeat(10)}${'</g>'.repeat(20)}`.repeat(n)))],
  ['SVG: n <use> copies', 300, (n) => svgRun(svg(`<defs><g id="g"><rect width="1" height="1" style="fill: red"/><circle r="1"/></g></defs>${range(n).map((i) => `<use href="#g" x="${i % 100}"/>`).join('')}`))],
  ['SVG: n text elements', 300, (n) => svgRun(svg(range(n).map((i) => `<text x="1" y="${i % 100}" font-size="3">line ${i}</text>`).join('')))],
  // Flex layout (layout/flex/): yoga measures each item through our layout, once per width.
  ['flex: a wrapping row of n items with text', 100, (n) => renderRun({ html: `<div class="f">${range(n).map((i) => `<div>item ${i} with some words</div>`).join('')}</div>`, css: '.f { display: flex; flex-wrap: wrap; gap: 4px } .f > div { flex: 1 1 80px; border: 1px solid }' })],
  // Grid layout (layout/grid/): the tracks are sized once, whatever the number of pages the grid spans.
  ['grid: n items in three auto-fill columns over many pages', 100, (n) => renderRun({ html: `<div class="g">${range(n).map((i) => `<div>cell ${i} with a few words of text</div>`).join('')}</div>`, css: '.g { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 4px } .g > div { height: 60px; border: 1px solid }' })],
  // Grids nested n deep, each item stretched to the row its own measure made: laid out once per level, not twice.
  ['grid: grids nested n deep', 4, (n) => renderRun({ html: `${'<div class="g">'.repeat(n)}<p>text in the innermost grid</p>${'</div>'.repeat(n)}`, css: '.g { display: grid; padding: 1px }' })],
  // Multi-column layout (layout/multicol/): balancing bisects, but each try is linear in the flow.
  ['multicol: n paragraphs in two balanced columns over many pages', 100, (n) => renderRun({ html: `<div class="m">${range(n).map((i) => `<p>paragraph ${i} with a few words of text to wrap</p>`).join('')}</div>`, css: '.m { columns: 2 }' })],
  // Row flex containers across pages (layout/flex/fragment-row.ts): laid out once, whatever the number of pages they span.
  ['flex: a wrapping row of n items over many pages', 100, (n) => renderRun({ html: `<div class="f">${range(n).map((i) => `<div${i % 3 === 0 ? ' class="a"' : ''}>item ${i} with a few words of text</div>`).join('')}</div>`, css: '.f { display: flex; flex-wrap: wrap; gap: 4px } .f > div { flex: 1 1 150px; height: 90px; border: 1px solid } .f > .a { break-inside: avoid }' })],
  ['flex: a column of n items, each a row of two', 100, (n) => renderRun({ html: `<div class="c">${range(n).map((i) => `<div class="r"><span>name ${i}</span><span>value</span></div>`).join('')}</div>`, css: '.c { display: flex; flex-direction: column } .r { display: flex; justify-content: space-between }' })],
];

describe('linearity', () => {
  // A retry, so that a busy spell of a shared machine during one measurement does not fail
  // the suite; a quadratic stage fails every time.
  it.each(cases)('%s: 10× n costs at most 30× the time (n = %i)', { retry: 2 }, async (_, n, make) => {
    const { ratio, small, large } = await growth(make, n);
    expect(ratio, `n: ${small.toFixed(1)} ms, 10n: ${large.toFixed(1)} ms`).toBeLessThanOrEqual(MAX_RATIO);
  });
});
