// css-tree selector AST → compiled selectors, with specificity (selectors-4 §17). A selector
// list with an unknown pseudo-class or pseudo-element is invalid as a whole, as in browsers;
// :is() and :where() take forgiving lists.
import * as csstree from 'css-tree';
import type { DomElement } from '../../dom/types.js';
import { matchesRelative, matchesSelector, relativeCandidates } from './match.js';
import {
  dependOnClass,
  dependOnId,
  dependOnPresence,
  dependOnPseudoClass,
  dependOnStructure,
  dependOnValueTest,
  NO_DEPENDENCIES,
  recordDependencies,
} from './dependencies.js';
import { langTest, nthMatches, nthPosition, simplePseudoClass, type NthKind } from './pseudo-classes.js';
import {
  packSpecificity,
  type Combinator,
  type ComplexSelector,
  type Compound,
  type ElementTest,
  type PseudoElement,
} from './types.js';

/** A complex selector that is valid but can never match here (e.g. `p::first-line`). */
const NEVER = 'never' as const;
type Parsed = ComplexSelector | typeof NEVER | null;

const GENERATING_PSEUDO_ELEMENTS = new Set<PseudoElement>(['before', 'after', 'marker', 'first-letter', 'first-line']);
// Valid pseudo-elements that generate nothing in this engine: rules using them are kept out.
const OTHER_PSEUDO_ELEMENTS = new Set([
  'selection', 'placeholder', 'backdrop', 'file-selector-button',
  'footnote-call', 'footnote-marker', 'cue', 'slotted', 'part', 'grammar-error', 'spelling-error',
  'target-text', 'highlight', 'details-content',
]);
const LEGACY_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter']);

/**
 * The most compounds a selector may have, those of the selectors nested in it included. The
 * matcher recurses once per compound (and nested selector), so 20,000 of them would overflow
 * the stack; real selectors have a handful.
 */
export const MAX_SELECTOR_COMPOUNDS = 256;

// Compounds the top-level selector being compiled may still add.
let compoundBudget = MAX_SELECTOR_COMPOUNDS;

/**
 * Compiles a selector list. Returns the selectors that can match (possibly none) or null if
 * the list is invalid.
 */
export function compileSelectorList(list: csstree.SelectorList): ComplexSelector[] | null {
  return compileList(list, true);
}

/** Compiles a selector list given as text; null if it does not parse or is invalid. */
export function compileSelectorText(text: string): ComplexSelector[] | null {
  let failed = false;
  try {
    const ast = csstree.parse(text, { context: 'selectorList', onParseError: () => (failed = true) });
    return !failed && ast.type === 'SelectorList' ? compileSelectorList(ast) : null;
  } catch {
    return null;
  }
}

function compileList(list: csstree.SelectorList, topLevel: boolean): ComplexSelector[] | null {
  const out: ComplexSelector[] = [];
  for (const node of list.children) {
    if (node.type !== 'Selector') return null;
    if (topLevel) {
      compoundBudget = MAX_SELECTOR_COMPOUNDS;
      const { value: parsed, dependencies } = recordDependencies(() => compileComplex(node, false).result);
      if (parsed === null) return null;
      if (parsed !== NEVER) out.push({ ...parsed, dependencies });
    } else {
      const parsed = compileComplex(node, false).result;
      if (parsed === null) return null;
      if (parsed !== NEVER) out.push(parsed);
    }
  }
  return out;
}

interface CompoundBuilder {
  tag: string | null;
  id: string | null;
  classes: string[];
  tests: ElementTest[];
  anyOfTags: string[];
  attributeNames: string[];
  empty: boolean;
}

function newCompound(): CompoundBuilder {
  return { tag: null, id: null, classes: [], tests: [], anyOfTags: [], attributeNames: [], empty: true };
}

interface Specificity {
  a: number;
  b: number;
  c: number;
}

interface CompiledComplex {
  /** The leading combinator of a relative selector (inside :has()), else null. */
  readonly leading: Combinator | null;
  readonly result: Parsed;
}

const INVALID: CompiledComplex = { leading: null, result: null };

