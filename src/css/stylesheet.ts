// Style sheet text → style rules, @page rules and @font-face blocks, with css-tree. Broken
// CSS is handled as a browser does (css-syntax-3 error recovery): the broken rule or
// declaration is dropped with a warning and parsing continues; nothing here throws.
import * as csstree from 'css-tree';
import { dropDeepStatements, MAX_BLOCK_NESTING } from './block-nesting.js';
import { excerpt, expandDeclaration, type CascadedDeclaration, type Warn } from './declarations.js';
import { parsePageSelectors } from './page-selectors.js';
import { compileSelectorList } from './selectors/parse.js';
import type { ComplexSelector } from './selectors/types.js';
import { supportsCondition } from './supports.js';
import { MAX_VALUE_NESTING, nestsTooDeeply } from './values/components.js';
import type { Declaration, PageRule } from './types.js';
import { isMarginBoxName } from './margin-box-names.js';

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
}

/** Parses one style sheet. */
export function parseStylesheet(text: string, options: SheetOptions): ParsedStylesheet {
  const collector: Collector = { options, rules: [], pageRules: [], fontFaces: [] };
  const ast = parseOrWarn(text, options, { context: 'stylesheet' });
  if (ast !== null && ast.type === 'StyleSheet') walkRules(ast.children, collector);
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
  try {
    return csstree.parse(safe, {
      ...extra,
      positions: true,
      parseValue: false,
      parseCustomProperty: false,
      parseAtrulePrelude: false,
      onParseError: (e) => options.warn(`${options.label} line ${e.line ?? '?'}: ${e.message}; skipped`),
    });
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
  const declarations = blockDeclarations(node.block.children, options).flatMap((d) => expandDeclaration(d, prefixed(options, node)));
  if (selectors.length > 0 && declarations.length > 0) c.rules.push({ selectors, declarations, origin: options.origin, order });
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
  return { property: node.property, value: value.trim(), important: node.important !== false };
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
