// Grid items (css-grid-1 §6.1): each in-flow child of a grid container is a grid item, its
// display already blockified by the cascade; each contiguous run of inline-level content
// is wrapped in an anonymous block item, and a run of only collapsible white space or
// out-of-flow placeholders makes no item (the builder decides that, see WrapRun).
import type { BlockBox, BlockLevelBox, InlineLevelBox } from './types.js';

/** What a run of inline-level boxes becomes: an anonymous block item, or the placeholders in it alone. */
export type WrapRun = (run: InlineLevelBox[]) => BlockLevelBox[];

/**
 * The container's items in document order. Floats lose their float (§6.1: `float` does not
 * apply to grid items); every item establishes an independent formatting context (§6.2).
 * Placeholders of absolutely positioned boxes and running elements stay among them: grid
 * layout places them but gives them no grid area.
 */
export function gridItems(built: readonly (BlockLevelBox | InlineLevelBox)[], wrapRun: WrapRun): BlockLevelBox[] {
  const items: BlockLevelBox[] = [];
  let run: InlineLevelBox[] = [];
  const flush = () => {
    // A run of white space alone is not rendered, whatever `white-space` says (§6.1).
    if (run.length > 0 && !run.every(isWhiteSpaceText)) items.push(...wrapRun(run));
    run = [];
  };
  for (const item of built) {
    if (item.kind === 'block' || item.kind === 'replaced' || item.kind === 'table') {
      flush();
      items.push(asItem(item));
    } else if (item.kind === 'float') {
      flush();
      items.push(asItem(item.box));
    } else if (item.kind === 'inline' && item.absolute) {
      // An absolutely positioned child is not an item and ends the text run around it (as in
      // Chromium and Firefox): the text on each side makes an item of its own.
      flush();
      items.push(...wrapRun([item]));
    } else run.push(item);
  }
  flush();
  return items;
}

function isWhiteSpaceText(box: InlineLevelBox): boolean {
  return box.kind === 'text' && /^[ \t\n\r\f]*$/.test(box.text);
}

function asItem(box: BlockLevelBox): BlockLevelBox {
  if (box.kind !== 'block' || box.establishesBfc || box.absolute || box.running) return box;
  const item: BlockBox = { ...box, establishesBfc: true };
  return item;
}

/** Grid items that get no grid area: the placeholders of out-of-flow boxes. */
export function isGridPlaceholder(box: BlockLevelBox): boolean {
  return box.kind === 'block' && (box.absolute !== undefined || box.running !== undefined);
}