/** Compiles one complex selector; `relative` allows a leading combinator (inside :has()). */
function compileComplex(selector: csstree.Selector, relative: boolean): CompiledComplex {
  const compounds: Compound[] = [];
  const combinators: Combinator[] = [];
  const spec: Specificity = { a: 0, b: 0, c: 0 };
  let current = newCompound();
  let pseudoElement: PseudoElement | null = null;
  let never = false;
  let leading: Combinator | null = null;
  let afterPseudoElement = false;

  for (const node of selector.children) {
    if (node.type === 'Combinator') {
      const combinator = asCombinator(node.name);
      if (combinator === null || afterPseudoElement) return INVALID;
      if (combinator === '+' || combinator === '~') dependOnStructure();
      if (current.empty) {
        if (!relative || compounds.length > 0 || leading !== null) return INVALID;
        leading = combinator;
        continue;
      }
      if (--compoundBudget < 0) return INVALID;
      compounds.push(freeze(current));
      combinators.push(combinator);
      current = newCompound();
      continue;
    }
    if (afterPseudoElement) {
      // Only user-action pseudo-classes may follow a pseudo-element; none of them match in print.
      if (node.type !== 'PseudoClassSelector') return INVALID;
      never = true;
      continue;
    }
    const pseudo = pseudoElementOf(node);
    if (pseudo !== undefined) {
      if (pseudo === null) return INVALID;
      spec.c++;
      afterPseudoElement = true;
      if (pseudo === NEVER) never = true;
      else pseudoElement = pseudo;
      continue;
    }
    if (!addSimple(node, current, spec)) return INVALID;
    current.empty = false;
  }
  if (current.empty && !(pseudoElement !== null || afterPseudoElement)) return INVALID;
  if (--compoundBudget < 0) return INVALID;
  compounds.push(freeze(current));
  compounds.reverse();
  combinators.reverse();
  const compiled: ComplexSelector = {
    compounds,
    combinators,
    specificity: packSpecificity(spec.a, spec.b, spec.c),
    pseudoElement,
    dependencies: NO_DEPENDENCIES,
  };
  return { leading: relative ? (leading ?? ' ') : null, result: never ? NEVER : compiled };
}

function freeze(b: CompoundBuilder): Compound {
  return { tag: b.tag, id: b.id, classes: b.classes, tests: b.tests, anyOfTags: b.anyOfTags, attributeNames: b.attributeNames };
}

function asCombinator(name: string): Combinator | null {
  return name === ' ' || name === '>' || name === '+' || name === '~' ? name : null;
}

// undefined: not a pseudo-element; null: an unknown one; NEVER: valid but generates nothing.
function pseudoElementOf(node: csstree.CssNode): PseudoElement | typeof NEVER | null | undefined {
  let name: string;
  if (node.type === 'PseudoElementSelector') name = unescape(node.name).toLowerCase();
  else if (node.type === 'PseudoClassSelector' && LEGACY_PSEUDO_ELEMENTS.has(unescape(node.name).toLowerCase())) name = unescape(node.name).toLowerCase();
  else return undefined;
  if (GENERATING_PSEUDO_ELEMENTS.has(name as PseudoElement)) return name as PseudoElement;
  return OTHER_PSEUDO_ELEMENTS.has(name) ? NEVER : null;
}

/** Adds one simple selector to `compound`; false if it is invalid. */
function addSimple(node: csstree.CssNode, compound: CompoundBuilder, spec: Specificity): boolean {
  switch (node.type) {
    case 'TypeSelector': {
      const name = unescape(stripNamespace(node.name)).toLowerCase();
      if (name !== '*') {
        compound.tag = name;
        spec.c++;
      }
      return true;
    }
    case 'IdSelector': {
      // A hash token is an id selector only when its name is an identifier (`#6x` is not).
      if (!startsIdentifier(node.name)) return false;
      const id = unescape(node.name);
      if (compound.id !== null && compound.id !== id) compound.tests.push(() => false);
      compound.id = id;
      dependOnId(id);
      spec.a++;
      return true;
    }
    case 'ClassSelector': {
      if (!startsIdentifier(node.name)) return false;
      const name = unescape(node.name);
      compound.classes.push(name);
      dependOnClass(name);
      spec.b++;
      return true;
    }
    case 'AttributeSelector': {
      const test = attributeTest(node);
      if (test === null) return false;
      compound.tests.push(test);
      compound.attributeNames.push(unescape(stripNamespace(node.name.name)).toLowerCase());
      spec.b++;
      return true;
    }
    case 'NestingSelector':
      // Nested rules have their `&` replaced before compiling (nesting.ts); one left here is
      // in a top-level rule, where it stands for :scope with no specificity (css-nesting-1 §4).
      compound.tests.push(simplePseudoClass('scope')!);
      return true;
    case 'PseudoClassSelector': {
      const compiled = pseudoClass(node);
      if (compiled === null) return false;
      compound.tests.push(compiled.test);
      if (compiled.subjectTags !== undefined && compound.anyOfTags.length === 0) compound.anyOfTags.push(...compiled.subjectTags);
      spec.a += compiled.spec.a;
      spec.b += compiled.spec.b;
      spec.c += compiled.spec.c;
      return true;
    }
    default:
      return false;
  }
}

