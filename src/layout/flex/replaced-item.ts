// A replaced element (an image) as a flex item: its size in one axis follows from a definite
// size in the other through its ratio (css-flexbox-1 §9.2 step 3B, §4.5's transferred sizes),
// and a stretched cross size in a single-line container of definite cross size counts as
// definite (§9.8 rule 1), as it does in browsers.
import type { ReplacedBox } from '../../boxes/types.js';
import type { ComputedStyle, LengthPercentage } from '../../css/types.js';
import { horizontalFrame, resolveLength, verticalFrame } from '../box-model.js';
import { replacedSize } from '../replaced.js';

const ZERO: LengthPercentage = { abs: 0, pct: 0 };

/**
 * The content size suggestion of a replaced item (§4.5): its main size with the main size
 * property and its minimum left auto, where a definite content-box cross size `cross` (or the
 * specified one when null) transfers through its ratio; clamped by its max main size.
 */
export function replacedContentSuggestion(box: ReplacedBox, row: boolean, cross: number | null, cbWidth: number, cbHeight: number | null): number {
  const s = box.style;
  const sized = (content: number, frame: number): LengthPercentage => ({ abs: content + (s.boxSizing === 'border-box' ? frame : 0), pct: 0 });
  const style: ComputedStyle = row
    ? { ...s, width: 'auto', minWidth: ZERO, height: cross === null ? s.height : sized(cross, verticalFrame(s, cbWidth)) }
    : { ...s, height: 'auto', minHeight: ZERO, width: cross === null ? s.width : sized(cross, horizontalFrame(s, cbWidth)) };
  const size = replacedSize({ ...box, style }, cbWidth, cbHeight);
  return row ? size.width : size.height;
}

/**
 * The content-box height a replaced item of a row takes when it is stretched in a single-line
 * container whose content height `lineHeight` is definite (§9.8 rule 1), within its
 * min-height and max-height; null when its height is not so decided.
 */
export function stretchedReplacedHeight(box: ReplacedBox, stretch: boolean, singleLine: boolean, lineHeight: number | null, cbWidth: number): number | null {
  const s = box.style;
  if (!stretch || !singleLine || lineHeight === null || s.height !== 'auto' || s.marginTop === 'auto' || s.marginBottom === 'auto' || box.natural === 'no-ratio') return null;
  const margins = resolveLength(s.marginTop, cbWidth) + resolveLength(s.marginBottom, cbWidth);
  const frame = verticalFrame(s, cbWidth);
  const outer = Math.max(0, lineHeight - margins);
  const min = s.minHeight.pct !== 0 ? 0 : resolveLength(s.minHeight, lineHeight);
  const max = s.maxHeight === 'none' ? Infinity : resolveLength(s.maxHeight, lineHeight);
  const borderBox = s.boxSizing === 'border-box';
  const clamped = Math.max(borderBox ? min : min + frame, Math.min(borderBox ? max : max + frame, outer));
  return Math.max(0, clamped - frame);
}
