// Random documents: a random tree of every kind of element (tables and their parts, lists,
// floats, forms, images, SVG, footnotes, running elements) with random text, styled by random
// rules and style attributes drawn from every property the engine knows, with values both
// sensible and absurd. Where the hostile documents aim at one known weakness each, these find
// the combinations nobody thought of.
import { cssProperties, cssValue } from './css-values.js';
import { examplePng } from './examples.js';
import type { Random } from './random.js';
import { HOSTILE_STRINGS } from './values.js';

const LENGTHS = ['0', '1px', '10px', '1em', '2rem', '50%', '100%', '120%', 'auto', '1in', '3cm', '-10px', '-50%', '1e6px', '-1e6px', '1e9px', 'calc(100% - 20px)', 'calc(50% + 1em)', 'min(10px, 5%)', 'max(1in, 50%)', 'clamp(1px, 10%, 2in)', '0.001px', 'fit-content', 'min-content', 'max-content', '1ch', '1ex', '10vw', '5vh', 'none', 'inherit', 'initial', 'unset'];
const COLORS = ['red', '#0f0', '#00000080', 'rgb(1 2 3 / 50%)', 'hsl(120 50% 50%)', 'transparent', 'currentcolor', 'lab(50 20 30)', 'color(display-p3 1 0 0)', 'var(--c)', 'nope'];
const TEXT = ['Lorem ipsum dolor sit amet', 'word', 'A', ' ', '   spaced   out   ', 'supercalifragilisticexpialidocious'.repeat(8), '漢字かなカナ漢字かなカナ', 'مرحبا بالعالم', 'שלום עולם', '😀👍🏽👨‍👩‍👧', 'e\u0301\u0301', 'soft\u00adhy\u00adphen', 'no\u00a0break\u00a0space', 'zero\u200bwidth', 'tab\there', 'line\nbreak', '1234567890', 'https://example.com/a/very/long/url/without/spaces/at/all', '&amp;&lt;&gt;&quot;'];

