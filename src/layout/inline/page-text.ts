// Page-dependent generated text (counter(page), counter(pages), target-counter(…, page)) as
// the text box it reads as on one page. Text boxes are interned per value, so a page counter
// that reads the same on two pages is the same box and shapes once.
import type { PageTextBox, TextBox } from '../../boxes/types.js';
import { formatCounter } from '../../boxes/counter-style.js';
import type { PageContext } from '../types.js';

/** What page text reads as where no page is known (intrinsic sizes): two digits, a typical width. */
const UNKNOWN = 88;

const interned = new WeakMap<PageTextBox, Map<string, TextBox>>();

/** The text box `box` shows on `page`. */
export function pageTextOf(box: PageTextBox, page: PageContext | null): TextBox {
  const text = formatCounter(pageValue(box, page), box.counterStyle);
  let byText = interned.get(box);
  if (byText === undefined) {
    byText = new Map();
    interned.set(box, byText);
  }
  let t = byText.get(text);
  if (t === undefined) {
    t = { kind: 'text', style: box.style, element: null, text, decorations: box.decorations, tag: box.tag ?? null };
    byText.set(text, t);
  }
  return t;
}

function pageValue(box: PageTextBox, page: PageContext | null): number {
  if (page === null) return UNKNOWN;
  switch (box.source.kind) {
    case 'page': return page.pageNumber;
    case 'pages': return page.pageCount ?? UNKNOWN;
    case 'target-page': return page.targetPage(box.source.id) ?? UNKNOWN;
  }
}
