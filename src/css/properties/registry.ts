// The shape of a longhand property definition: its name, whether it inherits, which
// ComputedStyle field it fills (or `extra`), and its parser from component values to a
// context-dependent computer.
import type { Component } from '../values/components.js';
import type { Computer } from '../values/context.js';
import type { ComputedStyle } from '../types.js';

/** Fields of ComputedStyle that a longhand fills directly (everything but `extra`). */
export type FieldName = Exclude<keyof ComputedStyle, 'extra'>;

/** One longhand property (css-cascade-4 §1.1): parsed once, computed per element. */
export interface LonghandDef {
  readonly name: string;
  readonly inherited: boolean;
  /** The ComputedStyle field; null for properties kept as text in `extra`. */
  readonly field: FieldName | null;
  /** Parses a value (no CSS-wide keywords, no var()); null when invalid. */
  readonly parse: (items: readonly Component[], text: string) => Computer<unknown> | null;
  /** An initial value that depends on context (currentcolor), if any. */
  readonly initialComputer?: Computer<unknown>;
}

/** Defines a longhand with a typed parser for its field. */
export function longhand<K extends FieldName>(
  name: string,
  field: K,
  inherited: boolean,
  parse: (items: readonly Component[]) => Computer<ComputedStyle[K]> | null,
  initialComputer?: Computer<ComputedStyle[K]>,
): LonghandDef {
  return initialComputer === undefined ? { name, field, inherited, parse } : { name, field, inherited, parse, initialComputer };
}

/**
 * A property whose value is a single keyword from `words`, optionally mapped to another
 * computed keyword (`aliases`, e.g. legacy spellings).
 */
export function keywordLonghand<K extends FieldName>(
  name: string,
  field: K,
  inherited: boolean,
  words: readonly (ComputedStyle[K] & string)[],
  aliases: Readonly<Record<string, ComputedStyle[K] & string>> = {},
): LonghandDef {
  const known = new Map<string, ComputedStyle[K]>(words.map((w) => [w, w]));
  for (const [from, to] of Object.entries(aliases)) known.set(from, to);
  return longhand(name, field, inherited, (items) => {
    const word = items.length === 1 && items[0]!.type === 'ident' ? items[0]!.lower : null;
    const value = word === null ? undefined : known.get(word);
    return value === undefined ? null : () => value;
  });
}

/** Longhand name → its computer, as a shorthand expands. */
export type Expansion = ReadonlyMap<string, Computer<unknown>>;

/**
 * A shorthand property (css-cascade-4 §1.2): expands into its longhands. Longhands it lists
 * but does not set in an expansion are reset to their initial value.
 */
export interface ShorthandDef {
  readonly name: string;
  readonly longhands: readonly string[];
  /** Expands a value (no CSS-wide keywords, no var()); null when invalid. */
  readonly expand: (items: readonly Component[], text: string) => Expansion | null;
}
