// Inline layout, step 1 — collect: flatten an inline formatting context into a list of items
// over one paragraph string, so line breaking and shaping see the text across element
// boundaries (as dropflow and Typst's `inline/collect` do).
import type { AtomicInlineBox, BlockLevelBox, FloatInlineBox, InlineBox, InlineFormattingContext, InlineLevelBox, LeaderBox, MarkerBox, PageTextBox, TextBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { PageContext } from '../types.js';
import { pageTextOf } from './page-text.js';
import type { ParagraphBidi } from './bidi-levels.js';
import type { InlineLayout } from './layout-inline.js';
import type { Piece } from './pieces.js';
import { wrapOpportunities } from './wrap-opportunities.js';

/** The chain of inline boxes an item sits in, outermost first. */
export type InlinePath = readonly InlineBox[];

export type InlineItem =
  | { readonly kind: 'text'; readonly box: TextBox; readonly start: number; readonly end: number; readonly path: InlinePath }
  | { readonly kind: 'open'; readonly box: InlineBox; readonly path: InlinePath }
  | { readonly kind: 'close'; readonly box: InlineBox; readonly path: InlinePath }
  | { readonly kind: 'atomic'; readonly box: AtomicInlineBox; readonly start: number; readonly path: InlinePath }
  | { readonly kind: 'marker'; readonly box: MarkerBox; readonly start: number; readonly path: InlinePath }
  | { readonly kind: 'leader'; readonly box: LeaderBox; readonly start: number; readonly path: InlinePath }
  | { readonly kind: 'br'; readonly start: number; readonly path: InlinePath; readonly clear: ComputedStyle['clear'] }
  | { readonly kind: 'float'; readonly box: FloatInlineBox; readonly path: InlinePath };

export interface CollectedInline {
  /** The paragraph: text of all text items; U+FFFC for atomics, markers and leaders, '\n' for forced breaks. */
  readonly text: string;
  readonly items: readonly InlineItem[];
  /** Some item is a float: lines are laid out one by one beside it. */
  readonly hasFloats: boolean;
  /** Soft wrap opportunities: offsets a line may break before, ascending (wrap-opportunities.ts). */
  readonly opportunities: readonly number[];
  /**
   * What later steps worked out for this paragraph, kept on it rather than in WeakMaps keyed by
   * it (a table report has tens of thousands of paragraphs, each a hashed entry per map): its
   * bidi levels in a block container of style `bidiStyle` (bidi-levels.ts; two fields, not an
   * object, as most paragraphs have no levels), its pieces and its lines for a width
   * (layout-inline.ts; null once released).
   */
  bidiStyle: ComputedStyle | null;
  bidiLevels: ParagraphBidi | null;
  measured: { readonly width: number; readonly pieces: Piece[] } | null;
  laidOut: { readonly width: number; readonly layout: InlineLayout } | null;
}

const OBJECT_REPLACEMENT = '\uFFFC';
/** The path of items outside any inline box, shared: most paragraphs have only such items. */
const NO_PATH: InlinePath = [];
/** Shared by the IFCs without page texts (nearly all of them). */
const NO_PAGE_TEXTS: readonly PageTextBox[] = [];
/** Per IFC: its page texts, and the last result with the texts it was collected with ('' when it has none). */
interface IfcEntry {
  readonly texts: readonly PageTextBox[];
  key: string;
  collected: CollectedInline | null;
}

const cache = new WeakMap<InlineFormattingContext, IfcEntry>();

/**
 * Collects the items of an IFC, memoized per IFC (the box tree is immutable) and, when it
 * holds page counters, per the texts they take on `page`: the same object comes back for the
 * same texts, so later stages can cache by identity.
 */
export function collectInline(ifc: InlineFormattingContext, page: PageContext | null): CollectedInline {
  const entry = entryOf(ifc);
  const texts = entry.texts;
  const resolved = texts.length === 0 ? null : new Map(texts.map((box) => [box, pageTextOf(box, page)]));
  const key = resolved === null ? '' : [...resolved.values()].map((t) => t.text).join('\u0000');
  if (entry.collected === null || entry.key !== key) {
    entry.key = key;
    entry.collected = collect(ifc.children, resolved);
  }
  return entry.collected;
}

/** The paragraph of an IFC as last collected, or null when it was not. */
export function lastCollected(ifc: InlineFormattingContext): CollectedInline | null {
  return cache.get(ifc)?.collected ?? null;
}

function entryOf(ifc: InlineFormattingContext): IfcEntry {
  let entry = cache.get(ifc);
  if (entry === undefined) {
    entry = { texts: findPageTexts(ifc), key: '', collected: null };
    cache.set(ifc, entry);
  }
  return entry;
}

/** The page texts of an IFC, those inside its inline-blocks included (cached per IFC). */
export function pageTextsOf(ifc: InlineFormattingContext): readonly PageTextBox[] {
  return entryOf(ifc).texts;
}

function findPageTexts(ifc: InlineFormattingContext): readonly PageTextBox[] {
  const found: PageTextBox[] = [];
  // Those inside inline-blocks count too: they change the line's layout as much.
  const walkBlock = (box: BlockLevelBox) => {
    if (box.kind !== 'block') return;
    if (box.content.kind === 'inline') walk(box.content.ifc.children);
    else for (const child of box.content.kind === 'blocks' ? box.content.children : box.content.items) walkBlock(child);
  };
  const walk = (boxes: readonly InlineLevelBox[]) => {
    for (const box of boxes) {
      if (box.kind === 'page-text') found.push(box);
      else if (box.kind === 'inline') walk(box.children);
      else if (box.kind === 'atomic' || box.kind === 'float') walkBlock(box.box);
    }
  };
  walk(ifc.children);
  return found.length === 0 ? NO_PAGE_TEXTS : found;
}

function collect(children: readonly InlineLevelBox[], resolved: ReadonlyMap<PageTextBox, TextBox> | null): CollectedInline {
  const items: InlineItem[] = [];
  let text = '';
  const addText = (box: TextBox, path: InlinePath) => {
    items.push({ kind: 'text', box, start: text.length, end: text.length + box.text.length, path });
    text += box.text;
  };
  const walk = (boxes: readonly InlineLevelBox[], path: InlinePath) => {
    for (const box of boxes) {
      switch (box.kind) {
        case 'text':
          addText(box, path);
          break;
        case 'page-text': {
          const t = resolved?.get(box);
          if (t && t.text.length > 0) addText(t, path);
          break;
        }
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
        case 'leader':
          items.push({ kind: 'leader', box, start: text.length, path });
          text += OBJECT_REPLACEMENT;
          break;
        case 'br':
          items.push({ kind: 'br', start: text.length, path, clear: box.style.clear });
          text += '\n';
          break;
        case 'float':
          // Out of flow: no character, so the text around it breaks as if it were not there.
          items.push({ kind: 'float', box, path });
          hasFloats = true;
          break;
      }
    }
  };
  let hasFloats = false;
  walk(children, NO_PATH);
  // An exact-size copy: push() leaves room for 17 items, and a table has a paragraph per cell.
  const exact = items.slice();
  return { text, items: exact, hasFloats, opportunities: wrapOpportunities(text, exact), bidiStyle: null, bidiLevels: null, measured: null, laidOut: null };
}
