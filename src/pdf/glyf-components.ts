// The component records of a composite glyph (OpenType `glyf`, "Composite glyph description"):
// flags, a glyph id, two arguments of one or two bytes each, and an optional transform.

export const MORE_COMPONENTS = 0x0020;
export const WE_HAVE_INSTRUCTIONS = 0x0100;

const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** The size in bytes of a component record whose flags are `flags`. */
export function componentSize(flags: number): number {
  let size = 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
  if (flags & WE_HAVE_A_SCALE) size += 2;
  else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) size += 4;
  else if (flags & WE_HAVE_A_TWO_BY_TWO) size += 8;
  return size;
}
