// Which response media types each kind of resource accepts. Spec §4.3 rule 2 promises TTF
// served as `font/ttf` or `application/x-font-ttf`; the other font types below are accepted too,
// and the font stage decides which formats it can use. Spec §4.5 rule 3: a wrong Content-Type on
// an image prevents it loading.
import type { ResourceKind } from './kinds.js';
import { sniffImageType } from './sniff.js';

const FONT_TYPES: ReadonlySet<string> = new Set([
  'font/ttf',
  'font/otf',
  'font/woff',
  'font/woff2',
  'font/sfnt',
  'application/x-font-ttf',
  'application/x-font-otf',
  'application/font-woff',
  'application/font-woff2',
  'application/font-sfnt',
  'application/vnd.ms-opentype',
]);

/** Where the bytes came from: a missing type means something different for each. */
export type ResourceOrigin = 'http' | 'file' | 'data';

/** The essence of a Content-Type header: `Text/CSS; charset=utf-8` → `text/css`; `''` if none. */
export function mediaTypeEssence(header: string | readonly string[] | undefined | null): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string') return '';
  const essence = value.split(';')[0]!.trim().toLowerCase();
  return /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/.test(essence) ? essence : '';
}

/** `{ charset }` from a Content-Type header's charset parameter (RFC 9110 §8.3.2), or `{}`. */
export function charsetField(header: string | readonly string[] | undefined | null): { charset?: string } {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string') return {};
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(value);
  const charset = match?.[1] ?? match?.[2];
  return charset ? { charset } : {};
}

/**
 * True when a response of `mediaType` is acceptable as `kind`:
 * - image: any `image/*`; `application/octet-stream` or no type only when the bytes are a known
 *   raster format (browsers sniff unlabelled images the same way);
 * - font: the font types above;
 * - stylesheet: `text/css`; no type only for a `data:` URI (`data:,a{b:c}`);
 * - attachment: anything (the file is embedded as it is).
 */
export function acceptsMediaType(kind: ResourceKind, mediaType: string, data: Uint8Array, origin: ResourceOrigin): boolean {
  switch (kind) {
    case 'image':
      if (mediaType.startsWith('image/')) return true;
      return (mediaType === 'application/octet-stream' || mediaType === '') && sniffImageType(data) !== null;
    case 'font':
      return FONT_TYPES.has(mediaType);
    case 'stylesheet':
      return mediaType === 'text/css' || (mediaType === '' && origin === 'data');
    case 'attachment':
      return true;
  }
}
