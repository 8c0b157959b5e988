// Named pages (css-page-3 §4.3): the `page` property's used value (auto takes the parent's),
// the start and end page values of boxes (a box's first/last child's, down the tree), the
// forced break where they change between siblings, and the name of the page that starts at a
// break token.
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import { isFixed } from '../positioned/placeholders.js';
import type { BreakToken, PageContext } from '../types.js';

const byRoot = new WeakMap<BlockBox, PageNames>();

/** The page names of a document, worked out once per box tree. */
export function pageNamesOf(root: BlockBox): PageNames {
  let names = byRoot.get(root);
  if (names === undefined) {
    names = new PageNames(root);
    byRoot.set(root, names);
  }
  return names;
}

/** Used page names of a document's block-level boxes in the page flow; null stands for no name. */
export class PageNames {
  private readonly start = new WeakMap<BlockLevelBox, string | null>();
  private readonly end = new WeakMap<BlockLevelBox, string | null>();
  /** The document names no page: every page is unnamed and nothing breaks. */
  readonly unnamed: boolean;

  constructor(root: BlockBox) {
    this.unnamed = !this.walk(root, null);
  }

  /** Class A break points between siblings whose end and start page values differ are forced (§4.3.2). */
  changeBetween(before: BlockLevelBox, after: BlockLevelBox): boolean {
    return !this.unnamed && this.endOf(before) !== this.startOf(after);
  }

  startOf(box: BlockLevelBox): string | null {
    return this.start.get(box) ?? null;
  }

  endOf(box: BlockLevelBox): string | null {
    return this.end.get(box) ?? null;
  }

  /** The name of the page whose content resumes at `token` (null: the document's start). */
  at(root: BlockBox, token: BreakToken | null): string | null {
    if (this.unnamed) return null;
    let box: BlockLevelBox = root;
    let t = token;
    // Bounded by the box tree's depth: each step goes one level down.
    while (t !== null && t.kind === 'block' && box.kind === 'block' && box.content.kind === 'blocks') {
      const child: BlockLevelBox | undefined = box.content.children[t.childIndex];
      if (child === undefined) return this.endOf(box);
      if (t.child === null) return this.startOf(child);
      box = child;
      t = t.child;
    }
    // Inside lines or a table: the box that breaks is the one on both pages.
    return t === null ? this.startOf(box) : this.usedOf(t.box);
  }

  private usedOf(box: BlockLevelBox): string | null {
    // Boxes below the page flow (in cells) are not in the maps: their start value stands in.
    return this.start.has(box) ? this.startOf(box) : null;
  }

  /** Records start and end values below `box`; returns whether any box has a page name. */
  private walk(box: BlockLevelBox, parentUsed: string | null): boolean {
    const used = box.style.page === 'auto' ? parentUsed : box.style.page;
    let named = used !== null;
    // An absolutely positioned box fragments in the page flow (initial-containing-block.ts): names inside it break it too; a fixed one repeats whole on every page.
    if (box.kind === 'block' && box.absolute && !isFixed(box.absolute)) named = this.walk(box.absolute, used) || named;
    if (box.kind === 'block' && box.content.kind === 'blocks' && box.content.children.length > 0) {
      const children = box.content.children;
      for (const child of children) named = this.walk(child, used) || named;
      this.start.set(box, this.startOf(children[0]!));
      this.end.set(box, this.endOf(children[children.length - 1]!));
    } else {
      this.start.set(box, used);
      this.end.set(box, used);
    }
    return named;
  }
}

const withoutNames = new WeakMap<PageContext, PageContext>();

/** The page as seen from boxes outside the page flow (cells, inline-blocks): page names do not apply there (§4.3). */
export function outsidePageFlow(page: PageContext | null): PageContext | null {
  if (page === null || page.pageNames === null) return page;
  let inner = withoutNames.get(page);
  if (inner === undefined) {
    inner = { ...page, pageNames: null };
    withoutNames.set(page, inner);
  }
  return inner;
}