/**
 * An identifier with its escapes replaced (CSS 2.1 §4.1.3: `.\31 23` is the class `123`);
 * css-tree keeps names as written, and strings already unescaped.
 */
function unescape(name: string): string {
  return name.includes('\\') ? csstree.ident.decode(name) : name;
}

/**
 * css-syntax-3 §4.3.9 "check if three code points would start an identifier", on a name as
 * written: css-tree also takes `.-1x` and `#6x` for class and id selectors.
 */
function startsIdentifier(name: string): boolean {
  const first = name.charCodeAt(0);
  const rest = first === 0x2d ? name.charCodeAt(1) : first;
  if (first === 0x2d && rest === 0x2d) return true;
  if (rest === 0x5c) return (first === 0x2d ? name.length > 2 : name.length > 1) && name.charCodeAt(first === 0x2d ? 2 : 1) !== 0x0a;
  return rest === 0x5f || rest >= 0x80 || (rest >= 0x41 && rest <= 0x5a) || (rest >= 0x61 && rest <= 0x7a);
}

function stripNamespace(name: string): string {
  const bar = name.indexOf('|');
  return bar < 0 ? name : name.slice(bar + 1);
}

// selectors-4 §6: [a], [a=v], [a~=v], [a|=v], [a^=v], [a$=v], [a*=v], with i / s flags.
function attributeTest(node: csstree.AttributeSelector): ElementTest | null {
  const name = unescape(stripNamespace(node.name.name)).toLowerCase();
  if (node.matcher === null || node.value === null) {
    dependOnPresence(name);
    return (el) => el.attrs.has(name);
  }
  const raw = node.value.type === 'String' ? node.value.value : unescape(node.value.name);
  const flag = node.flags?.toLowerCase() ?? null;
  if (flag !== null && flag !== 'i' && flag !== 's') return null;
  const fold = flag === 'i' ? (s: string) => s.toLowerCase() : (s: string) => s;
  const compare = attributeMatcher(node.matcher, fold(raw));
  if (compare === null) return null;
  const test = (actual: string): boolean => compare(fold(actual));
  dependOnValueTest({ key: `${name}${node.matcher}${raw}\u0000${flag ?? ''}`, name, test });
  return (el) => {
    const actual = el.attrs.get(name);
    return actual !== undefined && test(actual);
  };
}

function attributeMatcher(matcher: string, value: string): ((actual: string) => boolean) | null {
  switch (matcher) {
    case '=':
      return (a) => a === value;
    case '~=':
      return (a) => value !== '' && !/\s/.test(value) && a.split(/[ \t\n\f\r]+/).includes(value);
    case '|=':
      return (a) => a === value || a.startsWith(`${value}-`);
    case '^=':
      return (a) => value !== '' && a.startsWith(value);
    case '$=':
      return (a) => value !== '' && a.endsWith(value);
    case '*=':
      return (a) => value !== '' && a.includes(value);
    default:
      return null;
  }
}

interface CompiledPseudo {
  readonly test: ElementTest;
  readonly spec: Specificity;
  /** For :is()/:where(): the tags a matching element must have, when every alternative names one. */
  readonly subjectTags?: readonly string[];
}

const ONE_CLASS: Specificity = { a: 0, b: 1, c: 0 };
const ZERO_SPEC: Specificity = { a: 0, b: 0, c: 0 };

function pseudoClass(node: csstree.PseudoClassSelector): CompiledPseudo | null {
  const name = unescape(node.name).toLowerCase();
  dependOnPseudoClass(name);
  if (node.children === null) {
    const test = simplePseudoClass(name);
    return test === undefined ? null : { test, spec: ONE_CLASS };
  }
  const args = node.children.toArray();
  switch (name) {
    case 'not':
    case 'is':
    case 'matches':
    case 'where':
      return logicalPseudo(name, args);
    case 'has':
      return hasPseudo(args);
    case 'nth-child':
    case 'nth-last-child':
    case 'nth-of-type':
    case 'nth-last-of-type':
      return nthPseudo(name, args);
    case 'lang':
      return langPseudo(args);
    default:
      return null;
  }
}

