// Style sheet text → style rules, @page rules and @font-face blocks, with css-tree. Broken
// CSS is handled as a browser does (css-syntax-3 error recovery): the broken rule or
// declaration is dropped with a warning and parsing continues; nothing here throws.
import * as csstree from 'css-tree';
import { dropDeepStatements, MAX_BLOCK_NESTING } from './block-nesting.js';
import { excerpt, expandDeclaration, type CascadedDeclaration, type Warn } from './declarations.js';
import { parsePageSelectors } from './page-selectors.js';
import { compileSelectorList, compileSelectorText } from './selectors/parse.js';
import type { ComplexSelector } from './selectors/types.js';
import { supportsCondition } from './supports.js';
import { MAX_VALUE_NESTING, nestsTooDeeply } from './values/components.js';
import type { Declaration, PageRule } from './types.js';
import { isMarginBoxName } from './margin-box-names.js';
import { blockContents, nestedSelectors, type BlockItem } from './nesting.js';

/** Where a rule comes from (css-cascade-4 §6.2); hints and style attributes are author-level. */
export type Origin = 'user-agent' | 'author';

/** A style rule with its selectors compiled and its declarations expanded. */
export interface StyleRule {
  /** The selectors that can match (a rule whose selectors are all `::first-line` has none). */
  readonly selectors: readonly ComplexSelector[];
  readonly declarations: readonly CascadedDeclaration[];
  readonly origin: Origin;
  /** Source order across all sheets of the document. */
  readonly order: number;
}

export interface ParsedStylesheet {
  readonly rules: readonly StyleRule[];
  readonly pageRules: readonly PageRule[];
  readonly fontFaces: readonly (readonly Declaration[])[];
}

export interface SheetOptions {
  readonly origin: Origin;
  /** Names the sheet in warnings, e.g. `<style> #2`. */
  readonly label: string;
  readonly warn: Warn;
  /** Shared source-order counter, advanced for every rule. */
  readonly counter: { next: number };
  /** Whether an `@media` query list applies: the document's default page decides (media.ts). */
  readonly matchMedia: (queryList: string) => boolean;
}


// At-rules that are valid CSS but mean nothing for a printed document; skipped silently.
const SILENT_AT_RULES = new Set(['charset', 'namespace', 'keyframes', '-webkit-keyframes', 'viewport', '-ms-viewport', 'property', 'counter-style', 'font-feature-values', 'font-palette-values']);

interface Collector {
  readonly options: SheetOptions;
  readonly rules: StyleRule[];
  readonly pageRules: PageRule[];
  readonly fontFaces: Declaration[][];
  /** The text css-tree parsed, which block offsets index. */
  readonly source: string;
  /**
   * Style rule blocks read again by nesting.ts, in source order: css-tree's own errors inside
   * them (from misreading nested rules) are dropped.
   */
  readonly reread: (readonly [number, number])[];
  /** Offsets where each line of `source` starts, computed on the first nested rule. */
  lineStarts: number[] | null;
}

/** A css-tree parse error, held until the blocks read again are known. */
interface ParseError {
  readonly offset: number;
  readonly message: string;
}

/** Parses one style sheet. */
export function parseStylesheet(text: string, options: SheetOptions): ParsedStylesheet {
  const errors: ParseError[] = [];
  const walkWarnings: string[] = [];
  const source = dropDeepStatements(text, (line) => options.warn(`${options.label} line ${line}: blocks nested more than ${MAX_BLOCK_NESTING} levels deep; rule dropped`));
  const collector: Collector = {
    options: { ...options, warn: (message) => walkWarnings.push(message) },
    rules: [],
    pageRules: [],
    fontFaces: [],
    source,
    reread: [],
    lineStarts: null,
  };
  const ast = parseSafe(source, options, { context: 'stylesheet' }, (e) => errors.push({ offset: e.offset ?? 0, message: `${options.label} line ${e.line ?? '?'}: ${e.message}; skipped` }));
  if (ast !== null && ast.type === 'StyleSheet') walkRules(ast.children, collector);
  // Parse errors come first, as css-tree reported them, then what the walk found.
  let range = 0;
  for (const error of errors) {
    while (range < collector.reread.length && collector.reread[range]![1] <= error.offset) range++;
    const inside = range < collector.reread.length && collector.reread[range]![0] <= error.offset;
    if (!inside) options.warn(error.message);
  }
  for (const warning of walkWarnings) options.warn(warning);
  return { rules: collector.rules, pageRules: collector.pageRules, fontFaces: collector.fontFaces };
}

