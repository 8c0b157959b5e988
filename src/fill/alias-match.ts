// Matching a new Cast's fields to the caller's alias list (createCast `aliasIds`, spec
// embedded-builders.md §2.5): each field that resembles an alias takes its id as aliasId and
// its attributes. Deterministic: words normalised and mapped through a synonym table, scored
// by weighted token overlap plus character trigrams, then assigned one to one, best first.
// Another matcher (a language-model service) can stand in through the AliasMatcher interface.

import { castFieldTypeOf, type DetectedFieldType } from './detect-boxes.js';
import type { CastField, CastFieldType } from './types.js';

/** Matches scoring below this are not applied. */
export const ALIAS_MATCH_THRESHOLD = 0.65;
/** Aliases considered at most; the rest are ignored with a warning. */
export const MAX_ALIASES = 500;

/** An alias's optional attributes (§2.5): given ones replace the matched field's. */
export interface AliasAttributes {
  /** How to recognise the field; supporting evidence only (a bonus of at most 0.1). */
  readonly description?: string;
  readonly type?: DetectedFieldType;
  readonly name?: string;
  readonly format?: string;
  readonly alignment?: 'left' | 'center' | 'right';
  readonly fontSize?: number;
  readonly fontWeight?: 'normal' | 'bold' | 'italic' | 'boldItalic';
  readonly fontFamily?: string;
  readonly textColor?: string;
  /** The style attributes grouped (fontSize, fontWeight, fontFamily, textColor, alignment); explicit ones win. */
  readonly textStyle?: Readonly<Record<string, unknown>>;
}

/** The caller's list: alias ids, or attributes keyed by alias id. */
export type AliasList = readonly string[] | Readonly<Record<string, AliasAttributes | null | undefined>>;

/** One alias, validated. */
export interface Alias {
  readonly id: string;
  readonly attributes: AliasAttributes;
}

/** A field to match: a Cast field, with the label it was detected by when there is one. */
export type MatchableField = CastField & { readonly label?: string };

export interface AliasMatch {
  readonly fieldId: string;
  readonly aliasId: string;
  /** 0–1. */
  readonly score: number;
  /** Which words matched, and how (equal, synonym, typo). */
  readonly explanation: string;
}

export interface AliasMatchResult {
  /** The applied matches, in field order. */
  readonly matches: AliasMatch[];
  /** The fields, matched ones with the alias's id and attributes. */
  readonly fields: CastField[];
  readonly warnings: string[];
}

export interface AliasMatcher {
  match(fields: readonly MatchableField[], aliases: AliasList): Promise<AliasMatchResult>;
}

/** The built-in matcher. */
export const deterministicAliasMatcher: AliasMatcher = {
  match: async (fields, aliases) => matchAliases(fields, aliases),
};

/** Every field scored against every alias; pairs at or above `threshold` taken best first, each field and alias once. */
export function matchAliases(fields: readonly MatchableField[], list: AliasList, options: { threshold?: number } = {}): AliasMatchResult {
  const threshold = options.threshold ?? ALIAS_MATCH_THRESHOLD;
  const { aliases, warnings } = normalizeAliases(list);
  const vocabulary = new Vocabulary();
  const fieldTexts = fields.map((field) => fieldPhrases(field, vocabulary));
  const aliasTexts = aliases.map((alias) => aliasPhrases(alias, vocabulary));
  const pairs: { f: number; a: number; score: number; explanation: string }[] = [];
  candidateFields(fieldTexts, aliasTexts, vocabulary).forEach((candidates, a) => {
    for (const f of candidates) {
      const scored = scorePair({ field: fields[f]!, texts: fieldTexts[f]! }, { alias: aliases[a]!, texts: aliasTexts[a]! }, vocabulary, threshold);
      if (scored && scored.score >= threshold) pairs.push({ f, a, ...scored });
    }
  });
  // Rounded so that scores equal but for float noise fall to the stable tie-breaks: field, then alias order.
  const key = (score: number): number => Math.round(score * 1e6);
  pairs.sort((p, q) => key(q.score) - key(p.score) || p.f - q.f || p.a - q.a);
  const [usedFields, usedAliases] = [new Set<number>(), new Set<number>()];
  const chosen: typeof pairs = [];
  for (const pair of pairs) {
    if (usedFields.has(pair.f) || usedAliases.has(pair.a)) continue;
    usedFields.add(pair.f);
    usedAliases.add(pair.a);
    chosen.push(pair);
  }
  chosen.sort((p, q) => p.f - q.f);
  const matches = chosen.map((p) => ({ fieldId: fields[p.f]!.id, aliasId: aliases[p.a]!.id, score: Math.round(p.score * 1000) / 1000, explanation: p.explanation }));
  return { matches, fields: applyAliasMatches(fields, aliases, matches), warnings };
}

