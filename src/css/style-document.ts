// The css/ stage entry: a DOM document and author style sheets → a styled tree. Elements
// whose parent style, matched rules and style attribute are the same share one computed
// style (the "style sharing" of browser engines), which is what keeps 40,000 elements fast.
import type { DomDocument, DomElement } from '../dom/types.js';
import { cascade } from './cascade.js';
import { computeStyle, type ComputeResult } from './compute.js';
import { NO_CUSTOM_PROPERTIES, type CustomProperties } from './custom-properties.js';
import { expandDeclaration, type CascadedDeclaration, type Warn } from './declarations.js';
import { INITIAL_STYLE, MEDIUM_FONT_SIZE } from './initial-style.js';
import { mediaMatchesPrint } from './media.js';
import { pageArea, resolvePageStyle, type PageInfo } from './page.js';
import { presentationalHints } from './presentational-hints.js';
import { buildRuleIndex, Matcher, ROOT_CONTEXT, type MatchSet } from './rule-index.js';
import type { PseudoElement } from './selectors/types.js';
import { parseDeclarationList, parseStylesheet, type ParsedStylesheet, type SheetOptions } from './stylesheet.js';
import { parseStylesheetCached } from './stylesheet-cache.js';
import type { ComputedStyle, Declaration, Display, PageRule, PageStyle, StyledDocument, StyledElement, StyledNode, Viewport } from './types.js';
import { UA_STYLESHEET } from './ua-stylesheet.js';
import type { FontUnitsSource } from './values/context.js';

export interface StyleOptions {
  /**
   * The request's page settings as an `@page` rule (request/page-css.ts): the default page,
   * which the document's own @page rules override. It is cascaded as the first author sheet,
   * and media queries see this page alone (css-page-3 §5.1: they do not honour `size`).
   * Without it the default page is the UA's: US Letter with 50px margins.
   */
  readonly pageCss?: string;
  /** Author style sheets (e.g. the request's `css`), applied before the document's own `<style>`s. */
  readonly authorCss: readonly string[];
  /**
   * The document's own sheets in document order, linked ones fetched and `@import`s inlined
   * (resources/); without it, the `<style>` elements alone.
   */
  readonly documentSheets?: readonly ResolvedSheet[];
  /** Called with every non-fatal problem, as it is found. */
  readonly onWarning?: (message: string) => void;
  /**
   * Given the document's @font-face rules (known once the sheets are parsed, before any value
   * is computed), where `ex` and `ch` come from. Absent, they are half an em.
   */
  readonly fontUnits?: (fontFaces: readonly (readonly Declaration[])[]) => FontUnitsSource;
}

const FIRST_PAGE: PageInfo = { index: 0, name: null };

/** Runs the cascade over a document: the UA sheet, `authorCss`, `<style>` sheets, then `style` attributes. */
export function styleDocument(doc: DomDocument, options: StyleOptions): StyledDocument {
  const warnings: string[] = [];
  const warn: Warn = (message) => {
    warnings.push(message);
    options.onWarning?.(message);
  };
  // The default page, from the request's page settings alone: media queries see it
  // (css-page-3 §5.1), so @page rules inside @media blocks cannot change what they see.
  const ua = userAgentSheet();
  const counter = { next: ua.ruleCount };
  const pageSheet = parseStylesheetCached(options.pageCss ?? '', { origin: 'author', label: 'page settings', warn, counter, matchMedia: (q) => mediaMatchesPrint(q, UA_PAGE) });
  const defaultPage = resolvePageStyle(pageSheet.pageRules, FIRST_PAGE, { fontSize: MEDIUM_FONT_SIZE });
  // Every sheet, its @media blocks evaluated against the default page.
  const sheets = [ua.sheet, pageSheet, ...documentSheets(doc, options, { warn, counter, matchMedia: (q) => mediaMatchesPrint(q, defaultPage) })];
  const matcher = new Matcher(buildRuleIndex(sheets.flatMap((s) => s.rules)));
  const pageRules = sheets.flatMap((s) => s.pageRules);
  const defaultPageBox: Viewport = { width: defaultPage.width, height: defaultPage.height };
  // The initial containing block, which vw and vh refer to: the first page's page area.
  const declarationLists = new Map<string, CascadedDeclaration[]>();
  const warnOnce = onceEach(warn);
  const fontFaces = sheets.flatMap((s) => s.fontFaces);
  const fontUnits = options.fontUnits?.(fontFaces) ?? null;
  const icb = firstPageArea({ doc, matcher, warn, warnOnce, declarationLists, pageRules, defaultPage, defaultPageBox, fontUnits });
  // The tree, against it.
  const root = new Styler({ matcher, warn, warnOnce, viewport: icb, declarationLists, fontUnits }).styleElement(doc.root, null, ROOT_CONTEXT);
  return {
    root,
    pageRules,
    pageBase: { fontSize: root.style.fontSize, root: root.style, viewport: defaultPageBox },
    initialContainingBlock: icb,
    fontFaces,
    warnings,
  };
}

