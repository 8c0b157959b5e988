// Decodes `data:` URLs (RFC 2397, as the WHATWG Fetch "data: URL processor" reads them):
// percent-decoding first, then forgiving base64 when the `;base64` flag is present.

/** A decoded data URL: its media type essence (`image/png`) and its bytes. */
export interface DataUri {
  readonly mediaType: string;
  readonly data: Uint8Array;
}

// Fetch: an empty or unparsable media type means text/plain;charset=US-ASCII.
const DEFAULT_MEDIA_TYPE = 'text/plain';

/** Decodes a data URL, or returns null when it is not one or its base64 is corrupt. */
export function decodeDataUri(uri: string): DataUri | null {
  const trimmed = uri.trim();
  if (!/^data:/i.test(trimmed)) return null;
  const comma = trimmed.indexOf(',');
  if (comma < 0) return null;
  const header = trimmed.slice(5, comma);
  const body = percentDecode(trimmed.slice(comma + 1));
  const { mediaType, base64 } = parseHeader(header);
  const data = base64 ? forgivingBase64(latin1(body)) : body;
  return data ? { mediaType, data } : null;
}

/** Splits `image/png;charset=x;base64` into the media type essence and the base64 flag. */
function parseHeader(header: string): { mediaType: string; base64: boolean } {
  const params = header.split(';').map((part) => part.trim());
  const last = params[params.length - 1]!;
  const base64 = params.length > 1 && last.toLowerCase() === 'base64';
  const essence = params[0]!.toLowerCase();
  const mediaType = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/.test(essence) ? essence : DEFAULT_MEDIA_TYPE;
  return { mediaType, base64 };
}

/** URL percent-decoding to bytes: `%XX` becomes a byte, other text its UTF-8 bytes. */
function percentDecode(text: string): Uint8Array {
  const input = Buffer.from(text, 'utf8');
  const output = new Uint8Array(input.length);
  let length = 0;
  for (let i = 0; i < input.length; i++) {
    const byte = input[i]!;
    const hex = byte === 0x25 && i + 2 < input.length ? hexByte(input[i + 1]!, input[i + 2]!) : -1;
    if (hex >= 0) {
      output[length++] = hex;
      i += 2;
    } else {
      output[length++] = byte;
    }
  }
  return output.subarray(0, length);
}

function hexByte(high: number, low: number): number {
  const h = hexDigit(high);
  const l = hexDigit(low);
  return h < 0 || l < 0 ? -1 : h * 16 + l;
}

function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  return -1;
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
}

/**
 * WHATWG Infra "forgiving-base64 decode": whitespace is dropped, padding is optional, and
 * anything else outside the alphabet fails (Buffer.from would silently skip it instead).
 */
function forgivingBase64(text: string): Uint8Array | null {
  let data = text.replace(/[\t\n\f\r ]/g, '');
  if (data.length % 4 === 0) data = data.replace(/={1,2}$/, '');
  if (data.length % 4 === 1) return null;
  if (!/^[A-Za-z0-9+/]*$/.test(data)) return null;
  return new Uint8Array(Buffer.from(data, 'base64'));
}
