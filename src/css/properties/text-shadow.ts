// `text-shadow` (css-text-decor-3 §5.1): `none | [<color>? && <length>{2,3}]#`. Like
// box-shadow without spread or inset; the colour defaults to currentcolor, the blur to 0.
import type { TextShadow } from '../types.js';
import { parseColor } from '../values/color.js';
import { isSingleKeyword, splitCommas, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseLength } from '../values/length.js';
import { longhand, type LonghandDef } from './registry.js';

function parseShadow(items: readonly Component[]): Computer<TextShadow> | null {
  let color: Computer<TextShadow['color']> | null = null;
  const lengths: Computer<number>[] = [];
  let lengthsDone = false;
  for (const c of items) {
    const length = parseLength(c, { negative: true });
    if (length) {
      if (lengthsDone || lengths.length === 3) return null;
      // A negative blur radius is invalid (§5.1, as for box-shadow).
      if (lengths.length === 2 && c.type === 'dimension' && c.value < 0) return null;
      lengths.push(length);
      continue;
    }
    if (lengths.length > 0) lengthsDone = true;
    if (color === null && (color = parseColor(c)) !== null) continue;
    return null;
  }
  if (lengths.length < 2) return null;
  const [x, y, blur] = lengths as [Computer<number>, Computer<number>, Computer<number>?];
  return (ctx) => ({
    offsetX: x(ctx),
    offsetY: y(ctx),
    blur: blur ? Math.max(0, blur(ctx)) : 0,
    color: color ? color(ctx) : ctx.color,
  });
}

function parseTextShadow(items: readonly Component[]): Computer<readonly TextShadow[]> | null {
  if (isSingleKeyword(items, 'none')) return constant(NO_SHADOWS);
  const shadows = splitCommas(items).map((l) => (l.length === 0 ? null : parseShadow(l)));
  if (shadows.some((s) => s === null)) return null;
  return (ctx) => Object.freeze(shadows.map((s) => s!(ctx)));
}

const NO_SHADOWS: readonly TextShadow[] = Object.freeze([]);

export const TEXT_SHADOW_LONGHANDS: readonly LonghandDef[] = [longhand('text-shadow', 'textShadow', true, parseTextShadow)];
