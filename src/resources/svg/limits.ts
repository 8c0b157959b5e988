// The bounds on SVG input, shared by the decoder and the DOM stage that writes inline <svg>
// elements out as SVG documents.

/** Bounds on SVG input: bad input is refused with a warning, never a hang or a crash. */
export const SVG_LIMITS = {
  /** File size, bytes. */
  maxBytes: 5 * 1024 * 1024,
  maxElements: 50_000,
  maxDepth: 256,
  /** Characters internal entities may expand to, in total. */
  maxExpansion: 1_000_000,
  /** Drawn nodes with every `<use>` copy counted. */
  maxNodes: 100_000,
  /** Path segments with every `<use>` copy counted. */
  maxPathOps: 1_000_000,
} as const;