/** Parses a declaration list (a `style` attribute) into declarations as written. */
export function parseDeclarationList(text: string, label: string, warn: Warn): Declaration[] {
  // A declaration list holds no @media blocks (nested rules are dropped with a warning).
  const options: SheetOptions = { origin: 'author', label, warn, counter: { next: 0 }, matchMedia: () => false };
  const ast = parseOrWarn(text, options, { context: 'declarationList' });
  if (ast === null || ast.type !== 'DeclarationList') return [];
  return blockDeclarations(ast.children, options);
}

function parseOrWarn(text: string, options: SheetOptions, extra: csstree.ParseOptions): csstree.CssNode | null {
  const what = extra.context === 'declarationList' ? 'declaration' : 'rule';
  const safe = dropDeepStatements(text, (line) => options.warn(`${options.label} line ${line}: blocks nested more than ${MAX_BLOCK_NESTING} levels deep; ${what} dropped`));
  return parseSafe(safe, options, extra, (e) => options.warn(`${options.label} line ${e.line ?? '?'}: ${e.message}; skipped`));
}

/** css-tree's parse of text already freed of too-deep blocks. */
function parseSafe(text: string, options: SheetOptions, extra: csstree.ParseOptions, onParseError: (e: csstree.SyntaxParseError) => void): csstree.CssNode | null {
  // css-tree's parser keeps the last onParseError until its next parse: one that closed over
  // `options` (its `warn`) kept the last render's whole document alive between renders. The
  // errors are gathered in a plain array and reported once the parse returns.
  const errors: csstree.SyntaxParseError[] = [];
  try {
    const ast = csstree.parse(text, { ...extra, positions: true, parseValue: false, parseCustomProperty: false, parseAtrulePrelude: false, onParseError: (e) => errors.push(e) });
    for (const error of errors) onParseError(error);
    return ast;
  } catch (e) {
    options.warn(`${options.label}: could not parse (${(e as Error).message})`);
    return null;
  }
}

function walkRules(children: csstree.List<csstree.CssNode>, c: Collector): void {
  for (const node of children) {
    if (node.type === 'Rule') styleRule(node, c);
    else if (node.type === 'Atrule') atRule(node, c);
    // Raw nodes are the remains of unparsable rules, already reported by onParseError.
  }
}

function styleRule(node: csstree.Rule, c: Collector): void {
  const { options } = c;
  const order = options.counter.next++;
  const selectors = node.prelude.type === 'SelectorList' ? compileSelectorList(node.prelude) : null;
  if (selectors === null) {
    options.warn(`${where(node, options)}: invalid selector '${excerpt(preludeText(node.prelude))}'; rule dropped`);
    return;
  }
  const block = node.block;
  if (!holdsNestedRules(block) || block.loc === undefined) {
    const declarations = blockDeclarations(block.children, options).flatMap((d) => expandDeclaration(d, prefixed(options, node)));
    if (selectors.length > 0 && declarations.length > 0) c.rules.push({ selectors, declarations, origin: options.origin, order });
    return;
  }
  const { start, end } = block.loc;
  c.reread.push([start.offset, end.offset]);
  const closed = c.source.charCodeAt(end.offset - 1) === 0x7d;
  const texts = node.prelude.type === 'SelectorList' ? node.prelude.children.toArray().map((s) => csstree.generate(s)) : [];
  nestedBlock(c, { selectors, texts }, start.offset + 1, closed ? end.offset - 1 : end.offset, order);
}

// Whether css-tree's reading of a style block shows a nested rule, which it misreads (as Raw,
// or as a declaration whose value holds a block): nesting.ts then reads the block again.
function holdsNestedRules(block: csstree.Block): boolean {
  for (const child of block.children) {
    if (child.type !== 'Declaration') return true;
    if (!child.property.startsWith('--') && child.value.type === 'Raw' && child.value.value.includes('{')) return true;
  }
  return false;
}

/** A style rule as the parent of nested rules: its compiled selectors and their text. */
interface ParentRule {
  readonly selectors: readonly ComplexSelector[];
  /** Its complex selectors as text, with every `&` in them already replaced. */
  readonly texts: readonly string[];
}

