// The resources stage's per-process memo of sheet parses: the same text (and base) is parsed
// once, its result shared and frozen; different inputs get their own results.
import * as csstree from 'css-tree';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SheetMemo, sheetUrls, splitImports } from '../../src/resources/css-urls.js';
import { documentFontFamilies } from '../../src/resources/font-families.js';

vi.mock('css-tree', async (importOriginal) => {
  const original = await importOriginal<typeof import('css-tree')>();
  return { ...original, parse: vi.fn(original.parse) };
});

const parse = vi.mocked(csstree.parse);
beforeEach(() => parse.mockClear());

let n = 0;
/** A sheet no other test has used, so that the process-wide cache starts cold for it. */
function freshSheet(): string {
  n++;
  return `@import url(theme${n}.css) print;
@font-face { font-family: "Brand ${n}"; src: url(fonts/brand${n}.woff2); }
.logo { background-image: url(img/logo${n}.png); font: bold 12px/1.2 "Body ${n}", serif }
h1 { font-family: Brand${n}, sans-serif }`;
}

describe('splitImports memo', () => {
  it('parses a text once per base and returns the same frozen result', () => {
    const text = freshSheet();
    const first = splitImports(text, 'https://ex.com/a/style.css');
    expect(parse).toHaveBeenCalledTimes(1);
    // A copy of the text (as a new request would decode it), not the same string object.
    const second = splitImports(` ${text}`.slice(1), 'https://ex.com/a/style.css');
    expect(parse).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(second).toEqual(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.imports) && Object.isFrozen(first.imports[0])).toBe(true);
    expect(first.imports).toEqual([{ url: `https://ex.com/a/theme${n}.css`, media: 'print' }]);
    expect(first.text).toContain(`https://ex.com/a/img/logo${n}.png`);
  });

  it('gives different bases (and no base) their own results', () => {
    const text = freshSheet();
    const a = splitImports(text, 'https://ex.com/a/style.css');
    const b = splitImports(text, 'https://other.org/b/style.css');
    const none = splitImports(text, null);
    expect(parse).toHaveBeenCalledTimes(3);
    expect(b.imports[0]!.url).toBe(`https://other.org/b/theme${n}.css`);
    expect(a.imports[0]!.url).toBe(`https://ex.com/a/theme${n}.css`);
    expect(none.imports[0]!.url).toBe(`theme${n}.css`);
    expect(b.text).not.toBe(a.text);
    expect(splitImports(text, 'https://other.org/b/style.css')).toBe(b);
    expect(splitImports(text, null)).toBe(none);
    expect(parse).toHaveBeenCalledTimes(3);
  });

  it('does not parse a sheet with nothing to find', () => {
    expect(splitImports('p { color: red }', 'https://ex.com/')).toEqual({ imports: [], text: 'p { color: red }' });
    expect(parse).not.toHaveBeenCalled();
  });
});

describe('sheetUrls memo', () => {
  it('parses a text once and returns the same frozen result', () => {
    const text = freshSheet();
    const first = sheetUrls(text);
    const second = sheetUrls(` ${text}`.slice(1));
    expect(parse).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(first).toEqual({ fonts: [`fonts/brand${n}.woff2`], images: [`img/logo${n}.png`] });
    expect(Object.isFrozen(first.fonts)).toBe(true);
  });
});

describe('documentFontFamilies memo', () => {
  it('parses each sheet text once; the merged result is the same on a hit', () => {
    const text = freshSheet();
    const other = 'p { font-family: Shared, "Body X" }';
    // Declaration values are parsed too (parseComponents): count the whole-sheet parses.
    const sheetParses = () => parse.mock.calls.filter(([, options]) => (options?.context ?? 'stylesheet') === 'stylesheet').length;
    const first = documentFontFamilies([text, other], null);
    expect(sheetParses()).toBe(2);
    parse.mockClear();
    const second = documentFontFamilies([` ${text}`.slice(1), other], null);
    expect(parse).not.toHaveBeenCalled();
    expect(second).toEqual(first);
    expect(first.used).toEqual([`Body ${n}`, 'serif', `Brand${n}`, 'sans-serif', 'Shared', 'Body X']);
    expect([...first.defined]).toEqual([`brand ${n}`]);
    // The document's result is its own: changing it leaves the cache alone.
    (first.defined as Set<string>).add('mutated');
    expect(documentFontFamilies([text], null).defined.has('mutated')).toBe(false);
  });

  it('keeps the order of first use across sheets', () => {
    const a = 'p { font-family: A1, B1 }';
    const b = 'p { font-family: B1, C1 }';
    expect(documentFontFamilies([a, b], null).used).toEqual(['A1', 'B1', 'C1']);
    expect(documentFontFamilies([b, a], null).used).toEqual(['B1', 'C1', 'A1']);
  });
});

describe('SheetMemo', () => {
  it('evicts the least recently used entries past its total bound and skips long keys', () => {
    const memo = new SheetMemo<number>(10, 6);
    memo.set('aaaa', 1);
    memo.set('bbbb', 2);
    expect(memo.get('aaaa')).toBe(1); // now most recent
    memo.set('cccc', 3); // 12 > 10: the least recent ('bbbb') goes
    expect(memo.get('bbbb')).toBeUndefined();
    expect(memo.get('aaaa')).toBe(1);
    expect(memo.get('cccc')).toBe(3);
    expect(memo.set('toolong', 4)).toBe(4);
    expect(memo.get('toolong')).toBeUndefined();
    expect(memo.size).toBe(2);
  });
});
