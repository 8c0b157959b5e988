// The bounds of one fill: a template or payload past them is refused rather than allowed to
// take unbounded time or memory (DESIGN.md invariant 5).

/** Fields a template may have (AcroForm fields read, Cast fields filled). */
export const MAX_FIELDS = 2_000;
/** Characters of one text value, after formatting. */
export const MAX_VALUE_LENGTH = 10_000;
/** Keys of a payload's `data`. */
export const MAX_DATA_KEYS = 10_000;
/** Bytes of a template PDF. */
export const MAX_TEMPLATE_BYTES = 100 * 1024 * 1024;
/** Nesting of the AcroForm field tree that is followed. */
export const MAX_FIELD_DEPTH = 32;
/** Images fetched at the same time. */
export const IMAGE_FETCH_CONCURRENCY = 6;