/** The fields with each match applied: the alias id as aliasId, and the alias's attributes in place of the field's. */
export function applyAliasMatches(fields: readonly CastField[], aliases: readonly Alias[], matches: readonly Pick<AliasMatch, 'fieldId' | 'aliasId'>[]): CastField[] {
  const byId = new Map(aliases.map((alias) => [alias.id, alias]));
  const aliasOf = new Map<string, Alias>();
  for (const m of matches) if (!aliasOf.has(m.fieldId) && byId.has(m.aliasId)) aliasOf.set(m.fieldId, byId.get(m.aliasId)!);
  return fields.map((field) => {
    const alias = aliasOf.get(field.id);
    if (!alias) return field;
    aliasOf.delete(field.id); // a repeated field id: the first field takes the match
    return { ...field, aliasId: alias.id, ...overridesOf(alias.attributes) };
  });
}

function overridesOf(attributes: AliasAttributes): Partial<CastField> {
  const { type, name, format, alignment, fontSize, fontWeight, fontFamily, textColor } = { ...attributes.textStyle, ...attributes } as AliasAttributes;
  return {
    ...(type !== undefined ? { type: castFieldTypeOf(type) } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(format !== undefined ? { format } : {}),
    ...(alignment !== undefined ? { alignment } : {}),
    ...(fontSize !== undefined ? { fontSize } : {}),
    ...(fontWeight !== undefined ? { fontWeight } : {}),
    ...(fontFamily !== undefined ? { fontFamily } : {}),
    ...(textColor !== undefined ? { textColor } : {}),
  };
}

// ---- The alias list --------------------------------------------------------------------------

const FIELD_TYPES: ReadonlySet<string> = new Set<CastFieldType | DetectedFieldType>([
  'shortText', 'longText', 'textPerLine', 'textPerLetter', 'email', 'phone', 'date', 'fullName', 'usAddress', 'ssn', 'ein',
  'integer', 'decimalNumber', 'dollar', 'percent', 'checkbox', 'radioGroup', 'imageUrl', 'signature', 'initial', 'signatureDate',
]);

/** Each attribute's check; a value that fails is dropped with a warning. */
const CHECKS: Record<string, (value: unknown) => boolean> = {
  description: (v) => typeof v === 'string',
  type: (v) => typeof v === 'string' && FIELD_TYPES.has(v),
  name: (v) => typeof v === 'string' && v.trim() !== '',
  format: (v) => typeof v === 'string' && v.trim() !== '',
  alignment: (v) => v === 'left' || v === 'center' || v === 'right',
  fontSize: (v) => typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 1000,
  fontWeight: (v) => v === 'normal' || v === 'bold' || v === 'italic' || v === 'boldItalic',
  fontFamily: (v) => typeof v === 'string' && v.trim() !== '',
  textColor: (v) => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v),
};
const STYLE_KEYS = ['alignment', 'fontSize', 'fontWeight', 'fontFamily', 'textColor'];

/** The aliases of a list, validated: ids non-empty and unique, attributes of the right kind. */
export function normalizeAliases(list: AliasList): { aliases: Alias[]; warnings: string[] } {
  const warnings: string[] = [];
  const entries: [unknown, unknown][] = Array.isArray(list) ? list.map((id) => [id, undefined]) : Object.entries(list ?? {});
  if (entries.length > MAX_ALIASES) warnings.push(`only the first ${MAX_ALIASES} of ${entries.length} aliases were matched`);
  const aliases: Alias[] = [];
  const seen = new Set<string>();
  for (const [id, value] of entries.slice(0, MAX_ALIASES)) {
    if (typeof id !== 'string' || id.trim() === '' || seen.has(id)) {
      warnings.push(`alias ${JSON.stringify(id)} ignored: ${typeof id === 'string' && id.trim() !== '' ? 'a repeat' : 'not a non-empty string'}`);
      continue;
    }
    seen.add(id);
    aliases.push({ id, attributes: attributesOf(id, value, warnings) });
  }
  return { aliases, warnings };
}

function attributesOf(id: string, value: unknown, warnings: string[]): AliasAttributes {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) {
    warnings.push(`alias "${id}": attributes must be an object; ignored`);
    return {};
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'textStyle' && isRecord(v)) out.textStyle = checked(`${id}.textStyle`, v, STYLE_KEYS, warnings);
    else if (key === 'textStyle') warnings.push(`alias "${id}": textStyle must be an object; ignored`);
    else Object.assign(out, checked(id, { [key]: v }, Object.keys(CHECKS), warnings));
  }
  return out as AliasAttributes;
}

