// Shorthand expansion: every shorthand the engine knows, including resets of omitted parts,
// plus aliases, legacy properties and `extra` values.
import { describe, expect, it } from 'vitest';
import type { ComputedStyle, LengthPercentage, LengthPercentageAuto } from '../../src/css/types.js';
import { computed, px, rgb } from './helpers.js';

const P = '<p id="t">x</p>';
const abs = (v: LengthPercentageAuto): number | 'auto' => (v === 'auto' ? v : v.abs);
const sides = (s: ComputedStyle, kind: 'margin' | 'padding') =>
  kind === 'margin' ? [s.marginTop, s.marginRight, s.marginBottom, s.marginLeft].map(abs) : [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft].map(abs);

describe('box shorthands', () => {
  it.each([
    ['1px', [1, 1, 1, 1]],
    ['1px 2px', [1, 2, 1, 2]],
    ['1px 2px 3px', [1, 2, 3, 2]],
    ['1px 2px 3px 4px', [1, 2, 3, 4]],
  ])('margin/padding: %s', (value, expected) => {
    const t = computed(P, `p { margin: ${value}; padding: ${value} }`);
    expect(sides(t, 'margin')).toEqual(expected.map(px));
    expect(sides(t, 'padding')).toEqual(expected.map(px));
  });

  it('margin accepts auto and negatives; padding rejects negatives', () => {
    const t = computed(P, 'p { margin: 0 auto -2px; padding: 1px } p { padding: -1px }');
    expect(sides(t, 'margin')).toEqual([0, 'auto', px(-2), 'auto']);
    expect(sides(t, 'padding')).toEqual([px(1), px(1), px(1), px(1)]);
  });

  it('five values are invalid: the UA margins (1em 0) stay', () => {
    expect(sides(computed(P, 'p { margin: 1px 2px 3px 4px 5px }'), 'margin')).toEqual([12, 0, 12, 0]);
  });

  it('logical margins map to physical sides (horizontal ltr)', () => {
    const t = computed(P, 'p { margin-block: 1px 2px; margin-inline-start: 3px; padding-inline: 4px }');
    expect(sides(t, 'margin')).toEqual([px(1), 0, px(2), px(3)]);
    expect(sides(t, 'padding')).toEqual([0, px(4), 0, px(4)]);
  });

  it('inset sets top/right/bottom/left', () => {
    const t = computed(P, 'p { position: relative; inset: 1px auto }');
    expect([t.top, t.right, t.bottom, t.left].map(abs)).toEqual([px(1), 'auto', px(1), 'auto']);
  });
});

describe('border shorthands', () => {
  it('border sets all sides; omitted parts reset to medium / none / currentcolor', () => {
    const t = computed(P, 'p { color: blue; border: 2px dashed red } p { border: dotted }');
    expect(t.borderTopWidth).toBe(px(3));
    expect(t.borderLeftStyle).toBe('dotted');
    expect(t.borderRightColor).toEqual(rgb(0, 0, 255));
  });

  it('parts come in any order', () => {
    const t = computed(P, 'p { border: red solid thick }');
    expect(t.borderBottomWidth).toBe(px(5));
    expect(t.borderBottomStyle).toBe('solid');
    expect(t.borderBottomColor).toEqual(rgb(255, 0, 0));
  });

  it('border-top and friends set one side', () => {
    const t = computed(P, 'p { border-top: 1px solid red; border-left: thin double }');
    expect([t.borderTopWidth, t.borderRightWidth, t.borderBottomWidth, t.borderLeftWidth]).toEqual([px(1), 0, 0, px(1)]);
    expect(t.borderLeftStyle).toBe('double');
  });

  it('border-width/style/color take 1–4 values', () => {
    const t = computed(P, 'p { border-style: solid none; border-width: 1px 2px 3px 4px; border-color: red green blue }');
    expect([t.borderTopWidth, t.borderRightWidth, t.borderBottomWidth, t.borderLeftWidth]).toEqual([px(1), 0, px(3), 0]);
    expect(t.borderLeftColor).toEqual(rgb(0, 128, 0));
    expect(t.borderBottomColor).toEqual(rgb(0, 0, 255));
  });

  it('duplicated or unknown parts invalidate the shorthand', () => {
    const t = computed(P, 'p { border: 1px solid red } p { border: solid dashed } p { border: 1px wobbly }');
    expect(t.borderTopStyle).toBe('solid');
    expect(t.borderTopWidth).toBe(px(1));
  });

  it('border-radius with one to four values and the slash syntax', () => {
    const r = (s: ComputedStyle) => [s.borderTopLeftRadius, s.borderTopRightRadius, s.borderBottomRightRadius, s.borderBottomLeftRadius].map(([h, v]) => [h.abs || `${h.pct}%`, v.abs || `${v.pct}%`]);
    expect(r(computed(P, 'p { border-radius: 4px }'))).toEqual(Array(4).fill([px(4), px(4)]));
    expect(r(computed(P, 'p { border-radius: 1px 2px }'))).toEqual([[px(1), px(1)], [px(2), px(2)], [px(1), px(1)], [px(2), px(2)]]);
    expect(r(computed(P, 'p { border-radius: 10px 20px / 50% }'))).toEqual([[px(10), '50%'], [px(20), '50%'], [px(10), '50%'], [px(20), '50%']]);
    expect(r(computed(P, 'p { border-top-left-radius: 3px 6px }'))[0]).toEqual([px(3), px(6)]);
  });
});

