// Selector matching, right to left (selectors-4 §3): the subject's compound first, then each
// combinator walks to the candidate elements on its left, backtracking where needed.
import type { DomElement } from '../../dom/types.js';
import { classList, elementChildren, indexOf, lowerTag, previousSibling } from './dom-index.js';
import type { Combinator, ComplexSelector, Compound } from './types.js';

/** True if `el` matches every simple selector of `compound`. */
export function matchesCompound(compound: Compound, el: DomElement): boolean {
  if (compound.tag !== null && el.tagName !== compound.tag && lowerTag(el) !== compound.tag) return false;
  if (compound.id !== null && el.attrs.get('id') !== compound.id) return false;
  if (compound.classes.length > 0) {
    const classes = classList(el);
    for (const c of compound.classes) if (!classes.includes(c)) return false;
  }
  for (const test of compound.tests) if (!test(el)) return false;
  return true;
}

/** True if `el` is the subject of `selector` (pseudo-elements are the caller's concern). */
export function matchesSelector(selector: ComplexSelector, el: DomElement): boolean {
  return matchFrom(selector, 0, el, null) === Result.Matches;
}

/**
 * A relative selector (for :has()): `selector` must match with its leftmost compound related
 * to `anchor` by `leading`.
 */
export interface AnchoredMatch {
  readonly anchor: DomElement;
  readonly leading: Combinator;
}

export function matchesRelative(selector: ComplexSelector, el: DomElement, anchored: AnchoredMatch): boolean {
  return matchFrom(selector, 0, el, anchored) === Result.Matches;
}

/**
 * How a partial match failed, so that a combinator can stop early instead of retrying every
 * ancestor or sibling (the technique of WebKit's and Blink's selector checkers). Without it,
 * `a b c d` against a deep chain that almost matches is exponential in the depth.
 */
const enum Result {
  Matches,
  /** This element does not fit; another candidate for the same combinator might. */
  FailsLocally,
  /** No earlier sibling can fit either; an ancestor's siblings still might. */
  FailsAllSiblings,
  /** Nothing further up the tree can fit. */
  FailsCompletely,
}

function matchFrom(sel: ComplexSelector, i: number, el: DomElement, anchored: AnchoredMatch | null): Result {
  if (!matchesCompound(sel.compounds[i]!, el)) return Result.FailsLocally;
  if (i === sel.compounds.length - 1) {
    return anchored === null || related(el, anchored.anchor, anchored.leading) ? Result.Matches : Result.FailsLocally;
  }
  switch (sel.combinators[i]!) {
    case '>':
      return el.parent === null ? Result.FailsCompletely : matchFrom(sel, i + 1, el.parent, anchored);
    case ' ':
      return walk(sel, i + 1, el.parent, anchored, ANCESTORS);
    case '+': {
      const prev = previousSibling(el);
      return prev === null ? Result.FailsAllSiblings : matchFrom(sel, i + 1, prev, anchored);
    }
    case '~':
      return walk(sel, i + 1, previousSibling(el), anchored, EARLIER_SIBLINGS);
  }
}

/** How a combinator that tries candidates in turn goes on, and what ends its search. */
interface Walk {
  readonly next: (el: DomElement) => DomElement | null;
  /** The outcome at a candidate that ends the search (a match, or a failure it cannot get past). */
  readonly stops: (r: Result) => boolean;
  /** The outcome when the candidates run out. */
  readonly exhausted: Result;
}

// The descendant combinator tries each ancestor; failing all siblings, one may still fit.
const ANCESTORS: Walk = { next: (el) => el.parent, stops: (r) => r === Result.Matches || r === Result.FailsCompletely, exhausted: Result.FailsCompletely };
const EARLIER_SIBLINGS: Walk = { next: previousSibling, stops: (r) => r !== Result.FailsLocally, exhausted: Result.FailsAllSiblings };

/**
 * Walks that pass more candidates than this remember their outcome per candidate: otherwise
 * each of 20,000 siblings (or each element of a chain 500 deep) walks all the ones before it
 * again, for every `~` (or descendant) selector: quadratic in their number. With the memo,
 * each candidate is tested once per selector.
 */
const SHORT_WALK = 16;
// Per compound (which stands for its selector, its position there and so the combinator
// that walks to it): the outcome of the walk from a candidate on, once known. The outcome does
// not depend on where the walk came from. Weak, so that documents and sheets are let go.
const walks = new WeakMap<Compound, WeakMap<DomElement, Result>>();

/** The outcome of trying compound `i` (and the rest of `sel`) on the candidates from `start` on. */
function walk(sel: ComplexSelector, i: number, start: DomElement | null, anchored: AnchoredMatch | null, how: Walk): Result {
  let el = start;
  // Short walks, and :has() ones (whose outcome depends on the anchor), are not remembered.
  for (let steps = 0; el !== null && (steps < SHORT_WALK || anchored !== null); el = how.next(el), steps++) {
    const r = matchFrom(sel, i, el, anchored);
    if (how.stops(r)) return r;
  }
  if (el === null) return how.exhausted;
  const compound = sel.compounds[i]!;
  let memo = walks.get(compound);
  if (memo === undefined) {
    memo = new WeakMap();
    walks.set(compound, memo);
  }
  // The walk from each candidate passed has the outcome of the walk from where it stopped.
  const passed: DomElement[] = [];
  let result = how.exhausted;
  for (; el !== null; el = how.next(el)) {
    const known = memo.get(el);
    if (known !== undefined) {
      result = known;
      break;
    }
    passed.push(el);
    const r = matchFrom(sel, i, el, null);
    if (how.stops(r)) {
      result = r;
      break;
    }
  }
  for (const p of passed) memo.set(p, result);
  return result;
}

// Is `el` in relation `combinator` to `anchor` (el on the right)?
function related(el: DomElement, anchor: DomElement, combinator: Combinator): boolean {
  switch (combinator) {
    case '>':
      return el.parent === anchor;
    case ' ':
      for (let a = el.parent; a !== null; a = a.parent) if (a === anchor) return true;
      return false;
    case '+':
      return previousSibling(el) === anchor;
    case '~':
      return el.parent !== null && el.parent === anchor.parent && indexOf(anchor) < indexOf(el);
  }
}

/** Elements that could match a relative selector anchored at `anchor` (for :has()). */
export function relativeCandidates(anchor: DomElement, leading: Combinator): DomElement[] {
  const out: DomElement[] = [];
  const addSubtree = (el: DomElement): void => {
    for (const kid of elementChildren(el)) {
      out.push(kid);
      addSubtree(kid);
    }
  };
  if (leading === ' ' || leading === '>') {
    addSubtree(anchor);
  } else if (anchor.parent !== null) {
    for (const sib of elementChildren(anchor.parent).slice(anchor.elementIndex + 1)) {
      out.push(sib);
      addSubtree(sib);
    }
  }
  return out;
}
