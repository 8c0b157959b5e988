// Compiled selectors (selectors-4): compound selectors stored right to left so matching starts
// at the subject element, as browsers do, and fails fast on its tag, id and classes.
import type { DomElement } from '../../dom/types.js';

export type Combinator = ' ' | '>' | '+' | '~';

/** The pseudo-elements that generate boxes (or style part of one) in this engine. */
export type PseudoElement = 'before' | 'after' | 'marker' | 'first-letter' | 'first-line';

/** A test on one element beyond tag/id/class: an attribute selector or a pseudo-class. */
export type ElementTest = (el: DomElement) => boolean;

/** A compound selector (selectors-4 §3.1). */
export interface Compound {
  /** Lower-case type, null for the universal selector. */
  readonly tag: string | null;
  readonly id: string | null;
  readonly classes: readonly string[];
  readonly tests: readonly ElementTest[];
  /**
   * For the rule index only: the element must have one of these tags (from `:is(td, th)`),
   * or one of these attributes (from `[hidden]`). Empty when the compound says nothing.
   */
  readonly anyOfTags: readonly string[];
  readonly attributeNames: readonly string[];
}

/** A complex selector: compounds joined by combinators. */
export interface ComplexSelector {
  /** Compounds from right (the subject) to left. */
  readonly compounds: readonly Compound[];
  /** `combinators[i]` joins `compounds[i]` to `compounds[i + 1]` on its left. */
  readonly combinators: readonly Combinator[];
  /** Specificity packed as a·10⁶ + b·10³ + c (each part capped at 999), comparable as a number. */
  readonly specificity: number;
  readonly pseudoElement: PseudoElement | null;
  readonly dependencies: SelectorDependencies;
}

/**
 * What besides the ancestors' tags, ids and classes a selector's result depends on. The rule
 * index uses it to share match results between elements with identical ancestor chains.
 */
export interface SelectorDependencies {
  /** Depends on sibling positions or element content (:nth-child, +, ~, :empty, :has…). */
  readonly structural: boolean;
  /** Attributes whose value matters as a whole (e.g. `lang` for :lang()). */
  readonly attributeValues: readonly string[];
  /** Attribute-value tests (`[href^="#"]`): only their outcome matters, not the value. */
  readonly attributeTests: readonly AttributeValueTest[];
  /** Attributes whose presence only is tested. */
  readonly attributePresence: readonly string[];
  /** Ids and classes the selector names anywhere (other ids and classes cannot affect it). */
  readonly ids: readonly string[];
  readonly classes: readonly string[];
}

/** One attribute selector with a matcher, as a test on the attribute's value. */
export interface AttributeValueTest {
  /** Identifies equal tests across selectors, e.g. `href^=#`. */
  readonly key: string;
  readonly name: string;
  readonly test: (value: string) => boolean;
}

/** Packs a specificity triple (selectors-4 §17) into one comparable number. */
export function packSpecificity(a: number, b: number, c: number): number {
  return Math.min(a, 999) * 1_000_000 + Math.min(b, 999) * 1_000 + Math.min(c, 999);
}
