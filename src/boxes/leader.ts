// `leader(dotted | solid | space | <string>)` (css-content-3 §… "leader()", css-gcpm-3 leaders):
// the pattern a leader repeats. The content parser keeps the function's arguments as written
// (serialized by css-tree), so the string is unquoted and unescaped here.

/** The keyword patterns (css-content-3): dotted is a period and a space. */
const KEYWORDS: Readonly<Record<string, string>> = { dotted: '. ', solid: '_', space: ' ' };

/** The pattern of `leader(<args>)`, or null when the arguments are not one keyword or one non-empty string. */
export function parseLeader(args: string): string | null {
  const text = args.trim();
  const keyword = KEYWORDS[text.toLowerCase()];
  if (keyword !== undefined) return keyword;
  const quote = text[0];
  if ((quote !== '"' && quote !== "'") || text.length < 2 || text[text.length - 1] !== quote) return null;
  const value = unescape(text.slice(1, -1), quote);
  return value === null || value.length === 0 ? null : value;
}

/** CSS string escapes (css-syntax-3 §4.3.7); null when an unescaped quote ends the string early. */
function unescape(body: string, quote: string): string | null {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === quote) return null;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const hex = /^[0-9a-fA-F]{1,6}/.exec(body.slice(i + 1, i + 7));
    if (hex) {
      const code = Number.parseInt(hex[0], 16);
      out += code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(code);
      i += hex[0].length;
      if (/[ \t\n]/.test(body[i + 1] ?? '')) i++;
    } else if (i + 1 < body.length) {
      // An escaped newline is a line continuation; anything else stands for itself.
      if (body[i + 1] !== '\n') out += body[i + 1];
      i++;
    }
  }
  return out;
}
