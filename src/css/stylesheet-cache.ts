// Parsed style sheets, kept per process by their text: a document API renders the same
// template CSS (and Markdown mode its built-in sheet) request after request, and parsing is a
// good share of a small document's time. An entry also records what the parse depended on —
// where the source-order counter started, the @media queries it evaluated and their answers
// — and the warnings it gave, which a hit replays, so a hit is indistinguishable from a parse.
import { parseStylesheet, type ParsedStylesheet, type SheetOptions } from './stylesheet.js';

interface Entry {
  readonly sheet: ParsedStylesheet;
  /** Rules the parse numbered: the counter advances by this much on a hit. */
  readonly count: number;
  readonly warnings: readonly string[];
  readonly queries: readonly (readonly [string, boolean])[];
  readonly size: number;
}

/** Bounds: the cached sheets' text in all (parsed sheets take several times their text), and one sheet's. */
const MAX_TOTAL_TEXT = 4 * 1024 * 1024;
const MAX_SHEET_TEXT = 512 * 1024;

const entries = new Map<string, Entry>();
let totalText = 0;

/** parseStylesheet, answered from the cache when the same text was parsed the same way before. */
export function parseStylesheetCached(text: string, options: SheetOptions): ParsedStylesheet {
  if (text.length > MAX_SHEET_TEXT) return parseStylesheet(text, options);
  const key = `${options.origin}\u0000${options.label}\u0000${options.counter.next}\u0000${text}`;
  const hit = entries.get(key);
  if (hit && hit.queries.every(([query, answer]) => options.matchMedia(query) === answer)) {
    // Most recently used last.
    entries.delete(key);
    entries.set(key, hit);
    for (const warning of hit.warnings) options.warn(warning);
    options.counter.next += hit.count;
    return hit.sheet;
  }
  const warnings: string[] = [];
  const queries: [string, boolean][] = [];
  const start = options.counter.next;
  const sheet = parseStylesheet(text, {
    ...options,
    warn: (message) => {
      warnings.push(message);
      options.warn(message);
    },
    matchMedia: (query) => {
      const answer = options.matchMedia(query);
      queries.push([query, answer]);
      return answer;
    },
  });
  remember(key, { sheet, count: options.counter.next - start, warnings, queries, size: key.length });
  return sheet;
}

function remember(key: string, entry: Entry): void {
  const old = entries.get(key);
  if (old) {
    entries.delete(key);
    totalText -= old.size;
  }
  entries.set(key, entry);
  totalText += entry.size;
  for (const [oldest, value] of entries) {
    if (totalText <= MAX_TOTAL_TEXT) break;
    entries.delete(oldest);
    totalText -= value.size;
  }
}
