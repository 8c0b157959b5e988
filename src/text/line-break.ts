// Line-break opportunities (UAX #14, through the linebreak package), with a fast path for the
// common text made only of letters, digits, spaces and a few punctuation marks.

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
  return isSimpleText(text) ? simpleBreaks(text) : uax14Breaks(text);
}

function uax14Breaks(text: string): BreakOpportunity[] {
  const breaker = new LineBreaker(text);
  const breaks: BreakOpportunity[] = [];
  for (let found = breaker.nextBreak(); found; found = breaker.nextBreak()) {
    breaks.push({ position: found.position, required: found.required });
  }
  return breaks;
}

// Characters whose UAX #14 classes are AL, NU, SP and IS (, . : ;). Between them the only
// opportunity is after a run of spaces (LB18), unless an IS follows (LB13); LB25 and LB29
// keep IS with the letters and digits after it. test/text/line-break.test.ts checks this
// against the linebreak package.
const SIMPLE = new Uint8Array(128);
for (const ch of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;') SIMPLE[ch.charCodeAt(0)] = 1;
const INFIX_SEPARATOR = new Uint8Array(128);
for (const ch of '.,:;') INFIX_SEPARATOR[ch.charCodeAt(0)] = 1;

function isSimpleText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || SIMPLE[code] === 0) return false;
  }
  return true;
}

function simpleBreaks(text: string): BreakOpportunity[] {
  const breaks: BreakOpportunity[] = [];
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (text.charCodeAt(i - 1) === 0x20 && code !== 0x20 && INFIX_SEPARATOR[code] === 0) breaks.push({ position: i, required: false });
  }
  if (text.length > 0) breaks.push({ position: text.length, required: false });
  return breaks;
}