describe('font shorthand', () => {
  it('style, variant, weight, size/line-height and family', () => {
    const t = computed(P, 'p { font: italic small-caps 600 20px/1.5 "Noto Serif", serif }');
    expect(t.fontStyle).toBe('italic');
    expect(t.fontVariantCaps).toBe('small-caps');
    expect(t.fontWeight).toBe(600);
    expect(t.fontSize).toBe(px(20));
    expect(t.lineHeight).toEqual({ kind: 'number', value: 1.5 });
    expect(t.fontFamily).toEqual(['Noto Serif', 'serif']);
  });

  it('omitted parts are reset, including line-height', () => {
    const t = computed(P, 'p { font-weight: bold; font-style: italic; line-height: 3 } p { font: 12pt Arial }');
    expect(t.fontWeight).toBe(400);
    expect(t.fontStyle).toBe('normal');
    expect(t.lineHeight).toEqual({ kind: 'normal' });
    expect(t.fontSize).toBe(12);
  });

  it('size and family are required; system fonts are ignored', () => {
    const t = computed(P, 'p { font: 10px serif } p { font: bold serif } p { font: 20px } p { font: caption }');
    expect(t.fontSize).toBe(px(10));
    expect(t.fontFamily).toEqual(['serif']);
  });

  it('bolder in the font shorthand is relative to the parent', () => {
    expect(computed('<div style="font-weight: 300"><p id="t">x</p></div>', 'p { font: bolder 1em serif }').fontWeight).toBe(400);
  });
});

