// Computed values (css-cascade-4 §4.4): from the winning declaration of each property and the
// parent's style to one ComputedStyle. Inherited properties start from the parent's values,
// the rest from their initial values; then CSS 2.1 §9.7 and the border-width rule apply.
import { computeCustomProperties, type CustomProperties, type DeclaredCustom } from './custom-properties.js';
import { resolvePending, type LonghandValue, type Warn } from './declarations.js';
import { INITIAL_STYLE, MEDIUM_FONT_SIZE } from './initial-style.js';
import { LONGHANDS, LONGHAND_BY_NAME } from './properties/index.js';
import { physicalLonghand } from './properties/logical.js';
import type { LonghandDef } from './properties/registry.js';
import { SAFE_PREFIX } from './properties/alignment.js';
import { isLegacyAlign, LEGACY_BREAK_WORD } from './properties/text.js';
import type { BorderStyle, ComputedStyle, Display, Overflow, Viewport } from './types.js';
import type { ComputeContext, FontUnitsSource } from './values/context.js';
import type { CustomLookup } from './values/var.js';

/** What one style computation needs. */
export interface ComputeRequest {
  /** The parent's style; null for the root element. */
  readonly parent: ComputedStyle | null;
  readonly parentCustom: CustomProperties;
  /** The cascaded (winning) value of each property set on this element, by property name. */
  readonly winners: ReadonlyMap<string, LonghandValue>;
  /** The root element's font-size, or null while computing the root itself. */
  readonly rootFontSize: number | null;
  /** The box is blockified regardless of float/position: the root and flex items (css-display-3 §2.7). */
  readonly blockify: boolean;
  /** The document's initial containing block, for viewport units. */
  readonly viewport: Viewport;
  /** Where `ex` and `ch` come from (the document's fonts); absent, they are half an em. */
  readonly fontUnits?: FontUnitsSource;
  /** Hears of values invalid at computed-value time for a reason worth telling (a var() expansion too long). */
  readonly warn?: Warn;
}

export interface ComputeResult {
  readonly style: ComputedStyle;
  readonly custom: CustomProperties;
}

type MutableStyle = { -readonly [K in keyof ComputedStyle]: ComputedStyle[K] };
type MutableContext = { -readonly [K in keyof ComputeContext]: ComputeContext[K] };

const INHERITED_FIELDS = LONGHANDS.filter((d) => d.inherited && d.field !== null).map((d) => d.field!);
const INHERITED_EXTRAS = new Set(LONGHANDS.filter((d) => d.inherited && d.field === null).map((d) => d.name));
// Longhands whose initial value depends on the element (currentcolor, medium border width).
const CONTEXTUAL_INITIALS = LONGHANDS.filter((d) => d.initialComputer !== undefined);
const FONT_SIZE = LONGHAND_BY_NAME.get('font-size')!;
const COLOR = LONGHAND_BY_NAME.get('color')!;
const DIRECTION = LONGHAND_BY_NAME.get('direction')!;
const FONT_SELECTION_NAMES = new Set(['font-family', 'font-weight', 'font-style']);
const FONT_SELECTION = [...FONT_SELECTION_NAMES].map((name) => LONGHAND_BY_NAME.get(name)!);

// Inherited values of a parent, combined with initial values, shared by all of its children.
const baseCache = new WeakMap<ComputedStyle, ComputedStyle>();

/**
 * The style a child gets before its own declarations: the parent's inherited properties and
 * initial values for the rest (CSS Cascade 4 §7). Also the style of anonymous boxes.
 */
export function inheritedStyle(parent: ComputedStyle): ComputedStyle {
  return baseFor(parent);
}

function baseFor(parent: ComputedStyle): ComputedStyle {
  let base = baseCache.get(parent);
  if (base === undefined) {
    const s: MutableStyle = { ...INITIAL_STYLE };
    const record = s as unknown as Record<string, unknown>;
    for (const field of INHERITED_FIELDS) record[field] = parent[field];
    s.extra = inheritedExtras(parent.extra);
    base = s;
    baseCache.set(parent, base);
  }
  return base;
}

function inheritedExtras(extra: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  if (extra.size === 0) return extra;
  const out = new Map<string, string>();
  for (const [name, value] of extra) if (INHERITED_EXTRAS.has(name)) out.set(name, value);
  return out.size === extra.size ? extra : out;
}

