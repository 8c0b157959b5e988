// Declarations as written → cascaded longhand declarations: aliases resolved, shorthands
// expanded, values validated and parsed once (css-cascade-4 §1–2). Invalid declarations are
// dropped with a warning, so earlier values in the cascade still apply, as in a browser.
import * as csstree from 'css-tree';
import type { CustomLookup } from './values/var.js';
import { LONGHANDS, LONGHAND_BY_NAME, PROPERTY_ALIASES, SHORTHAND_BY_NAME } from './properties/index.js';
import { LOGICAL_LONGHANDS, physicalLonghand } from './properties/logical.js';
import type { Expansion } from './properties/registry.js';
import type { Declaration } from './types.js';
import { MAX_VALUE_NESTING, nestsTooDeeply, parseComponents } from './values/components.js';
import type { Computer } from './values/context.js';
import { containsVar, MAX_SUBSTITUTION_LENGTH, normalizeRawValue, substituteVars, TOO_LONG } from './values/var.js';

/** The CSS-wide keywords (css-values-4 §3.1); `revert` and `revert-layer` act as `unset` here. */
export type CssWideKeyword = 'initial' | 'inherit' | 'unset';

/** The value of one longhand after expansion. */
export type LonghandValue =
  | { readonly kind: 'computer'; readonly computer: Computer<unknown> }
  | { readonly kind: 'keyword'; readonly keyword: CssWideKeyword }
  /** Contains var(): parsed after substitution, per element (css-variables-1 §3). */
  | { readonly kind: 'pending'; readonly text: string; readonly shorthand: string | null }
  /** A custom property's raw token text. */
  | { readonly kind: 'custom'; readonly text: string };

/** A declaration of one longhand (or custom property), ready for the cascade. */
export interface CascadedDeclaration {
  readonly property: string;
  readonly value: LonghandValue;
  readonly important: boolean;
}

export type Warn = (message: string) => void;

/** Lower-cased CSS-wide keyword of a value, or null. */
export function cssWideKeyword(text: string): CssWideKeyword | null {
  const word = text.trim().toLowerCase();
  if (word === 'initial' || word === 'inherit' || word === 'unset') return word;
  if (word === 'revert' || word === 'revert-layer') return 'unset';
  return null;
}

/** Expands one declaration; returns [] (and warns) when it is unknown or invalid. */
export function expandDeclaration(decl: Declaration, warn: Warn): CascadedDeclaration[] {
  const important = decl.important;
  if (decl.property.startsWith('--')) return [customDeclaration(decl)];
  const lower = decl.property.toLowerCase();
  const property = PROPERTY_ALIASES.get(lower) ?? lower;
  const text = normalizeRawValue(decl.value);
  const longhands = longhandsOf(property);
  if (longhands === null) {
    // Real CSS properties that mean nothing on paper (cursor, transition…) are dropped
    // quietly; only names CSS does not know (typos) are worth a warning.
    if (!isVendorPrefixed(property) && csstree.lexer.getProperty(property) === null) warn(`unknown property '${decl.property}' ignored`);
    return [];
  }
  const keyword = cssWideKeyword(text);
  if (keyword !== null) return longhands.map((p) => ({ property: p, value: { kind: 'keyword', keyword }, important }));
  if (property === 'all') return invalid(decl, warn);
  if (containsVar(text)) {
    const shorthand = SHORTHAND_BY_NAME.has(property) ? property : null;
    return longhands.map((p) => ({ property: p, value: { kind: 'pending', text, shorthand }, important }));
  }
  if (nestsTooDeeply(text)) {
    warn(`value of '${decl.property}' nested more than ${MAX_VALUE_NESTING} levels deep: '${excerpt(decl.value)}' ignored`);
    return [];
  }
  const values = parseValue(property, text);
  if (values === null) return invalid(decl, warn);
  return longhands.map((p) => ({ property: p, value: values.get(p) ?? INITIAL, important }));
}

const INITIAL: LonghandValue = { kind: 'keyword', keyword: 'initial' };

function customDeclaration(decl: Declaration): CascadedDeclaration {
  const text = normalizeRawValue(decl.value);
  const keyword = cssWideKeyword(text);
  const value: LonghandValue = keyword !== null ? { kind: 'keyword', keyword } : { kind: 'custom', text };
  return { property: decl.property, value, important: decl.important };
}