/** The entries of `value` whose key is one of `keys` and whose value passes its check; a warning for each other. */
function checked(id: string, value: Record<string, unknown>, keys: readonly string[], warnings: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!keys.includes(key)) warnings.push(`alias "${id}": unknown attribute ${JSON.stringify(key)} ignored`);
    else if (CHECKS[key]!(v)) out[key] = v;
    else warnings.push(`alias "${id}": ${key} ${String(JSON.stringify(v)).slice(0, 40)} is not valid; ignored`);
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---- Words -----------------------------------------------------------------------------------

/** Phrases that mean the same, each mapped to one key (multi-word phrases win over their words). */
const SYNONYMS: Record<string, readonly string[]> = {
  dob: ['dob', 'd o b', 'date of birth', 'birth date', 'birthdate', 'birthday', 'born on'],
  email: ['email', 'e mail', 'email address', 'e mail address'],
  phone: ['phone', 'telephone', 'tel', 'mobile', 'cell', 'cellphone', 'cell phone', 'phone number', 'telephone number', 'mobile number', 'tel no', 'phone no'],
  zip: ['zip', 'zipcode', 'zip code', 'postal code', 'postcode', 'post code', 'postal'],
  ssn: ['ssn', 'social security number', 'social security', 'social security no'],
  ein: ['ein', 'fein', 'employer identification number', 'tax id', 'tax id number', 'taxpayer identification number', 'tin'],
  signature: ['signature', 'sig', 'sign', 'signed', 'sign here'],
  initial: ['initial', 'inits'],
  firstname: ['first name', 'firstname', 'given name', 'forename', 'fname'],
  lastname: ['last name', 'lastname', 'family name', 'surname', 'lname'],
  middlename: ['middle name', 'middle initial', 'mi'],
  name: ['name', 'full name', 'fullname', 'printed name', 'print name', 'legal name', 'full legal name'],
  address: ['address', 'addr', 'street address', 'mailing address', 'home address'],
  quantity: ['quantity', 'qty'],
  amount: ['amount', 'amt'],
  number: ['number', 'no', 'num', 'nbr', 'nr'],
  company: ['company', 'business', 'organization', 'organisation', 'org', 'firm'],
  date: ['date', 'dt', 'dated'],
  city: ['city', 'town'],
  state: ['state', 'province'],
  description: ['description', 'desc'],
  account: ['account', 'acct'],
  fax: ['fax', 'facsimile'],
  comment: ['comment', 'remark', 'note'],
};

const STOPWORDS = new Set(['the', 'of', 'a', 'an', 'and', 'or', 'for', 'to', 'in', 'on', 'at', 'by', 'your', 'my', 'please', 'enter', 'here', 'field', 'is', 'this', 'be', 'with', 'as', 'if', 'any', 'i', 'we', 'you']);
/** Words that qualify rather than name (full legal name ≈ name). */
const LIGHT_WORDS = new Set(['full', 'legal', 'print', 'printed', 'complete', 'number', 'his', 'her', 'their', 'current']);

interface Token {
  /** The synonym key, or the word. */
  readonly key: string;
  /** The key's number in the vocabulary of one matching, for the similarity cache. */
  readonly id: number;
  /** The words it came from, for explanations. */
  readonly source: string;
  readonly weight: number;
}

interface Phrase {
  readonly kind: string;
  readonly text: string;
  readonly tokens: Token[];
  readonly trigrams: Set<string>;
}

const PHRASES = new Map<string, string>(Object.entries(SYNONYMS).flatMap(([key, phrases]) => phrases.map((p) => [p.split(' ').map(stem).join(' '), key])));
const LONGEST_PHRASE = Math.max(...[...PHRASES.keys()].map((p) => p.split(' ').length));

/** Words of a name: camelCase, snake_case and kebab-case split, lowercase, accents and punctuation gone. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/\$/g, ' amount ')
    .replace(/#/g, ' number ')
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, '$1$3 $2$4')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, 60);
}

/** A plural's singular, roughly: enough for initials/initial, comments/comment. */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Token ids, and each similarity computed once per pair of them, for one matching. */
class Vocabulary {
  private readonly ids = new Map<string, number>();
  private readonly similarities = new Map<number, number>();

