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
      for (let a = el.parent; a !== null; a = a.parent) {
        const r = matchFrom(sel, i + 1, a, anchored);
        if (r === Result.Matches || r === Result.FailsCompletely) return r;
      }
      return Result.FailsCompletely;
    case '+': {
      const prev = previousSibling(el);
      return prev === null ? Result.FailsAllSiblings : matchFrom(sel, i + 1, prev, anchored);
    }
    case '~': {
      if (el.parent === null) return Result.FailsAllSiblings;
      const siblings = elementChildren(el.parent);
      for (let k = el.elementIndex - 1; k >= 0; k--) {
        const r = matchFrom(sel, i + 1, siblings[k]!, anchored);
        if (r !== Result.FailsLocally) return r;
      }
      return Result.FailsAllSiblings;
    }
  }
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