function invalid(decl: Declaration, warn: Warn): [] {
  warn(`invalid value for '${decl.property}': '${excerpt(decl.value)}' ignored`);
  return [];
}

/** A value as quoted in a warning: a 100 KB value would make a 100 KB warning. */
export function excerpt(value: string): string {
  const text = value.trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH)}… (${text.length} characters)`;
}

const EXCERPT_LENGTH = 200;

function isVendorPrefixed(property: string): boolean {
  return /^-(webkit|moz|ms|o|epub|prince|fs|apple)-/.test(property);
}

// css-cascade-4 §3.2: `all` resets every property except direction and unicode-bidi.
const ALL_LONGHANDS = LONGHANDS.map((d) => d.name).filter((n) => n !== 'direction' && n !== 'unicode-bidi');

function longhandsOf(property: string): readonly string[] | null {
  if (LONGHAND_BY_NAME.has(property) || LOGICAL_LONGHANDS.has(property)) return [property];
  if (property === 'all') return ALL_LONGHANDS;
  return SHORTHAND_BY_NAME.get(property)?.longhands ?? null;
}

/** Parses a value (no var(), no CSS-wide keyword) for a longhand or shorthand. */
function parseValue(property: string, text: string): ReadonlyMap<string, LonghandValue> | null {
  const items = parseComponents(text);
  if (items === null || items.length === 0) return null;
  // A logical longhand takes the values of its physical twins (the same in either direction).
  const def = LONGHAND_BY_NAME.get(physicalLonghand(property, 'ltr') ?? property);
  if (def !== undefined) {
    const computer = def.parse(items, text);
    return computer && new Map([[property, { kind: 'computer', computer }]]);
  }
  const expansion = SHORTHAND_BY_NAME.get(property)?.expand(items, text) ?? null;
  return expansion && asValues(expansion);
}

function asValues(expansion: Expansion): ReadonlyMap<string, LonghandValue> {
  const out = new Map<string, LonghandValue>();
  for (const [name, computer] of expansion) out.set(name, { kind: 'computer', computer });
  return out;
}

// Substituted shorthand values repeat across elements; parse each distinct text once.
const PENDING_CACHE_LIMIT = 5_000;
const PENDING_TEXT_LIMIT = 4 * 1024 * 1024;
const pendingCache = new Map<string, ReadonlyMap<string, LonghandValue> | null>();
let pendingText = 0;

/**
 * Resolves a pending (var()-containing) value for one longhand in an element's context.
 * Returns `unset` when it is invalid at computed-value time (css-variables-1 §3.1).
 */
export function resolvePending(property: string, value: LonghandValue & { kind: 'pending' }, lookup: CustomLookup, warn: Warn = () => {}): LonghandValue {
  const owner = value.shorthand ?? property;
  const substituted = substituteVars(value.text, lookup);
  if (substituted === TOO_LONG) warn(`'${owner}': var() substitution too long (over ${MAX_SUBSTITUTION_LENGTH} characters); invalid at computed-value time`);
  if (typeof substituted !== 'string') return UNSET;
  const keyword = cssWideKeyword(substituted);
  if (keyword !== null) return { kind: 'keyword', keyword };
  const key = `${owner}\u0000${substituted}`;
  let parsed = pendingCache.get(key);
  if (parsed === undefined) {
    parsed = parseValue(owner, substituted.trim());
    // Bounded in entries and in text: substituted values may be megabytes each.
    if (pendingCache.size >= PENDING_CACHE_LIMIT || pendingText + key.length > PENDING_TEXT_LIMIT) {
      pendingCache.clear();
      pendingText = 0;
    }
    pendingCache.set(key, parsed);
    pendingText += key.length;
  }
  if (parsed === null) return UNSET;
  return parsed.get(property) ?? INITIAL;
}

/** Empties the substituted-value cache (tests, long-running processes). */
export function clearPendingCache(): void {
  pendingCache.clear();
  pendingText = 0;
}

const UNSET: LonghandValue = { kind: 'keyword', keyword: 'unset' };