describe('other shorthands', () => {
  it('background sets the colour and the url() image, resetting what it omits', () => {
    const t = computed(P, 'p { background-image: url(a.png) } p { background: #00f no-repeat center / cover }');
    expect(t.backgroundColor).toEqual(rgb(0, 0, 255));
    expect(t.backgroundImage).toBeNull();
    expect(t.extra.get('background-repeat')).toBe('no-repeat');
    const u = computed(P, 'p { background: url("img/x.png") 0 0 repeat-x, linear-gradient(red, blue) red }');
    expect(u.backgroundImage).toBe('img/x.png');
    expect(u.backgroundColor).toEqual(rgb(255, 0, 0));
  });

  it('a colour outside the last background layer is invalid', () => {
    expect(computed(P, 'p { background: red, url(x.png) }').backgroundColor.a).toBe(0);
  });

  it('list-style: type, position, image and the `none` rule', () => {
    const a = computed(P, 'p { list-style: square inside }');
    expect([a.listStyleType, a.listStylePosition, a.listStyleImage]).toEqual(['square', 'inside', null]);
    const b = computed(P, 'p { list-style: none url(dot.png) }');
    expect([b.listStyleType, b.listStyleImage]).toEqual(['none', 'dot.png']);
    const c = computed(P, 'p { list-style: none }');
    expect([c.listStyleType, c.listStyleImage]).toEqual(['none', null]);
    expect(computed(P, 'p { list-style: upper-roman }').listStyleType).toBe('upper-roman');
    expect(computed(P, 'p { list-style: armenian }').listStyleType).toBe('decimal'); // unknown style → decimal
  });

  it('text-decoration: line(s), style and colour', () => {
    const t = computed(P, 'p { color: green; text-decoration: underline line-through wavy }');
    expect(t.textDecorationLine).toEqual({ underline: true, overline: false, lineThrough: true });
    expect(t.textDecorationStyle).toBe('wavy');
    expect(t.textDecorationColor).toEqual(rgb(0, 128, 0));
    expect(computed(P, 'p { text-decoration: overline red }').textDecorationColor).toEqual(rgb(255, 0, 0));
    expect(computed(P, 'p { text-decoration: underline } p { text-decoration: none }').textDecorationLine.underline).toBe(false);
  });

  it('overflow: hidden, clip, scroll and auto all clip in print', () => {
    expect(computed(P, 'p { overflow: auto }').overflow).toBe('hidden');
    expect(computed(P, 'p { overflow: scroll visible }').overflow).toBe('hidden');
    expect(computed(P, 'p { overflow: visible }').overflow).toBe('visible');
  });

  it('overflow-x and overflow-y: a scrolling axis makes a scroll container, clip alone does not (css-overflow-3 §3)', () => {
    expect(computed(P, 'p { overflow-y: hidden }').overflow).toBe('hidden');
    expect(computed(P, 'p { overflow: clip visible }').overflow).toBe('clip');
    expect(computed(P, 'p { overflow: clip scroll }').overflow).toBe('hidden');
    expect(computed(P, 'p { overflow: visible clip }')).toMatchObject({ overflowX: 'visible', overflowY: 'clip' });
    expect(computed(P, 'p { overflow-x: overlay }').overflowX).toBe('auto');
  });

  it('page-break-* map to break-*', () => {
    const t = computed(P, 'p { page-break-before: always; page-break-after: avoid; page-break-inside: avoid }');
    expect([t.breakBefore, t.breakAfter, t.breakInside]).toEqual(['page', 'avoid', 'avoid']);
    expect(computed(P, 'p { page-break-inside: always }').breakInside).toBe('auto'); // invalid for inside
    expect(computed(P, 'p { break-before: recto }').breakBefore).toBe('recto');
  });

  it('word-wrap is an alias of overflow-wrap; white-space keywords', () => {
    expect(computed(P, 'p { word-wrap: break-word }').overflowWrap).toBe('break-word');
    expect(computed(P, 'p { white-space: pre-wrap }').whiteSpace).toBe('pre-wrap');
    expect(computed(P, 'p { white-space: pre } p { white-space: wrap-anything }').whiteSpace).toBe('pre');
  });

  it('flex, flex-flow and gap expand into typed fields (css-flexbox-1 §7.1, css-align-3 §8.2)', () => {
    const t = computed(P, 'p { flex: 2; flex-flow: column wrap; gap: 4px 1em }');
    expect([t.flexGrow, t.flexShrink, t.flexBasis, t.flexDirection, t.flexWrap]).toEqual([2, 1, { abs: 0, pct: 0 }, 'column', 'wrap']);
    expect([t.rowGap, t.columnGap]).toEqual([{ abs: 3, pct: 0 }, { abs: 12, pct: 0 }]);
    const none = computed(P, 'p { flex: none }');
    expect([none.flexGrow, none.flexShrink, none.flexBasis]).toEqual([0, 0, 'auto']);
    expect(computed(P, 'p { flex: 1 1 200px }').flexBasis).toEqual({ abs: 150, pct: 0 });
    expect(computed(P, 'p { flex: 30% 2 }').flexBasis).toEqual({ abs: 0, pct: 30 });
    expect(computed(P, 'p { flex: 1 0 0 }').flexBasis).toEqual({ abs: 0, pct: 0 });
    // Factors are adjacent: a basis between them is invalid, and the declaration is dropped.
    expect(computed(P, 'p { flex: 3 } p { flex: 1 10px 2 }').flexGrow).toBe(3);
    expect(computed(P, 'p { gap: normal 5% }').columnGap).toEqual({ abs: 0, pct: 5 });
  });

  it('alignment values and place-* shorthands (css-align-3)', () => {
    const t = computed(P, 'p { place-content: space-between center; place-items: first baseline; align-self: safe end; justify-items: legacy left; order: -2 }');
    expect([t.alignContent, t.justifyContent, t.alignItems, t.justifyItems, t.alignSelf, t.order]).toEqual(['space-between', 'center', 'baseline', 'normal', 'end', -2]);
    // justify-content takes no baseline position (css-align-3 §5.1); align-content does.
    expect(computed(P, 'p { justify-content: last baseline }').justifyContent).toBe('normal');
    expect(computed(P, 'p { align-content: last baseline }').alignContent).toBe('last baseline');
    expect(computed(P, 'p { align-items: center } p { align-items: space-between }').alignItems).toBe('center');
  });

  it('keeps `safe` apart from the alignment keyword (css-align-3 §4.4); unsafe is the default', () => {
    const t = computed(P, 'p { justify-content: safe flex-end; align-self: unsafe center; place-items: safe end safe start }');
    expect([t.justifyContent, t.justifyContentSafe, t.alignSelf, t.alignSelfSafe]).toEqual(['flex-end', true, 'center', false]);
    expect([t.alignItems, t.alignItemsSafe, t.justifyItems]).toEqual(['end', true, 'start']);
    expect(computed(P, 'p { align-content: safe space-between }').alignContent).toBe('normal');
  });
});

