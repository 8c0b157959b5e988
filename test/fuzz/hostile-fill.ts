// Hostile fill payloads (spec embedded-builders.md §4.6): every field of the test templates
// given values of the wrong shape, of absurd length (long words in narrow boxes), dates and
// numbers at the edges, images that are garbage or live at private addresses, and options
// (fontSize, textColor) outside their ranges.
import { fillExamples } from './examples.js';
import { clone } from './json-mutations.js';
import type { Random } from './random.js';
import { garbageDataUrl, privateUrls } from './resources.js';
import { anyValue, hostileNumber, hostileString, hugeString } from './values.js';

/** The aliasIds of the placed test template (test/fill/cast-fixture.ts placedCast) and the examples. */
const ALIASES = ['shortText', 'date', 'name', 'email', 'phone', 'usAddress', 'ssn', 'ein', 'decimalNumber', 'dollar', 'integer', 'percent', 'checkbox', 'radioGroup', 'image', 'textPerLetter', 'longText', 'textPerLine'];

const DATES = ['2022-07-08', '9999-12-31', '0000-00-00', '2022-13-45', '-271821-04-20', '+275760-09-13', '2022-02-30', '1e9', '', 'today', '2022-07-08T25:61:61Z', '2022/07/08', '99999999-01-01'];
const DIGITS = ['456454567', '4564545678', '45645456', '', '---------', '١٢٣٤٥٦٧٨٩', 'abcdefghi', '9'.repeat(5_000)];

function valueFor(alias: string, rng: Random, canary: string): unknown {
  if (rng.chance(0.25)) return anyValue(rng);
  switch (alias) {
    case 'date': return rng.pick(DATES);
    case 'ssn': case 'ein': return rng.pick(DIGITS);
    case 'decimalNumber': case 'dollar': case 'integer': case 'percent': return rng.chance(0.7) ? hostileNumber(rng) : rng.pick(['1e309', '-0', 'NaN', '12,345.67', '$5', '50%', '']);
    case 'checkbox': return rng.pick<unknown>([true, false, 'true', 'yes', 1, 0, 'Off', {}]);
    case 'radioGroup': return rng.pick<unknown>(['cast68d7e540afba11ecaf289fa5a354293a', 'castOther', 'nope', '', ['a'], 1]);
    case 'image': return rng.pick<() => unknown>([() => rng.pick(privateUrls(canary)), () => garbageDataUrl(rng).url, () => ({ src: garbageDataUrl(rng).url }), () => 'not a url'])();
    case 'name': return rng.pick<unknown>([{ firstName: hostileString(rng), mi: hostileString(rng), lastName: hugeString(rng, 20_000) }, { firstName: 1 }, {}, hostileString(rng)]);
    case 'phone': return rng.pick<unknown>([{ num: '5554443333', region: rng.pick(['US', 'XX', '', 'ZZZ']), baseRegion: 'US' }, { num: hostileString(rng) }, { num: 5554443333 }, '+1 555 444 3333 ext 9999999999999', hostileString(rng)]);
    case 'usAddress': return rng.pick<unknown>([{ street1: hugeString(rng, 20_000), city: 'SF', state: 'CA', zip: '94106' }, { street1: 1, city: [], state: {}, zip: null }, hostileString(rng)]);
    case 'textPerLine': case 'longText': case 'shortText': case 'textPerLetter': case 'email':
      return rng.pick<() => unknown>([
        () => 'W'.repeat(rng.size(50, 60_000)),
        () => `${'word '.repeat(rng.size(1, 5_000))}`,
        () => `${'\n'.repeat(rng.size(1, 5_000))}x`,
        () => hostileString(rng),
        () => hugeString(rng, 40_000),
        () => `${'x'.repeat(rng.size(1, 500))} ${'漢'.repeat(rng.size(1, 500))} ${'😀'.repeat(rng.size(1, 200))}`,
      ])();
    default: return hostileString(rng);
  }
}

/** A fill payload: an example, or none, with some fields given hostile values. */
export function hostileFill(rng: Random, canary: string): { what: string; body: Record<string, unknown> } {
  const base = rng.chance(0.7) ? (clone(rng.pick(fillExamples()).body) as Record<string, unknown>) : { data: {} };
  const data: Record<string, unknown> = typeof base.data === 'object' && base.data !== null ? base.data as Record<string, unknown> : {};
  const what: string[] = [];
  const count = rng.weighted<number>([[6, 1], [3, rng.int(2, 6)], [1, ALIASES.length]]);
  for (let i = 0; i < count; i++) {
    const alias = count === ALIASES.length ? ALIASES[i]! : rng.pick(ALIASES);
    data[alias] = valueFor(alias, rng, canary);
    what.push(`${alias}=${(JSON.stringify(data[alias]) ?? 'undefined').slice(0, 30)}`);
  }
  if (rng.chance(0.1)) {
    const keys = rng.size(100, 5_000);
    for (let i = 0; i < keys; i++) data[`k${i}`] = i;
    what.push(`${keys} extra keys`);
  }
  base.data = data;
  if (rng.chance(0.2)) {
    base.fontSize = rng.chance(0.7) ? hostileNumber(rng) : anyValue(rng);
    what.push(`fontSize ${String(base.fontSize).slice(0, 20)}`);
  }
  if (rng.chance(0.15)) {
    base.textColor = rng.pick<unknown>(['#000000', '000000', '#fff', 'red', '', 1, null, '#GGGGGG']);
    what.push(`textColor ${JSON.stringify(base.textColor)}`);
  }
  if (rng.chance(0.1)) {
    base.title = rng.chance(0.7) ? hostileString(rng) : anyValue(rng);
    what.push('title hostile');
  }
  return { what: what.join(', '), body: base };
}
