// The rule index and matcher. Every selector is filed under its subject's id, first class or
// tag, so an element is tested only against selectors that could match it. Selectors that
// depend only on ancestors' tags, ids, classes and attributes give the same result for
// elements whose ancestor chains look alike (all rows of a table, all items of a list): those
// results are computed once per distinct chain. Structural selectors are tested per element.
import type { DomElement } from '../dom/types.js';
import { classList, lowerTag } from './selectors/dom-index.js';
import { matchesSelector } from './selectors/match.js';
import type { ComplexSelector } from './selectors/types.js';
import type { StyleRule } from './stylesheet.js';

/** One selector of one rule, with its place in the cascade. */
export interface IndexedSelector {
  readonly selector: ComplexSelector;
  readonly rule: StyleRule;
  /**
   * Position in cascade order (origin, then specificity, then source order): a later rank
   * wins among normal declarations. Unique, so it also identifies the entry.
   */
  readonly rank: number;
  /** True when being in its index bucket already proves the match (e.g. a bare `td`). */
  readonly trivial: boolean;
}

interface Buckets {
  readonly byId: Map<string, IndexedSelector[]>;
  readonly byClass: Map<string, IndexedSelector[]>;
  readonly byTag: Map<string, IndexedSelector[]>;
  readonly byAttribute: Map<string, IndexedSelector[]>;
  readonly universal: IndexedSelector[];
}

/** What an element's "look" is made of, for deciding that two ancestor chains are alike. */
interface SignatureParts {
  readonly ids: ReadonlySet<string>;
  readonly classes: ReadonlySet<string>;
  readonly attributeValues: ReadonlySet<string>;
  readonly attributePresence: ReadonlySet<string>;
}

export interface RuleIndex {
  /** Selectors whose result depends only on the element's and its ancestors' signatures. */
  readonly shared: Buckets;
  /** Selectors that also depend on siblings or content. */
  readonly structural: Buckets;
  readonly signature: SignatureParts;
}

const ORIGIN_RANK = { 'user-agent': 0, author: 1 } as const;

/** Builds the index for a document's rules (in any order). */
export function buildRuleIndex(rules: readonly StyleRule[]): RuleIndex {
  const entries = rules.flatMap((rule) => rule.selectors.map((selector) => ({ selector, rule })));
  entries.sort(
    (x, y) =>
      ORIGIN_RANK[x.rule.origin] - ORIGIN_RANK[y.rule.origin] ||
      x.selector.specificity - y.selector.specificity ||
      x.rule.order - y.rule.order,
  );
  const shared = emptyBuckets();
  const structural = emptyBuckets();
  entries.forEach((entry, rank) => {
    const indexed: IndexedSelector = { ...entry, rank, trivial: provenByBucket(entry.selector) };
    file(entry.selector.dependencies.structural ? structural : shared, indexed);
  });
  return { shared, structural, signature: signatureParts(entries.map((e) => e.selector)) };
}

function emptyBuckets(): Buckets {
  return { byId: new Map(), byClass: new Map(), byTag: new Map(), byAttribute: new Map(), universal: [] };
}

function file(buckets: Buckets, entry: IndexedSelector): void {
  const subject = entry.selector.compounds[0]!;
  if (subject.id !== null) push(buckets.byId, subject.id, entry);
  else if (subject.classes.length > 0) push(buckets.byClass, subject.classes[0]!, entry);
  else if (subject.tag !== null) push(buckets.byTag, subject.tag, entry);
  // An element has one tag, so filing under each of `:is(td, th)`'s tags cannot match twice.
  else if (subject.anyOfTags.length > 0) for (const tag of subject.anyOfTags) push(buckets.byTag, tag, entry);
  else if (subject.attributeNames.length > 0) push(buckets.byAttribute, subject.attributeNames[0]!, entry);
  else buckets.universal.push(entry);
}

function push(map: Map<string, IndexedSelector[]>, key: string, entry: IndexedSelector): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [entry]);
  else list.push(entry);
}

// A single compound with at most one id, class or tag and nothing else matches every element
// filed under that key, which spares most UA rules a selector match.
function provenByBucket(selector: ComplexSelector): boolean {
  if (selector.compounds.length !== 1) return false;
  const c = selector.compounds[0]!;
  if (c.tests.length > 0) return false;
  return (c.id === null ? 0 : 1) + c.classes.length + (c.tag === null ? 0 : 1) <= 1;
}

function signatureParts(selectors: readonly ComplexSelector[]): SignatureParts {
  const ids = new Set<string>();
  const classes = new Set<string>();
  const values = new Set<string>();
  const presence = new Set<string>();
  for (const { dependencies: d } of selectors) {
    d.ids.forEach((x) => ids.add(x));
    d.classes.forEach((x) => classes.add(x));
    d.attributeValues.forEach((x) => values.add(x));
    d.attributePresence.forEach((x) => presence.add(x));
  }
  return { ids, classes, attributeValues: values, attributePresence: new Set([...presence].filter((a) => !values.has(a))) };
}

/** The root element's parent context. */
export const ROOT_CONTEXT = 0;

