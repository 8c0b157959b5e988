// Mark attachment anchors (GPOS lookup types 4, 5 and 6, OpenType §"GPOS") decoded when a
// mark is attached, not when the lookup is first read. fontkit decodes a lookup whole the
// first time a feature needs it, and a Noto face's mark-to-base lookup holds an anchor for
// every base glyph and mark class: tens of milliseconds of decoding per face on a cold start
// (issue 20), for text without combining marks that never reaches those arrays (a lookup
// looks at its mark coverage first, and reads the arrays only for a covered glyph).
//
// fontkit's GPOS structures are restructure types shared by every font: their array
// pointers are switched to restructure's lazy pointers (a getter that decodes on first read,
// then keeps the value), once per process. Reached through a decoded GPOS table, since
// fontkit exports no table definitions. Pinned to fontkit 2.0.x / restructure 3
// (LazyArray.type, Struct.fields, Array.type, Pointer.type and options, VersionedStruct.versions);
// test/text/lazy-mark-anchors.test.ts fails loudly if they change.

import type * as fontkit from 'fontkit';

/** The arrays of anchors per GPOS lookup type (the coverage tables stay eager). */
const ANCHOR_ARRAYS: Readonly<Record<number, readonly string[]>> = {
  4: ['markArray', 'baseArray'],
  5: ['markArray', 'ligatureArray'],
  6: ['mark1Array', 'mark2Array'],
};

interface RestructureType {
  readonly type?: RestructureType;
  readonly fields?: Readonly<Record<string, RestructureType>>;
  readonly versions?: Readonly<Record<string, Readonly<Record<string, RestructureType>>>>;
  readonly options?: { lazy?: boolean };
  decode?(...args: unknown[]): unknown;
}

let deferred = false;

/**
 * Makes fontkit decode mark anchor arrays on first use, for all fonts; `program` is any font,
 * used to reach the shared definitions through its GPOS table. True once done (now or before).
 */
export function deferMarkAnchors(program: fontkit.Font): boolean {
  if (deferred) return true;
  const lookupList = (program as unknown as { GPOS?: { lookupList?: RestructureType } }).GPOS?.lookupList;
  const subtable = lookupList?.type?.type?.fields?.subTables?.type?.type;
  const versions = subtable?.versions;
  if (!versions) return false;
  for (const [lookupType, fields] of Object.entries(ANCHOR_ARRAYS)) {
    for (const field of fields) {
      const pointer = versions[lookupType]?.[field];
      if (pointer?.options && typeof pointer.decode === 'function' && pointer.type) pointer.options.lazy = true;
    }
  }
  deferred = true;
  return true;
}
