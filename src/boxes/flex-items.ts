// Flex items (css-flexbox-1 §4): each in-flow child of a flex container is a flex item. Child
// elements arrive blockified by the cascade (css-display-3 §2.7); each contiguous run of text
// and inline-level children is wrapped in an anonymous block item, dropped when it holds only
// white space. `float` does not apply to items (§3), so a floated child is an item as it is.
// Absolutely positioned children keep their placeholders, which are not items. Each item is a
// BFC root.
import type { ComputedStyle } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import type { ImageResource } from '../paint/types.js';
import { anonymousStyle } from './anonymous-style.js';
import { wrapStrayParts, type BuildItem, type MakeBlock } from './table.js';
import type { BlockBox, BlockLevelBox, InlineLevelBox } from './types.js';
import { processWhiteSpace } from './white-space.js';

/** A flex container: a block box whose content is its flex items in document order. */
export function makeFlexContainer(style: ComputedStyle, element: DomElement | null, built: readonly BuildItem[], background: ImageResource | undefined, tableCell: MakeBlock): BlockBox {
  const items: BlockLevelBox[] = [];
  let run: InlineLevelBox[] = [];
  const flush = () => {
    const inline = run.length > 0 ? processWhiteSpace(run) : [];
    if (inline.length > 0) {
      items.push({ kind: 'block', style: anonymousStyle(style), element: null, content: { kind: 'inline', ifc: { children: inline } }, marker: null, establishesBfc: true });
    }
    run = [];
  };
  for (const item of wrapStrayParts(built, style, false, tableCell)) {
    const box = itemBox(item, style);
    if (box) {
      flush();
      items.push(box);
    } else run.push(item as InlineLevelBox);
  }
  flush();
  const own = background ? { backgroundImage: background } : {};
  return { kind: 'block', style, element, content: { kind: 'flex', items }, marker: null, establishesBfc: true, ...own };
}

/** The block-level box a child stands as among the items, or null for inline content. */
function itemBox(item: BlockLevelBox | InlineLevelBox, parent: ComputedStyle): BlockLevelBox | null {
  switch (item.kind) {
    // A flex item establishes an independent formatting context (§4): its floats stay inside it.
    case 'block': return item.establishesBfc || item.absolute !== undefined || item.running !== undefined ? item : { ...item, establishesBfc: true };
    case 'replaced': case 'table': return item;
    case 'float': return item.box;
    case 'inline':
      // An absolutely positioned child's placeholder, inline-level when the child was: a block-level one here.
      if (item.absolute) return { kind: 'block', style: anonymousStyle(parent), element: null, content: { kind: 'blocks', children: [] }, marker: null, establishesBfc: false, absolute: item.absolute };
      return null;
    default: return null;
  }
}