// :not() (strict list), :is()/:matches() and :where() (forgiving lists, selectors-4 §4.2).
function logicalPseudo(name: string, args: csstree.CssNode[]): CompiledPseudo | null {
  const list = args[0];
  if (args.length !== 1 || list?.type !== 'SelectorList') return null;
  const forgiving = name !== 'not';
  const selectors: ComplexSelector[] = [];
  for (const child of list.children) {
    const parsed = child.type === 'Selector' ? compileComplex(child, false).result : null;
    const valid = parsed !== null && (parsed === NEVER || parsed.pseudoElement === null);
    if (!valid && !forgiving) return null;
    if (valid && parsed !== NEVER) selectors.push(parsed as ComplexSelector);
  }
  if (list.children.size === 0) return null;
  const spec = name === 'where' ? ZERO_SPEC : maxSpecificity(selectors);
  const any = (el: DomElement): boolean => selectors.some((s) => matchesSelector(s, el));
  if (name === 'not') return { test: (el) => !any(el), spec };
  const tags = selectors.map((s) => s.compounds[0]!.tag);
  const subjectTags = tags.length > 0 && tags.every((t) => t !== null) ? [...new Set(tags as string[])] : undefined;
  return subjectTags === undefined ? { test: any, spec } : { test: any, spec, subjectTags };
}

function maxSpecificity(selectors: readonly ComplexSelector[]): Specificity {
  const max = selectors.reduce((m, s) => Math.max(m, s.specificity), 0);
  return { a: Math.floor(max / 1_000_000), b: Math.floor(max / 1_000) % 1_000, c: max % 1_000 };
}

// Whether a :has() argument is being compiled: :has() is not valid inside :has() (selectors-4
// §4.5), which `:has(> &)` nested in a `:has()` rule would otherwise build.
let insideHas = false;

// :has(<relative-selector-list>) (selectors-4 §4.5): searches the anchor's subtree or its
// following siblings, so it is linear in their size; used rarely enough for that.
function hasPseudo(args: csstree.CssNode[]): CompiledPseudo | null {
  if (insideHas) return null;
  insideHas = true;
  try {
    return hasArguments(args);
  } finally {
    insideHas = false;
  }
}

function hasArguments(args: csstree.CssNode[]): CompiledPseudo | null {
  const list = args[0];
  if (args.length !== 1 || list?.type !== 'SelectorList') return null;
  const relatives: { leading: Combinator; selector: ComplexSelector }[] = [];
  for (const child of list.children) {
    if (child.type !== 'Selector') return null;
    const { leading, result } = compileComplex(child, true);
    if (result === null || leading === null) return null;
    if (result !== NEVER && result.pseudoElement === null) relatives.push({ leading, selector: result });
  }
  const spec = maxSpecificity(relatives.map((r) => r.selector));
  const test: ElementTest = (anchor) =>
    relatives.some(({ leading, selector }) =>
      relativeCandidates(anchor, leading).some((el) => matchesRelative(selector, el, { anchor, leading })),
    );
  return { test, spec };
}

// :nth-child(an+b [of S]) and friends (selectors-4 §14).
function nthPseudo(kind: NthKind, args: csstree.CssNode[]): CompiledPseudo | null {
  const nth = args[0];
  if (args.length !== 1 || nth?.type !== 'Nth') return null;
  const ab = anPlusB(nth.nth);
  if (ab === null) return null;
  let of: ElementTest | null = null;
  let spec = ONE_CLASS;
  if (nth.selector !== null) {
    if (kind !== 'nth-child' && kind !== 'nth-last-child') return null;
    const selectors = compileList(nth.selector, false);
    if (selectors === null || selectors.some((s) => s.pseudoElement !== null)) return null;
    of = (el) => selectors.some((s) => matchesSelector(s, el));
    const inner = maxSpecificity(selectors);
    spec = { a: inner.a, b: inner.b + 1, c: inner.c };
  }
  const [a, b] = ab;
  return { test: (el) => nthMatches(nthPosition(kind, el, of), a, b) && (of === null || of(el)), spec };
}

function anPlusB(node: csstree.AnPlusB | csstree.Identifier): [number, number] | null {
  if (node.type === 'Identifier') {
    const word = node.name.toLowerCase();
    if (word === 'odd') return [2, 1];
    if (word === 'even') return [2, 0];
    return null;
  }
  const a = node.a === null ? 0 : Number(node.a);
  const b = node.b === null ? 0 : Number(node.b);
  return Number.isFinite(a) && Number.isFinite(b) ? [a, b] : null;
}

function langPseudo(args: csstree.CssNode[]): CompiledPseudo | null {
  const ranges: string[] = [];
  for (const arg of args) {
    if (arg.type === 'Identifier') ranges.push(arg.name.toLowerCase());
    else if (arg.type === 'String') ranges.push(arg.value.toLowerCase());
    else if (arg.type !== 'Operator') return null;
  }
  return ranges.length === 0 ? null : { test: langTest(ranges), spec: ONE_CLASS };
}
