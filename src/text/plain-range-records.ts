// The range records of OpenType coverage and class definition tables (Coverage format 2,
// ClassDef format 2: start, end and a number) decoded as plain objects. restructure gives
// every decoded structure four hidden properties (parent, offsets, length) through
// Object.defineProperties, which is most of the cost of a Noto face's kerning classes: about
// 5 ms per face on a cold start (issue 20). Nothing reads those properties of a range record
// (fontkit only scans start, end and the number; layout tables are never re-encoded).
//
// The record types are restructure structures shared by every font and by GSUB and GPOS;
// their decode is replaced once per process, reached through a decoded GPOS table (pair
// adjustment format 2 holds both). Pinned to fontkit 2.0.x / restructure 3 (as
// lazy-mark-anchors.ts, plus Struct.fields and NumberT.fn); test/text/plain-range-records.test.ts
// fails loudly if they change.

import type * as fontkit from 'fontkit';

interface RestructureType {
  readonly type?: RestructureType;
  readonly fields?: Readonly<Record<string, RestructureType>>;
  /** A VersionedStruct's versions: a nested VersionedStruct, or the fields of one version. */
  readonly versions?: Readonly<Record<string, RestructureType & Readonly<Record<string, RestructureType | undefined>>>>;
  /** A NumberT's reader name ("UInt16BE"). */
  readonly fn?: string;
  decode?(stream: unknown, parent?: unknown): unknown;
}

let replaced = false;

/**
 * Makes fontkit decode coverage and class range records as plain objects, for all fonts;
 * `program` is any font with a GPOS table. True once done (now or before).
 */
export function usePlainRangeRecords(program: fontkit.Font): boolean {
  if (replaced) return true;
  const lookupList = (program as unknown as { GPOS?: { lookupList?: RestructureType } }).GPOS?.lookupList;
  const pairClasses = lookupList?.type?.type?.fields?.subTables?.type?.type?.versions?.[2]?.versions?.[2];
  const classRange = pairClasses?.classDef2?.type?.versions?.[2]?.classRangeRecord?.type;
  const coverageRange = pairClasses?.coverage?.type?.versions?.[2]?.rangeRecords?.type;
  if (!classRange || !coverageRange || !isNumberStruct(classRange) || !isNumberStruct(coverageRange)) return false;
  decodePlainly(classRange);
  decodePlainly(coverageRange);
  replaced = true;
  return true;
}

/** A structure of numbers only (no pointers, nothing that needs its parent). */
function isNumberStruct(type: RestructureType): boolean {
  const fields = type.fields ? Object.values(type.fields) : [];
  return fields.length > 0 && fields.every((field) => typeof field.fn === 'string' && typeof field.decode === 'function');
}

function decodePlainly(struct: RestructureType): void {
  const fields = Object.entries(struct.fields!);
  Object.defineProperty(struct, 'decode', {
    value: function decodePlain(stream: unknown): Record<string, unknown> {
      const record: Record<string, unknown> = {};
      for (const [name, field] of fields) record[name] = field.decode!(stream);
      return record;
    },
    configurable: true,
    writable: true,
  });
}
