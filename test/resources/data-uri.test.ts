// decodeDataUri: base64 and percent-encoded bodies, media types, and what is rejected.
import { describe, expect, it } from 'vitest';
import { decodeDataUri } from '../../src/resources/data-uri.js';

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

describe('decodeDataUri', () => {
  it('decodes base64 with the media type lower-cased and parameters dropped', () => {
    const result = decodeDataUri('data:Image/PNG;name=x.png;base64,iVBORw0KGgo=');
    expect(result?.mediaType).toBe('image/png');
    expect(Array.from(result!.data)).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('tolerates whitespace and missing padding in base64, and a case-insensitive flag', () => {
    expect(text(decodeDataUri('data:text/plain;BASE64,aGVs\n bG8')!.data)).toBe('hello');
    expect(text(decodeDataUri('  data:;base64,aGk=  ')!.data)).toBe('hi');
  });

  it('decodes percent-encoded text, keeping invalid escapes as they are', () => {
    const result = decodeDataUri('data:text/html,%3Cp%3Ehi%20there%3C/p%3E%zz');
    expect(result?.mediaType).toBe('text/html');
    expect(text(result!.data)).toBe('<p>hi there</p>%zz');
  });

  it('percent-decodes before base64 decoding', () => {
    expect(text(decodeDataUri('data:;base64,aGk%3D')!.data)).toBe('hi');
  });

  it('encodes non-ASCII text as UTF-8 and defaults the media type to text/plain', () => {
    const result = decodeDataUri('data:,caf\u00e9');
    expect(result?.mediaType).toBe('text/plain');
    expect(Array.from(result!.data.slice(3))).toEqual([0xc3, 0xa9]);
  });

  it('returns null for other schemes, a missing comma and corrupt base64', () => {
    expect(decodeDataUri('https://example.com/a.png')).toBeNull();
    expect(decodeDataUri('data:image/png;base64')).toBeNull();
    expect(decodeDataUri('data:image/png;base64,ab*d')).toBeNull();
    expect(decodeDataUri('data:image/png;base64,abcde')).toBeNull();
    expect(decodeDataUri('data:image/png;base64,ab=c')).toBeNull();
  });

  it('decodes an empty body to no bytes', () => {
    expect(decodeDataUri('data:image/png;base64,')?.data.length).toBe(0);
  });
});
