// The rule index and matcher. Every selector is filed under its subject's id, first class or
// tag, so an element is tested only against selectors that could match it. Selectors that
// depend only on ancestors' tags, ids, classes and attributes give the same result for
// elements whose ancestor chains look alike (all rows of a table, all items of a list): those
// results are computed once per distinct chain. Structural selectors are tested per element.
import type { DomElement } from '../dom/types.js';
import { classList, lowerTag } from './selectors/dom-index.js';
import { matchesSelector } from './selectors/match.js';
import type { AttributeValueTest, ComplexSelector } from './selectors/types.js';
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
  readonly attributeValues: readonly string[];
  readonly attributePresence: readonly string[];
  /** Attribute-value tests by attribute name, each with a number for the signature. */
  readonly attributeTests: ReadonlyMap<string, readonly { readonly id: number; readonly test: (value: string) => boolean }[]>;
  /** Whether some attribute selector reads `id` or `class` (`[class*="col-"]`). */
  readonly idOrClassAttributes: boolean;
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
    // Built field by field: a spread here gave every entry its own hidden class, and the
    // cascade's reads of them missed V8's inline caches on every element.
    const indexed: IndexedSelector = { selector: entry.selector, rule: entry.rule, rank, trivial: provenByBucket(entry.selector) };
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

const MAX_TESTS_PER_ATTRIBUTE = 16;