/** Computes one element's (or pseudo-element's) style. */
export function computeStyle(req: ComputeRequest): ComputeResult {
  const parent = req.parent ?? INITIAL_STYLE;
  const warn = req.warn ?? ignore;
  const custom = computeCustomProperties(req.parentCustom, customDeclarations(req.winners), warn);
  const lookup: CustomLookup = (name) => custom.get(name);
  const s: MutableStyle = { ...baseFor(parent) };
  const ctx: MutableContext = { parent, fontSize: parent.fontSize, rootFontSize: req.rootFontSize ?? MEDIUM_FONT_SIZE, color: parent.color, viewport: req.viewport, font: parent };
  if (req.fontUnits !== undefined) ctx.fontUnits = req.fontUnits;
  let extra: Map<string, string> | null = null;

  // `name` is the cascaded longhand: a logical one sets its physical twin `def`.
  const apply = (def: LonghandDef, value: LonghandValue, name = def.name): void => {
    const computed = resolveValue(def, value, ctx, lookup, warn, name);
    if (def.field !== null) (s as unknown as Record<string, unknown>)[def.field] = computed;
    else {
      extra ??= new Map(s.extra);
      if (computed === undefined) extra.delete(def.name);
      else extra.set(def.name, computed as string);
    }
  };

  // font-size first: em in every other property refers to it (css-values-4 §6.1.1).
  const fontSize = req.winners.get('font-size');
  if (fontSize !== undefined) apply(FONT_SIZE, fontSize);
  ctx.fontSize = s.fontSize;
  if (req.rootFontSize === null) ctx.rootFontSize = s.fontSize;
  // color next: currentcolor in every other property refers to it (css-color-4 §4.4).
  const color = req.winners.get('color');
  if (color !== undefined) apply(COLOR, color);
  ctx.color = s.color;
  // The font next: ex and ch in every other property measure it (css-values-4 §6.1.1).
  for (const def of FONT_SELECTION) {
    const value = req.winners.get(def.name);
    if (value !== undefined) apply(def, value);
  }
  ctx.font = s;
  // direction next: the inline-axis logical properties map by it (css-logical-1 §4).
  const direction = req.winners.get('direction');
  if (direction !== undefined) apply(DIRECTION, direction);

  // Physical longhands set through logical ones; null while there are none (the usual case).
  let mapped: string[] | null = null;
  // In cascade order, so that of a logical longhand and its physical twin the later one wins.
  for (const [name, value] of req.winners) {
    if (name === 'font-size' || name === 'color' || name === 'direction' || FONT_SELECTION_NAMES.has(name) || name.startsWith('--')) continue;
    const def = LONGHAND_BY_NAME.get(name);
    if (def !== undefined) apply(def, value);
    else {
      const physical = physicalLonghand(name, s.direction);
      if (physical === undefined) continue;
      apply(LONGHAND_BY_NAME.get(physical)!, value, name);
      (mapped ??= []).push(physical);
    }
  }
  for (const def of CONTEXTUAL_INITIALS) {
    if (!req.winners.has(def.name) && !mapped?.includes(def.name)) (s as unknown as Record<string, unknown>)[def.field!] = def.initialComputer!(ctx);
  }
  if (extra !== null) s.extra = extra;
  applyComputedValueRules(s, req.blockify);
  // Not frozen: frozen objects give V8 extra hidden classes and this is the hottest object of
  // the pipeline. The readonly types are the guard.
  return { style: s, custom };
}