/** The UA default page (page.ts), which the request's page settings are evaluated against. */
const UA_PAGE: PageStyle = resolvePageStyle([], FIRST_PAGE, { fontSize: MEDIUM_FONT_SIZE });

interface FirstPageInput {
  readonly doc: DomDocument;
  readonly matcher: Matcher;
  readonly warn: Warn;
  readonly warnOnce: Warn;
  readonly declarationLists: Map<string, CascadedDeclaration[]>;
  readonly pageRules: readonly PageRule[];
  readonly defaultPage: PageStyle;
  readonly defaultPageBox: Viewport;
  readonly fontUnits: FontUnitsSource | null;
}

/**
 * The page area of the first page, the initial containing block (CSS 2.1 §13.2). Its @page
 * margins may depend on the root's style (em, `inherit`), which may itself use vw: so the root
 * is styled alone first, against the default page area. The first page is taken as unnamed.
 */
function firstPageArea(input: FirstPageInput): Viewport {
  const { matcher, warn, warnOnce, declarationLists } = input;
  const root = new Styler({ matcher, warn, warnOnce, viewport: pageArea(input.defaultPage), declarationLists, fontUnits: input.fontUnits }).styleRoot(input.doc.root);
  return pageArea(resolvePageStyle(input.pageRules, FIRST_PAGE, { fontSize: root.fontSize, root, viewport: input.defaultPageBox }));
}

// The UA sheet never changes: parse it once per process. Its rules take the first orders.
// Being shared by documents with different pages, it must not hold @media blocks.
let uaSheet: { readonly sheet: ParsedStylesheet; readonly ruleCount: number } | null = null;

function userAgentSheet(): { readonly sheet: ParsedStylesheet; readonly ruleCount: number } {
  if (uaSheet === null) {
    const counter = { next: 0 };
    const sheet = parseStylesheet(UA_STYLESHEET, {
      origin: 'user-agent',
      label: 'user-agent sheet',
      counter,
      warn: (m) => {
        throw new Error(`UA style sheet is invalid: ${m}`);
      },
      matchMedia: () => {
        throw new Error('UA style sheet must not use @media: it is parsed once for every page size');
      },
    });
    uaSheet = { sheet, ruleCount: counter.next };
  }
  return uaSheet;
}

/** A document sheet ready to parse: its text, its `media` attribute and a label for warnings. */
export interface ResolvedSheet {
  readonly text: string;
  readonly media: string | null;
  readonly label: string;
}

/** The author sheets: `authorCss`, then the document's sheets whose media apply. */
function documentSheets(doc: DomDocument, options: StyleOptions, sheet: Pick<SheetOptions, 'warn' | 'counter' | 'matchMedia'>): ParsedStylesheet[] {
  const sheets: ParsedStylesheet[] = [];
  options.authorCss.forEach((text, i) => {
    sheets.push(parseStylesheetCached(text, { ...sheet, origin: 'author', label: `author CSS #${i + 1}` }));
  });
  const own = options.documentSheets ?? doc.styleSheets.flatMap((s, i) => (s.kind === 'style' ? [{ text: s.text, media: s.media, label: `<style> #${i + 1}` }] : []));
  for (const element of own) {
    if (element.media === null || sheet.matchMedia(element.media)) {
      sheets.push(parseStylesheetCached(element.text, { ...sheet, origin: 'author', label: element.label }));
    }
  }
  return sheets;
}

const ROOT_PARENT = INITIAL_STYLE;

