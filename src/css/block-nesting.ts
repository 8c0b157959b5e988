// Blocks nested too deeply in a style sheet or declaration list: css-tree's parser, our rule
// walk, selector compilation and the @media/@supports evaluator each recurse once per level of
// {}, () or [] (css-syntax-3 §5.4.8), and thousands of levels overflow the stack. Before
// parsing, one linear scan blanks out each top-level rule (or declaration) nesting deeper than
// any real style sheet does, so the rest of the sheet parses as if that rule were invalid.
import { skipOpaque } from './values/opaque.js';

/** Deepest nesting of {}, () and [] kept; real sheets stay under ten. */
export const MAX_BLOCK_NESTING = 256;

const LF = 0x0a;
const SEMICOLON = 0x3b;
const CLOSE_BRACE = 0x7d;

/**
 * `text` with every top-level statement (a rule, at-rule or declaration: up to a `;` or a
 * block's `}` at depth 0) that nests deeper than MAX_BLOCK_NESTING replaced by its line breaks
 * alone, so later line numbers stay right. `dropped` hears the line where each went too deep.
 */
export function dropDeepStatements(text: string, dropped: (line: number) => void): string {
  const out: string[] = [];
  let copied = 0; // text before this is in `out`
  let statement = 0; // where the current top-level statement starts
  let deepLine = 0; // the line where the current statement went too deep; 0 if it has not
  let depth = 0;
  let line = 1;
  const end = (stop: number): void => {
    if (deepLine > 0) {
      out.push(text.slice(copied, statement), text.slice(statement, stop).replace(/[^\n\r\f]/g, ''));
      copied = stop;
      dropped(deepLine);
      deepLine = 0;
    }
    statement = stop;
  };
  let i = 0;
  while (i < text.length) {
    const stop = skipOpaque(text, i);
    if (stop !== i) {
      for (let j = i; j < stop; j++) if (text.charCodeAt(j) === LF) line++;
      i = stop;
      continue;
    }
    const ch = text.charCodeAt(i);
    if (ch === LF) line++;
    else if (ch === 0x7b || ch === 0x28 || ch === 0x5b) {
      if (++depth > MAX_BLOCK_NESTING && deepLine === 0) deepLine = line;
    } else if (ch === CLOSE_BRACE || ch === 0x29 || ch === 0x5d) {
      if (depth > 0) depth--;
      if (depth === 0 && ch === CLOSE_BRACE) end(i + 1);
    } else if (ch === SEMICOLON && depth === 0) end(i + 1);
    i++;
  }
  end(text.length);
  if (out.length === 0) return text;
  out.push(text.slice(copied));
  return out.join('');
}
