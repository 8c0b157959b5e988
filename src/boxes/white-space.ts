// White-space processing of an inline formatting context (CSS Text 3 §4.1.1, phase I):
// collapsible spaces collapse across inline box boundaries, preserved newlines become
// forced line breaks, tabs become spaces. Phase II (spaces at line ends) happens in layout.
import type { WhiteSpace } from '../css/types.js';
import type { InlineLevelBox, LineBreakBox, TextBox } from './types.js';

const TAB_SPACES = '        ';

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
      case 'atomic':
      case 'marker':
        state.afterSpace = false;
        out.push(child);
        break;
    }
  }
  return out;
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
  const text = box.text.replace(/\r\n?/g, '\n');
  if (preservesSpaces(ws)) {
    state.afterSpace = false;
    return splitLines(box, text.replace(/\t/g, TAB_SPACES));
  }
  const keepNewlines = preservesNewlines(ws);
  let out = '';
  for (const ch of text) {
    if (ch === '\n' && keepNewlines) {
      // pre-line: spaces before a preserved newline are removed.
      if (out.endsWith(' ')) out = out.slice(0, -1);
      out += '\n';
      state.afterSpace = true;
    } else if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\f') {
      if (!state.afterSpace) out += ' ';
      state.afterSpace = true;
    } else {
      out += ch;
      state.afterSpace = false;
    }
  }
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
