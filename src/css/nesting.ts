// CSS nesting (css-nesting-1) on raw block text. css-tree 3 parses a nested rule only when it
// starts with `&`: `.b { … }` inside a style rule becomes a Raw node running to the next `;`,
// and `a:hover { … }` a declaration named `a`. So a style rule's block that holds anything but
// plain declarations is split here (css-syntax-3 §5.4.4 "consume a block's contents"), and each
// nested selector is rewritten against its parent's before it is compiled (§3.1: `&` stands
// for `:is(<parent list>)`, with the specificity of the parent list's most specific selector).
import { findSyntax, skipOpaque } from './values/opaque.js';

/** One item of a style rule's block, as offsets into the sheet text. */
export type BlockItem =
  /** A run of declarations (valid or not: the declaration parser judges them). */
  | { readonly kind: 'declarations'; readonly start: number; readonly end: number }
  /** A nested style rule: its prelude is [start, blockStart), its contents (blockStart, blockEnd). */
  | { readonly kind: 'rule'; readonly start: number; readonly blockStart: number; readonly blockEnd: number }
  /** A nested at-rule; blockStart is -1 when it ends with `;` instead of a block. */
  | {
      readonly kind: 'at-rule';
      readonly start: number;
      readonly name: string;
      readonly preludeStart: number;
      readonly blockStart: number;
      readonly blockEnd: number;
    }
  /** A rule without a block (a selector followed by `;`, or running to the end). */
  | { readonly kind: 'invalid'; readonly start: number; readonly end: number };

