// `box-shadow` (css-backgrounds-3 §7.1): `none | <shadow>#`, where
// `<shadow> = <color>? && [ <length>{2} <length [0,∞]>? <length>? ] && inset?`.
// The colour defaults to currentcolor.
import type { BoxShadow } from '../types.js';
import { parseColor } from '../values/color.js';
import { isSingleKeyword, keywordOf, splitCommas, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseLength } from '../values/length.js';
import { longhand, type LonghandDef } from './registry.js';

function parseShadow(items: readonly Component[]): Computer<BoxShadow> | null {
  let inset = false;
  let color: Computer<BoxShadow['color']> | null = null;
  const lengths: Computer<number>[] = [];
  // The lengths must be adjacent: once a run of lengths ends, no more may come.
  let lengthsDone = false;
  let blurItem: Component | undefined;
  for (const c of items) {
    const length = parseLength(c, { negative: true });
    if (length) {
      if (lengthsDone || lengths.length === 4) return null;
      lengths.push(length);
      if (lengths.length === 3) blurItem = c;
      continue;
    }
    if (lengths.length > 0) lengthsDone = true;
    if (keywordOf(c) === 'inset' && !inset) inset = true;
    else if (color === null && (color = parseColor(c)) !== null) continue;
    else return null;
  }
  if (lengths.length < 2) return null;
  // A negative blur radius is invalid (§7.1).
  if (blurItem !== undefined && blurItem.type === 'dimension' && blurItem.value < 0) return null;
  const [x, y, blur, spread] = lengths as [Computer<number>, Computer<number>, Computer<number>?, Computer<number>?];
  return (ctx) => {
    const b = blur ? blur(ctx) : 0;
    return {
      inset,
      offsetX: x(ctx),
      offsetY: y(ctx),
      // A negative blur is invalid; computed lengths (calc) clamp to 0.
      blur: Math.max(0, b),
      spread: spread ? spread(ctx) : 0,
      color: color ? color(ctx) : ctx.color,
    };
  };
}

function parseBoxShadow(items: readonly Component[]): Computer<readonly BoxShadow[]> | null {
  if (isSingleKeyword(items, 'none')) return constant([]);
  const layers = splitCommas(items);
  const shadows = layers.map((l) => (l.length === 0 ? null : parseShadow(l)));
  if (shadows.some((s) => s === null)) return null;
  return (ctx) => shadows.map((s) => s!(ctx));
}

export const BOX_SHADOW_LONGHANDS: readonly LonghandDef[] = [longhand('box-shadow', 'boxShadow', false, parseBoxShadow)];