function customDeclarations(winners: ReadonlyMap<string, LonghandValue>): ReadonlyMap<string, DeclaredCustom> {
  let out: Map<string, DeclaredCustom> | null = null;
  for (const [name, value] of winners) {
    if (!name.startsWith('--')) continue;
    out ??= new Map();
    if (value.kind === 'custom') out.set(name, { kind: 'raw', text: value.text });
    else if (value.kind === 'keyword') out.set(name, { kind: 'keyword', keyword: value.keyword });
  }
  return out ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, DeclaredCustom> = new Map();

const ignore: Warn = () => {};

// Returns the computed value for the field (or the text for an extra; undefined = unset).
// `name` is the cascaded longhand's (a logical one's, for def its physical twin).
function resolveValue(def: LonghandDef, value: LonghandValue, ctx: ComputeContext, lookup: CustomLookup, warn: Warn, name: string): unknown {
  switch (value.kind) {
    case 'computer':
      return value.computer(ctx);
    case 'pending':
      return resolveValue(def, resolvePending(name, value, lookup, warn), ctx, lookup, warn, name);
    case 'keyword': {
      const inherit = value.keyword === 'inherit' || (value.keyword === 'unset' && def.inherited);
      if (def.field === null) return inherit ? ctx.parent.extra.get(def.name) : undefined;
      if (inherit) return ctx.parent[def.field];
      return def.initialComputer !== undefined ? def.initialComputer(ctx) : INITIAL_STYLE[def.field];
    }
    case 'custom':
      return def.field === null ? undefined : INITIAL_STYLE[def.field];
  }
}

const SIDES = [
  ['borderTopStyle', 'borderTopWidth'],
  ['borderRightStyle', 'borderRightWidth'],
  ['borderBottomStyle', 'borderBottomWidth'],
  ['borderLeftStyle', 'borderLeftWidth'],
] as const;

function applyComputedValueRules(s: MutableStyle, blockify: boolean): void {
  // css-backgrounds-3 §4.3: the computed border width is 0 if the style is none or hidden.
  for (const [style, width] of SIDES) if (isNoBorder(s[style])) s[width] = 0;
  // css-ui-3 §3.2: likewise the outline width when the outline style is none.
  if (s.outlineStyle === 'none') s.outlineWidth = 0;
  if (s.wordBreak === LEGACY_BREAK_WORD) {
    s.wordBreak = 'normal';
    s.overflowWrap = 'anywhere';
  }
  s.overflow = usedOverflow(s.overflowX, s.overflowY);
  splitOverflowPositions(s);
  // CSS 2.1 §9.7: absolute positioning wins over float; both blockify the box.
  s.originalDisplay = s.display;
  let block = blockify;
  if (s.position === 'absolute' || s.position === 'fixed') {
    s.float = 'none';
    block = true;
  } else if (s.float !== 'none') block = true;
  if (block) s.display = blockified(s.display);
  // Tables do not take the legacy alignment of `align` and <center> (Chromium's StyleAdjuster;
  // in HTML's quirks mode a table resets text-align altogether): a centred cell's nested table
  // is centred itself, while its text starts at the start.
  if ((s.display === 'table' || s.display === 'inline-table') && isLegacyAlign(s.textAlign)) s.textAlign = 'start';
}

type AlignmentField = 'justifyContent' | 'alignContent' | 'alignItems' | 'alignSelf' | 'justifyItems' | 'justifySelf';
const OVERFLOW_POSITIONS: readonly (readonly [AlignmentField, 'justifyContentSafe' | 'alignContentSafe' | 'alignItemsSafe' | 'alignSelfSafe' | null])[] = [
  ['justifyContent', 'justifyContentSafe'], ['alignContent', 'alignContentSafe'], ['alignItems', 'alignItemsSafe'], ['alignSelf', 'alignSelfSafe'],
  ['justifyItems', null], ['justifySelf', null],
];

/** css-align-3 §4.4: `safe`, carried as a prefix of the alignment keyword, moves to its own field. */
function splitOverflowPositions(s: MutableStyle): void {
  const record = s as unknown as Record<string, unknown>;
  for (const [field, safe] of OVERFLOW_POSITIONS) {
    const value = s[field];
    if (!value.startsWith(SAFE_PREFIX)) continue;
    record[field] = value.slice(SAFE_PREFIX.length);
    if (safe !== null) s[safe] = true;
  }
}

/**
 * css-overflow-3 §3: visible or clip paired with a scrolling value computes to auto or hidden,
 * so either axis scrolling makes a scroll container; clip alone clips without making one.
 */
function usedOverflow(x: Overflow, y: Overflow): ComputedStyle['overflow'] {
  if (isScrolling(x) || isScrolling(y)) return 'hidden';
  return x === 'clip' || y === 'clip' ? 'clip' : 'visible';
}

function isScrolling(o: Overflow): boolean {
  return o === 'hidden' || o === 'scroll' || o === 'auto';
}

function isNoBorder(style: BorderStyle): boolean {
  return style === 'none' || style === 'hidden';
}

// CSS 2.1 §9.7 table / css-display-3 §2.7 blockification.
function blockified(display: Display): Display {
  switch (display) {
    case 'inline':
    case 'inline-block':
    case 'table-row-group':
    case 'table-header-group':
    case 'table-footer-group':
    case 'table-row':
    case 'table-column-group':
    case 'table-column':
    case 'table-cell':
    case 'table-caption':
      return 'block';
    case 'inline-table':
      return 'table';
    case 'inline-flex':
      return 'flex';
    case 'inline-grid':
      return 'grid';
    default:
      return display;
  }
}
