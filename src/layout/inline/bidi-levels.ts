// Inline layout, bidi step 1 — resolve the embedding levels of a paragraph (UAX #9 P1–I2,
// css-writing-modes-3 §2.4). Inline boxes with `unicode-bidi` other than `normal` enter the
// algorithm as the control characters that value stands for, inserted at the box's start and
// end in the string given to bidi-js (as Blink and WebKit do); the levels are then read back
// for the paragraph's own characters.
import type { AtomicInlineBox, LeaderBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import { bidi, RTL_TRIGGER } from '../../text/bidi-class.js';
import type { CollectedInline } from './collect.js';

export interface ParagraphBidi {
  /** The resolved level of each UTF-16 unit of the paragraph text. */
  readonly levels: Uint8Array;
  /** The paragraph embedding level: 0 left to right, 1 right to left. */
  readonly paragraphLevel: number;
  /** The level of each atomic inline and leader (that of its U+FFFC). */
  readonly objectLevels: ReadonlyMap<AtomicInlineBox | LeaderBox, number>;
}

const LRE = '\u202A';
const RLE = '\u202B';
const PDF = '\u202C';
const LRO = '\u202D';
const RLO = '\u202E';
const LRI = '\u2066';
const RLI = '\u2067';
const FSI = '\u2068';
const PDI = '\u2069';

/** The control characters around a box's content (css-writing-modes-3 §2.4.2, Table 1). */
function controlsOf(style: ComputedStyle): readonly [string, string] | null {
  const rtl = style.direction === 'rtl';
  switch (style.unicodeBidi) {
    case 'normal': return null;
    case 'embed': return [rtl ? RLE : LRE, PDF];
    case 'isolate': return [rtl ? RLI : LRI, PDI];
    case 'bidi-override': return [rtl ? RLO : LRO, PDF];
    case 'isolate-override': return [rtl ? RLI + RLO : LRI + LRO, PDF + PDI];
    case 'plaintext': return [FSI, PDI];
  }
}

/**
 * The levels of a paragraph laid out in a block container of style `blockStyle`, or null when
 * all of it is left to right: no right-to-left character, inline box or base direction (one
 * regular-expression scan, so that Latin text skips all of bidi).
 */
export function paragraphBidi(collected: CollectedInline, blockStyle: ComputedStyle): ParagraphBidi | null {
  if (collected.bidiStyle === blockStyle) return collected.bidiLevels;
  const levels = allLeftToRight(collected, blockStyle) ? null : resolve(collected, blockStyle);
  collected.bidiStyle = blockStyle;
  collected.bidiLevels = levels;
  return levels;
}

function allLeftToRight(collected: CollectedInline, blockStyle: ComputedStyle): boolean {
  if (blockStyle.direction === 'rtl' && blockStyle.unicodeBidi !== 'plaintext') return false;
  if (RTL_TRIGGER.test(collected.text)) return false;
  for (const item of collected.items) {
    // A right-to-left inline box has its start edge on the right even among Latin letters.
    if (item.kind === 'open' && item.box.style.direction === 'rtl') return false;
  }
  return true;
}

function resolve(collected: CollectedInline, blockStyle: ComputedStyle): ParagraphBidi {
  const paragraph = collected.text;
  // The string bidi-js sees, and where each paragraph character went in it.
  let text = '';
  const at = new Int32Array(paragraph.length);
  const copy = (start: number, end: number) => {
    for (let i = start; i < end; i++) at[i] = text.length + i - start;
    text += paragraph.slice(start, end);
  };
  // A block container's override covers its whole inline content (css-writing-modes-3 §2.2).
  const blockOverride = blockStyle.unicodeBidi === 'bidi-override' || blockStyle.unicodeBidi === 'isolate-override' ? (blockStyle.direction === 'rtl' ? RLO : LRO) : '';
  text += blockOverride;
  const open: (readonly [string, string])[] = [];
  for (const item of collected.items) {
    switch (item.kind) {
      case 'text':
        copy(item.start, item.end);
        break;
      case 'atomic': case 'marker': case 'leader':
        copy(item.start, item.start + 1);
        break;
      case 'br':
        // A forced break separates bidi paragraphs (rule P1), which ends every embedding: they
        // are closed before it and opened again after it, as Blink does.
        for (let k = open.length - 1; k >= 0; k--) text += open[k]![1];
        copy(item.start, item.start + 1);
        text += blockOverride;
        for (const c of open) text += c[0];
        break;
      case 'open': {
        const c = controlsOf(item.box.style);
        if (c !== null) {
          open.push(c);
          text += c[0];
        }
        break;
      }
      case 'close':
        if (controlsOf(item.box.style) !== null) text += open.pop()?.[1] ?? '';
        break;
      case 'float':
        break;
    }
  }
  const base = blockStyle.unicodeBidi === 'plaintext' ? 'auto' : blockStyle.direction;
  const resolved = bidi.getEmbeddingLevels(text, base);
  const levels = new Uint8Array(paragraph.length);
  for (let i = 0; i < paragraph.length; i++) levels[i] = resolved.levels[at[i]!]!;
  const paragraphLevel = resolved.paragraphs[0]?.level ?? (blockStyle.direction === 'rtl' ? 1 : 0);
  return { levels, paragraphLevel, objectLevels: objectLevelsOf(collected, levels) };
}

/** The level of each atomic inline and leader: that of its U+FFFC. */
function objectLevelsOf(collected: CollectedInline, levels: Uint8Array): Map<AtomicInlineBox | LeaderBox, number> {
  const out = new Map<AtomicInlineBox | LeaderBox, number>();
  for (const item of collected.items) if (item.kind === 'atomic' || item.kind === 'leader') out.set(item.box, levels[item.start]!);
  return out;
}