describe('extra properties', () => {
  it('keeps unmodelled properties as serialized text, validated by css-tree where it can', () => {
    const t = computed('<table id="t"></table>', 'table { string-set: title content(text); mix-blend-mode: bogus-value; filter: blur(2px) }');
    expect(t.extra.get('string-set')).toBe('title content(text)');
    expect(t.extra.get('filter')).toBe('blur(2px)');
    expect(t.extra.has('mix-blend-mode')).toBe(false);
  });

  it('inherited extras inherit, others do not', () => {
    const doc = computed('<table style="text-rendering: optimizeLegibility; filter: blur(2px)"><tr><td id="t">x</td></tr></table>', '');
    expect(doc.extra.get('text-rendering')).toBe('optimizeLegibility');
    expect(doc.extra.has('filter')).toBe(false);
  });
});

describe('table properties', () => {
  it('parse to typed values; invalid ones are dropped', () => {
    const t = computed('<table id="t"></table>', 'table { border-collapse: collapse; border-spacing: 2px   4px; -fs-table-paginate: none; table-layout: bogus-value; caption-side: bottom; empty-cells: hide }');
    expect(t.borderCollapse).toBe('collapse');
    expect(t.borderSpacing).toEqual([1.5, 3]);
    expect(t.tablePaginate).toBe('none');
    expect(t.tableLayout).toBe('auto');
    expect(t.captionSide).toBe('bottom');
    expect(t.emptyCells).toBe('hide');
  });

  it('border-spacing resolves em; negative spacing is invalid', () => {
    const t = computed('<table id="t"></table>', 'table { font-size: 10pt; border-spacing: 1em; } table { border-spacing: -2px }');
    expect(t.borderSpacing).toEqual([10, 10]);
  });

  it('border-collapse, border-spacing and caption-side inherit; table-layout does not', () => {
    const doc = computed('<table style="border-collapse: collapse; table-layout: fixed; border-spacing: 4px"><tr><td id="t">x</td></tr></table>', '');
    expect(doc.borderCollapse).toBe('collapse');
    expect(doc.borderSpacing).toEqual([3, 3]);
    expect(doc.tableLayout).toBe('auto');
  });
});

describe('unknown properties', () => {
  it('unknown properties are ignored with a warning; vendor prefixes and screen-only properties silently', async () => {
    const { style } = await import('./helpers.js');
    const doc = style(P, 'p { colr: red; -webkit-font-smoothing: antialiased; cursor: pointer; transition: all 1s; color: blue }');
    expect(doc.warnings.filter((w) => w.includes('unknown property'))).toHaveLength(1);
    expect(doc.warnings[0]).toContain('colr');
  });
});