  id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size));
    return id;
  }

  similarity(a: Token, b: Token): number {
    const key = a.id * 2 ** 24 + b.id;
    let value = this.similarities.get(key);
    if (value === undefined) this.similarities.set(key, (value = tokenSimilarity(a.key, b.key)));
    return value;
  }
}

function tokensOf(text: string, vocabulary: Vocabulary): Token[] {
  const words = wordsOf(text).map(stem);
  const tokens = new Map<string, Token>();
  for (let i = 0; i < words.length; ) {
    let taken = 1;
    let key = words[i]!;
    for (let n = Math.min(LONGEST_PHRASE, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n).join(' ');
      const synonym = PHRASES.get(phrase);
      if (synonym !== undefined) {
        [taken, key] = [n, synonym];
        break;
      }
    }
    const source = words.slice(i, i + taken).join(' ');
    i += taken;
    if (STOPWORDS.has(key) || tokens.has(key)) continue;
    tokens.set(key, { key, id: vocabulary.id(key), source, weight: LIGHT_WORDS.has(key) ? 0.3 : 1 });
  }
  return [...tokens.values()];
}

function phraseOf(kind: string, text: string, vocabulary: Vocabulary): Phrase {
  const padded = ` ${wordsOf(text).join(' ')} `;
  const trigrams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) trigrams.add(padded.slice(i, i + 3));
  return { kind, text, tokens: tokensOf(text, vocabulary), trigrams };
}

function fieldPhrases(field: MatchableField, vocabulary: Vocabulary): Phrase[] {
  const texts = [...new Set([field.label, field.name].filter((t): t is string => typeof t === 'string' && t.trim() !== ''))];
  return texts.map((text, i) => phraseOf(i === 0 && field.label ? 'label' : 'name', text, vocabulary));
}

interface AliasPhrases {
  readonly names: Phrase[];
  readonly description: Phrase | undefined;
}

function aliasPhrases(alias: Alias, vocabulary: Vocabulary): AliasPhrases {
  const names = [phraseOf('alias id', alias.id, vocabulary)];
  if (alias.attributes.name) names.push(phraseOf('alias name', alias.attributes.name, vocabulary));
  const description = alias.attributes.description ? phraseOf('description', alias.attributes.description, vocabulary) : undefined;
  return { names, description };
}

// ---- Scores --------------------------------------------------------------------------------

/**
 * For each alias, the fields sharing a word, or a near spelling of one, with its id or name:
 * no other pair can reach a threshold (at most 0.4 comes from elsewhere), so a thousand fields
 * and aliases cost thousands of scores rather than a million.
 */
function candidateFields(fieldTexts: readonly Phrase[][], aliasTexts: readonly AliasPhrases[], vocabulary: Vocabulary): number[][] {
  const fieldsOf = new Map<number, { token: Token; fields: number[] }>();
  fieldTexts.forEach((phrases, f) => {
    for (const token of phrases.flatMap((p) => p.tokens)) {
      if (!fieldsOf.has(token.id)) fieldsOf.set(token.id, { token, fields: [] });
      const entry = fieldsOf.get(token.id)!;
      if (entry.fields[entry.fields.length - 1] !== f) entry.fields.push(f);
    }
  });
  const byLength = new Map<number, Token[]>();
  for (const { token } of fieldsOf.values()) {
    if (!mayBeTypo(token.key)) continue;
    if (!byLength.has(token.key.length)) byLength.set(token.key.length, []);
    byLength.get(token.key.length)!.push(token);
  }
  return aliasTexts.map((texts) => {
    const found = new Set<number>();
    for (const u of texts.names.flatMap((p) => p.tokens)) {
      for (const f of fieldsOf.get(u.id)?.fields ?? []) found.add(f);
      if (!mayBeTypo(u.key)) continue;
      for (let length = u.key.length - MAX_TYPO_LENGTH_DIFFERENCE; length <= u.key.length + MAX_TYPO_LENGTH_DIFFERENCE; length++) {
        for (const t of byLength.get(length) ?? []) {
          if (t.id !== u.id && vocabulary.similarity(t, u) > 0) for (const f of fieldsOf.get(t.id)!.fields) found.add(f);
        }
      }
    }
    return [...found].sort((p, q) => p - q);
  });
}

const MAX_TYPO_LENGTH_DIFFERENCE = 2;

/** Words short or with digits must be spelled exactly (ssn, zip, line 2). */
function mayBeTypo(word: string): boolean {
  return word.length >= 4 && !/\d/.test(word);
}

