// The document outline (bookmarks, ISO 32000-1 §12.3.3): written after every page exists,
// from the bookmarks each page collected, in page order and within a page in display-list order.

import { PDFHexString, PDFName, type PDFContext, type PDFDict, type PDFRef } from 'pdf-lib';
import type { PendingBookmark } from './paint-context.js';

/** A page with the bookmarks its painting collected (y already in PDF user space, up). */
export interface PageBookmarks {
  readonly page: { readonly ref: PDFRef };
  readonly bookmarks: readonly PendingBookmark[];
}

/** One outline item with the items nested under it. */
export interface OutlineNode {
  readonly title: string;
  readonly level: number;
  readonly page: PDFRef;
  readonly x: number;
  /** PDF user space (y up): the top of the view when the item is followed. */
  readonly y: number;
  readonly children: OutlineNode[];
}

/**
 * The outline tree: each bookmark nests under the nearest preceding bookmark with a smaller
 * level. Levels may skip (1 then 3 nests the 3 under the 1); a bookmark with no smaller
 * level before it (a leading level 2, say) is a top-level item.
 */
export function buildOutline(pages: readonly PageBookmarks[]): OutlineNode[] {
  const roots: OutlineNode[] = [];
  const open: OutlineNode[] = [];
  for (const { page, bookmarks } of pages) {
    for (const bookmark of bookmarks) {
      const node: OutlineNode = { title: outlineTitle(bookmark.label), level: bookmark.level, page: page.ref, x: bookmark.x, y: bookmark.y, children: [] };
      while (open.length > 0 && !(open[open.length - 1]!.level < node.level)) open.pop();
      (open.length > 0 ? open[open.length - 1]!.children : roots).push(node);
      open.push(node);
    }
  }
  return roots;
}

/**
 * Writes /Outlines and /PageMode /UseOutlines into `catalog` (§7.7.2), with every item open.
 * Without bookmarks it writes nothing.
 */
export function writeOutline(context: PDFContext, catalog: PDFDict, pages: readonly PageBookmarks[]): void {
  const roots = buildOutline(pages);
  if (roots.length === 0) return;
  const rootRef = context.nextRef();
  const { first, last, count } = writeItems(context, roots, rootRef);
  // §12.3.3 Table 152: /Count is the number of open items at all levels.
  context.assign(rootRef, context.obj({ Type: 'Outlines', First: first, Last: last, Count: count }));
  catalog.set(PDFName.of('Outlines'), rootRef);
  catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/** Writes sibling items under `parent`; returns the first and last refs and the visible-item count. */
function writeItems(context: PDFContext, nodes: readonly OutlineNode[], parent: PDFRef): { first: PDFRef; last: PDFRef; count: number } {
  const refs = nodes.map(() => context.nextRef());
  let count = nodes.length;
  nodes.forEach((node, i) => {
    const children = node.children.length > 0 ? writeItems(context, node.children, refs[i]!) : null;
    if (children) count += children.count;
    // §12.3.3 Table 153. /Count > 0: the item is open, showing its `count` descendants.
    const item = context.obj({
      Title: PDFHexString.fromText(node.title),
      Parent: parent,
      Prev: refs[i - 1],
      Next: refs[i + 1],
      First: children?.first,
      Last: children?.last,
      Count: children?.count,
      // §12.3.2.2: [page /XYZ left top null]; a null zoom keeps the viewer's.
      Dest: [node.page, PDFName.of('XYZ'), round(node.x), round(node.y), null],
    });
    context.assign(refs[i]!, item);
  });
  return { first: refs[0]!, last: refs[refs.length - 1]!, count };
}

/** The label as a title: trimmed, with runs of white space collapsed to one space. */
function outlineTitle(label: string): string {
  return label.replace(/\s+/gu, ' ').trim();
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