/**
 * The contents of a style rule's block, or of a group rule nested in one (css-nesting-1 §3).
 * Declarations before any nested rule belong to the parent rule itself and take its place in
 * source order (`order`); later runs of declarations, and those in a nested @media, form
 * "nested declarations rules": the parent's selectors (with their own specificities, §3.2),
 * placed in source order after the rules before them.
 */
function nestedBlock(c: Collector, parent: ParentRule, start: number, end: number, order: number | null): void {
  let own = order;
  for (const item of blockContents(c.source, start, end)) {
    if (item.kind === 'declarations') declarationsRule(c, parent.selectors, item, own ?? c.options.counter.next++);
    else if (item.kind === 'rule') nestedStyleRule(c, parent, item);
    else if (item.kind === 'at-rule') nestedAtRule(c, parent, item);
    else c.options.warn(`${whereAt(c, item.start)}: nested rule '${excerpt(c.source.slice(item.start, item.end).trim())}' has no block; dropped`);
    own = null;
  }
}

function declarationsRule(c: Collector, selectors: readonly ComplexSelector[], item: { start: number; end: number }, order: number): void {
  const { options } = c;
  const line = lineAt(c, item.start);
  const column = item.start - c.lineStarts![line - 1]! + 1;
  const ast = parseSafe(c.source.slice(item.start, item.end), options, { context: 'declarationList', line, column, offset: item.start }, (e) =>
    options.warn(`${options.label} line ${e.line ?? '?'}: ${e.message}; skipped`),
  );
  if (ast === null || ast.type !== 'DeclarationList') return;
  const at = `${options.label} line ${line}`;
  const declarations = blockDeclarations(ast.children, options).flatMap((d) => expandDeclaration(d, (message) => options.warn(`${at}: ${message}`)));
  if (selectors.length > 0 && declarations.length > 0) c.rules.push({ selectors, declarations, origin: options.origin, order });
}

function nestedStyleRule(c: Collector, parent: ParentRule, item: Extract<BlockItem, { kind: 'rule' }>): void {
  const order = c.options.counter.next++;
  const prelude = c.source.slice(item.start, item.blockStart).trim();
  const texts = nestedSelectors(prelude, parent.texts);
  const selectors = texts === null ? null : compileSelectorText(texts.join(', '));
  if (texts === null || selectors === null) {
    c.options.warn(`${whereAt(c, item.start)}: invalid selector '${excerpt(prelude)}'; rule dropped`);
    return;
  }
  nestedBlock(c, { selectors, texts }, item.blockStart + 1, item.blockEnd, order);
}

// Conditional group rules and @layer nest in style rules (css-nesting-1 §3.2); their
// declarations apply to the parent's selectors.
function nestedAtRule(c: Collector, parent: ParentRule, item: Extract<BlockItem, { kind: 'at-rule' }>): void {
  const { options } = c;
  const prelude = c.source.slice(item.preludeStart, item.blockStart < 0 ? item.blockEnd : item.blockStart).trim();
  const name = item.name;
  if ((name === 'media' || name === 'supports') && nestsTooDeeply(prelude)) {
    options.warn(`${whereAt(c, item.start)}: @${name} condition nested more than ${MAX_VALUE_NESTING} levels deep; block ignored`);
    return;
  }
  const applies = name === 'media' ? options.matchMedia(prelude) : name === 'supports' ? supportsCondition(prelude) : name === 'layer' ? true : null;
  if (applies === null) {
    if (!SILENT_AT_RULES.has(name)) options.warn(`${whereAt(c, item.start)}: unsupported at-rule @${name} inside a style rule ignored`);
    return;
  }
  if (applies && item.blockStart >= 0) nestedBlock(c, parent, item.blockStart + 1, item.blockEnd, null);
}