/** How alike two tokens are: 1 when equal, their edit similarity when one looks like a typo of the other, else 0. */
function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (!mayBeTypo(a) || !mayBeTypo(b) || Math.abs(a.length - b.length) > MAX_TYPO_LENGTH_DIFFERENCE) return 0;
  const similarity = 1 - editDistance(a, b) / Math.max(a.length, b.length);
  return similarity >= 0.75 ? similarity : 0;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = [...Array(a.length + 1)].map((_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

interface Overlap {
  readonly value: number;
  readonly pairs: string[];
}

/** Weighted soft Dice: each token's weight times its best similarity on the other side, both ways. */
function tokenOverlap(a: readonly Token[], b: readonly Token[], vocabulary: Vocabulary): Overlap {
  const total = a.reduce((s, t) => s + t.weight, 0) + b.reduce((s, t) => s + t.weight, 0);
  if (total === 0) return { value: 0, pairs: [] };
  const pairs: string[] = [];
  const side = (from: readonly Token[], to: readonly Token[], explain: boolean): number =>
    from.reduce((sum, t) => {
      let best = 0;
      let match: Token | undefined;
      for (const u of to) {
        const s = vocabulary.similarity(t, u);
        if (s > best) [best, match] = [s, u];
      }
      if (explain && match) pairs.push(describePair(t, match, best));
      return sum + t.weight * best;
    }, 0);
  return { value: (side(a, b, true) + side(b, a, false)) / total, pairs };
}

function describePair(t: Token, u: Token, similarity: number): string {
  if (similarity < 1) return `${t.source}≈${u.source} (typo, ${similarity.toFixed(2)})`;
  if (t.source === u.source) return t.source;
  return `${t.source}=${u.source} (synonyms: ${t.key})`;
}

function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const g of a.size <= b.size ? a : b) if ((a.size <= b.size ? b : a).has(g)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** An alias's type agreeing with the field's: a little more likely; a choice against text: less. */
function typeAdjustment(field: CastField, alias: Alias): number {
  if (alias.attributes.type === undefined) return 0;
  const type = castFieldTypeOf(alias.attributes.type);
  if (type === field.type) return 0.1;
  const choice = (t: CastFieldType): boolean => t === 'checkbox' || t === 'radioGroup';
  return choice(type) !== choice(field.type) ? -0.2 : 0;
}

/**
 * 0.8 × token overlap + 0.2 × trigram similarity of the best field text and alias text (id or
 * name), plus up to 0.1 for the field's words found in the description, plus the type
 * adjustment; undefined when it cannot reach `threshold`.
 */
function scorePair(
  { field, texts: fieldTexts }: { field: MatchableField; texts: readonly Phrase[] },
  { alias, texts: aliasTexts }: { alias: Alias; texts: AliasPhrases },
  vocabulary: Vocabulary,
  threshold: number,
): { score: number; explanation: string } | undefined {
  let best: { value: number; field: Phrase; alias: Phrase; pairs: string[] } | undefined;
  for (const f of fieldTexts) {
    for (const a of aliasTexts.names) {
      const overlap = tokenOverlap(f.tokens, a.tokens, vocabulary);
      // Trigrams, description and type add 0.4 at most: a pair that cannot reach the threshold is skipped early.
      if (0.8 * overlap.value + 0.4 < threshold) continue;
      const value = 0.8 * overlap.value + 0.2 * trigramSimilarity(f.trigrams, a.trigrams);
      if (!best || value > best.value) best = { value, field: f, alias: a, pairs: overlap.pairs };
    }
  }
  if (!best) return undefined;
  const described = aliasTexts.description ? containment(best.field.tokens, aliasTexts.description.tokens, vocabulary) : 0;
  const typed = typeAdjustment(field, alias);
  const score = Math.max(0, Math.min(1, best.value + 0.1 * described + typed));
  const extras = [described > 0 ? `description +${(0.1 * described).toFixed(2)}` : '', typed !== 0 ? `type ${typed > 0 ? '+' : ''}${typed.toFixed(2)}` : ''].filter(Boolean);
  const explanation =
    `${best.field.kind} "${best.field.text}" ~ ${best.alias.kind} "${best.alias.text}": ` +
    `${best.pairs.length > 0 ? best.pairs.join(', ') : 'similar spelling'}${extras.length > 0 ? `; ${extras.join(', ')}` : ''}`;
  return { score, explanation };
}

/** The weighted share of `tokens` that `within` has. */
function containment(tokens: readonly Token[], within: readonly Token[], vocabulary: Vocabulary): number {
  const total = tokens.reduce((s, t) => s + t.weight, 0);
  if (total === 0) return 0;
  return tokens.reduce((s, t) => s + t.weight * Math.max(0, ...within.map((u) => vocabulary.similarity(t, u))), 0) / total;
}