/** What a Styler works with: one document's rules and viewport. */
interface StylerInput {
  readonly matcher: Matcher;
  readonly warn: Warn;
  /** For computed-value warnings, which every element computing the same declarations repeats. */
  readonly warnOnce: Warn;
  /** The initial containing block, for viewport units. */
  readonly viewport: Viewport;
  /** Style attributes and hints parsed so far, by text; shared so each warns once. */
  readonly declarationLists: Map<string, CascadedDeclaration[]>;
  readonly fontUnits: FontUnitsSource | null;
}

/** Walks the tree, sharing computed styles between elements that cascade identically. */
class Styler {
  // parent style → (cascade key → result). The parent's identity stands for everything
  // inherited, including custom properties.
  private readonly shared = new Map<ComputedStyle, Map<number | string, ComputeResult>>();
  private readonly customOf = new Map<ComputedStyle, CustomProperties>();
  private readonly pseudoCache = new Map<ComputedStyle, Map<number | string, PseudoStyles>>();
  private readonly matcher: Matcher;
  private readonly warn: Warn;
  private readonly warnOnce: Warn;
  private readonly viewport: Viewport;
  private readonly declarationLists: Map<string, CascadedDeclaration[]>;
  private readonly fontUnits: FontUnitsSource | null;
  private rootFontSize: number | null = null;

  constructor(input: StylerInput) {
    this.matcher = input.matcher;
    this.warn = input.warn;
    this.warnOnce = input.warnOnce;
    this.viewport = input.viewport;
    this.declarationLists = input.declarationLists;
    this.fontUnits = input.fontUnits;
  }

  /** The root element's own style, without its subtree. */
  styleRoot(root: DomElement): ComputedStyle {
    const { element } = this.matcher.match(root, ROOT_CONTEXT);
    return this.compute(null, 'element', element, this.hintsOf(root), this.inlineOf(root), true);
  }

  styleElement(el: DomElement, parent: ComputedStyle | null, parentContext: number): StyledElement {
    const { element, before, after, marker, firstLetter, firstLine, context } = this.matcher.match(el, parentContext);
    const hints = this.hintsOf(el);
    const inline = this.inlineOf(el);
    const blockify = parent === null || blockifiesChildren(parent.display);
    const style = this.compute(parent, 'element', element, hints, inline, blockify);
    if (parent === null) this.rootFontSize = style.fontSize;
    const children: StyledNode[] = [];
    for (const child of el.children) {
      if (child.kind === 'text') children.push({ kind: 'text', text: child.text, style });
      else children.push(this.styleElement(child, style, context));
    }
    const pseudo = this.pseudoStyles(style, before, after, marker);
    // Rare: computed only when some rule targets them, without the sharing cache above.
    const lineStyle = firstLine.entries.length === 0 ? null : this.compute(style, 'first-line', firstLine, NONE, NONE, false);
    const letterStyle = firstLetter.entries.length === 0 ? null : this.compute(lineStyle ?? style, 'first-letter', firstLetter, NONE, NONE, false);
    return { kind: 'element', element: el, style, before: pseudo.before, after: pseudo.after, marker: pseudo.marker, firstLetter: letterStyle, firstLine: lineStyle, children };
  }

  /**
   * The element's ::before, ::after and ::marker styles, cached per (element style, match
   * sets). Looked up for every element: branching around the rare elements that have them
   * instead leaves call sites without type feedback in this hot recursive code, and V8 then
   * deoptimizes it thousands of times (measured: several hundred ms on 40,000 elements).
   */
  private pseudoStyles(style: ComputedStyle, before: MatchSet, after: MatchSet, marker: MatchSet): PseudoStyles {
    let cache = this.pseudoCache.get(style);
    if (cache === undefined) {
      cache = new Map();
      this.pseudoCache.set(style, cache);
    }
    const key = before.id < 512 && after.id < 512 && marker.id < 512 ? (before.id * 512 + after.id) * 512 + marker.id : `${before.id}:${after.id}:${marker.id}`;
    let result = cache.get(key);
    if (result === undefined) {
      const container = blockifiesChildren(style.display);
      const beforeStyle = this.compute(style, 'before', before, NONE, NONE, container);
      const afterStyle = this.compute(style, 'after', after, NONE, NONE, container);
      result = {
        // ::before / ::after exist only when their content is not none or normal (css-content-3 §2).
        before: generatesBox(beforeStyle) ? beforeStyle : null,
        after: generatesBox(afterStyle) ? afterStyle : null,
        marker: style.display === 'list-item' ? this.compute(style, 'marker', marker, NONE, NONE, false) : null,
      };
      cache.set(key, result);
    }
    return result;
  }

