// Every constraint space is built here, with all its fields in one order and never by
// spreading: block layout reads a space per box, and spaces of one hidden class keep those
// reads monomorphic in V8. Literals with different optional fields, and spreads (which give
// each result a map of its own), made them megamorphic misses (measured on the paged bench
// document with --log-ic).
import type { ConstraintSpace } from './types.js';

/** The fields a caller sets; the optional ones default to "absent". */
export type ConstraintSpaceInit = Pick<ConstraintSpace, 'inlineSize' | 'blockLimit' | 'atFragmentainerStart' | 'page'> & Partial<ConstraintSpace>;

export function constraintSpace(init: ConstraintSpaceInit): ConstraintSpace {
  return {
    inlineSize: init.inlineSize,
    blockLimit: init.blockLimit,
    atFragmentainerStart: init.atFragmentainerStart,
    endReserve: init.endReserve ?? 0,
    page: init.page,
    percentageBlockSize: init.percentageBlockSize ?? null,
    fixedInlineSize: init.fixedInlineSize,
    fixedBlockSize: init.fixedBlockSize,
    bfc: init.bfc,
    inColumns: init.inColumns ?? false,
    direction: init.direction,
  };
}

/** `space` with another block limit and start flag (a box moved down in its fragmentainer). */
export function withBlockLimit(space: ConstraintSpace, blockLimit: number, atFragmentainerStart: boolean): ConstraintSpace {
  return {
    inlineSize: space.inlineSize, blockLimit, atFragmentainerStart, endReserve: space.endReserve, page: space.page,
    percentageBlockSize: space.percentageBlockSize, fixedInlineSize: space.fixedInlineSize, fixedBlockSize: space.fixedBlockSize, bfc: space.bfc, inColumns: space.inColumns,
    direction: space.direction,
  };
}

/** `space` for a box of another containing-block width (a float or a box beside floats). */
export function withInlineSize(space: ConstraintSpace, inlineSize: number): ConstraintSpace {
  return {
    inlineSize, blockLimit: space.blockLimit, atFragmentainerStart: space.atFragmentainerStart, endReserve: space.endReserve, page: space.page,
    percentageBlockSize: space.percentageBlockSize, fixedInlineSize: space.fixedInlineSize, fixedBlockSize: space.fixedBlockSize, bfc: space.bfc, inColumns: space.inColumns,
    direction: space.direction,
  };
}
