// The cascade proper (css-cascade-4 §6): of all declarations for a property on one element,
// the winner is decided by origin and importance, then specificity, then source order.
import type { CascadedDeclaration, LonghandValue } from './declarations.js';
import { ORDERED_WINNERS } from './properties/logical.js';
import type { IndexedSelector } from './rule-index.js';

/** The declarations that apply to one element (or pseudo-element), grouped by where they come from. */
export interface CascadeInput {
  /** Matching selectors sorted by rank (user-agent first, then author; specificity; order). */
  readonly matched: readonly IndexedSelector[];
  /** Presentational hints: author level, specificity zero, before all author rules. */
  readonly hints: readonly CascadedDeclaration[];
  /** The `style` attribute: after every author rule. */
  readonly inline: readonly CascadedDeclaration[];
}

/**
 * The winning value per property. Declarations are applied from lowest to highest
 * precedence, so the last one written wins:
 * UA normal < hints < author normal < style attr normal < author !important
 * < style attr !important < UA !important.
 * The map lists the winners in that order too (see putWinner).
 */
export function cascade({ matched, hints, inline }: CascadeInput): Map<string, LonghandValue> {
  const winners = new Map<string, LonghandValue>();
  const put = (decls: readonly CascadedDeclaration[], important: boolean): void => {
    for (const d of decls) if (d.important === important) putWinner(winners, d.property, d.value);
  };
  const firstAuthor = firstAuthorIndex(matched);
  for (let i = 0; i < firstAuthor; i++) put(matched[i]!.rule.declarations, false);
  put(hints, false);
  for (let i = firstAuthor; i < matched.length; i++) put(matched[i]!.rule.declarations, false);
  put(inline, false);
  for (let i = firstAuthor; i < matched.length; i++) put(matched[i]!.rule.declarations, true);
  put(inline, true);
  for (let i = 0; i < firstAuthor; i++) put(matched[i]!.rule.declarations, true);
  return winners;
}

function firstAuthorIndex(matched: readonly IndexedSelector[]): number {
  const i = matched.findIndex((m) => m.rule.origin === 'author');
  return i < 0 ? matched.length : i;
}

/**
 * Records a winner at the end of the map's order: a logical longhand and its physical twin
 * (`margin-inline-start`, `margin-left`) are both winners, and the one that came later in the
 * cascade decides their shared value (css-logical-1 §4), by this order.
 */
export function putWinner(winners: Map<string, LonghandValue>, property: string, value: LonghandValue): void {
  // Other properties keep their first place: their order decides nothing.
  if (ORDERED_WINNERS.has(property)) winners.delete(property);
  winners.set(property, value);
}
