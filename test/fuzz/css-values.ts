// Random CSS values from a small grammar: numbers with every unit, keywords, colours, strings,
// and functions (math, var(), attr(), counters, gradients, images, grid and page-media
// functions) nested in each other, for any property the engine knows. Value parsers meet
// token sequences no hand-written list would hold.
import { LONGHANDS, PROPERTY_ALIASES, SHORTHAND_BY_NAME } from '../../src/css/properties/index.js';
import type { Random } from './random.js';

let properties: readonly string[] | undefined;

/** Every property name the engine reads: longhands, shorthands and aliases. */
export function cssProperties(): readonly string[] {
  properties ??= [...LONGHANDS.map((d) => d.name), ...SHORTHAND_BY_NAME.keys(), ...PROPERTY_ALIASES.keys()];
  return properties;
}

const UNITS = ['', 'px', 'em', 'rem', 'ex', 'ch', '%', 'pt', 'pc', 'in', 'cm', 'mm', 'Q', 'vw', 'vh', 'vmin', 'vmax', 'deg', 'rad', 'grad', 'turn', 's', 'ms', 'dpi', 'dppx', 'x', 'fr', 'lh', 'cap', 'ic', 'svh', 'e3', 'px\\9', 'PX', 'foo'];
const NUMBERS = ['0', '1', '-1', '0.5', '.5', '-.0', '1e3', '1e-3', '1e308', '-1e308', '1e39', '3.4e38', '2147483647', '2147483648', '-2147483649', '9007199254740993', '00001', '1.', '+1', '1e', '1e+', 'NaN', 'infinity', '-infinity', 'e', 'pi'];
const KEYWORDS = ['auto', 'none', 'normal', 'inherit', 'initial', 'unset', 'revert', 'revert-layer', 'currentcolor', 'transparent', 'left', 'right', 'center', 'top', 'bottom', 'both', 'solid', 'dashed', 'bold', 'italic', 'block', 'inline', 'table', 'page', 'avoid', 'always', 'content-box', 'border-box', 'min-content', 'max-content', 'fit-content', 'stretch', 'baseline', 'space-between', 'repeat', 'no-repeat', 'cover', 'contain', 'landscape', 'portrait', 'A4', 'letter', 'first', 'last', 'start', 'end', 'open-quote', 'sans-serif', 'monospace', 'x', '-x', '--x', '\\30', 'é', '漢'];
const FUNCTIONS = ['calc', 'min', 'max', 'clamp', 'abs', 'sign', 'round', 'mod', 'rem', 'sin', 'pow', 'sqrt', 'hypot', 'log', 'exp', 'var', 'env', 'attr', 'counter', 'counters', 'url', 'rgb', 'rgba', 'hsl', 'hwb', 'lab', 'lch', 'oklch', 'color', 'color-mix', 'linear-gradient', 'radial-gradient', 'conic-gradient', 'repeating-linear-gradient', 'image-set', 'cross-fade', 'element', 'string', 'content', 'leader', 'target-counter', 'target-counters', 'target-text', 'running', 'symbols', 'repeat', 'minmax', 'fit-content', 'rotate', 'scale', 'translate', 'matrix', 'skew', 'cubic-bezier', 'steps', 'format', 'local', 'nope'];

export function cssValue(rng: Random, depth = 0): string {
  const count = rng.weighted([[6, 1], [3, 2], [2, rng.int(3, 6)], [depth === 0 ? 1 : 0, rng.size(10, 200)]]);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    parts.push(component(rng, depth));
    if (i < count - 1 && rng.chance(0.3)) parts.push(rng.pick([',', '/', '+', '-', '*', ' ']));
  }
  return parts.join(' ');
}

function component(rng: Random, depth: number): string {
  const kind = rng.weighted<string>([[5, 'dimension'], [3, 'keyword'], [depth < 6 ? 3 : 0, 'function'], [1, 'string'], [1, 'color'], [1, 'odd']]);
  switch (kind) {
    case 'dimension': return `${rng.pick(NUMBERS)}${rng.pick(UNITS)}`;
    case 'keyword': return rng.pick(KEYWORDS);
    case 'function': {
      const name = rng.pick(FUNCTIONS);
      const args = Array.from({ length: rng.int(0, 4) }, () => (name === 'var' && rng.chance(0.7) ? `--${rng.pick(['a', 'b', 'x'])}` : cssValue(rng, depth + 1)));
      return `${name}(${args.join(rng.pick([', ', ' ', ',', ' / ']))}${rng.chance(0.95) ? ')' : ''}`;
    }
    case 'string': return rng.pick(['""', '"x"', "'y'", '"\\"', '"\\A"', '"\\0"', '"\\110000"', '"unterminated', `"${'s'.repeat(rng.size(1, 2_000))}"`]);
    case 'color': return rng.pick(['#000', '#0000', '#00000000', '#fffffff', '#g00', 'red', 'RED', 'rgb(300 -1 1e9 / 2)', 'hsl(1e9deg 200% -5%)']);
    default: return rng.pick(['!important', '!ie', ';', '{', '}', '(', ')', '[', ']', '\\', '@', '#', '.', ':', 'U+0-10FFFF', '<!--', '-->', 'url(', '\u0000', '/**/', '&']);
  }
}

/** `count` random declarations for random properties. */
export function cssDeclarations(rng: Random, count: number): string {
  return Array.from({ length: count }, () => `${rng.pick(cssProperties())}: ${cssValue(rng)}`).join('; ');
}
