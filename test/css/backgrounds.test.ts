// The background longhands (css-backgrounds-3 §3.4–3.9, position-x/-y from level 4) and the
// `background` shorthand: computed text in `extra`, the typed layer read back from it, and
// invalid values dropped with a warning so that the earlier declaration still applies.
import { describe, expect, it } from 'vitest';
import { backgroundLayerOf, INITIAL_BACKGROUND_LAYER } from '../../src/css/properties/background.js';
import { computed, px, rgb, style, styleOf } from './helpers.js';

const P = '<p id="t">x</p>';

/** The computed style of #t and the warnings of the document. */
function styled(css: string): { extra: ReadonlyMap<string, string>; warnings: readonly string[]; layer: ReturnType<typeof backgroundLayerOf> } {
  const doc = style(P, css);
  const s = styleOf(doc, 't');
  return { extra: s.extra, warnings: doc.warnings, layer: backgroundLayerOf(s) };
}

/** Asserts that `value` is dropped for `property` with a warning, leaving the earlier `good`. */
function expectDropped(property: string, good: string, value: string): void {
  const { extra, warnings } = styled(`p { ${property}: ${good} } p { ${property}: ${value} }`);
  const name = property === 'background-position' ? 'background-position-x' : property;
  expect(extra.get(name), `${property}: ${value}`).toBe(styled(`p { ${property}: ${good} }`).extra.get(name));
  expect(warnings.some((w) => w.includes(`invalid value for '${property}'`)), `warning for ${property}: ${value}`).toBe(true);
}

describe('background-size', () => {
  it.each([
    ['cover', 'cover'],
    ['contain', 'contain'],
    ['auto', 'auto'],
    ['auto auto', 'auto'],
    ['40px', '30pt'],
    ['40px auto', '30pt'],
    ['auto 50%', 'auto 50%'],
    ['50% 2em', '50% 24pt'],
    ['calc(100% - 10px) 0', 'calc(100% - 7.5pt) 0%'],
    ['cover, 10px 20px', 'cover, 7.5pt 15pt'],
  ])('%s computes to %s', (value, text) => {
    expect(styled(`p { background-size: ${value} }`).extra.get('background-size')).toBe(text);
  });

  it('reads back typed: the first layer', () => {
    expect(styled('p { background-size: 40px }').layer.size).toEqual({ width: { abs: px(40), pct: 0 }, height: 'auto' });
    expect(styled('p { background-size: auto 50% }').layer.size).toEqual({ width: 'auto', height: { abs: 0, pct: 50 } });
    expect(styled('p { background-size: contain, cover }').layer.size).toBe('contain');
    expect(styled('p { color: red }').layer).toBe(INITIAL_BACKGROUND_LAYER);
  });

  it.each(['-10px', 'cover contain', 'cover 10px', '1px 2px 3px', 'left', 'red', '10px,', ', cover'])('drops %s with a warning', (value) => {
    expectDropped('background-size', 'contain', value);
  });
});

describe('background-position and its -x/-y longhands', () => {
  const pos = (value: string) => {
    const { extra } = styled(`p { background-position: ${value} }`);
    return `${extra.get('background-position-x')} | ${extra.get('background-position-y')}`;
  };

  it.each([
    // one value: the other axis is center
    ['left', '0% | 50%'],
    ['top', '50% | 0%'],
    ['center', '50% | 50%'],
    ['10px', '7.5pt | 50%'],
    // two values: horizontal then vertical, or two keywords in either order
    ['right bottom', '100% | 100%'],
    ['bottom right', '100% | 100%'],
    ['top center', '50% | 0%'],
    ['25% 75%', '25% | 75%'],
    ['left 10px', '0% | 7.5pt'],
    ['10px top', '7.5pt | 0%'],
    // three and four values: offsets from the named sides
    ['right 10px bottom', 'calc(100% - 7.5pt) | 100%'],
    ['center top 4px', '50% | 3pt'],
    ['left 5% top 2em', '5% | 24pt'],
    ['bottom 10px right 20%', '80% | calc(100% - 7.5pt)'],
    // layers
    ['left top, right bottom', '0%, 100% | 0%, 100%'],
  ])('%s → %s', (value, expected) => {
    expect(pos(value)).toBe(expected);
  });

  it.each(['left right', 'top bottom', 'top 10px', 'left 10px 20px', 'center 10px top', '10px 20px 30px', 'left top left', 'red'])('drops %s with a warning', (value) => {
    expectDropped('background-position', 'center', value);
  });

  it('the longhands take one axis each, with an offset from either side', () => {
    const { extra, layer } = styled('p { background-position-x: right 12px; background-position-y: 30% }');
    expect(extra.get('background-position-x')).toBe('calc(100% - 9pt)');
    expect(layer.positionX).toEqual({ abs: -9, pct: 100 });
    expect(layer.positionY).toEqual({ abs: 0, pct: 30 });
    expect(styled('p { background-position-y: bottom }').extra.get('background-position-y')).toBe('100%');
    expect(styled('p { background-position-x: center }').extra.get('background-position-x')).toBe('50%');
    expectDropped('background-position-x', 'left', 'top');
    expectDropped('background-position-y', 'top', 'left 10px');
    expectDropped('background-position-x', 'left', '10px 20px');
  });
});

