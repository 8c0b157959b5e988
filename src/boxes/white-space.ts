// White-space processing of an inline formatting context (CSS Text 3 §4.1.1, phase I):
// collapsible spaces collapse across inline box boundaries, preserved newlines become
// forced line breaks, tabs become spaces. Phase II (spaces at line ends) happens in layout.
import type { WhiteSpace } from '../css/types.js';
import type { InlineLevelBox, LineBreakBox, TextBox } from './types.js';

const TAB_SPACES = '        ';
/**
 * Text that collapsing may change apart from a leading space (a quick scan before replacing;
 * a space before a bidi control may be a false alarm, which only costs the replace).
 */
const NEEDS_COLLAPSING = /[\t\n\f]| [ \u202A-\u202E\u2066-\u2069]/;
/**
 * Spaces after a space and bidi formatting characters: collapsing ignores those characters,
 * as if they were not there (CSS Text 3 §4.1.1), so the later spaces go and they stay.
 */
const SPACES_ACROSS_BIDI_CONTROLS = / ([\u202A-\u202E\u2066-\u2069]+) +/g;
/** A text's leading bidi formatting characters and the space after them. */
const LEADING_SPACE = /^([\u202A-\u202E\u2066-\u2069]*) /;
/** A text that ends in a space, maybe followed by bidi formatting characters. */
const TRAILING_SPACE = / [\u202A-\u202E\u2066-\u2069]*$/;

/** Returns the IFC's children with white space processed; empty text boxes are dropped. */
export function processWhiteSpace(children: readonly InlineLevelBox[]): InlineLevelBox[] {
  // `true` at the start: a collapsible space at the very start of the IFC is at a line start.
  const state = { afterSpace: true };
  return processList(children, state);
}

interface State {
  afterSpace: boolean;
}

function processList(children: readonly InlineLevelBox[], state: State): InlineLevelBox[] {
  const out: InlineLevelBox[] = [];
  for (const child of children) {
    switch (child.kind) {
      case 'text':
        out.push(...processText(child, state));
        break;
      case 'inline':
        out.push({ ...child, children: processList(child.children, state) });
        break;
      case 'br':
        state.afterSpace = true;
        out.push(child);
        break;
      case 'float':
        // Out of flow: spaces on either side of a float collapse together.
        out.push(child);
        break;
      case 'atomic':
      case 'marker':
      case 'page-text':
      case 'leader':
        state.afterSpace = false;
        out.push(child);
        break;
    }
  }
  // The box tree lives for the render: a copy holds no spare capacity from push().
  return out.slice();
}

/** LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI. */
function isBidiControl(code: number): boolean {
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

function preservesSpaces(ws: WhiteSpace): boolean {
  return ws === 'pre' || ws === 'pre-wrap' || ws === 'break-spaces';
}

function preservesNewlines(ws: WhiteSpace): boolean {
  return ws !== 'normal' && ws !== 'nowrap';
}

/** Splits a text box at preserved newlines and collapses its spaces. */
function processText(box: TextBox, state: State): InlineLevelBox[] {
  const ws = box.style.whiteSpace;
  const text = box.text.includes('\r') ? box.text.replace(/\r\n?/g, '\n') : box.text;
  if (preservesSpaces(ws)) {
    state.afterSpace = false;
    return splitLines(box, text.replace(/\t/g, TAB_SPACES));
  }
  if (!preservesNewlines(ws)) {
    // normal, nowrap: every run of white space (segment breaks included) becomes one space.
    let out = NEEDS_COLLAPSING.test(text) ? text.replace(/[ \t\n\f]+/g, ' ').replace(SPACES_ACROSS_BIDI_CONTROLS, ' $1') : text;
    if (state.afterSpace) out = out.startsWith(' ') ? out.slice(1) : isBidiControl(out.charCodeAt(0)) ? out.replace(LEADING_SPACE, '$1') : out;
    if (out.length === 0) return [];
    state.afterSpace = out.endsWith(' ') || (isBidiControl(out.charCodeAt(out.length - 1)) && TRAILING_SPACE.test(out));
    return [out === box.text ? box : { ...box, text: out }];
  }
  // pre-line: spaces and tabs collapse, newlines stay, spaces around a newline go.
  let out = text.replace(/[ \t\f]+/g, ' ').replace(/ *\n */g, '\n');
  if (state.afterSpace && out.startsWith(' ')) out = out.slice(1);
  if (out.length > 0) state.afterSpace = out.endsWith(' ') || out.endsWith('\n');
  return splitLines(box, out);
}

/** Turns each '\n' into a forced break between text boxes. */
function splitLines(box: TextBox, text: string): InlineLevelBox[] {
  const parts = text.split('\n');
  const out: InlineLevelBox[] = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push({ kind: 'br', style: box.style, element: null } satisfies LineBreakBox);
    if (part.length > 0) out.push({ ...box, text: part });
  });
  return out;
}
