// SVG font-family lists are CSS family lists: a quoted name may hold a comma.
import { describe, expect, it } from 'vitest';
import { computeStyle, INITIAL_SVG_STYLE } from '../../src/resources/svg/style.js';
import { parseXml } from '../../src/resources/svg/xml.js';

function familiesOf(value: string): readonly string[] {
  const parsed = parseXml(`<svg xmlns="http://www.w3.org/2000/svg" font-family="${value}"/>`, { maxElements: 10, maxDepth: 10, maxExpansion: 100 });
  if (!parsed.ok) throw new Error('bad test SVG');
  return computeStyle(parsed.root, INITIAL_SVG_STYLE, { width: 100, height: 100 }).style.fontFamily;
}

describe('SVG font-family', () => {
  it('keeps a quoted name with a comma whole, and unquotes names', () => {
    expect(familiesOf("'Brand, Inc', serif")).toEqual(['Brand, Inc', 'serif']);
    expect(familiesOf('Noto Sans, &quot;Open Sans&quot;')).toEqual(['Noto Sans', 'Open Sans']);
  });
});
