// Recognising SVG by its content (never by URL or Content-Type, like the raster formats):
// text that opens, after an optional byte order mark, white space, an XML declaration,
// comments, processing instructions and a doctype, with an `<svg` element.

/** Bytes looked at: prologs are short, but a doctype may declare a few entities. */
const SNIFF_BYTES = 64 * 1024;

/** Decodes SVG bytes to text: UTF-8 unless a byte order mark or the XML declaration says otherwise. */
export function decodeSvgText(data: Uint8Array): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return new TextDecoder('utf-8').decode(data.subarray(3));
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 256)).toString('latin1');
  const encoding = /^\s*<\?xml[^>]*\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (encoding && encoding !== 'utf-8' && encoding !== 'utf8') {
    try {
      return new TextDecoder(encoding).decode(data);
    } catch {
      // An encoding TextDecoder does not know: read it as UTF-8.
    }
  }
  return new TextDecoder('utf-8').decode(data);
}

/** True when the data looks like an SVG document (the root may still lack its namespace). */
export function looksLikeSvg(data: Uint8Array): boolean {
  const text = decodeSvgText(data.subarray(0, SNIFF_BYTES));
  let pos = 0;
  for (;;) {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
    if (text.startsWith('<?', pos)) pos = after(text, '?>', pos);
    else if (text.startsWith('<!--', pos)) pos = after(text, '-->', pos);
    else if (text.startsWith('<!DOCTYPE', pos)) pos = afterDoctype(text, pos);
    else break;
    if (pos < 0) return false;
  }
  return /^<(?:[A-Za-z_][\w.-]*:)?svg[\s/>]/.test(text.slice(pos, pos + 64));
}

function after(text: string, terminator: string, from: number): number {
  const index = text.indexOf(terminator, from);
  return index < 0 ? -1 : index + terminator.length;
}

/** The end of `<!DOCTYPE …>`, past an internal subset in brackets. */
function afterDoctype(text: string, from: number): number {
  const close = text.indexOf('>', from);
  const bracket = text.indexOf('[', from);
  if (bracket < 0 || (close >= 0 && close < bracket)) return close < 0 ? -1 : close + 1;
  const end = text.indexOf(']', bracket);
  return end < 0 ? -1 : after(text, '>', end);
}