  private compute(
    parent: ComputedStyle | null,
    kind: PseudoElement | 'element',
    matched: MatchSet,
    hints: readonly CascadedDeclaration[],
    inline: readonly CascadedDeclaration[],
    blockify: boolean,
  ): ComputedStyle {
    const parentKey = parent ?? ROOT_PARENT;
    let bucket = this.shared.get(parentKey);
    if (bucket === undefined) {
      bucket = new Map();
      this.shared.set(parentKey, bucket);
    }
    const key = cascadeKey(kind, matched, hints, inline, blockify);
    let result = bucket.get(key);
    if (result === undefined) {
      result = computeStyle({
        parent,
        parentCustom: parent === null ? NO_CUSTOM_PROPERTIES : (this.customOf.get(parent) ?? NO_CUSTOM_PROPERTIES),
        winners: cascade({ matched: matched.entries, hints, inline }),
        rootFontSize: parent === null ? null : this.rootFontSize,
        blockify,
        viewport: this.viewport,
        ...(this.fontUnits === null ? {} : { fontUnits: this.fontUnits }),
        warn: this.warnOnce,
      });
      this.customOf.set(result.style, result.custom);
      bucket.set(key, result);
    }
    return result.style;
  }

  private hintsOf(el: DomElement): readonly CascadedDeclaration[] {
    return this.declarations(presentationalHints(el), 'presentational hint');
  }

  private inlineOf(el: DomElement): readonly CascadedDeclaration[] {
    return this.declarations(el.attrs.get('style') ?? '', 'style attribute');
  }

  // Style attributes and hints repeat across elements: parse each distinct text once.
  private declarations(text: string, label: string): readonly CascadedDeclaration[] {
    if (text === '') return NONE;
    let list = this.declarationLists.get(text);
    if (list === undefined) {
      const warn: Warn = (m) => this.warn(`${label}: ${m}`);
      list = parseDeclarationList(text, label, this.warn).flatMap((d: Declaration) => expandDeclaration(d, warn));
      this.declarationLists.set(text, list);
    }
    return list;
  }
}

const NONE: readonly CascadedDeclaration[] = [];

/** `warn`, passing each distinct message on once. */
function onceEach(warn: Warn): Warn {
  const seen = new Set<string>();
  return (message) => {
    if (seen.has(message)) return;
    seen.add(message);
    warn(message);
  };
}

interface PseudoStyles {
  readonly before: ComputedStyle | null;
  readonly after: ComputedStyle | null;
  readonly marker: ComputedStyle | null;
}

function generatesBox(style: ComputedStyle): boolean {
  return style.content !== 'none' && style.content !== 'normal';
}

// Hint and style-attribute lists are interned per text, so their identity is a fine key part;
// identities are turned into small numbers once.
const listIds = new WeakMap<readonly CascadedDeclaration[], number>();
let nextListId = 1;

function listId(list: readonly CascadedDeclaration[]): number {
  if (list.length === 0) return 0;
  let id = listIds.get(list);
  if (id === undefined) {
    id = nextListId++;
    listIds.set(list, id);
  }
  return id;
}

const KINDS = { element: 0, before: 1, after: 2, marker: 3, 'first-letter': 4, 'first-line': 5 } as const;

// A number in the common case (no hints, no style attribute), a short string otherwise.
function cascadeKey(kind: PseudoElement | 'element', set: MatchSet, hints: readonly CascadedDeclaration[], inline: readonly CascadedDeclaration[], blockify: boolean): number | string {
  const base = set.id * 16 + KINDS[kind] * 2 + (blockify ? 1 : 0);
  return hints.length === 0 && inline.length === 0 ? base : `${base}:${listId(hints)}:${listId(inline)}`;
}

/** Flex and grid items are blockified (css-display-3 §2.7, css-grid-1 §6.1). */
function blockifiesChildren(display: Display): boolean {
  return display === 'flex' || display === 'inline-flex' || display === 'grid' || display === 'inline-grid';
}