const VALUES: Readonly<Record<string, readonly string[]>> = {
  display: ['block', 'inline', 'inline-block', 'list-item', 'flow-root', 'table', 'inline-table', 'table-row-group', 'table-header-group', 'table-footer-group', 'table-row', 'table-column-group', 'table-column', 'table-cell', 'table-caption', 'flex', 'inline-flex', 'grid', 'contents', 'none', 'run-in', 'ruby'],
  position: ['static', 'relative', 'absolute', 'fixed', 'sticky', 'running(hdr)', 'running(ftr)', 'running(nope)'],
  float: ['none', 'left', 'right', 'footnote', 'inline-start', 'top', 'bottom'],
  clear: ['none', 'left', 'right', 'both'],
  'white-space': ['normal', 'nowrap', 'pre', 'pre-wrap', 'pre-line', 'break-spaces'],
  'word-break': ['normal', 'break-all', 'keep-all', 'break-word'],
  'overflow-wrap': ['normal', 'anywhere', 'break-word'],
  hyphens: ['none', 'manual', 'auto'],
  'text-align': ['left', 'right', 'center', 'justify', 'start', 'end', 'match-parent'],
  'text-align-last': ['auto', 'justify', 'center'],
  'vertical-align': ['baseline', 'top', 'middle', 'bottom', 'sub', 'super', 'text-top', '10px', '-50%', '1e9px'],
  'break-before': ['auto', 'page', 'always', 'left', 'right', 'recto', 'verso', 'avoid', 'avoid-page', 'column'],
  'break-after': ['auto', 'page', 'always', 'left', 'right', 'avoid', 'column'],
  'break-inside': ['auto', 'avoid', 'avoid-page', 'avoid-column'],
  orphans: ['1', '2', '100', '0', '-1'],
  widows: ['1', '2', '100', '0'],
  page: ['auto', 'a', 'b', 'nope'],
  'border-collapse': ['collapse', 'separate'],
  'table-layout': ['auto', 'fixed'],
  'caption-side': ['top', 'bottom'],
  'empty-cells': ['show', 'hide'],
  '-fs-table-paginate': ['paginate', 'none'],
  content: ['none', 'normal', '""', '"x"', 'counter(c)', 'counters(c, ".")', 'counter(page)', 'counter(pages)', 'attr(class)', 'open-quote', 'close-quote', 'no-open-quote', 'element(hdr)', 'string(s)', 'leader(".") counter(page)', 'target-counter(attr(href), page)', 'url(data:,x)', `url("data:image/png;base64,${Buffer.from(examplePng()).toString('base64')}")`, '"\\A" "x"', 'counter(c, lower-roman)', 'counter(c, disc)', 'content()'],
  'counter-reset': ['none', 'c', 'c 5', 'c -2147483648', 'c 2147483647', 'c 1e3', 'list-item 3', 'c d e'],
  'counter-increment': ['none', 'c', 'c 2', 'c -1', 'c 2147483647', 'list-item', 'page 1'],
  'counter-set': ['none', 'c 0', 'c 99999', 'page 5'],
  'list-style-type': ['disc', 'circle', 'square', 'decimal', 'decimal-leading-zero', 'lower-roman', 'upper-alpha', 'lower-greek', 'armenian', 'georgian', 'hebrew', 'cjk-ideographic', 'none', '"★ "', 'symbols(cyclic "*")', 'nope'],
  'list-style-position': ['inside', 'outside'],
  'string-set': ['s content()', 's attr(class)', 's "x" content(before)', 'none'],
  'bookmark-level': ['none', '1', '2', '6', '0', '99'],
  'bookmark-label': ['content()', 'attr(class)', '"label"'],
  'bookmark-state': ['open', 'closed'],
  'footnote-display': ['block', 'inline', 'compact'],
  'footnote-policy': ['auto', 'line', 'block'],
  'flex-direction': ['row', 'column', 'row-reverse', 'column-reverse'],
  'flex-wrap': ['nowrap', 'wrap', 'wrap-reverse'],
  'flex-grow': ['0', '1', '1e9', '-1'],
  'flex-shrink': ['0', '1', '1e9'],
  'flex-basis': ['auto', '0', '50%', '1e9px', 'content'],
  order: ['0', '-1', '2147483647', '-2147483648'],
  'justify-content': ['start', 'center', 'space-between', 'space-around', 'space-evenly', 'stretch', 'end'],
  'align-items': ['stretch', 'center', 'baseline', 'start', 'end'],
  'align-self': ['auto', 'center', 'baseline'],
  'column-count': ['auto', '1', '2', '3', '1000', '0'],
  'column-width': ['auto', '1px', '10em'],
  'column-span': ['none', 'all'],
  'grid-template-columns': ['none', '1fr 1fr', 'repeat(1000, 1px)', 'repeat(auto-fill, minmax(10px, 1fr))', '100px 1fr'],
  transform: ['none', 'rotate(45deg)', 'scale(0)', 'scale(1e9)', 'matrix(1, 0, 0, 1, 1e9, 0)', 'skew(90deg)', 'translate(50%, -1e9px)'],
  opacity: ['0', '0.5', '1', '-1', '2', 'NaN'],
  'z-index': ['auto', '0', '-1', '2147483647', '99999999999'],
  'box-sizing': ['content-box', 'border-box'],
  overflow: ['visible', 'hidden', 'scroll', 'auto', 'clip'],
  visibility: ['visible', 'hidden', 'collapse'],
  direction: ['ltr', 'rtl'],
  'unicode-bidi': ['normal', 'embed', 'isolate', 'bidi-override', 'isolate-override', 'plaintext'],
  'writing-mode': ['horizontal-tb', 'vertical-rl', 'vertical-lr', 'sideways-rl'],
  'text-transform': ['none', 'uppercase', 'lowercase', 'capitalize', 'full-width'],
  'font-size': ['0', '1px', '12px', '2em', '200%', 'xx-large', 'smaller', '1e4px', '-1px', 'calc(1em + 1vw)'],
  'font-family': ['serif', 'sans-serif', 'monospace', 'Noto Sans', 'Courier', 'Helvetica', '"Times New Roman"', 'nope, serif', 'cursive', 'system-ui', 'Bad'],
  'font-weight': ['100', '400', '700', '900', 'bold', 'bolder', 'lighter', '1', '1000', '0'],
  'font-style': ['normal', 'italic', 'oblique', 'oblique 90deg'],
  'font-variant-caps': ['normal', 'small-caps', 'all-small-caps'],
  'line-height': ['normal', '0', '1', '1.5', '100px', '-1', '1e6', '200%'],
  'letter-spacing': ['normal', '0', '1px', '-5px', '1em', '1e6px'],
  'word-spacing': ['normal', '0', '10px', '-1e3px'],
  'text-indent': ['0', '10px', '-100px', '50%', '1e6px', 'hanging 10px each-line'],
  'tab-size': ['0', '8', '100', '1e6', '10px'],
  'border-top-style': ['none', 'solid', 'dotted', 'dashed', 'double', 'groove', 'ridge', 'inset', 'outset', 'hidden'],
  'border-radius': ['0', '5px', '50%', '1e9px', '10px / 20px'],
  border: ['none', '1px solid', '3px double red', '1e6px solid', '10px dotted #000', 'thick groove'],
  background: ['none', 'red', `url("data:image/png;base64,${Buffer.from(examplePng()).toString('base64')}") repeat-x`, 'linear-gradient(red, blue)', 'radial-gradient(circle, red 0%, blue 200%)', 'repeating-linear-gradient(45deg, red 0 1px, blue 1px 2px)', 'conic-gradient(red, blue)', 'linear-gradient(red 0 0)'],
  'background-size': ['auto', 'cover', 'contain', '1px 1px', '0 0', '50%'],
  'box-shadow': ['none', '0 0 10px red', 'inset 1e6px 0 0 red'],
  'text-shadow': ['none', '1px 1px red'],
  'text-decoration': ['none', 'underline', 'line-through red wavy', 'overline double'],
  'text-overflow': ['clip', 'ellipsis'],
  'line-clamp': ['none', '1', '3'],
  'aspect-ratio': ['auto', '1', '16 / 9', '0', '1e9'],
  'object-fit': ['fill', 'contain', 'cover', 'none', 'scale-down'],
  quotes: ['none', 'auto', '"«" "»" "‹" "›"'],
  size: ['auto', 'A4', 'letter landscape', '1in 1in'],
  'border-spacing': ['0', '2px', '1e6px', '1px 1e6px'],
  outline: ['none', '1px solid red'],
  'clip-path': ['none', 'circle(50%)', 'inset(10px)'],
  filter: ['none', 'blur(2px)'],
};

