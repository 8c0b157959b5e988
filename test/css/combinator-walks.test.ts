// The descendant and `~` combinators (selectors-4 §15) walk candidates in turn, and long walks
// remember each candidate's outcome (selectors/match.ts). Checked against a plain dynamic-
// programming matcher on random trees deep and wide enough for the memo to be used.
import * as csstree from 'css-tree';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomElement } from '../../src/dom/types.js';
import { previousSibling } from '../../src/css/selectors/dom-index.js';
import { matchesCompound, matchesSelector } from '../../src/css/selectors/match.js';
import { mulberry32 } from '../../bench/mulberry32.js';
import { compileSelectorList } from '../../src/css/selectors/parse.js';
import type { ComplexSelector } from '../../src/css/selectors/types.js';

/** Integers in [0, n) from a seeded generator, so a failure reproduces. */
function random(seed: number): (n: number) => number {
  const next = mulberry32(seed);
  return (n) => Math.floor(next() * n);
}

const TAGS = ['div', 'section', 'article'];
const CLASSES = ['x', 'y', 'z'];

/** An element with a random tag and maybe a class; `inner` inside. */
function randomElement(pick: (n: number) => number, inner = ''): string {
  const tag = TAGS[pick(3)]!;
  const cls = pick(4) === 0 ? '' : ` class="${CLASSES[pick(3)]}"`;
  return `<${tag}${cls}>${inner}</${tag}>`;
}

/** A chain 60 deep, every tenth level with 30 siblings: walks longer than the memo's threshold. */
function randomTree(pick: (n: number) => number): string {
  const leaves = (count: number) => Array.from({ length: count }, () => randomElement(pick)).join('');
  let html = '';
  for (let depth = 60; depth > 0; depth--) html = randomElement(pick, `${leaves(depth % 10 === 0 ? 30 : pick(4))}${html}${leaves(pick(3))}`);
  return html;
}

function randomSelector(pick: (n: number) => number): string {
  const compound = () => {
    const tag = pick(4) === 0 ? '*' : TAGS[pick(3)]!;
    return pick(2) === 0 ? tag : `${tag}.${CLASSES[pick(3)]}`;
  };
  let sel = compound();
  const count = 1 + pick(4);
  for (let k = 0; k < count; k++) sel = `${compound()} ${[' ', '>', '+', '~'][pick(4)]} ${sel}`;
  return sel;
}

/** Plain dynamic programming over (compound, element): no early failure, no walk memo. */
function referenceMatcher(sel: ComplexSelector): (el: DomElement) => boolean {
  const memo = new Map<string, boolean>();
  let ids = 0;
  const idOf = new Map<DomElement, number>();
  const key = (kind: string, i: number, el: DomElement) => {
    let id = idOf.get(el);
    if (id === undefined) idOf.set(el, (id = ids++));
    return `${kind}${i}:${id}`;
  };
  const cached = (k: string, f: () => boolean): boolean => {
    let v = memo.get(k);
    if (v === undefined) memo.set(k, (v = f()));
    return v;
  };
  // M: compound i and everything left of it match at el.
  const m = (i: number, el: DomElement): boolean =>
    cached(key('m', i, el), () => {
      if (!matchesCompound(sel.compounds[i]!, el)) return false;
      if (i === sel.compounds.length - 1) return true;
      const prev = previousSibling(el);
      switch (sel.combinators[i]!) {
        case '>':
          return el.parent !== null && m(i + 1, el.parent);
        case ' ':
          return el.parent !== null && someAncestor(i + 1, el.parent);
        case '+':
          return prev !== null && m(i + 1, prev);
        case '~':
          return prev !== null && someEarlier(i + 1, prev);
      }
    });
  const someAncestor = (i: number, el: DomElement): boolean => cached(key('a', i, el), () => m(i, el) || (el.parent !== null && someAncestor(i, el.parent)));
  const someEarlier = (i: number, el: DomElement): boolean => {
    const prev = previousSibling(el);
    return cached(key('s', i, el), () => m(i, el) || (prev !== null && someEarlier(i, prev)));
  };
  return (el) => m(0, el);
}

function elements(root: DomElement): DomElement[] {
  const out: DomElement[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    out.push(el);
    for (const c of el.children) if (c.kind === 'element') stack.push(c);
  }
  return out;
}

describe('combinator walks', () => {
  it.each([1, 2, 3, 4, 5])('agree with a plain matcher on random trees and selectors (seed %i)', (seed) => {
    const pick = random(seed);
    const doc = parseHtml(`<body>${randomTree(pick)}</body>`);
    const all = elements(doc.root);
    expect(all.length).toBeGreaterThan(150);
    let matched = 0;
    for (let s = 0; s < 60; s++) {
      const text = randomSelector(pick);
      const sel = compileSelectorList(csstree.parse(text, { context: 'selectorList' }) as csstree.SelectorList)![0]!;
      const reference = referenceMatcher(sel);
      for (const el of all) {
        const expected = reference(el);
        if (expected) matched++;
        expect(matchesSelector(sel, el), `${text} on <${el.tagName}>`).toBe(expected);
      }
    }
    // The cases must include matches, not only failures.
    expect(matched).toBeGreaterThan(0);
  });
});
