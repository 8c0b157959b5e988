// The page box for one page (css-page-3 §3–5): cascade the @page rules that match it by name,
// :first, :left, :right and :blank, then resolve `size` and the page margins to pt. The page
// context inherits from the root element (css-page-3 §4.4).
import { cssWideKeyword, type CssWideKeyword } from './declarations.js';
import { INITIAL_STYLE } from './initial-style.js';
import { pageSpecificity } from './page-selectors.js';
import type { ComputedStyle, Declaration, LengthPercentage, PageBase, PageRule, PageSelector, PageStyle, Viewport } from './types.js';
import { keywordOf, parseComponents, type Component } from './values/components.js';
import type { ComputeContext } from './values/context.js';
import { parseLengthPercentage, PROBE_CONTEXT, ZERO } from './values/length.js';
import { PT_PER_PX } from './values/units.js';

/** The page being laid out. */
export interface PageInfo {
  /** 0-based page index; page 0 is the first and a right page (left-to-right documents). */
  readonly index: number;
  /** The page's name from the `page` property, null for unnamed pages. */
  readonly name: string | null;
  readonly blank?: boolean;
}

/** The UA default page: US Letter with 50px margins (the brief; browsers use about 0.4in). */
export const DEFAULT_PAGE_WIDTH = 612;
export const DEFAULT_PAGE_HEIGHT = 792;
export const DEFAULT_PAGE_MARGIN = 50 * PT_PER_PX;

const MM = 72 / 25.4;
const IN = 72;

// css-page-3 §5.1 `<page-size>` keywords, as portrait [width, height] in pt.
const PAGE_SIZES: Readonly<Record<string, readonly [number, number]>> = {
  a5: [148 * MM, 210 * MM],
  a4: [210 * MM, 297 * MM],
  a3: [297 * MM, 420 * MM],
  b5: [176 * MM, 250 * MM],
  b4: [250 * MM, 353 * MM],
  'jis-b5': [182 * MM, 257 * MM],
  'jis-b4': [257 * MM, 364 * MM],
  letter: [8.5 * IN, 11 * IN],
  legal: [8.5 * IN, 14 * IN],
  ledger: [11 * IN, 17 * IN],
};

const MARGIN_SIDES = ['margin-top', 'margin-right', 'margin-bottom', 'margin-left'] as const;
type MarginSide = (typeof MARGIN_SIDES)[number];

const MARGIN_FIELDS = {
  'margin-top': 'marginTop',
  'margin-right': 'marginRight',
  'margin-bottom': 'marginBottom',
  'margin-left': 'marginLeft',
} as const satisfies Record<MarginSide, keyof ComputedStyle>;

/** The UA default page box: what `vw` and `vh` in @page rules refer to when no caller says. */
const DEFAULT_PAGE_BOX: Viewport = { width: DEFAULT_PAGE_WIDTH, height: DEFAULT_PAGE_HEIGHT };

interface PageValues {
  /** Null until a declaration sets it: the UA default page applies. */
  size: readonly [number, number] | null;
  margins: Map<MarginSide, LengthPercentage>;
}

/**
 * Resolves the page box of one page. Margin percentages refer to the page width for left
 * and right and to the page height for top and bottom. The page context inherits from the
 * root element (css-page-3 §4.4), which `base.root` stands for.
 */
export function resolvePageStyle(rules: readonly PageRule[], page: PageInfo, base: PageBase): PageStyle {
  const ctx: ComputeContext = {
    ...PROBE_CONTEXT,
    parent: base.root ?? INITIAL_STYLE,
    fontSize: base.fontSize,
    rootFontSize: base.fontSize,
    viewport: base.viewport ?? DEFAULT_PAGE_BOX,
  };
  const values: PageValues = { size: null, margins: new Map() };
  const matching = selectRules(rules, page);
  // Declarations apply in cascade order, so each sees what the lower-precedence ones gave.
  for (const important of [false, true]) {
    for (const rule of matching) {
      for (const decl of rule.declarations) if (decl.important === important) applyPageDeclaration(decl, values, ctx);
    }
  }
  const [width, height] = values.size ?? [DEFAULT_PAGE_WIDTH, DEFAULT_PAGE_HEIGHT];
  const margin = (side: MarginSide, basis: number): number => {
    const v = values.margins.get(side);
    return v === undefined ? DEFAULT_PAGE_MARGIN : v.abs + (v.pct / 100) * basis;
  };
  return {
    width,
    height,
    marginTop: margin('margin-top', height),
    marginRight: margin('margin-right', width),
    marginBottom: margin('margin-bottom', height),
    marginLeft: margin('margin-left', width),
  };
}

/** The rules that match a page, in ascending cascade precedence (specificity, then order). */
export function selectRules(rules: readonly PageRule[], page: PageInfo): PageRule[] {
  return rules
    .map((rule) => ({ rule, specificity: ruleSpecificity(rule, page) }))
    .filter((m): m is { rule: PageRule; specificity: number } => m.specificity !== null)
    .sort((a, b) => a.specificity - b.specificity || a.rule.order - b.rule.order)
    .map((m) => m.rule);
}

