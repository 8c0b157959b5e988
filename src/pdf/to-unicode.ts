// The ToUnicode CMap of a font (ISO 32000-1 §9.10.3): maps each 2-byte glyph code to the
// UTF-16BE text it stands for, so text extraction and search return the source words.

/** One code → text mapping; `text` is non-empty. */
export interface UnicodeMapping {
  readonly code: number;
  readonly text: string;
}

// §9.10.3 refers to Adobe Technical Note #5411: at most 100 entries per bfchar block.
const ENTRIES_PER_BLOCK = 100;

/** The CMap program text for 2-byte codes (Identity-H), one bfchar entry per glyph. */
export function toUnicodeCMap(mappings: readonly UnicodeMapping[]): string {
  const sorted = [...mappings].filter((m) => m.text !== '').sort((a, b) => a.code - b.code);
  const lines = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
  ];
  for (let start = 0; start < sorted.length; start += ENTRIES_PER_BLOCK) {
    const block = sorted.slice(start, start + ENTRIES_PER_BLOCK);
    lines.push(`${block.length} beginbfchar`);
    for (const { code, text } of block) lines.push(`<${hex4(code)}> <${utf16beHex(text)}>`);
    lines.push('endbfchar');
  }
  lines.push('endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end');
  return lines.join('\n');
}

/** A 16-bit code as four hex digits. */
export function hex4(code: number): string {
  return code.toString(16).toUpperCase().padStart(4, '0');
}

/** JavaScript strings are UTF-16 already: each code unit becomes four hex digits. */
function utf16beHex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += hex4(text.charCodeAt(i));
  return hex;
}
