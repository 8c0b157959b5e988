// Complex selectors (selectors-4 §3) at sizes that break a recursive matcher: matching recurses
// once per compound, so a selector of thousands of compounds is invalid (with a warning, as
// any invalid selector); `~` and descendant combinators over 20,000 siblings or a chain 500
// deep give the right answers (each candidate's outcome is remembered, see match.ts).
import { describe, expect, it } from 'vitest';
import { MAX_SELECTOR_COMPOUNDS } from '../../src/css/selectors/parse.js';
import { allElements, style } from './helpers.js';

const RED = { r: 255, g: 0, b: 0, a: 1 };
const BLACK = { r: 0, g: 0, b: 0, a: 1 };

describe('selector limits', () => {
  it('a selector of 20,000 compounds against 20,000 siblings is invalid, not a stack overflow', () => {
    for (const combinator of ['+', '~', '>', ' ']) {
      const doc = style(`<div>${'<p>x</p>'.repeat(20_000)}</div>`, `p { color: red } ${`p ${combinator} `.repeat(20_000)}p { color: blue }`);
      expect(allElements(doc.root).at(-1)!.style.color).toEqual(RED);
      expect(doc.warnings.some((w) => w.includes('invalid selector'))).toBe(true);
    }
  });

  it(`a selector of ${MAX_SELECTOR_COMPOUNDS} compounds matches`, () => {
    const n = MAX_SELECTOR_COMPOUNDS;
    const doc = style(`<div>${'<p>x</p>'.repeat(n)}</div>`, `${'p + '.repeat(n - 1)}p { color: red }`);
    const ps = allElements(doc.root).filter((e) => e.element.tagName === 'p');
    expect(ps.map((p) => p.style.color)).toEqual([...Array(n - 1).fill(BLACK), RED]);
    expect(doc.warnings).toEqual([]);
  });

  it('compounds of nested selectors count too', () => {
    const nested = `${':is(p '.repeat(200)}p${')'.repeat(200)}`;
    const doc = style('<p>x</p>', `p { color: red } ${nested} ${'p '.repeat(100)} { color: blue }`);
    expect(allElements(doc.root).at(-1)!.style.color).toEqual(RED);
    expect(doc.warnings.some((w) => w.includes('invalid selector'))).toBe(true);
  });

  it('`~` over 20,000 siblings', () => {
    const doc = style(`<div>${'<p>x</p>'.repeat(10)}<p class="x">x</p>${'<p>x</p>'.repeat(20_000)}</div>`, '.x ~ p { color: red } h1 ~ p { color: blue }');
    const colors = allElements(doc.root).filter((e) => e.element.tagName === 'p').map((p) => p.style.color);
    expect(colors.slice(0, 11)).toEqual(Array(11).fill(BLACK));
    expect(colors.slice(11).every((c) => c.r === 255 && c.b === 0)).toBe(true);
  });

  it('the descendant combinator over a chain 500 deep', () => {
    const doc = style(`${'<div>'.repeat(100)}<div class="a">${'<div>'.repeat(400)}x`, '.a div { color: red } section div { color: blue }');
    const divs = allElements(doc.root).filter((e) => e.element.tagName === 'div');
    expect(divs.slice(0, 101).every((d) => d.style.color.r === 0)).toBe(true);
    expect(divs.slice(101).every((d) => d.style.color.r === 255 && d.style.color.b === 0)).toBe(true);
  });
});
