// The parsed-sheet cache must be indistinguishable from parsing: same rules and orders, the
// same warnings, the counter advanced alike, and a re-parse when an @media answer changes.
import { describe, expect, it } from 'vitest';
import { parseStylesheet, type SheetOptions } from '../../src/css/stylesheet.js';
import { parseStylesheetCached } from '../../src/css/stylesheet-cache.js';

function options(start: number, wide: boolean, warnings: string[]): SheetOptions {
  return { origin: 'author', label: 'test sheet', warn: (m) => warnings.push(m), counter: { next: start }, matchMedia: (q) => (q.includes('min-width') ? wide : true) };
}

const CSS = 'p { color: red } @media (min-width: 500px) { h1 { color: blue } } div { color: ; } @page { margin: 1in }';

describe('parseStylesheetCached', () => {
  it('gives what parseStylesheet gives, on a miss and on a hit, warnings and counter included', () => {
    const expectedWarnings: string[] = [];
    const direct = options(7, true, expectedWarnings);
    const parsed = parseStylesheet(CSS, direct);
    for (let round = 0; round < 2; round++) {
      const warnings: string[] = [];
      const cached = options(7, true, warnings);
      const sheet = parseStylesheetCached(CSS, cached);
      // Rules hold value parsers (closures), so compare their data.
      expect(JSON.stringify(sheet)).toBe(JSON.stringify(parsed));
      expect(sheet.rules.length).toBe(parsed.rules.length);
      expect(warnings).toEqual(expectedWarnings);
      expect(cached.counter.next).toBe(direct.counter.next);
    }
    expect(expectedWarnings.length).toBeGreaterThan(0);
  });

  it('parses again when an @media query answers differently, or the counter starts elsewhere', () => {
    const wide = parseStylesheetCached(CSS, options(0, true, []));
    const narrow = parseStylesheetCached(CSS, options(0, false, []));
    expect(wide.rules.length).toBe(narrow.rules.length + 1);
    const later = parseStylesheetCached(CSS, options(100, true, []));
    expect(later.rules.map((r) => r.order)).toEqual(wide.rules.map((r) => r.order + 100));
  });
});
