// Marked content (ISO 32000-1 §14.6) for a tagged page: every drawing item goes inside a
// sequence — `/Role <</MCID n>> BDC … EMC` for content of the structure tree (§14.7.4.2),
// `/Artifact BMC … EMC` for what is not content (§14.8.2.2: backgrounds, borders, rules,
// decorations, shadows). Consecutive items of one sequence share it. A sequence never spans
// a q/Q or BT/ET boundary: it opens and closes at one level of the display list, around
// whole items, and clip, transform and opacity groups open their own inside.

import type { ContentTag, DisplayItem } from '../paint/types.js';
import { structureRoleOf } from '../paint/structure.js';
import type { ContentStream } from './content-stream.js';

/** The open sequence when it is an artifact. */
const ARTIFACT = 'artifact';

/** One page's marked-content sequences: MCIDs count from 0 per page (§14.7.4.4). */
export class MarkedContent {
  /** The tag of each MCID of the page, by MCID: what the parent tree maps back to structure. */
  readonly tags: ContentTag[] = [];
  private open: ContentTag | typeof ARTIFACT | null = null;

  /** Ends the open sequence unless `item` continues it, and begins the item's own. */
  enter(item: DisplayItem, canvas: ContentStream): void {
    switch (item.kind) {
      case 'glyphs': case 'image':
        if (item.tag) return this.content(item.tag, canvas);
        return this.artifact(canvas);
      case 'rect': case 'line': case 'path': case 'gradient':
        return this.artifact(canvas);
      case 'clip': case 'transform': case 'opacity':
        return this.close(canvas);
      // Not drawn on the page: links, anchors and bookmarks, and widgets (their own appearance streams).
      case 'link': case 'anchor': case 'bookmark': case 'form-field':
        return;
    }
  }

  /** Ends the open sequence, if any (at the end of a list of items). */
  close(canvas: ContentStream): void {
    if (this.open === null) return;
    canvas.push('EMC');
    this.open = null;
  }

  private artifact(canvas: ContentStream): void {
    if (this.open === ARTIFACT) return;
    this.close(canvas);
    canvas.push('/Artifact BMC');
    this.open = ARTIFACT;
  }

  /** Pieces of text of one element that come from one place in the document (one text node over lines) share a sequence. */
  private content(tag: ContentTag, canvas: ContentStream): void {
    const open = this.open;
    if (open === tag || (open !== null && open !== ARTIFACT && open.element === tag.element && open.position === tag.position && open.label === tag.label)) return;
    this.close(canvas);
    // Written piece by piece: one sequence per table cell, a string each otherwise.
    canvas.beginLine();
    canvas.appendByte(0x2f);
    canvas.append(sequenceRole(tag));
    canvas.append(' <</MCID ');
    canvas.appendNumber(this.tags.length);
    canvas.append('>> BDC');
    this.tags.push(tag);
    this.open = tag;
  }
}

/** The BDC tag: the structure type the sequence's MCR lands in (a list item's content is its LBody's). */
function sequenceRole(tag: ContentTag): string {
  if (tag.label) return 'Lbl';
  if (tag.paragraph !== null) return 'P';
  const role = structureRoleOf(tag.element);
  return role === 'LI' ? 'LBody' : role ?? 'Span';
}