/** The 1-based line of `offset` in the sheet. */
function lineAt(c: Collector, offset: number): number {
  if (c.lineStarts === null) {
    const starts = [0];
    for (let i = 0; i < c.source.length; i++) if (c.source.charCodeAt(i) === 0x0a) starts.push(i + 1);
    c.lineStarts = starts;
  }
  const starts = c.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function whereAt(c: Collector, offset: number): string {
  return `${c.options.label} line ${lineAt(c, offset)}`;
}

function atRule(node: csstree.Atrule, c: Collector): void {
  const { options } = c;
  const name = node.name.toLowerCase();
  const prelude = node.prelude === null ? '' : preludeText(node.prelude);
  if ((name === 'media' || name === 'supports') && nestsTooDeeply(prelude)) {
    // The condition evaluator recurses per parenthesis (condition.ts), and would say false.
    options.warn(`${where(node, options)}: @${name} condition nested more than ${MAX_VALUE_NESTING} levels deep; block ignored`);
    return;
  }
  switch (name) {
    case 'media':
      if (node.block !== null && options.matchMedia(prelude)) walkRules(node.block.children, c);
      return;
    case 'supports':
      if (node.block !== null && supportsCondition(prelude)) walkRules(node.block.children, c);
      return;
    case 'layer':
      // Cascade layers are flattened into source order: good enough until a document needs more.
      if (node.block !== null) walkRules(node.block.children, c);
      return;
    case 'page':
      pageRule(node, prelude, c);
      return;
    case 'font-face':
      if (node.block !== null) c.fontFaces.push(blockDeclarations(node.block.children, options));
      return;
    case 'import':
      options.warn(`${where(node, options)}: @import ${excerpt(prelude)} ignored (imports are not fetched yet)`);
      return;
    default:
      if (!SILENT_AT_RULES.has(name)) options.warn(`${where(node, options)}: unsupported at-rule @${node.name} ignored`);
  }
}

function pageRule(node: csstree.Atrule, prelude: string, c: Collector): void {
  const { options } = c;
  const order = options.counter.next++;
  const selectors = parsePageSelectors(prelude);
  if (selectors === null || node.block === null) {
    options.warn(`${where(node, options)}: invalid @page selector '${excerpt(prelude)}'; rule dropped`);
    return;
  }
  const declarations: Declaration[] = [];
  const marginBoxes = new Map<string, readonly Declaration[]>();
  for (const child of node.block.children) {
    if (child.type === 'Declaration') {
      const decl = declarationOf(child, options);
      if (decl !== null) declarations.push(decl);
    } else if (child.type === 'Atrule' && isMarginBoxName(child.name.toLowerCase()) && child.block !== null) {
      const boxName = child.name.toLowerCase();
      marginBoxes.set(boxName, [...(marginBoxes.get(boxName) ?? []), ...blockDeclarations(child.block.children, options)]);
    } else if (child.type === 'Atrule') {
      options.warn(`${where(child, options)}: unknown @page margin box @${child.name} ignored`);
    }
  }
  c.pageRules.push({ selectors, declarations, marginBoxes, order });
}

function blockDeclarations(children: csstree.List<csstree.CssNode>, options: SheetOptions): Declaration[] {
  const out: Declaration[] = [];
  for (const child of children) {
    if (child.type === 'Declaration') {
      const decl = declarationOf(child, options);
      if (decl !== null) out.push(decl);
    } else if (child.type === 'Rule' || child.type === 'Atrule') {
      options.warn(`${where(child, options)}: nested rules are not supported; ignored`);
    }
  }
  return out;
}

function declarationOf(node: csstree.Declaration, options: SheetOptions): Declaration | null {
  // css-tree keeps IE hacks such as `!ie` as a string; only `!important` is CSS.
  if (typeof node.important === 'string' && node.important.toLowerCase() !== 'important') {
    options.warn(`${where(node, options)}: '!${node.important}' in '${node.property}' is not CSS; declaration dropped`);
    return null;
  }
  const value = node.value.type === 'Raw' ? node.value.value : csstree.generate(node.value);
  // A property name may be escaped (`c\olor`, CSS 2.1 §4.1.3); custom property names stay as
  // written, the way var() names them.
  const property = node.property.includes('\\') && !node.property.startsWith('--') ? csstree.ident.decode(node.property) : node.property;
  return { property, value: value.trim(), important: node.important !== false };
}

function preludeText(prelude: csstree.CssNode): string {
  return (prelude.type === 'Raw' ? prelude.value : csstree.generate(prelude)).trim();
}

function where(node: csstree.CssNode, options: SheetOptions): string {
  return node.loc ? `${options.label} line ${node.loc.start.line}` : options.label;
}

function prefixed(options: SheetOptions, node: csstree.CssNode): Warn {
  const at = where(node, options);
  return (message) => options.warn(`${at}: ${message}`);
}
