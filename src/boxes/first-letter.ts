// ::first-letter (CSS 2.1 §5.12.2, css-pseudo-4 §2.3): the first letter of a block container's
// first formatted line, with the punctuation around it, wrapped in a box of its own. The
// search walks the container's boxes in order (its ::before content first), into inline
// boxes and into the first in-flow block child, and stops at anything that is no text: an
// image or inline-block first means there is no first letter.
import type { BlockBox, InlineBox, TextBox } from './types.js';
import type { BuildItem } from './table.js';

/**
 * Leading white space, then the first letter: opening punctuation (with spaces between), one
 * typographic letter unit (a letter, digit or symbol with its combining marks), then closing
 * punctuation.
 */
const FIRST_LETTER = /^([ \t\n\r\f]*)((?:[\p{Ps}\p{Pi}\p{Pf}\p{Po}\p{Pe}][\p{Zs}]*)*[^\p{Z}\p{P}\p{C}\s][\p{M}]*[\p{Pe}\p{Pf}\p{Po}]*)/u;

/** What replacing the first letter needs from the builder. */
export interface FirstLetterBuilder {
  /** The boxes of the first letter: the pseudo-element's box around `letter`, text of `text`'s box. */
  letter(text: TextBox, letter: string): readonly BuildItem[];
  /** `box` rebuilt with new contents. */
  block(box: BlockBox, items: readonly BuildItem[]): BlockBox;
  inline(box: InlineBox, items: readonly BuildItem[]): readonly BuildItem[];
}

type Search = { readonly state: 'found'; readonly items: readonly BuildItem[] } | { readonly state: 'blocked' | 'none' };

/** `items` with their first letter in its own box; `items` itself when there is none. */
export function withFirstLetter(items: readonly BuildItem[], builder: FirstLetterBuilder): readonly BuildItem[] {
  const search = searchList(items, builder);
  return search.state === 'found' ? search.items : items;
}

function searchList(items: readonly BuildItem[], builder: FirstLetterBuilder): Search {
  for (let i = 0; i < items.length; i++) {
    const replaced = searchItem(items[i]!, builder);
    if (replaced.state !== 'found') {
      if (replaced.state === 'blocked') return replaced;
      continue;
    }
    return { state: 'found', items: [...items.slice(0, i), ...replaced.items, ...items.slice(i + 1)] };
  }
  return { state: 'none' };
}

function searchItem(item: BuildItem, builder: FirstLetterBuilder): Search {
  switch (item.kind) {
    case 'text': {
      const match = FIRST_LETTER.exec(item.text);
      if (match === null) return /^[ \t\n\r\f]*$/.test(item.text) ? { state: 'none' } : { state: 'blocked' };
      const [whole, space, letter] = match as unknown as [string, string, string];
      const rest = item.text.slice(whole.length);
      return {
        state: 'found',
        items: [
          ...(space === '' ? [] : [{ ...item, text: space }]),
          ...builder.letter(item, letter),
          ...(rest === '' ? [] : [{ ...item, text: rest }]),
        ],
      };
    }
    case 'inline': {
      if (item.running) return { state: 'none' };
      const inner = searchList(item.children, builder);
      return inner.state === 'found' ? { state: 'found', items: builder.inline(item, inner.items) } : inner;
    }
    case 'block': {
      // Floats, absolutely positioned boxes and running elements are not in the flow.
      // A flex or grid container has no first formatted line (css-flexbox-1 §3; CSS 2.1 §5.12.2 applies to block containers).
      if (item.running || item.style.float !== 'none' || item.style.position === 'absolute' || item.content.kind === 'flex' || item.content.kind === 'grid') return { state: 'none' };
      const children = item.content.kind === 'inline' ? item.content.ifc.children : item.content.children;
      const inner = searchList(children, builder);
      return inner.state === 'found' ? { state: 'found', items: [builder.block(item, inner.items)] } : inner;
    }
    // An inside list marker comes before the first letter; a float is out of the flow.
    case 'marker':
    case 'float':
      return { state: 'none' };
    default:
      return { state: 'blocked' };
  }
}