describe('background-repeat', () => {
  it.each([
    ['repeat', 'repeat', ['repeat', 'repeat']],
    ['repeat-x', 'repeat-x', ['repeat', 'no-repeat']],
    ['repeat no-repeat', 'repeat-x', ['repeat', 'no-repeat']],
    ['repeat-y', 'repeat-y', ['no-repeat', 'repeat']],
    ['space round', 'space round', ['space', 'round']],
    ['round round', 'round', ['round', 'round']],
    ['no-repeat', 'no-repeat', ['no-repeat', 'no-repeat']],
  ])('%s computes to %s', (value, text, [x, y]) => {
    const { extra, layer } = styled(`p { background-repeat: ${value} }`);
    expect(extra.get('background-repeat')).toBe(text);
    expect([layer.repeatX, layer.repeatY]).toEqual([x, y]);
  });

  it.each(['repeat-x repeat', 'repeat repeat repeat', 'tile', '10px'])('drops %s with a warning', (value) => {
    expectDropped('background-repeat', 'space', value);
  });
});

describe('background-origin and background-clip', () => {
  it('take a visual box', () => {
    const { layer } = styled('p { background-origin: content-box; background-clip: padding-box }');
    expect([layer.origin, layer.clip]).toEqual(['content-box', 'padding-box']);
    expect([INITIAL_BACKGROUND_LAYER.origin, INITIAL_BACKGROUND_LAYER.clip]).toEqual(['padding-box', 'border-box']);
  });

  it.each(['text', 'margin-box', 'border-box padding-box'])('drop %s with a warning', (value) => {
    expectDropped('background-origin', 'content-box', value);
    expectDropped('background-clip', 'content-box', value);
  });
});

describe('the background shorthand', () => {
  it('sets every part of one layer, and resets what it omits', () => {
    const t = computed(P, 'p { background-size: 10px; background-clip: content-box } p { background: #00f url(a.png) right 10px top / 50% auto repeat-y fixed padding-box content-box }');
    expect(t.backgroundColor).toEqual(rgb(0, 0, 255));
    expect(t.backgroundImage).toBe('a.png');
    expect(t.extra.get('background-position-x')).toBe('calc(100% - 7.5pt)');
    expect(t.extra.get('background-position-y')).toBe('0%');
    expect(t.extra.get('background-size')).toBe('50%');
    expect(t.extra.get('background-repeat')).toBe('repeat-y');
    expect(t.extra.get('background-attachment')).toBe('fixed');
    expect(t.extra.get('background-origin')).toBe('padding-box');
    expect(t.extra.get('background-clip')).toBe('content-box');
    const u = computed(P, 'p { background-size: 10px; background-clip: content-box; background-position: right } p { background: red }');
    expect(backgroundLayerOf(u)).toBe(INITIAL_BACKGROUND_LAYER);
    expect([...u.extra.keys()].filter((k) => k.startsWith('background'))).toEqual([]);
  });

  it('one box keyword sets both origin and clip; size needs a position before the slash', () => {
    const t = computed(P, 'p { background: url(a.png) content-box center / cover }');
    expect(t.extra.get('background-origin')).toBe('content-box');
    expect(t.extra.get('background-clip')).toBe('content-box');
    expect(t.extra.get('background-size')).toBe('cover');
    const doc = style(P, 'p { background: url(a.png) / cover }');
    expect(styleOf(doc, 't').backgroundImage).toBeNull();
    expect(doc.warnings.some((w) => w.includes("invalid value for 'background'"))).toBe(true);
  });

  it('several layers: the first painted image (url or gradient) with its own layer\'s parts, and the last layer\'s colour', () => {
    const t = computed(P, 'p { background: conic-gradient(red, blue) left top / 10px, url(b.png) center / contain no-repeat, url(c.png) repeat-x #0f0 }');
    expect(t.backgroundImage).toBe('b.png');
    expect(t.backgroundColor).toEqual(rgb(0, 255, 0));
    expect(t.extra.get('background-size')).toBe('contain');
    expect(t.extra.get('background-repeat')).toBe('no-repeat');
    expect(t.extra.get('background-position-x')).toBe('50%');
  });

  it('a gradient alone is the image, with the colour under it', () => {
    const doc = style(P, 'p { background: linear-gradient(red, blue) #eee }');
    expect(styleOf(doc, 't').backgroundImage).toMatchObject({ kind: 'linear' });
    expect(styleOf(doc, 't').backgroundColor).toEqual(rgb(238, 238, 238));
    expect(doc.warnings).toEqual([]);
  });

  it.each([
    'url(a.png) url(b.png)',
    'left url(a.png) top',
    'center / 1px 2px 3px',
    'repeat-x repeat',
    'red url(a.png), blue',
    'border-box padding-box content-box',
    'scroll fixed',
  ])('drops %s with a warning', (value) => {
    const doc = style(P, `p { background: url(keep.png) } p { background: ${value} }`);
    expect(styleOf(doc, 't').backgroundImage).toBe('keep.png');
    expect(doc.warnings.some((w) => w.includes("invalid value for 'background'"))).toBe(true);
  });

  it('inherit and initial reach the longhands', () => {
    const t = computed('<div style="background: url(a.png) center / cover no-repeat"><p id="t">x</p></div>', 'p { background: inherit }');
    expect(t.backgroundImage).toBe('a.png');
    expect(backgroundLayerOf(t).size).toBe('cover');
    expect(backgroundLayerOf(t).positionX).toEqual({ abs: 0, pct: 50 });
  });
});
