// Style sheet decoding (css-syntax-3 §3.2): BOM, then the protocol charset, then @charset,
// then the referring document's encoding, then UTF-8.
import { describe, expect, it } from 'vitest';
import { decodeStylesheet } from '../../src/resources/css-decode.js';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

const utf16 = (text: string, bigEndian: boolean): number[] =>
  [...text].flatMap((c) => {
    const code = c.charCodeAt(0);
    return bigEndian ? [code >> 8, code & 0xff] : [code & 0xff, code >> 8];
  });

describe('decodeStylesheet', () => {
  it('UTF-8 by default', () => {
    expect(decodeStylesheet(Uint8Array.from(Buffer.from('.é {}')))).toBe('.é {}');
  });

  it('@charset names the encoding', () => {
    expect(decodeStylesheet(bytes('@charset "iso-8859-1";\n.t', [0xe9], 'st {}'))).toBe('@charset "iso-8859-1";\n.tést {}');
    expect(decodeStylesheet(bytes('@charset "shift-jis";.', [0x95, 0xbd, 0x98, 0x61]))).toBe('@charset "shift-jis";.平和');
  });

  it('@charset must be written exactly: lower-case, one space, double quotes', () => {
    expect(decodeStylesheet(bytes("@charset 'iso-8859-1';.t", [0xe9]))).toContain('\ufffd');
    expect(decodeStylesheet(bytes('@CHARSET "iso-8859-1";.t', [0xe9]))).toContain('\ufffd');
    expect(decodeStylesheet(bytes('@charset  "iso-8859-1";.t', [0xe9]))).toContain('\ufffd');
  });

  it('a BOM wins over the protocol charset and @charset', () => {
    const sheet = bytes([0xef, 0xbb, 0xbf], '@charset "iso-8859-1";.', [0xc3, 0xa9]);
    expect(decodeStylesheet(sheet, { protocolCharset: 'shift_jis' })).toBe('@charset "iso-8859-1";.é');
  });

  it('UTF-16 with a BOM in either byte order', () => {
    expect(decodeStylesheet(Uint8Array.from([0xfe, 0xff, ...utf16('p { color: green }', true)]))).toBe('p { color: green }');
    expect(decodeStylesheet(Uint8Array.from([0xff, 0xfe, ...utf16('p { color: green }', false)]))).toBe('p { color: green }');
  });

  it('the protocol charset wins over @charset', () => {
    expect(decodeStylesheet(bytes('@charset "utf-8";.t', [0xe9]), { protocolCharset: 'iso-8859-1' })).toBe('@charset "utf-8";.té');
  });

  it('@charset "utf-16" without a BOM means UTF-8', () => {
    expect(decodeStylesheet(bytes('@charset "utf-16be";.', [0xc3, 0xa9]))).toBe('@charset "utf-16be";.é');
  });

  it('an unknown label falls through to the environment, then UTF-8', () => {
    expect(decodeStylesheet(bytes('@charset "bogus";.t', [0xe9]), { environment: 'windows-1252' })).toBe('@charset "bogus";.té');
    expect(decodeStylesheet(bytes('@charset "bogus";.', [0xc3, 0xa9]))).toBe('@charset "bogus";.é');
  });
});
