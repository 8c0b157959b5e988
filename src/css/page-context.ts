// The page context and its margin boxes (css-page-3 §4, §6): everything an @page rule sets
// besides size and margins — background, border, padding, fonts, the page counter — cascaded
// like an element's declarations, and each margin box's style inheriting from the page context.
// A document has few distinct pages (first/left/right/blank × names), so results are cached
// per distinct page and every later page of the same kind costs a map lookup.
import { putWinner } from './cascade.js';
import { computeStyle } from './compute.js';
import { expandDeclaration, type CascadedDeclaration, type LonghandValue, type Warn } from './declarations.js';
import { DEFAULT_PAGE_HEIGHT, DEFAULT_PAGE_WIDTH, resolvePageStyle, selectRules, type PageInfo } from './page.js';
import type { ComputedStyle, Declaration, PageBase, PageRule, PageStyle } from './types.js';
import type { MarginBoxName } from './margin-box-names.js';

/** One page's resolved styles. */
export interface ResolvedPage {
  /** Size and margins in pt. */
  readonly box: PageStyle;
  /** The page context's computed style: the page box's background, border and padding, and what margin boxes inherit. */
  readonly context: ComputedStyle;
  /** The margin boxes that generate a box (`content` is not none/normal), by at-rule name (`top-left`). */
  readonly marginBoxes: ReadonlyMap<string, ComputedStyle>;
}

// css-page-3 §6.3.2 (Table of UA defaults): each margin box's text-align and vertical-align.
const MARGIN_BOX_DEFAULTS: Readonly<Record<MarginBoxName, readonly [string, string]>> = {
  'top-left-corner': ['right', 'middle'],
  'top-left': ['left', 'middle'],
  'top-center': ['center', 'middle'],
  'top-right': ['right', 'middle'],
  'top-right-corner': ['left', 'middle'],
  'right-top': ['center', 'top'],
  'right-middle': ['center', 'middle'],
  'right-bottom': ['center', 'bottom'],
  'bottom-right-corner': ['left', 'middle'],
  'bottom-right': ['right', 'middle'],
  'bottom-center': ['center', 'middle'],
  'bottom-left': ['left', 'middle'],
  'bottom-left-corner': ['right', 'middle'],
  'left-bottom': ['center', 'bottom'],
  'left-middle': ['center', 'middle'],
  'left-top': ['center', 'top'],
};

/** Resolves pages of one document, once per distinct kind of page. */
export class PageResolver {
  private readonly cache = new Map<string, ResolvedPage>();
  private readonly expanded = new Map<readonly Declaration[], CascadedDeclaration[]>();

  constructor(
    private readonly rules: readonly PageRule[],
    private readonly base: Required<PageBase>,
    private readonly warn: Warn,
  ) {}

  resolve(page: PageInfo): ResolvedPage {
    // Selectors only see first, parity, blank and the name; so does the result.
    const key = `${page.index === 0 ? 'f' : ''}${page.index % 2}${page.blank ? 'b' : ''}:${page.name ?? ''}`;
    let hit = this.cache.get(key);
    if (hit === undefined) {
      hit = this.compute(page);
      this.cache.set(key, hit);
    }
    return hit;
  }

  private compute(page: PageInfo): ResolvedPage {
    const box = resolvePageStyle(this.rules, page, this.base);
    const matching = selectRules(this.rules, page);
    const viewport = { width: box.width, height: box.height };
    const context = this.style(matching.map((r) => r.declarations), this.base.root, viewport);
    const marginBoxes = new Map<string, ComputedStyle>();
    const names = new Set(matching.flatMap((r) => [...r.marginBoxes.keys()]));
    for (const name of names) {
      // The parser admits only the sixteen names.
      const [textAlign, verticalAlign] = MARGIN_BOX_DEFAULTS[name as MarginBoxName];
      const defaults: Declaration[] = [
        { property: 'text-align', value: textAlign, important: false },
        { property: 'vertical-align', value: verticalAlign, important: false },
      ];
      const lists = [defaults, ...matching.map((r) => r.marginBoxes.get(name) ?? [])];
      const style = this.style(lists, context, viewport);
      if (Array.isArray(style.content)) marginBoxes.set(name, style);
    }
    return { box, context, marginBoxes };
  }

  /** Cascades declaration lists given in ascending precedence (normal, then !important). */
  private style(lists: readonly (readonly Declaration[])[], parent: ComputedStyle, viewport: { width: number; height: number }): ComputedStyle {
    const winners = new Map<string, LonghandValue>();
    const cascaded = lists.map((list) => this.expand(list));
    for (const important of [false, true]) {
      for (const list of cascaded) for (const d of list) if (d.important === important) putWinner(winners, d.property, d.value);
    }
    return computeStyle({
      parent,
      parentCustom: new Map(),
      winners,
      rootFontSize: this.base.fontSize,
      blockify: true,
      viewport: viewport.width > 0 ? viewport : { width: DEFAULT_PAGE_WIDTH, height: DEFAULT_PAGE_HEIGHT },
      warn: (m) => this.warn(`@page: ${m}`),
    }).style;
  }

  private expand(list: readonly Declaration[]): CascadedDeclaration[] {
    let out = this.expanded.get(list);
    if (out === undefined) {
      out = list.flatMap((d) => expandDeclaration(d, (m) => this.warn(`@page: ${m}`)));
      this.expanded.set(list, out);
    }
    return out;
  }
}
