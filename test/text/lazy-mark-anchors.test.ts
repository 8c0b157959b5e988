// Mark anchors decoded on first use: Latin text leaves them undecoded, combining marks still
// attach where the font's anchors put them.
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FACES, readBundledFont } from '../../src/text/bundled-fonts.js';
import { deferMarkAnchors } from '../../src/text/lazy-mark-anchors.js';

function openNotoSans(): fontkit.Font {
  return fontkit.create(readBundledFont(BUNDLED_FACES[0]!)) as fontkit.Font;
}

interface MarkToBase {
  readonly lookupType: number;
  readonly subTables: readonly object[];
}

/** Noto Sans's mark-to-base subtable (GPOS lookup type 4), as fontkit decoded it. */
function markToBase(program: fontkit.Font): object {
  const list = (program as unknown as { GPOS: { lookupList: { length: number; get(i: number): MarkToBase } } }).GPOS.lookupList;
  for (let i = 0; i < list.length; i++) {
    const lookup = list.get(i);
    if (lookup.lookupType === 4) return lookup.subTables[0]!;
  }
  throw new Error('Noto Sans has no mark-to-base lookup');
}

describe('deferMarkAnchors', () => {
  it('reaches fontkit’s GPOS definitions', () => {
    expect(deferMarkAnchors(openNotoSans())).toBe(true);
  });

  it('leaves the anchors undecoded while no mark is attached', () => {
    const program = openNotoSans();
    deferMarkAnchors(program);
    program.layout('Invoice total: 1,234.56');
    const table = markToBase(program);
    expect(Object.getOwnPropertyDescriptor(table, 'baseArray')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(table, 'markArray')?.get).toBeTypeOf('function');
  });

  it('attaches combining marks at the font’s anchors', () => {
    const program = openNotoSans();
    deferMarkAnchors(program);
    const positions = program.layout('e\u0301 o\u0302\u0323').positions.map((p) => [p.xAdvance, p.xOffset, p.yOffset]);
    // As fontkit places them with its anchors decoded eagerly (no advance, offsets from the anchors).
    expect(positions).toEqual([[564, 0, 0], [0, -7, 0], [260, 0, 0], [605, 0, 0], [0, -304, 0], [0, -6, 0]]);
  });
});
