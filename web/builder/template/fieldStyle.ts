// How a field's label on the page previews the text the fill will draw: its alignment, size
// (points × zoom), weight and colour — read as src/fill/text-style.ts reads them, so a size
// outside 1–200 points or a colour other than #rrggbb or #rgb, which the fill does not use, is
// not shown either. A field with no style keeps the label's own look (template.css). DOM-free.
import type { FieldStyle } from './types.js';

/** CSS properties (a type, not an interface, so that it is a style object for Preact). */
export type LabelStyle = {
  readonly textAlign?: 'left' | 'center' | 'right';
  readonly fontSize?: string;
  readonly fontWeight?: 'normal' | 'bold';
  readonly fontStyle?: 'normal' | 'italic';
  readonly color?: string;
  readonly textShadow?: string;
};

/** The label's line height and the field box's top and bottom borders (template.css): a clamped size still fits in the box. */
const LINE_HEIGHT = 1.1;
const FRAME_PX = 3;
/** Below this many CSS pixels a label is no longer text; the box's height still wins. */
const MIN_PX = 6;
const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;
/**
 * The label has a white halo (template.css), so dark text reads over the page's own print; a
 * colour too light for that gets a dark one instead — shown as the colour the fill will use,
 * and still readable.
 */
const DARK_HALO = '0 0 2px #1b1f24, 0 0 2px #1b1f24, 0 0 1px #1b1f24';

/** The label's style for `field` at `scale` CSS pixels per point, in a box `boxHeight` CSS pixels high. */
export function labelStyle(field: FieldStyle, scale: number, boxHeight: number): LabelStyle {
  const style: { -readonly [K in keyof LabelStyle]: LabelStyle[K] } = {};
  if (field.alignment) style.textAlign = field.alignment;
  const size = field.fontSize;
  if (typeof size === 'number' && size >= 1 && size <= 200) {
    const fits = Math.max((boxHeight - FRAME_PX) / LINE_HEIGHT, 1);
    style.fontSize = `${round2(Math.min(Math.max(size * scale, MIN_PX), fits))}px`;
  }
  if (field.fontWeight) {
    style.fontWeight = field.fontWeight === 'bold' || field.fontWeight === 'boldItalic' ? 'bold' : 'normal';
    style.fontStyle = field.fontWeight === 'italic' || field.fontWeight === 'boldItalic' ? 'italic' : 'normal';
  }
  const hex = field.textColor === undefined ? null : HEX.exec(field.textColor);
  if (hex) {
    const rrggbb = hex[1]!.length === 3 ? hex[1]!.replace(/./g, (digit) => digit + digit) : hex[1]!;
    style.color = `#${rrggbb.toLowerCase()}`;
    if (isLight(rrggbb)) style.textShadow = DARK_HALO;
  }
  return style;
}

/** Whether text of colour `rrggbb` is too light to read on white: under WCAG AA's 4.5:1. */
export function isLight(rrggbb: string): boolean {
  const value = Number.parseInt(rrggbb, 16);
  const channel = (shift: number): number => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return 1.05 / (luminance + 0.05) < 4.5;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
