// Hostile JSON values: strings that break text handling (control characters, lone surrogates,
// bidi overrides, stacked combining marks, markup), numbers at the edges of what JSON and
// doubles hold, and values of every type, for the mutators to put anywhere in a body.
import type { Random } from './random.js';

/** Strings that each stress one thing; short, so several fit in a body. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003\u0008\u000b\u000c\u000e\u001f\u007f',
  '\ud800',
  '\udfff',
  'x\udc00y\ud83d',
  '\ufeff',
  '\ufffe\uffff',
  '\u200b\u200c\u200d\u2060',
  '\u202eevil\u202c \u2066isolate',
  'e' + '\u0301'.repeat(500),
  '\u{1F469}\u200d\u{1F469}\u200d\u{1F467}\u200d\u{1F466}\u{1F3F3}\ufe0f\u200d\u{1F308}',
  '\u{10FFFF}\u{E0001}\u{F0000}',
  '漢字かなカナ한국어',
  'العربية עברית',
  'देवनागरी ภาษาไทย',
  '\r\n\r\u2028\u2029\u0085\t\v',
  '<script>alert(1)</script>',
  '</style><style>*{font-size:1e9px}</style>',
  '<!--',
  ']]>',
  '<?xml version="1.0"?>',
  '{{constructor.constructor("return process")()}}',
  '${process.exit(1)}',
  '%s%n%x%p',
  '../../../../etc/passwd',
  'file:///etc/passwd',
  'red; } * { font-size: 1e9px; } x {',
  'url(http://127.0.0.1/)',
  '1e309',
  'NaN',
  '-0',
  'Infinity',
  '0x10',
  'true',
  'null',
  '[]',
  '{}',
  '#',
  '#12345',
  '#gggggg',
  '#1234567',
  'transparent',
  'inherit',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
];

/** Numbers at the edges: zero, signs, limits, fractions near integer bounds. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0, -0, -1, 1, 0.5, 4.999, 5, 30, 30.0001, 31, 255, 256, 500, 501,
  2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53 + 2, -(2 ** 53) - 2,
  1e21, 1e100, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE, 5e-324, -5e-324, 1e-7,
];

/** A long string: one letter repeated, a word without spaces, or random text; `max` characters at most. */
export function hugeString(rng: Random, max = 60_000): string {
  const length = rng.size(1_000, max);
  switch (rng.int(0, 4)) {
    case 0: return 'A'.repeat(length);
    case 1: return `${'word '.repeat(Math.floor(length / 5))}`;
    case 2: return rng.string(length, 'abcdefghijklmnopqrstuvwxyz \n\t<>&"\'{}[]*_#|`\\');
    case 3: return rng.string(Math.floor(length / 2), '漢字かな😀\u0301\u200b\ud800\u0000');
    default: return `${'\u{1F600}'.repeat(Math.floor(length / 4))}`;
  }
}

export function hostileString(rng: Random): string {
  if (rng.chance(0.15)) return hugeString(rng, 20_000);
  const s = rng.pick(HOSTILE_STRINGS);
  return rng.chance(0.2) ? s.repeat(rng.size(2, 200)) : s;
}

export function hostileNumber(rng: Random): number {
  return rng.chance(0.8) ? rng.pick(HOSTILE_NUMBERS) : (rng.float() - 0.5) * 10 ** rng.int(-10, 30);
}

/** A value of any JSON type (shallow), for retyping a field. */
export function anyValue(rng: Random): unknown {
  switch (rng.int(0, 9)) {
    case 0: return null;
    case 1: return rng.chance(0.5);
    case 2: return hostileNumber(rng);
    case 3: case 4: return hostileString(rng);
    case 5: return [];
    case 6: return {};
    case 7: return [hostileString(rng), hostileNumber(rng), null];
    case 8: return { [rng.pick(['a', 'html', 'data', 'content', 'rows', '__proto__'])]: hostileString(rng) };
    default: return rng.pick([[[]], [{}], { '': '' }, [null], [[[1]]]]);
  }
}