/**
 * Matching selectors for one element or pseudo-element, sorted by rank. Interned: equal
 * lists are the same object with the same `id`, so the id can key a style cache.
 */
export interface MatchSet {
  readonly id: number;
  readonly entries: readonly IndexedSelector[];
}

/** The empty match set; its id is 0. */
export const EMPTY_MATCH_SET: MatchSet = { id: 0, entries: [] };

/** The result of matching one element, split by pseudo-element. */
export interface ElementMatches {
  readonly element: MatchSet;
  readonly before: MatchSet;
  readonly after: MatchSet;
  readonly marker: MatchSet;
  /** Identifies the element's ancestor chain for its children's matching. */
  readonly context: number;
}

type Split = Omit<ElementMatches, 'context'>;

/** Matches elements of one document against an index, sharing results between alike chains. */
export class Matcher {
  private readonly contexts: Map<string, number>[] = [new Map()];
  private readonly sharedResults: IndexedSelector[][] = [[]];
  private readonly sharedSplits: Split[] = [];
  private readonly sets = new Map<string, MatchSet>([['', EMPTY_MATCH_SET]]);

  constructor(private readonly index: RuleIndex) {}

  /** Matches `el`, whose parent's context is `parentContext` (ROOT_CONTEXT for the root). */
  match(el: DomElement, parentContext: number): ElementMatches {
    const sig = this.signature(el);
    const children = this.contexts[parentContext]!;
    let context = children.get(sig);
    if (context === undefined) {
      context = this.contexts.length;
      children.set(sig, context);
      this.contexts.push(new Map());
      const shared = matchBuckets(this.index.shared, el, []).sort(byRank);
      this.sharedResults.push(shared);
      this.sharedSplits[context] = this.split(shared);
    }
    const structural = matchBuckets(this.index.structural, el, []);
    const split = structural.length === 0 ? this.sharedSplits[context]! : this.split([...this.sharedResults[context]!, ...structural].sort(byRank));
    return { element: split.element, before: split.before, after: split.after, marker: split.marker, context };
  }

  private split(matched: readonly IndexedSelector[]): Split {
    const parts = { element: [] as IndexedSelector[], before: [] as IndexedSelector[], after: [] as IndexedSelector[], marker: [] as IndexedSelector[] };
    for (const m of matched) parts[m.selector.pseudoElement ?? 'element'].push(m);
    return { element: this.intern(parts.element), before: this.intern(parts.before), after: this.intern(parts.after), marker: this.intern(parts.marker) };
  }

  private intern(entries: readonly IndexedSelector[]): MatchSet {
    const key = entries.map((e) => e.rank).join(',');
    let set = this.sets.get(key);
    if (set === undefined) {
      set = { id: this.sets.size, entries };
      this.sets.set(key, set);
    }
    return set;
  }

  // Tag, plus the ids, classes and attributes some selector mentions (attributes in source
  // order: two orders give two signatures, which costs sharing, never correctness). NUL
  // cannot occur in HTML attribute values (the parser replaces it), so it separates parts.
  private signature(el: DomElement): string {
    if (el.attrs.size === 0) return el.tagName;
    const parts = this.index.signature;
    let sig = el.tagName;
    for (const [name, value] of el.attrs) {
      if (name === 'id' && parts.ids.has(value)) sig += `\u0000#${value}`;
      else if (name === 'class') for (const c of classList(el)) if (parts.classes.has(c)) sig += `\u0000.${c}`;
      if (parts.attributeValues.has(name)) sig += `\u0000[${name}=${value}`;
      else if (parts.attributePresence.has(name)) sig += `\u0000[${name}`;
    }
    return sig;
  }
}

/** The selectors of `buckets` matching `el`, appended to `out` (unsorted). */
function matchBuckets(buckets: Buckets, el: DomElement, out: IndexedSelector[]): IndexedSelector[] {
  const id = el.attrs.get('id');
  if (id !== undefined) testAll(buckets.byId.get(id), el, out);
  const classes = classList(el);
  for (let i = 0; i < classes.length; i++) {
    // An element with `class="a a"` must not see the `.a` bucket twice.
    if (classes.indexOf(classes[i]!) === i) testAll(buckets.byClass.get(classes[i]!), el, out);
  }
  testAll(buckets.byTag.get(lowerTag(el)), el, out);
  if (buckets.byAttribute.size > 0) for (const name of el.attrs.keys()) testAll(buckets.byAttribute.get(name), el, out);
  testAll(buckets.universal, el, out);
  return out;
}

function testAll(list: readonly IndexedSelector[] | undefined, el: DomElement, out: IndexedSelector[]): void {
  if (list === undefined) return;
  for (let i = 0; i < list.length; i++) {
    const entry = list[i]!;
    if (entry.trivial || matchesSelector(entry.selector, el)) out.push(entry);
  }
}

function byRank(x: IndexedSelector, y: IndexedSelector): number {
  return x.rank - y.rank;
}

/** Matches one element without sharing (for tests and tools). */
export function collectMatches(index: RuleIndex, el: DomElement): IndexedSelector[] {
  return [...matchBuckets(index.shared, el, []), ...matchBuckets(index.structural, el, [])].sort(byRank);
}
