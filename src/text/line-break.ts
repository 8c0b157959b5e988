// Line-break opportunities (UAX #14, through the linebreak package), with a fast path for the
// common text made only of letters, digits, spaces and a few punctuation marks. Thai, Lao,
// Khmer and Myanmar write no spaces between words (UAX #14 class SA, "complex context"): the
// words inside their runs come from Intl.Segmenter (ICU's dictionaries).

import LineBreaker from 'linebreak';

/** A place where a line may (or, when required, must) end. */
export interface BreakOpportunity {
  /** UTF-16 offset: the line ends before this offset. The end of the text is always one. */
  readonly position: number;
  /** True after a hard line break (LF, CR, NEL, LS, PS …): UAX #14 rules LB4, LB5. */
  readonly required: boolean;
}

/** Every break opportunity in `text`, in order; the last is at `text.length`. */
export function breakOpportunities(text: string): BreakOpportunity[] {
  const simple = simpleBreaks(text);
  if (simple !== null) return simple.map((position) => ({ position, required: false }));
  const breaks = uax14Breaks(text);
  return hasComplexContext(text) ? withWordBreaks(text, breaks) : breaks;
}

/**
 * The positions of breakOpportunities(text) where a line may wrap: all but a required break at
 * the text's end (a paragraph's last forced break), without an object per break for plain text.
 */
export function wrapPositions(text: string): number[] {
  const simple = simpleBreaks(text);
  if (simple !== null) return simple;
  const positions: number[] = [];
  for (const o of breakOpportunities(text)) if (!o.required || o.position < text.length) positions.push(o.position);
  return positions;
}

function uax14Breaks(text: string): BreakOpportunity[] {
  const breaker = new LineBreaker(text);
  const breaks: BreakOpportunity[] = [];
  for (let found = breaker.nextBreak(); found; found = breaker.nextBreak()) {
    breaks.push({ position: found.position, required: found.required });
  }
  return breaks;
}

// Characters whose UAX #14 classes are AL, NU, SP, IS (, . : ;) and EX (! ?). Between them
// the opportunities are after a run of spaces (LB18) unless an IS or EX follows (LB13), and
// after an EX before a letter or digit (LB31); LB25 and LB29 keep IS with the letters and
// digits after it. test/text/line-break.test.ts checks this against the linebreak package.
const SIMPLE = new Uint8Array(128);
for (const ch of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;!?') SIMPLE[ch.charCodeAt(0)] = 1;
/** 1 for the characters no break comes before (LB7 SP, LB13 IS and EX). */
const NO_BREAK_BEFORE = new Uint8Array(128);
for (const ch of ' .,:;!?') NO_BREAK_BEFORE[ch.charCodeAt(0)] = 1;

/**
 * Break positions of simple text: after spaces, and after ! or ? before a letter or digit.
 * Null when the text has some other character (one pass either way).
 */
function simpleBreaks(text: string): number[] | null {
  const breaks: number[] = [];
  let before = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || SIMPLE[code] === 0) return null;
    if (NO_BREAK_BEFORE[code] === 0 && (before === 0x20 || before === 0x21 || before === 0x3f)) breaks.push(i);
    before = code;
  }
  if (text.length > 0) breaks.push(text.length);
  return breaks;
}

// UAX #14 LB1 resolves SA to AL (or CM for marks), which allows no break inside a run: the
// run's words must come from a dictionary. ICU has one for each of these scripts; its choice
// does not depend on the locale beyond the script, so the script's language is the locale.
const COMPLEX_CONTEXT = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const COMPLEX_CONTEXT_RUN = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{M}]+/gu;
const SEGMENTER_LOCALES: readonly [RegExp, string][] = [
  [/\p{Script=Thai}/u, 'th'],
  [/\p{Script=Lao}/u, 'lo'],
  [/\p{Script=Khmer}/u, 'km'],
  [/\p{Script=Myanmar}/u, 'my'],
];
const segmenters = new Map<string, Intl.Segmenter>();

/** A quick scan: text with none of these scripts (nearly all) pays nothing more. */
function hasComplexContext(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Thai and Lao U+0E00–0EFF, Myanmar U+1000–109F, Khmer U+1780–17FF and U+19E0–19FF, Myanmar extensions.
    if (code >= 0x0e00 && ((code < 0x0f00) || (code >= 0x1000 && code < 0x10a0) || (code >= 0x1780 && code < 0x1800) || (code >= 0x19e0 && code < 0x1a00) || (code >= 0xa9e0 && code < 0xaa80))) {
      return COMPLEX_CONTEXT.test(text);
    }
  }
  return false;
}

/**
 * Adds the word boundaries strictly inside each run of these scripts to UAX #14's breaks (its
 * own decisions at the runs' ends stand). Both lists are ascending; one pass merges them.
 */
function withWordBreaks(text: string, breaks: BreakOpportunity[]): BreakOpportunity[] {
  const inner: number[] = [];
  for (const run of text.matchAll(COMPLEX_CONTEXT_RUN)) {
    const start = run.index;
    const end = start + run[0].length;
    for (const { index } of segmenterFor(run[0]).segment(run[0])) if (index > 0) inner.push(start + index);
    if (inner.length > 0 && inner[inner.length - 1]! >= end) inner.pop();
  }
  if (inner.length === 0) return breaks;
  const merged: BreakOpportunity[] = [];
  let j = 0;
  for (const found of breaks) {
    while (j < inner.length && inner[j]! < found.position) merged.push({ position: inner[j++]!, required: false });
    if (j < inner.length && inner[j] === found.position) j++;
    merged.push(found);
  }
  return merged;
}

function segmenterFor(run: string): Intl.Segmenter {
  const locale = SEGMENTER_LOCALES.find(([script]) => script.test(run))?.[1] ?? 'th';
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}
