// A field's text style: its font (the field's family through the engine's font registry,
// whose aliases map Helvetica → Arimo, Times New Roman → Tinos, Courier → Cousine, and whose
// per-character fallback reaches Noto Sans and the CJK fonts), size and colour, taken from
// the field, else the payload, else the defaults.

import type { Color } from '../css/types.js';
import { DEFAULT_FAMILY } from '../text/bundled-fonts.js';
import { isBuiltInFamily } from '../text/font-registry.js';
import type { FontQuery } from '../text/types.js';
import { HEX_COLOR } from './payload.js';
import type { CastField, FillPayload } from './types.js';

/** How a field's text is set. */
export interface TextStyle {
  readonly query: FontQuery;
  /** Points: the size text starts at (long text may shrink below it). */
  readonly size: number;
  readonly color: Color;
  readonly align: 'left' | 'center' | 'right';
}

export const DEFAULT_FONT_SIZE = 10;
/** Text shrinks to fit its box down to this size, and no further. */
export const MIN_FONT_SIZE = 6;
const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };

/** The style of `field` under `payload`; `warn` hears of font names the engine does not have. */
export function textStyleOf(field: CastField, payload: FillPayload, warn: (message: string) => void): TextStyle {
  const weight = field.fontWeight === 'bold' || field.fontWeight === 'boldItalic' ? 700 : 400;
  const style = field.fontWeight === 'italic' || field.fontWeight === 'boldItalic' ? 'italic' : 'normal';
  const size = validSize(field.fontSize) ?? validSize(payload.fontSize) ?? DEFAULT_FONT_SIZE;
  return {
    query: { families: [familyOf(field.fontFamily, warn)], weight, style },
    size,
    color: parseHexColor(field.textColor) ?? parseHexColor(payload.textColor) ?? BLACK,
    align: field.alignment ?? 'left',
  };
}

/**
 * The family to ask the registry for. Names it has no faces for (Google fonts: no network
 * here) use Noto Sans, with a warning.
 */
function familyOf(name: string | undefined, warn: (message: string) => void): string {
  const family = name?.trim();
  if (!family) return DEFAULT_FAMILY;
  if (isBuiltInFamily(family)) return family;
  warn(`font "${family.slice(0, 60)}" is not available; ${DEFAULT_FAMILY} is used`);
  return DEFAULT_FAMILY;
}

/** `#rrggbb` (or `#rgb`, which a field may store: the builder's checks allow it) → an opaque colour; undefined for anything else. */
export function parseHexColor(hex: string | undefined): Color | undefined {
  if (hex === undefined) return undefined;
  const short = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  if (short) hex = `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  if (!HEX_COLOR.test(hex)) return undefined;
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff, a: 1 };
}

/** A field's or payload's size: 1–200 pt, the range the builder's and createEmbedURL's checks allow (server/embed/field-checks.ts). */
function validSize(size: number | undefined): number | undefined {
  return typeof size === 'number' && size >= 1 && size <= 200 ? size : undefined;
}
