// A large document styles completely and shares computed styles (a sanity check, not a timing:
// see bench/ for figures).
import { describe, expect, it } from 'vitest';
import { allElements, style } from './helpers.js';

describe('large documents', () => {
  it('styles 20,000 elements with structural and descendant rules', () => {
    const rows: string[] = [];
    for (let i = 0; i < 4000; i++) rows.push(`<tr class="${i % 2 ? 'odd' : 'even'}"><td class="n">${i}</td><td><b>x</b></td><td><i>y</i></td></tr>`);
    const css = 'tr:nth-child(3n) td { color: red } .odd .n { font-weight: bold } td:last-child { text-align: right } table b { color: blue }';
    const doc = style(`<table>${rows.join('')}</table>`, css);
    const elements = allElements(doc.root);
    expect(elements.length).toBeGreaterThan(20_000);
    const cells = elements.filter((e) => e.element.tagName === 'td');
    expect(cells).toHaveLength(12_000);
    // Row 3 (index 2) is the first :nth-child(3n) row.
    expect(cells.slice(0, 9).map((c) => c.style.color.r)).toEqual([0, 0, 0, 0, 0, 0, 255, 255, 255]);
    expect(cells.filter((c) => c.style.fontWeight === 700)).toHaveLength(2000);
    expect(cells.filter((c) => c.style.textAlign === 'right')).toHaveLength(4000);
    // Style sharing: a handful of distinct computed styles for thousands of elements.
    expect(new Set(elements.map((e) => e.style)).size).toBeLessThan(30);
  });
});

describe('pathological selectors', () => {
  it('a long descendant selector that almost matches a deep chain stays linear', () => {
    // Without early failure this is C(1500, 5) ≈ 6·10¹³ ancestor walks.
    const doc = style(`${'<div>'.repeat(1500)}x`, 'p div div div div div { color: red } section div div { color: blue }');
    const deepest = allElements(doc.root).at(-1)!;
    expect(deepest.element.tagName).toBe('div');
    expect(deepest.style.color.r + deepest.style.color.b).toBe(0);
  });

  it('sibling combinators over many siblings stay linear', () => {
    const doc = style(`<div>${'<span></span>'.repeat(3000)}<b id="t">x</b></div>`, 'i ~ span ~ span ~ b { color: red } span + span ~ b { color: blue }');
    expect(allElements(doc.root).find((e) => e.element.tagName === 'b')!.style.color).toEqual({ r: 0, g: 0, b: 255, a: 1 });
  });
});
