// The page loop (DESIGN.md invariant 1): pages are produced one at a time, each laying out
// the root box from the previous page's break token into that page's content area.
import type { BlockBox } from '../../boxes/types.js';
import { resolvePageStyle } from '../../css/page.js';
import type { PageBase, PageRule, PageStyle } from '../../css/types.js';
import { layoutBlockLevel } from '../block.js';
import type { BoxFragment, BreakToken } from '../types.js';

/** One laid-out page: its resolved page box and the root fragment placed in its content area. */
export interface LaidOutPage {
  readonly index: number;
  readonly style: PageStyle;
  readonly root: BoxFragment | null;
}

export interface PaginateInput {
  readonly root: BlockBox;
  readonly pageRules: readonly PageRule[];
  /** What page rules resolve against: the root's font size and style (for `em` and `inherit`) and the default page. */
  readonly pageBase: PageBase;
  /** Hard bound on the page count, so no input can grow memory without bound. */
  readonly maxPages?: number;
  readonly onWarning?: (message: string) => void;
}

export const DEFAULT_MAX_PAGES = 20_000;

/**
 * Lays out the document into pages until the root box has no break token left. Pages are
 * yielded one at a time, so a caller can paint and write each and let its fragments go.
 */
export function* paginate(input: PaginateInput): Generator<LaidOutPage, void, undefined> {
  const maxPages = input.maxPages ?? DEFAULT_MAX_PAGES;
  let token: BreakToken | null = null;
  for (let index = 0; index < maxPages; index++) {
    const style = resolvePageStyle(input.pageRules, { index, name: null }, input.pageBase);
    const inlineSize = Math.max(1, style.width - style.marginLeft - style.marginRight);
    const blockLimit = Math.max(1, style.height - style.marginTop - style.marginBottom);
    const result = layoutBlockLevel(input.root, { inlineSize, blockLimit, atFragmentainerStart: true }, token);
    yield { index, style, root: result.fragment };
    if (!result.breakToken) return;
    if (token && sameBreakToken(token, result.breakToken)) {
      input.onWarning?.(`layout made no progress on page ${index + 1}; the rest of the document was dropped`);
      return;
    }
    token = result.breakToken;
  }
  input.onWarning?.(`the document was cut at ${maxPages} pages`);
}

/** Structural equality of break tokens: the same place in the same box tree. */
export function sameBreakToken(a: BreakToken | null, b: BreakToken | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind !== b.kind || a.box !== b.box || a.consumedBlockSize !== b.consumedBlockSize) return false;
  if (a.kind === 'lines' && b.kind === 'lines') return a.lineIndex === b.lineIndex;
  if (a.kind === 'block' && b.kind === 'block') return a.childIndex === b.childIndex && sameBreakToken(a.child, b.child);
  if (a.kind === 'table' && b.kind === 'table') {
    return a.rowIndex === b.rowIndex && a.cells.length === b.cells.length
      && a.cells.every((c, i) => c.cell === b.cells[i]!.cell && sameBreakToken(c.token, b.cells[i]!.token));
  }
  return false;
}