const PROPERTIES = Object.keys(VALUES);
const LENGTH_PROPERTIES = ['width', 'height', 'min-width', 'min-height', 'max-width', 'max-height', 'margin', 'margin-top', 'margin-left', 'margin-bottom', 'padding', 'padding-left', 'padding-top', 'top', 'left', 'right', 'bottom', 'border-width', 'border-left-width', 'outline-offset', 'column-gap', 'row-gap', 'text-underline-offset', 'gap'];

const INLINE = ['span', 'b', 'i', 'em', 'strong', 'a', 'code', 'sup', 'sub', 'small', 'mark', 'q', 'abbr', 'label', 'u', 's', 'br', 'wbr', 'img', 'input', 'svg', 'button', 'select', 'textarea', 'ruby'];
const BLOCK = ['div', 'p', 'section', 'article', 'header', 'footer', 'nav', 'aside', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col', 'hr', 'figure', 'figcaption', 'form', 'fieldset', 'legend', 'details', 'summary', 'address', 'main', 'center', 'iframe', 'object', 'video'];
const CLASSES = ['a', 'b', 'c', 'hdr', 'ftr', 'fn', 'note'];

export interface RandomDocument {
  readonly what: string;
  readonly html: string;
  readonly css: string;
}

export function randomDocument(rng: Random): RandomDocument {
  let elements = 0;
  const budget = rng.size(5, 300);
  // Some documents take their values from the grammar (any token soup), most from the lists.
  const grammar = rng.chance(0.3) ? 0.5 : 0.03;
  const declaration = (): string => {
    if (rng.chance(grammar)) return `${rng.pick(cssProperties())}: ${cssValue(rng)}`;
    if (rng.chance(0.25)) {
      const property = rng.pick(LENGTH_PROPERTIES);
      return `${property}: ${rng.pick(LENGTHS)}${rng.chance(0.2) ? ` ${rng.pick(LENGTHS)}` : ''}`;
    }
    if (rng.chance(0.05)) return `--c: ${rng.pick(COLORS)}; color: var(--c, red)`;
    if (rng.chance(0.1)) return `${rng.pick(['color', 'background-color', 'border-color', 'text-decoration-color', 'outline-color'])}: ${rng.pick(COLORS)}`;
    const property = rng.pick(PROPERTIES);
    return `${property}: ${rng.pick(VALUES[property]!)}${rng.chance(0.05) ? ' !important' : ''}`;
  };
  const declarations = (n: number) => Array.from({ length: n }, declaration).join('; ');
  const text = () => {
    const t = rng.chance(0.9) ? rng.pick(TEXT) : rng.pick(HOSTILE_STRINGS).replaceAll('<', '&lt;');
    return rng.chance(0.2) ? t.repeat(rng.size(2, 50)) : t;
  };
  const node = (depth: number): string => {
    if (elements >= budget || depth > 40 || rng.chance(0.25)) return text();
    elements++;
    const tag = rng.chance(0.45) ? rng.pick(INLINE) : rng.pick(BLOCK);
    const attrs: string[] = [];
    if (rng.chance(0.5)) attrs.push(`class="${rng.pick(CLASSES)}${rng.chance(0.3) ? ` ${rng.pick(CLASSES)}` : ''}"`);
    if (rng.chance(0.3)) attrs.push(`style="${declarations(rng.int(1, 4)).replaceAll('"', "'")}"`);
    if (rng.chance(0.1)) attrs.push(`id="${rng.pick(['x', 'y', 'z'])}"`);
    if (tag === 'a') attrs.push(`href="${rng.pick(['#x', '#y', '#nope', 'https://example.com', ''])}"`);
    if (tag === 'img') attrs.push(`src="${rng.pick([`data:image/png;base64,${Buffer.from(examplePng()).toString('base64')}`, 'data:image/png;base64,AAAA', 'missing.png', ''])}"`, `width="${rng.pick(['10', '0', '100%', '-1', '1e6', ''])}"`, `alt="${rng.pick(['', 'alt text'])}"`);
    if (tag === 'td' || tag === 'th') attrs.push(`colspan="${rng.pick(['1', '2', '3', '0', '1000'])}" rowspan="${rng.pick(['1', '2', '0', '1000'])}"`);
    if (tag === 'col' || tag === 'colgroup') attrs.push(`span="${rng.pick(['1', '3', '0', '1000'])}" width="${rng.pick(['10', '50%', '0*', '1*'])}"`);
    if (tag === 'ol') attrs.push(`start="${rng.pick(['1', '0', '-5', '2147483647'])}"${rng.chance(0.3) ? ' reversed' : ''}`);
    if (tag === 'input') attrs.push(`type="${rng.pick(['text', 'checkbox', 'radio', 'submit', 'hidden'])}" name="${rng.pick(['n', 'm', ''])}" value="${rng.pick(['v', ''])}"`);
    if (tag === 'table' && rng.chance(0.5)) attrs.push(`border="${rng.pick(['1', '0', '10'])}" cellpadding="${rng.pick(['0', '5', '100'])}" width="${rng.pick(['100%', '50', '1e6'])}"`);
    if (tag === 'svg') return `<svg xmlns="http://www.w3.org/2000/svg" width="${rng.pick(['20', '100%', '0'])}" height="20" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="red"/><text x="0" y="9">${text()}</text></svg>`;
    const attr = attrs.length ? ` ${attrs.join(' ')}` : '';
    if (['br', 'wbr', 'img', 'input', 'hr', 'col'].includes(tag)) return `<${tag}${attr}>`;
    const children = Array.from({ length: rng.weighted([[3, 1], [3, rng.int(2, 4)], [1, rng.int(5, 12)]]) }, () => node(depth + 1)).join(rng.pick(['', ' ', '\n']));
    return `<${tag}${attr}>${children}${rng.chance(0.97) ? `</${tag}>` : ''}`;
  };
  const body = Array.from({ length: rng.int(1, 6) }, () => node(0)).join('\n');
  const selectors = ['*', 'div', 'p', 'span', 'table', 'td', 'tr', 'li', 'ul', 'img', 'a', '.a', '.b', '.c', '.hdr', '.fn', '#x', 'p:first-child', 'li:nth-child(2n+1)', 'td:last-child', 'div > p', 'p + p', 'p ~ span', ':not(.a)', ':is(h1, h2)', 'p:empty', 'tr:nth-of-type(odd)', 'body', 'html', ':root'];
  const pseudos = ['', '', '', '::before', '::after', '::marker', '::first-letter', '::first-line', '::footnote-call', '::footnote-marker'];
  const rules = Array.from({ length: rng.size(1, 40) }, () => `${rng.pick(selectors)}${rng.pick(pseudos)} { ${declarations(rng.int(1, 6))} }`);
  const boxes = ['top-left', 'top-center', 'top-right', 'bottom-left', 'bottom-center', 'bottom-right', 'top-left-corner', 'left-middle', 'right-top'];
  const page = rng.chance(0.6)
    ? [`@page${rng.pick(['', ' :first', ' :left', ' :right', ' a', ' b', ' :blank'])} { ${rng.chance(0.5) ? `size: ${rng.pick(['A4', 'A5 landscape', 'letter', '4in 6in', '3in 3in', '200px 200px'])}; ` : ''}margin: ${rng.pick(['1in', '0', '2cm 1cm', '30%', '3in'])}; ${Array.from({ length: rng.int(0, 4) }, () => `@${rng.pick(boxes)} { content: ${rng.pick(VALUES.content!)}; ${declarations(rng.int(0, 3))} }`).join(' ')} }`,
      rng.chance(0.3) ? `@footnote { ${declarations(rng.int(1, 3))} }` : '']
    : [];
  const css = [...page, ...rules].join('\n');
  return { what: `${elements} elements, ${rules.length} rules${page.length ? ', @page' : ''}${grammar > 0.1 ? ', grammar values' : ''}`, html: body, css };
}
