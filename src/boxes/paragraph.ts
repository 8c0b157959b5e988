// Anonymous paragraphs (PDF/UA-1 7.1: content is tagged with its semantic type). Text whose
// nearest element with a role groups blocks (Document, Sect, Div …) would sit loose there:
// the inline content of its block container — an anonymous block around text beside blocks
// (CSS 2.1 §9.2.1.1), or a role-less block such as a `label` made `display: block` — is a
// paragraph, a P in the structure tree holding that text and the elements with roles among it.

import { isGrouping } from '../paint/structure.js';
import type { ContentTag } from '../paint/types.js';
import type { InlineLevelBox } from './types.js';

/** Marks the loose text of one inline formatting context's items with their paragraph. */
export function markParagraph(items: readonly InlineLevelBox[]): void {
  let start = Infinity;
  let end = -Infinity;
  let loose: ContentTag[] | null = null;
  // An explicit stack: inline boxes may nest deeply. Each item is visited once (it belongs to one formatting context).
  const stack: InlineLevelBox[] = [];
  for (let i = 0; i < items.length || stack.length > 0; ) {
    const item = stack.length > 0 ? stack.pop()! : items[i++]!;
    switch (item.kind) {
      case 'text': case 'page-text': {
        const tag = item.tag;
        if (!tag) break;
        start = Math.min(start, tag.position);
        end = Math.max(end, tag.position);
        if (tag.paragraph === null && isGrouping(tag.element)) (loose ??= []).push(tag);
        break;
      }
      case 'inline':
        if (item.element) {
          start = Math.min(start, item.element.order);
          end = Math.max(end, item.element.order);
        }
        for (const child of item.children) stack.push(child);
        break;
      case 'atomic':
        if (item.element) {
          start = Math.min(start, item.element.order);
          end = Math.max(end, item.element.order);
        }
        break;
      default:
        break;
    }
  }
  if (loose === null) return;
  const paragraph = { start, end };
  for (const tag of loose) tag.paragraph = paragraph;
}
