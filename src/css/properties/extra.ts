// Properties the engine does not model in ComputedStyle yet but later stages will want
// (flex, GCPM strings and bookmarks, columns…): kept as serialized text in `extra`,
// cascaded and inherited like any other property.
import * as csstree from 'css-tree';
import type { Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import type { LonghandDef } from './registry.js';

// Property name → inherited? (each property's "Inherited:" line in its spec).
const EXTRA_PROPERTIES: Readonly<Record<string, boolean>> = {
  // css-gcpm-3, css-content-3 bookmarks, css-page-3 (for documents that put it on elements)
  'string-set': false,
  'bookmark-level': false,
  'bookmark-label': false,
  'bookmark-state': false,
  'footnote-display': false,
  'footnote-policy': false,
  size: false,
  'aspect-ratio': false,
  // painting
  'background-attachment': false,
  'clip-path': false,
  filter: false,
  'mix-blend-mode': false,
  'print-color-adjust': true,
  'image-rendering': true,
  'image-resolution': true,
  'text-decoration-thickness': false,
  'text-decoration-skip-ink': true,
  'text-underline-offset': true,
  'text-underline-position': true,
  'text-emphasis-style': true,
  'text-emphasis-color': true,
  'text-emphasis-position': true,
  // fonts and text
  'font-stretch': true,
  'font-variation-settings': true,
  'font-variant-east-asian': true,
  'font-size-adjust': true,
  'font-optical-sizing': true,
  'writing-mode': true,
  'tab-size': true,
  'text-justify': true,
  'text-wrap': true,
  'hanging-punctuation': true,
  'text-rendering': true,
  'line-clamp': false,
  'max-lines': false,
};

// Properties css-tree's grammar knows are validated against it; the rest (GCPM, -fs-) are
// accepted as written, which is what their later readers expect.
// Matching is slow (and, for a property the grammar lacks, builds an error with a stack
// trace), while documents repeat the same declarations: results are kept per name and value.
function validByGrammar(name: string, text: string): boolean {
  const key = `${name}:${text}`;
  let valid = grammarResults.get(key);
  if (valid === undefined) {
    valid = matchesGrammar(name, text);
    if (grammarResults.size >= MAX_GRAMMAR_RESULTS) grammarResults.delete(grammarResults.keys().next().value!);
    grammarResults.set(key, valid);
  }
  return valid;
}

const MAX_GRAMMAR_RESULTS = 4096;
const grammarResults = new Map<string, boolean>();

function matchesGrammar(name: string, text: string): boolean {
  if (csstree.lexer.getProperty(name) === null) return true;
  try {
    const result = csstree.lexer.matchProperty(name, text);
    return result.error === null || result.error === undefined || result.error.name !== 'SyntaxMatchError';
  } catch {
    return false;
  }
}

/** Whitespace-normalized text of a value (quoted strings left intact). */
export function serializeValue(text: string): string {
  return text.replace(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|\s+/g, (_m, quoted: string | undefined) => quoted ?? ' ').trim();
}

function extraLonghand(name: string, inherited: boolean): LonghandDef {
  return {
    name,
    inherited,
    field: null,
    parse: (_items: readonly Component[], text: string): Computer<string> | null => {
      const value = serializeValue(text);
      if (value === '' || !validByGrammar(name, value)) return null;
      return constant(value);
    },
  };
}

/** The extra longhands, by name. */
export const EXTRA_LONGHANDS: readonly LonghandDef[] = Object.entries(EXTRA_PROPERTIES).map(([name, inherited]) => extraLonghand(name, inherited));