const SEMICOLON = 0x3b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The items of the block contents text[start, end) (between a block's braces). A run that
 * starts like an identifier is a declaration unless it holds a `{}` block before its `;`
 * (custom properties may hold one): then it is re-read as a nested rule, as css-syntax-3
 * §5.4.4 says. Anything else starting an item is a nested rule's selector.
 */
export function blockContents(text: string, start: number, end: number): BlockItem[] {
  const items: BlockItem[] = [];
  let i = start;
  while (i < end) {
    const ch = text.charCodeAt(i);
    if (ch === SEMICOLON || isWhitespace(ch)) {
      i++;
      continue;
    }
    const skipped = skipOpaque(text, i);
    if (skipped !== i && ch === 0x2f) {
      i = Math.min(skipped, end); // a comment
      continue;
    }
    if (ch === 0x40) {
      i = atRule(text, i, end, items);
      continue;
    }
    const stop = topLevelStop(text, i, end);
    if (startsIdentifier(text, i) && (stop === end || text.charCodeAt(stop) === SEMICOLON || isCustomProperty(text, i))) {
      const declEnd = isCustomProperty(text, i) ? declarationEnd(text, i, end) : Math.min(stop + 1, end);
      const last = items[items.length - 1];
      if (last?.kind === 'declarations') items[items.length - 1] = { kind: 'declarations', start: last.start, end: declEnd };
      else items.push({ kind: 'declarations', start: i, end: declEnd });
      i = declEnd;
    } else if (stop < end && text.charCodeAt(stop) === OPEN_BRACE) {
      const blockEnd = matchingBrace(text, stop, end);
      items.push({ kind: 'rule', start: i, blockStart: stop, blockEnd });
      i = blockEnd + 1;
    } else {
      items.push({ kind: 'invalid', start: i, end: stop });
      i = stop + 1;
    }
  }
  return items;
}

function atRule(text: string, start: number, end: number, items: BlockItem[]): number {
  let nameEnd = start + 1;
  while (nameEnd < end && /[\w\-\u0080-\uffff]/.test(text[nameEnd]!)) nameEnd++;
  const name = text.slice(start + 1, nameEnd).toLowerCase();
  const stop = topLevelStop(text, nameEnd, end);
  if (stop < end && text.charCodeAt(stop) === OPEN_BRACE) {
    const blockEnd = matchingBrace(text, stop, end);
    items.push({ kind: 'at-rule', start, name, preludeStart: nameEnd, blockStart: stop, blockEnd });
    return blockEnd + 1;
  }
  items.push({ kind: 'at-rule', start, name, preludeStart: nameEnd, blockStart: -1, blockEnd: stop });
  return stop + 1;
}

/** The first `;` or `{` at nesting depth 0 from `i` (parentheses and brackets balanced), or `end`. */
function topLevelStop(text: string, i: number, end: number): number {
  let depth = 0;
  return findSyntax(text, i, end, (ch) => {
    if (ch === 0x28 || ch === 0x5b) depth++;
    else if ((ch === 0x29 || ch === 0x5d) && depth > 0) depth--;
    else return depth === 0 && (ch === SEMICOLON || ch === OPEN_BRACE);
    return false;
  });
}

/** The index of the `}` closing the block opened at `open`, or `end` if it is not closed. */
function matchingBrace(text: string, open: number, end: number): number {
  let depth = 0;
  return findSyntax(text, open, end, (ch) => {
    if (ch === OPEN_BRACE) depth++;
    else if (ch === CLOSE_BRACE) return --depth === 0;
    return false;
  });
}

/** Just past the `;` ending the declaration at `i`, stepping over `{}` blocks in its value. */
function declarationEnd(text: string, i: number, end: number): number {
  let depth = 0;
  const at = findSyntax(text, i, end, (ch) => {
    if (ch === OPEN_BRACE || ch === 0x28 || ch === 0x5b) depth++;
    else if ((ch === CLOSE_BRACE || ch === 0x29 || ch === 0x5d) && depth > 0) depth--;
    else return ch === SEMICOLON && depth === 0;
    return false;
  });
  return at === end ? end : at + 1;
}

function isWhitespace(ch: number): boolean {
  return ch === 0x20 || ch === 0x09 || ch === 0x0a || ch === 0x0c || ch === 0x0d;
}

// css-syntax-3 §4.3.9 "would start an identifier" (a `-` counts on its own: `-x`, `--x`).
function startsIdentifier(text: string, i: number): boolean {
  const ch = text.charCodeAt(i);
  return ch === 0x2d || ch === 0x5f || ch === 0x5c || ch >= 0x80 || (ch >= 0x41 && ch <= 0x5a) || (ch >= 0x61 && ch <= 0x7a);
}

function isCustomProperty(text: string, i: number): boolean {
  return text.charCodeAt(i) === 0x2d && text.charCodeAt(i + 1) === 0x2d;
}

/** The longest desugared selector list kept: `& + &` doubles its parent at every level. */
export const MAX_NESTED_SELECTOR_LENGTH = 16 * 1024;

// A parent selector with a pseudo-element cannot be spliced in front of more compounds.
const PSEUDO_ELEMENT = /::|:(before|after|first-line|first-letter)\b/i;

/**
 * The complex selectors of a nested rule's selector list `prelude`, rewritten against the
 * parent rule's (already rewritten) complex selectors `parent` (css-nesting-1 §3.1):
 * a selector without `&` is relative to `&` (`> .b` is `& > .b`, `.b` is `& .b`), and `&`
 * becomes `:is(<parent>)`. A lone parent selector with `&` at the very start is spliced in
 * directly (`&:hover` under `.a .b` is `.a .b:hover`), which matches the same elements with
 * the same specificity and keeps the subject indexable. Null when the list is empty or grows
 * past MAX_NESTED_SELECTOR_LENGTH.
 */
export function nestedSelectors(prelude: string, parent: readonly string[]): string[] | null {
  const out: string[] = [];
  let length = 0;
  for (const part of splitTopLevelCommas(prelude)) {
    let selector = part.trim();
    if (selector === '') return null;
    let amps = ampersands(selector);
    if (amps.length === 0) {
      selector = `& ${selector}`;
      amps = [0];
    }
    const desugared = spliceable(parent, selector, amps) ? parent[0]! + selector.slice(1) : replaceAt(selector, amps, `:is(${parent.join(', ')})`);
    length += desugared.length;
    if (length > MAX_NESTED_SELECTOR_LENGTH) return null;
    out.push(desugared);
  }
  return out.length === 0 ? null : out;
}

function spliceable(parent: readonly string[], selector: string, amps: readonly number[]): boolean {
  if (parent.length !== 1 || amps.length !== 1 || amps[0] !== 0 || PSEUDO_ELEMENT.test(parent[0]!)) return false;
  // `&div` names a type after `&`: only `:is()` keeps the parent's compound apart from it.
  return !startsIdentifier(selector, 1) && selector.charCodeAt(1) !== 0x2a;
}

function replaceAt(text: string, positions: readonly number[], replacement: string): string {
  let out = '';
  let from = 0;
  for (const at of positions) {
    out += text.slice(from, at) + replacement;
    from = at + 1;
  }
  return out + text.slice(from);
}

/** Offsets of the `&` delimiters in `text` (outside strings, escapes and comments). */
function ampersands(text: string): number[] {
  const out: number[] = [];
  findSyntax(text, 0, text.length, (ch, i) => {
    if (ch === 0x26) out.push(i);
    return false;
  });
  return out;
}

function splitTopLevelCommas(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  findSyntax(text, 0, text.length, (ch, i) => {
    if (ch === 0x28 || ch === 0x5b) depth++;
    else if ((ch === 0x29 || ch === 0x5d) && depth > 0) depth--;
    else if (ch === 0x2c && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
    return false;
  });
  parts.push(text.slice(from));
  return parts;
}