function signatureParts(selectors: readonly ComplexSelector[]): SignatureParts {
  const ids = new Set<string>();
  const classes = new Set<string>();
  const values = new Set<string>();
  const presence = new Set<string>();
  const tests = new Map<string, AttributeValueTest>();
  for (const { dependencies: d } of selectors) {
    d.ids.forEach((x) => ids.add(x));
    d.classes.forEach((x) => classes.add(x));
    d.attributeValues.forEach((x) => values.add(x));
    d.attributePresence.forEach((x) => presence.add(x));
    d.attributeTests.forEach((t) => tests.set(t.key, t));
  }
  const attributeTests = new Map<string, { id: number; test: (value: string) => boolean }[]>();
  [...tests.values()].forEach((t, id) => {
    const list = attributeTests.get(t.name) ?? [];
    list.push({ id, test: t.test });
    attributeTests.set(t.name, list);
  });
  // Every element runs all tests on its attributes for its signature: past a few tests per
  // name, the value itself (which decides every outcome) is cheaper than n tests per element.
  for (const [name, list] of attributeTests) {
    if (list.length <= MAX_TESTS_PER_ATTRIBUTE) continue;
    attributeTests.delete(name);
    values.add(name);
  }
  const attributeNames = new Set([...values, ...presence, ...attributeTests.keys()]);
  return {
    ids,
    classes,
    attributeValues: [...values],
    attributePresence: [...presence].filter((a) => !values.has(a)),
    attributeTests,
    idOrClassAttributes: attributeNames.has('id') || attributeNames.has('class'),
  };
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

const NO_SELECTORS: readonly IndexedSelector[] = [];

/** The result of matching one element, split by pseudo-element. */
export interface ElementMatches {
  readonly element: MatchSet;
  readonly before: MatchSet;
  readonly after: MatchSet;
  readonly marker: MatchSet;
  readonly firstLetter: MatchSet;
  readonly firstLine: MatchSet;
  /** Identifies the element's ancestor chain for its children's matching. */
  readonly context: number;
}

type Split = Omit<ElementMatches, 'context'>;

const EMPTY_SPLIT: Split = { element: EMPTY_MATCH_SET, before: EMPTY_MATCH_SET, after: EMPTY_MATCH_SET, marker: EMPTY_MATCH_SET, firstLetter: EMPTY_MATCH_SET, firstLine: EMPTY_MATCH_SET };

// A trie over rank sequences: equal merged match lists reach the same node without building
// a string key for each element.
interface TrieNode {
  split: Split | null;
  readonly next: Map<number, TrieNode>;
}

/** Matches elements of one document against an index, sharing results between alike chains. */
export class Matcher {
  // contexts[parent] → tag → attribute signature → context. Two levels, so that the common
  // element without relevant attributes is found without building a string.
  private readonly contexts: (Map<string, Map<string, number>> | undefined)[] = [];
  private readonly classSignatures = new Map<string, string>();
  /** Per context: the shared selectors that match, and their split. */
  private readonly sharedResults: (readonly IndexedSelector[])[] = [NO_SELECTORS];
  private readonly sharedSplits: Split[] = [EMPTY_SPLIT];
  /**
   * Per context: the structural selectors filed under the element's tag, id, classes or
   * attributes. They depend on the same things as the signature, so they are looked up once.
   */
  private readonly structuralCandidates: (readonly IndexedSelector[])[] = [NO_SELECTORS];
  private readonly sets = new Map<string, MatchSet>([['', EMPTY_MATCH_SET]]);
  private readonly trie: TrieNode = { split: null, next: new Map() };
  private readonly scratch: IndexedSelector[] = [];

  constructor(private readonly index: RuleIndex) {}

  /** Matches `el`, whose parent's context is `parentContext` (ROOT_CONTEXT for the root). */
  match(el: DomElement, parentContext: number): ElementMatches {
    const context = this.contextOf(el, parentContext);
    const candidates = this.structuralCandidates[context]!;
    let split = this.sharedSplits[context]!;
    if (candidates.length > 0) {
      const structural = this.scratch;
      structural.length = 0;
      testAll(candidates, el, structural);
      if (structural.length > 0) split = this.mergedSplit(this.sharedResults[context]!, structural);
    }
    // Each field copied by name: a spread (`{ ...split, context }`) was measured to make
    // styling the 3,000-row report 3-4× slower, as V8 clones these objects the generic way.
    return { element: split.element, before: split.before, after: split.after, marker: split.marker, firstLetter: split.firstLetter, firstLine: split.firstLine, context };
  }

  private contextOf(el: DomElement, parentContext: number): number {
    const sig = this.signature(el);
    let byTag = this.contexts[parentContext];
    if (byTag === undefined) {
      byTag = new Map();
      this.contexts[parentContext] = byTag;
    }
    let children = byTag.get(el.tagName);
    if (children === undefined) {
      children = new Map();
      byTag.set(el.tagName, children);
    }
    let context = children.get(sig);
    if (context === undefined) {
      context = this.sharedResults.length;
      children.set(sig, context);
      const shared = matchBuckets(this.index.shared, el, []).sort(byRank);
      this.sharedResults.push(shared);
      this.sharedSplits.push(this.mergedSplit(shared, NO_SELECTORS));
      // Candidates keep rank order, so structural matches come out sorted.
      this.structuralCandidates.push(candidatesOf(this.index.structural, el).sort(byRank));
    }
    return context;
  }

  // Walks the trie along the merge of two rank-sorted lists.
  private mergedSplit(a: readonly IndexedSelector[], b: readonly IndexedSelector[]): Split {
    let node = this.trie;
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      const takeA = j >= b.length || (i < a.length && a[i]!.rank < b[j]!.rank);
      const rank = takeA ? a[i++]!.rank : b[j++]!.rank;
      let child = node.next.get(rank);
      if (child === undefined) {
        child = { split: null, next: new Map() };
        node.next.set(rank, child);
      }
      node = child;
    }
    node.split ??= this.split([...a, ...b].sort(byRank));
    return node.split;
  }

  private split(matched: readonly IndexedSelector[]): Split {
    const parts = { element: [] as IndexedSelector[], before: [] as IndexedSelector[], after: [] as IndexedSelector[], marker: [] as IndexedSelector[], 'first-letter': [] as IndexedSelector[], 'first-line': [] as IndexedSelector[] };
    for (const m of matched) parts[m.selector.pseudoElement ?? 'element'].push(m);
    return {
      element: this.intern(parts.element),
      before: this.intern(parts.before),
      after: this.intern(parts.after),
      marker: this.intern(parts.marker),
      firstLetter: this.intern(parts['first-letter']),
      firstLine: this.intern(parts['first-line']),
    };
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

  // The ids, classes and attributes of `el` that some selector mentions (the tag is the other
  // key level). NUL cannot occur in HTML attribute values (the parser replaces it), so it
  // separates the parts unambiguously.
  private signature(el: DomElement): string {
    const attrs = el.attrs;
    if (attrs.size === 0) return '';
    const parts = this.index.signature;
    let sig = '';
    let seen = 0;
    const id = attrs.get('id');
    if (id !== undefined) {
      seen++;
      if (parts.ids.has(id)) sig += `\u0000#${id}`;
    }
    const classes = attrs.get('class');
    if (classes !== undefined) {
      seen++;
      sig += this.classSignature(classes, el);
    }
    if (attrs.size === seen && !parts.idOrClassAttributes) return sig;
    for (const name of parts.attributeValues) {
      const v = attrs.get(name);
      if (v !== undefined) sig += `\u0000[${name}=${v}`;
    }
    for (const name of parts.attributePresence) if (attrs.has(name)) sig += `\u0000[${name}`;
    // Attribute-value selectors contribute their outcome only, so `<a href>`s with different
    // targets still share a context when every `[href…]` test agrees.
    for (const [name, tests] of parts.attributeTests) {
      const v = attrs.get(name);
      if (v !== undefined) for (const t of tests) if (t.test(v)) sig += `\u0000?${t.id}`;
    }
    return sig;
  }

  private classSignature(text: string, el: DomElement): string {
    let sig = this.classSignatures.get(text);
    if (sig === undefined) {
      sig = '';
      for (const c of classList(el)) if (this.index.signature.classes.has(c)) sig += `\u0000.${c}`;
      this.classSignatures.set(text, sig);
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

/** Every selector filed under a key `el` has (without testing them), deduplicated. */
function candidatesOf(buckets: Buckets, el: DomElement): IndexedSelector[] {
  const out = new Set<IndexedSelector>();
  const add = (list: readonly IndexedSelector[] | undefined): void => list?.forEach((e) => out.add(e));
  const id = el.attrs.get('id');
  if (id !== undefined) add(buckets.byId.get(id));
  for (const c of classList(el)) add(buckets.byClass.get(c));
  add(buckets.byTag.get(lowerTag(el)));
  for (const name of el.attrs.keys()) add(buckets.byAttribute.get(name));
  add(buckets.universal);
  return [...out];
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
