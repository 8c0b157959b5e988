// Structural mutations of a JSON body: a spot anywhere in the tree is dropped, duplicated,
// retyped, replaced by a huge or hostile string or an edge number, wrapped in deep nesting,
// or given prototype keys (`__proto__`, `constructor`) as own properties, as JSON.parse makes
// them. Each mutation returns a new tree and names what it did.
import type { Random } from './random.js';
import { anyValue, hostileNumber, hostileString, hugeString } from './values.js';

type Json = unknown;

/** A place in the tree: the container and the key or index, or the root. */
interface Spot {
  readonly path: string;
  readonly parent: Record<string, Json> | Json[] | null;
  readonly key: string | number;
  readonly value: Json;
}

/** Depths around the server's nesting limit (64) and far past it. */
const NESTING_DEPTHS = [8, 62, 63, 64, 65, 100, 1_000, 5_000];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'];

export interface Mutated {
  readonly value: Json;
  readonly what: string;
}

/** `count` mutations in a row on a copy of `value`. */
export function mutateJson(value: Json, rng: Random, count: number): Mutated {
  let current = clone(value);
  const what: string[] = [];
  for (let i = 0; i < count; i++) {
    const result = mutateOnce(current, rng);
    current = result.value;
    what.push(result.what);
  }
  return { value: current, what: what.join('; ') };
}

function mutateOnce(root: Json, rng: Random): Mutated {
  const spots = collectSpots(root);
  const spot = rng.pick(spots);
  const op = rng.weighted<string>([
    [3, 'drop'], [2, 'duplicate'], [4, 'retype'], [2, 'huge'], [4, 'hostile-string'], [3, 'number'],
    [1, 'nest'], [2, 'proto'], [1, 'empty'], [1, 'wrap'], [1, 'rename'], [1, 'big-array'], [1, 'append'],
  ]);
  const replace = (next: Json, what: string): Mutated => {
    if (spot.parent === null) return { value: next, what: `${what} at the root` };
    (spot.parent as Record<string | number, Json>)[spot.key] = next;
    return { value: root, what: `${what} at ${spot.path}` };
  };
  switch (op) {
    case 'drop':
      if (spot.parent === null) return { value: undefined, what: 'dropped the whole body' };
      if (Array.isArray(spot.parent)) spot.parent.splice(spot.key as number, 1);
      else delete spot.parent[spot.key as string];
      return { value: root, what: `dropped ${spot.path}` };
    case 'duplicate': {
      if (Array.isArray(spot.parent)) {
        const times = rng.size(1, 200);
        spot.parent.splice(spot.key as number, 0, ...Array.from({ length: times }, () => clone(spot.value)));
        return { value: root, what: `duplicated ${spot.path} ×${times}` };
      }
      if (spot.parent) {
        spot.parent[`${String(spot.key)}${rng.pick(['', '2', ' ', 'Copy'])}${rng.int(0, 9)}`] = clone(spot.value);
        return { value: root, what: `copied ${spot.path} beside itself` };
      }
      return { value: [clone(root), clone(root)], what: 'the body twice in an array' };
    }
    case 'retype': return replace(anyValue(rng), `retyped (${typeName(spot.value)})`);
    case 'huge': return replace(hugeString(rng), 'huge string');
    case 'hostile-string': {
      const s = hostileString(rng);
      const next = typeof spot.value === 'string' && rng.chance(0.5) ? spot.value + s : s;
      return replace(next, `hostile string ${JSON.stringify(s.slice(0, 24))}`);
    }
    case 'number': {
      const n = hostileNumber(rng);
      return replace(n, `number ${n}`);
    }
    case 'nest': {
      const depth = rng.pick(NESTING_DEPTHS);
      return replace(nest(spot.value, depth, rng.chance(0.5)), `nested ${depth} deep`);
    }
    case 'proto': {
      const key = rng.pick(PROTO_KEYS);
      const payload = rng.pick<Json>([{ polluted: true, html: '<p>x</p>' }, 'x', 1, null, [], { toString: 'x' }]);
      const target = isObject(spot.value) ? spot.value : isObject(spot.parent) ? spot.parent : null;
      if (!target) return replace(ownKey(key, payload), `object with own "${key}"`);
      Object.defineProperty(target, key, { value: payload, enumerable: true, writable: true, configurable: true });
      return { value: root, what: `own "${key}" beside ${spot.path}` };
    }
    case 'empty': return replace(rng.pick<Json>([{}, [], '', null, 0, false]), 'emptied');
    case 'wrap': return replace(rng.chance(0.5) ? [spot.value] : { value: spot.value }, 'wrapped');
    case 'rename': {
      if (!isObject(spot.parent)) return replace(anyValue(rng), 'retyped');
      const from = spot.key as string;
      const to = rng.pick([from.toUpperCase(), from.toLowerCase(), ` ${from}`, `${from}\u0000`, from.replace(/^./, (c) => c.toUpperCase()), rng.pick(PROTO_KEYS)]);
      delete spot.parent[from];
      Object.defineProperty(spot.parent, to, { value: spot.value, enumerable: true, writable: true, configurable: true });
      return { value: root, what: `renamed ${spot.path} to ${JSON.stringify(to)}` };
    }
    case 'big-array': {
      const length = rng.size(100, 20_000);
      const item = rng.pick<Json>([0, '', 'x', null, {}, [], spot.value]);
      const bounded = JSON.stringify(item ?? null).length * length > 150_000 ? 0 : item;
      return replace(Array.from({ length }, () => clone(bounded)), `array of ${length}`);
    }
    default: {
      // append: a new key or item of any type
      if (Array.isArray(spot.value)) {
        spot.value.push(anyValue(rng));
        return { value: root, what: `appended an item to ${spot.path || 'the root'}` };
      }
      if (isObject(spot.value)) {
        const key = rng.pick(['type', 'title', 'data', 'page', 'logo', 'html', 'css', 'fontSize', 'textColor', 'fontFamily', 'includeTimestamp', 'table', 'rows', 'content', 'x', '']);
        spot.value[key] = anyValue(rng);
        return { value: root, what: `set ${spot.path ? `${spot.path}.` : ''}${key}` };
      }
      return replace(anyValue(rng), 'retyped');
    }
  }
}

function collectSpots(root: Json): Spot[] {
  const spots: Spot[] = [{ path: '', parent: null, key: '', value: root }];
  const walk = (value: Json, path: string) => {
    if (spots.length > 2_000) return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        spots.push({ path: `${path}[${i}]`, parent: value, key: i, value: item });
        walk(item, `${path}[${i}]`);
      });
    } else if (isObject(value)) {
      for (const key of Object.keys(value)) {
        const p = path ? `${path}.${key}` : key;
        spots.push({ path: p, parent: value, key, value: value[key] });
        walk(value[key], p);
      }
    }
  };
  walk(root, '');
  return spots;
}

/** `value` inside `depth` arrays or objects. */
export function nest(value: Json, depth: number, arrays: boolean): Json {
  let current = value;
  for (let i = 0; i < depth; i++) current = arrays ? [current] : { a: current };
  return current;
}

function ownKey(key: string, value: Json): Record<string, Json> {
  const object: Record<string, Json> = {};
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: Json): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** A deep copy that keeps own `__proto__` keys as own keys. */
export function clone(value: Json): Json {
  if (Array.isArray(value)) return value.map(clone);
  if (isObject(value)) {
    const out: Record<string, Json> = {};
    for (const key of Object.keys(value)) Object.defineProperty(out, key, { value: clone(value[key]), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}