/** The page area of a page box: its size less its margins (css-page-3 §2). */
export function pageArea(page: PageStyle): Viewport {
  return {
    width: Math.max(0, page.width - page.marginLeft - page.marginRight),
    height: Math.max(0, page.height - page.marginTop - page.marginBottom),
  };
}

/** The highest specificity among the rule's selectors that match, or null if none does. */
function ruleSpecificity(rule: PageRule, page: PageInfo): number | null {
  if (rule.selectors.length === 0) return 0;
  let best: number | null = null;
  for (const selector of rule.selectors) {
    if (selectorMatches(selector, page)) best = Math.max(best ?? 0, pageSpecificity(selector));
  }
  return best;
}

function selectorMatches(selector: PageSelector, page: PageInfo): boolean {
  if (selector.name !== null && selector.name !== page.name) return false;
  return selector.pseudoClasses.every((p) => {
    switch (p) {
      case 'first':
        return page.index === 0;
      // css-page-3 §3.3: in a left-to-right document the first page is a right page.
      case 'right':
        return page.index % 2 === 0;
      case 'left':
        return page.index % 2 === 1;
      case 'blank':
        return page.blank === true;
    }
  });
}

function applyPageDeclaration(decl: Declaration, values: PageValues, ctx: ComputeContext): void {
  const property = decl.property.toLowerCase();
  const wide = cssWideKeyword(decl.value);
  const items = parseComponents(decl.value);
  if (items === null || items.length === 0) return;
  if (property === 'size') {
    // `size` is not inherited and the root element has none: every CSS-wide keyword is auto.
    const size = wide !== null ? values.size : parseSize(items, ctx, values.size);
    if (size !== undefined) values.size = size;
  } else if (property === 'margin') {
    const sides = wide !== null ? MARGIN_SIDES.map((side) => wideMargin(wide, side, ctx)) : marginShorthand(items, ctx);
    if (sides !== null) MARGIN_SIDES.forEach((side, i) => values.margins.set(side, sides[i]!));
  } else if ((MARGIN_SIDES as readonly string[]).includes(property)) {
    const side = property as MarginSide;
    const v = wide !== null ? wideMargin(wide, side, ctx) : items.length === 1 ? marginValue(items[0]!, ctx) : null;
    if (v !== null) values.margins.set(side, v);
  }
}

/**
 * A page margin set to a CSS-wide keyword: `inherit` takes the root element's computed margin
 * (its percentages then resolve against the page); margins are not inherited, so `initial` and
 * `unset` give the initial 0.
 */
function wideMargin(keyword: CssWideKeyword, side: MarginSide, ctx: ComputeContext): LengthPercentage {
  if (keyword !== 'inherit') return ZERO;
  const inherited = ctx.parent[MARGIN_FIELDS[side]];
  return inherited === 'auto' ? ZERO : inherited;
}

// css-page-3 §7.2 sizes the page box like a block with an auto width, whose auto margins are
// 0 (CSS 2.1 §10.3.3).
function marginValue(c: Component, ctx: ComputeContext): LengthPercentage | null {
  if (keywordOf(c) === 'auto') return ZERO;
  const lp = parseLengthPercentage(c, { negative: true });
  return lp && lp(ctx);
}

function marginShorthand(items: readonly Component[], ctx: ComputeContext): LengthPercentage[] | null {
  const values = items.map((c) => marginValue(c, ctx));
  if (values.some((v) => v === null) || values.length > 4) return null;
  const [t, r = t, b = t, l = r] = values as LengthPercentage[];
  return [t!, r!, b!, l!];
}

/**
 * css-page-3 §5.1 `size: auto | <length>{1,2} | [<page-size> || portrait | landscape]`.
 * `auto` and an orientation alone keep the size that lower-precedence declarations gave
 * (`current`; the request's page settings, or the UA default page when null), turned for the
 * orientation. Returns undefined when invalid.
 */
function parseSize(items: readonly Component[], ctx: ComputeContext, current: readonly [number, number] | null): readonly [number, number] | null | undefined {
  if (items.length === 1 && keywordOf(items[0]) === 'auto') return current;
  const lengths = items.map((c) => parseLengthPercentage(c, { percent: false }));
  if (lengths.every((l) => l !== null)) {
    if (items.length > 2) return undefined;
    const w = lengths[0]!(ctx).abs;
    const h = lengths.length === 2 ? lengths[1]!(ctx).abs : w;
    return w > 0 && h > 0 ? [w, h] : undefined;
  }
  let size: readonly [number, number] | null = null;
  let orientation: 'portrait' | 'landscape' | null = null;
  for (const c of items) {
    const word = keywordOf(c);
    if ((word === 'portrait' || word === 'landscape') && orientation === null) orientation = word;
    else if (word !== null && PAGE_SIZES[word] !== undefined && size === null) size = PAGE_SIZES[word]!;
    else return undefined;
  }
  const [w, h] = size ?? current ?? [DEFAULT_PAGE_WIDTH, DEFAULT_PAGE_HEIGHT];
  // A <page-size> alone is portrait; an orientation alone keeps the size and turns it.
  const turn = orientation ?? 'portrait';
  return turn === 'landscape' ? [Math.max(w, h), Math.min(w, h)] : [Math.min(w, h), Math.max(w, h)];
}
