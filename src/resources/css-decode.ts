// Style sheet bytes → text (css-syntax-3 §3.2 "determine the fallback encoding", then the
// Encoding standard's "decode", whose byte order mark wins over every label): the protocol's
// charset, else a leading `@charset "…";`, else the referring document's encoding, else UTF-8.

const UTF8 = 'utf-8';

/** The longest `@charset` rule looked at (css-syntax-3 §3.2: the first 1024 bytes). */
const MAX_CHARSET_RULE = 1024;
const CHARSET_PREFIX = [0x40, 0x63, 0x68, 0x61, 0x72, 0x73, 0x65, 0x74, 0x20, 0x22]; // `@charset "`

export interface SheetEncodingHints {
  /** The charset parameter of the response's Content-Type, when it had one. */
  readonly protocolCharset?: string | null;
  /** The referring document's (or style sheet's) encoding; UTF-8 when absent. */
  readonly environment?: string | null;
}

/** Decodes a fetched style sheet. */
export function decodeStylesheet(bytes: Uint8Array, hints: SheetEncodingHints = {}): string {
  const bom = bomEncoding(bytes);
  if (bom !== null) return new TextDecoder(bom).decode(bytes);
  // The BOM was handled above: one that does not match the encoding is text.
  return new TextDecoder(fallbackEncoding(bytes, hints), { ignoreBOM: true }).decode(bytes);
}

function fallbackEncoding(bytes: Uint8Array, hints: SheetEncodingHints): string {
  const protocol = encodingOf(hints.protocolCharset);
  if (protocol !== null) return protocol;
  const label = charsetRuleLabel(bytes);
  const declared = encodingOf(label);
  // A sheet that says it is UTF-16 but had no BOM was read as ASCII to find that: UTF-8.
  if (declared !== null) return declared === 'utf-16le' || declared === 'utf-16be' ? UTF8 : declared;
  return encodingOf(hints.environment) ?? UTF8;
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return UTF8;
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

/** The label of a `@charset "label";` starting the sheet, as bytes exactly so (§3.2 step 2). */
function charsetRuleLabel(bytes: Uint8Array): string | null {
  if (!CHARSET_PREFIX.every((b, i) => bytes[i] === b)) return null;
  const limit = Math.min(bytes.length - 1, MAX_CHARSET_RULE);
  for (let i = CHARSET_PREFIX.length; i < limit; i++) {
    if (bytes[i] === 0x22 && bytes[i + 1] === 0x3b) return String.fromCharCode(...bytes.subarray(CHARSET_PREFIX.length, i));
    if (bytes[i]! >= 0x80) return null;
  }
  return null;
}

/** The Encoding standard's name for a label, or null when it names no supported encoding. */
function encodingOf(label: string | null | undefined): string | null {
  if (label === null || label === undefined) return null;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    // Unknown labels, and those of the "replacement" encoding, which Node does not decode.
    return null;
  }
}
