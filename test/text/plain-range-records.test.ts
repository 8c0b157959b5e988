// Coverage and class range records decoded as plain objects: same values, same layout.
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FACES, readBundledFont } from '../../src/text/bundled-fonts.js';
import { usePlainRangeRecords } from '../../src/text/plain-range-records.js';

const TEXT = 'AVATAR Wa To Ty “quoted”, 1,234.56 — office ﬁnal';

function openFace(index: number): fontkit.Font {
  return fontkit.create(readBundledFont(BUNDLED_FACES[index]!)) as fontkit.Font;
}

interface PairClasses {
  readonly version: number;
  readonly classDef2: { readonly version: number; readonly classRangeRecord?: readonly object[] };
}

/** The class ranges of the font's first class-based pair adjustment (GPOS type 2, format 2). */
function classRanges(program: fontkit.Font): readonly object[] {
  const list = (program as unknown as { GPOS: { lookupList: { length: number; get(i: number): { lookupType: number; subTables: readonly PairClasses[] } } } }).GPOS.lookupList;
  for (let i = 0; i < list.length; i++) {
    const lookup = list.get(i);
    const table = lookup.lookupType === 2 ? lookup.subTables.find((t) => t.version === 2 && t.classDef2.version === 2) : undefined;
    if (table) return table.classDef2.classRangeRecord!;
  }
  throw new Error('no class-based kerning');
}

describe('usePlainRangeRecords', () => {
  it('decodes the same ranges, as plain objects, and kerning is unchanged', () => {
    const before = openFace(2);
    const ranges = classRanges(before).map((r) => ({ ...r }));
    const positions = before.layout(TEXT).positions.map((p) => p.xAdvance);
    expect(usePlainRangeRecords(openFace(0))).toBe(true);
    const after = openFace(2);
    const plain = classRanges(after);
    expect(plain.map((r) => ({ ...r }))).toEqual(ranges);
    expect(Object.getOwnPropertyNames(plain[0])).toEqual(['start', 'end', 'class']);
    expect(after.layout(TEXT).positions.map((p) => p.xAdvance)).toEqual(positions);
  });
});
