// The property table: every longhand in computation order, every shorthand, and the aliases
// (legacy and logical names) that map onto them.
import { ALIGNMENT_LONGHANDS, ALIGNMENT_SHORTHANDS } from './alignment.js';
import { BIDI_LONGHANDS } from './bidi.js';
import { BACKGROUND_LONGHANDS, BACKGROUND_SHORTHANDS } from './background.js';
import { BOX_LONGHANDS } from './box.js';
import { BOX_SHADOW_LONGHANDS } from './box-shadow.js';
import { CONTAIN_LONGHANDS } from './contain.js';
import { EXTRA_LONGHANDS } from './extra.js';
import { FLEX_LONGHANDS, FLEX_SHORTHANDS } from './flex.js';
import { FONT_LONGHANDS } from './font.js';
import { FONT_FEATURE_LONGHANDS, FONT_FEATURE_SHORTHANDS } from './font-features.js';
import { FRAGMENTATION_LONGHANDS } from './fragmentation.js';
import { GENERATED_LONGHANDS } from './generated.js';
import { GRID_LONGHANDS, GRID_SHORTHANDS } from './grid.js';
import { LINE_BREAKING_LONGHANDS } from './line-breaking.js';
import { MULTICOL_LONGHANDS, MULTICOL_SHORTHANDS } from './multicol.js';
import { OBJECT_LONGHANDS } from './object.js';
import { OUTLINE_LONGHANDS, OUTLINE_SHORTHANDS } from './outline.js';
import type { LonghandDef, ShorthandDef } from './registry.js';
import { BOX_SHORTHANDS } from './shorthands-box.js';
import { FONT_SHORTHANDS } from './shorthands-font.js';
import { OTHER_SHORTHANDS } from './shorthands-other.js';
import { TABLE_LONGHANDS } from './table.js';
import { TEXT_LONGHANDS } from './text.js';
import { TEXT_SHADOW_LONGHANDS } from './text-shadow.js';
import { TRANSFORM_LONGHANDS } from './transform.js';

/**
 * Longhands in the order they are computed: font-size first (em everywhere refers to it),
 * then color (currentcolor refers to it), then the rest.
 */
export const LONGHANDS: readonly LonghandDef[] = [
  ...FONT_LONGHANDS,
  ...TEXT_LONGHANDS,
  ...FONT_FEATURE_LONGHANDS,
  ...LINE_BREAKING_LONGHANDS,
  ...BIDI_LONGHANDS,
  ...BOX_LONGHANDS,
  ...GENERATED_LONGHANDS,
  ...FRAGMENTATION_LONGHANDS,
  ...TABLE_LONGHANDS,
  ...FLEX_LONGHANDS,
  ...ALIGNMENT_LONGHANDS,
  ...EXTRA_LONGHANDS,
  ...OBJECT_LONGHANDS,
  ...BACKGROUND_LONGHANDS,
  ...OUTLINE_LONGHANDS,
  ...BOX_SHADOW_LONGHANDS,
  ...TEXT_SHADOW_LONGHANDS,
  ...TRANSFORM_LONGHANDS,
  ...MULTICOL_LONGHANDS,
  ...GRID_LONGHANDS,
  ...CONTAIN_LONGHANDS,
];

export const LONGHAND_BY_NAME: ReadonlyMap<string, LonghandDef> = new Map(LONGHANDS.map((d) => [d.name, d]));

export const SHORTHAND_BY_NAME: ReadonlyMap<string, ShorthandDef> = new Map(
  [...BOX_SHORTHANDS, ...FONT_SHORTHANDS, ...FONT_FEATURE_SHORTHANDS, ...OTHER_SHORTHANDS, ...BACKGROUND_SHORTHANDS, ...OUTLINE_SHORTHANDS, ...FLEX_SHORTHANDS, ...ALIGNMENT_SHORTHANDS, ...MULTICOL_SHORTHANDS, ...GRID_SHORTHANDS].map((d) => [d.name, d]),
);

/**
 * Other names for properties. Block-axis and size logical properties map to physical ones for
 * horizontal text (css-logical-1), the only writing mode the engine lays out; the inline-axis
 * ones depend on the direction and are longhands of their own (logical.ts).
 */
export const PROPERTY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['word-wrap', 'overflow-wrap'],
  ['grid-gap', 'gap'],
  ['grid-row-gap', 'row-gap'],
  ['grid-column-gap', 'column-gap'],
  ['-webkit-print-color-adjust', 'print-color-adjust'],
  ['-webkit-column-break-before', 'break-before'],
  ['-webkit-column-break-after', 'break-after'],
  ['-webkit-hyphens', 'hyphens'],
  ['-webkit-hyphenate-character', 'hyphenate-character'],
  ['-webkit-box-shadow', 'box-shadow'],
  ['-webkit-transform', 'transform'],
  ['margin-block-start', 'margin-top'],
  ['margin-block-end', 'margin-bottom'],
  ['padding-block-start', 'padding-top'],
  ['padding-block-end', 'padding-bottom'],
  ['inset-block-start', 'top'],
  ['inset-block-end', 'bottom'],
  ['block-size', 'height'],
  ['inline-size', 'width'],
  ['min-block-size', 'min-height'],
  ['min-inline-size', 'min-width'],
  ['max-block-size', 'max-height'],
  ['max-inline-size', 'max-width'],
  ['border-block-start', 'border-top'],
  ['border-block-end', 'border-bottom'],
]);