describe('other longhands', () => {
  it('position running(), z-index, opacity, visibility, box-sizing', () => {
    const t = computed(P, 'p { position: running(header); z-index: 3; opacity: 50%; visibility: hidden; box-sizing: border-box }');
    expect(t.position).toEqual({ running: 'header' });
    expect(t.zIndex).toBe(3);
    expect(t.opacity).toBe(0.5);
    expect(t.visibility).toBe('hidden');
    expect(t.boxSizing).toBe('border-box');
  });

  it('sizes: auto, intrinsic keywords, none, min-width auto', () => {
    const t = computed(P, 'p { width: max-content; max-height: none; min-width: auto; height: 50%; max-width: 10em }');
    expect(t.width).toBe('max-content');
    // Heights have no intrinsic sizing: the keywords act as auto.
    expect(computed(P, 'p { height: min-content; min-width: fit-content; max-width: min-content }')).toMatchObject({ height: 'auto', minWidth: 'fit-content', maxWidth: 'min-content' });
    expect(t.maxHeight).toBe('none');
    expect(t.minWidth).toEqual({ abs: 0, pct: 0 });
    expect(t.height).toEqual({ abs: 0, pct: 50 });
    expect((t.maxWidth as LengthPercentage).abs).toBe(120);
  });

  it('text properties', () => {
    const t = computed(P, 'p { text-align: justify; text-align-last: center; text-indent: -2em hanging; text-transform: uppercase; word-spacing: 3px; vertical-align: -10%; hyphens: auto; word-break: break-all; orphans: 3; widows: 4; page: chapter }');
    expect(t.textAlign).toBe('justify');
    expect(t.textAlignLast).toBe('center');
    expect(t.textIndent).toEqual({ abs: -24, pct: 0 });
    expect(t.textTransform).toBe('uppercase');
    expect(t.wordSpacing).toBe(px(3));
    expect(t.verticalAlign).toEqual({ abs: 0, pct: -10 });
    expect([t.hyphens, t.wordBreak, t.orphans, t.widows, t.page]).toEqual(['auto', 'break-all', 3, 4, 'chapter']);
  });

  it('legacy word-break: break-word is word-break normal plus overflow-wrap anywhere', () => {
    const t = computed(P, 'p { overflow-wrap: normal; word-break: break-word }');
    expect([t.wordBreak, t.overflowWrap]).toEqual(['normal', 'anywhere']);
  });
});

describe('multi-column shorthands (css-multicol-1)', () => {
  it('columns takes a width and a count in either order, auto for either', () => {
    expect(computed(P, 'p { columns: 12em 3 }')).toMatchObject({ columnCount: 3 });
    expect(computed(P, 'p { columns: 3 12em }').columnCount).toBe(3);
    expect(computed(P, 'p { columns: 2 }')).toMatchObject({ columnCount: 2, columnWidth: 'auto' });
    expect(computed(P, 'p { columns: 100px }')).toMatchObject({ columnCount: 'auto', columnWidth: 75 });
    expect(computed(P, 'p { columns: auto }')).toMatchObject({ columnCount: 'auto', columnWidth: 'auto' });
  });

  it('rejects a zero or fractional count and a third value', () => {
    expect(computed(P, 'p { column-count: 0 }').columnCount).toBe('auto');
    expect(computed(P, 'p { column-count: 2.5 }').columnCount).toBe('auto');
    expect(computed(P, 'p { columns: 2 3 4 }').columnCount).toBe('auto');
  });

  it('column-rule sets width, style and colour; omitted parts reset', () => {
    expect(computed(P, 'p { column-rule: 2px dotted rgb(0, 0, 255) }')).toMatchObject({ columnRuleWidth: 1.5, columnRuleStyle: 'dotted', columnRuleColor: { r: 0, g: 0, b: 255 } });
    expect(computed(P, 'p { color: rgb(255, 0, 0); column-rule: solid }')).toMatchObject({ columnRuleWidth: 2.25, columnRuleStyle: 'solid', columnRuleColor: { r: 255, g: 0, b: 0 } });
  });
});
