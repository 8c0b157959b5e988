// Inline layout, step 1 — collect: flatten an inline formatting context into a list of items
// over one paragraph string, so line breaking and shaping see the text across element
// boundaries (as dropflow and Typst's `inline/collect` do).
import type { AtomicInlineBox, InlineBox, InlineFormattingContext, InlineLevelBox, MarkerBox, TextBox } from '../../boxes/types.js';

/** The chain of inline boxes an item sits in, outermost first. */
export type InlinePath = readonly InlineBox[];

export type InlineItem =
  | { readonly kind: 'text'; readonly box: TextBox; readonly start: number; readonly end: number; readonly path: InlinePath }
  | { readonly kind: 'open'; readonly box: InlineBox; readonly path: InlinePath }
  | { readonly kind: 'close'; readonly box: InlineBox; readonly path: InlinePath }
  | { readonly kind: 'atomic'; readonly box: AtomicInlineBox; readonly start: number; readonly path: InlinePath }
  | { readonly kind: 'marker'; readonly box: MarkerBox; readonly start: number; readonly path: InlinePath }
  | { readonly kind: 'br'; readonly start: number; readonly path: InlinePath };

export interface CollectedInline {
  /** The paragraph: text of all text items; U+FFFC for atomics and markers, '\n' for forced breaks. */
  readonly text: string;
  readonly items: readonly InlineItem[];
}

const OBJECT_REPLACEMENT = '\uFFFC';
const cache = new WeakMap<InlineFormattingContext, CollectedInline>();

/** Collects the items of an IFC (memoized per IFC: the box tree is immutable). */
export function collectInline(ifc: InlineFormattingContext): CollectedInline {
  let hit = cache.get(ifc);
  if (!hit) {
    hit = collect(ifc.children);
    cache.set(ifc, hit);
  }
  return hit;
}

function collect(children: readonly InlineLevelBox[]): CollectedInline {
  const items: InlineItem[] = [];
  let text = '';
  const walk = (boxes: readonly InlineLevelBox[], path: InlinePath) => {
    for (const box of boxes) {
      switch (box.kind) {
        case 'text':
          items.push({ kind: 'text', box, start: text.length, end: text.length + box.text.length, path });
          text += box.text;
          break;
        case 'inline':
          items.push({ kind: 'open', box, path });
          walk(box.children, [...path, box]);
          items.push({ kind: 'close', box, path });
          break;
        case 'atomic':
          items.push({ kind: 'atomic', box, start: text.length, path });
          text += OBJECT_REPLACEMENT;
          break;
        case 'marker':
          items.push({ kind: 'marker', box, start: text.length, path });
          text += OBJECT_REPLACEMENT;
          break;
        case 'br':
          items.push({ kind: 'br', start: text.length, path });
          text += '\n';
          break;
      }
    }
  };
  walk(children, []);
  return { text, items };
}
