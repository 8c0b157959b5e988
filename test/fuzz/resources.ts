// What hostile documents point at: data: URLs holding garbage, truncated or bomb-sized images
// and fonts, and URLs of private addresses, which the renderer must refuse rather than fetch
// (a loopback canary server counts any request that gets through).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { examplePng } from './examples.js';
import type { Random } from './random.js';

const TINY: Readonly<Record<string, string>> = {
  jpeg: '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCXADS2v//Z',
  webp: 'UklGRjwAAABXRUJQVlA4IDAAAADQAQCdASoIAAgAAUAmJaACdLoB+AADsAD+9hNf/izkYjs83/4E78Cd+BO/8AAAAAA=',
  gif: 'R0lGODlhCAAIAIAAAExpccgKCiH5BAUAAAAALAAAAAAIAAgAAAIHjI+py+1dAAA7',
};

/** URLs of loopback, private, link-local and odd spellings of them; `canary` is a loopback base URL. */
export function privateUrls(canary: string): string[] {
  const port = new URL(canary).port;
  return [
    `${canary}/canary.png`,
    `${canary}/canary.css`,
    `${canary}/canary.ttf`,
    `http://localhost:${port}/canary`,
    `http://127.1:${port}/canary`,
    `http://0x7f000001:${port}/canary`,
    `http://2130706433:${port}/canary`,
    `http://0177.0.0.1:${port}/canary`,
    `http://[::1]:${port}/canary`,
    `http://[::ffff:127.0.0.1]:${port}/canary`,
    `http://[::ffff:7f00:1]:${port}/canary`,
    `http://0.0.0.0:${port}/canary`,
    `http://127.0.0.1.nip.io:${port}/canary`,
    `http://user:pass@127.0.0.1:${port}/canary`,
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/x.png',
    'http://192.168.1.1/x.png',
    'http://172.16.0.1/x.css',
    'http://[fd00::1]/x.png',
    'http://[fe80::1]/x.png',
    'http://100.64.0.1/x.png',
    'file:///etc/passwd',
    'file:///proc/self/environ',
    'ftp://127.0.0.1/x',
    'gopher://127.0.0.1:6379/_INFO',
    'javascript:alert(1)',
    'data:,',
    'http://',
    'http://[::1',
    `http://127.0.0.1:${port}/${'a'.repeat(5000)}`,
  ];
}

/** A data: URL of broken, truncated, mislabelled or bomb-sized image bytes. */
export function garbageDataUrl(rng: Random): { url: string; what: string } {
  const kind = rng.pick(['png', 'jpeg', 'webp', 'gif', 'bmp', 'svg', 'huge-png', 'random']);
  let bytes: Uint8Array;
  let what: string;
  switch (kind) {
    case 'png': case 'jpeg': case 'webp': case 'gif': {
      const source = kind === 'png' ? examplePng() : Buffer.from(TINY[kind]!, 'base64');
      ({ bytes, what } = corrupt(new Uint8Array(source), rng));
      what = `${kind} ${what}`;
      break;
    }
    case 'bmp': ({ bytes, what } = randomBmp(rng)); break;
    case 'svg': {
      const svg = brokenSvg(rng);
      bytes = Buffer.from(svg.text);
      what = `svg ${svg.what}`;
      break;
    }
    case 'huge-png': {
      const side = rng.pick([7_071, 7_072, 8_000, 20_000, 65_535, 2 ** 31 - 1]);
      bytes = pngOfSize(side, rng.pick([1, 7_071, side]));
      what = `png declaring ${side} px`;
      break;
    }
    default: bytes = Buffer.from(Array.from({ length: rng.size(1, 4_000) }, () => rng.int(0, 255))); what = 'random bytes';
  }
  const type = rng.chance(0.8) ? `image/${kind === 'huge-png' ? 'png' : kind === 'svg' ? 'svg+xml' : kind === 'random' ? 'png' : kind}` : rng.pick(['text/plain', 'application/octet-stream', 'image/x-icon', '', 'image/png;charset=utf-8']);
  const base64 = kind !== 'svg' || rng.chance(0.5);
  const data = base64 ? Buffer.from(bytes).toString('base64') : encodeURIComponent(Buffer.from(bytes).toString('utf8'));
  const broken = rng.chance(0.1) ? rng.pick(['!!!', '%', '=', '%zz', '\u0000']) : '';
  return { url: `data:${type}${base64 ? ';base64' : ''},${data}${broken}`, what };
}

/** A data: URL of a font that is not one: a truncated or damaged TrueType file, or garbage with a font's magic. */
export function garbageFontDataUrl(rng: Random): { url: string; what: string } {
  let bytes: Uint8Array;
  let what: string;
  switch (rng.int(0, 3)) {
    case 0: {
      const cut = rng.size(12, 60_000);
      bytes = notoSans().subarray(0, cut);
      what = `NotoSans cut to ${cut} bytes`;
      break;
    }
    case 1: {
      const head = new Uint8Array(notoSans().subarray(0, 40_000));
      ({ bytes, what } = corrupt(head, rng, true));
      what = `NotoSans head ${what}`;
      break;
    }
    case 2: {
      const magic = rng.pick([[0, 1, 0, 0], [0x74, 0x72, 0x75, 0x65], [0x4f, 0x54, 0x54, 0x4f], [0x77, 0x4f, 0x46, 0x46], [0x77, 0x4f, 0x46, 0x32], [0x74, 0x74, 0x63, 0x66]]);
      bytes = Uint8Array.from([...magic, ...Array.from({ length: rng.size(8, 3_000) }, () => rng.int(0, 255))]);
      what = `font magic ${magic.join(',')} + random bytes`;
      break;
    }
    default: {
      // A table directory that claims huge tables.
      const numTables = rng.pick([0, 1, 12, 0xffff]);
      const head = [0, 1, 0, 0, numTables >> 8, numTables & 255, 0, 0, 0, 0, 0, 0];
      const tags = ['head', 'hhea', 'maxp', 'cmap', 'glyf', 'loca', 'hmtx', 'name', 'post', 'OS/2'];
      const entries = tags.flatMap((tag) => [...Buffer.from(tag), 0, 0, 0, 0, 0, 0, 0, rng.pick([12, 200, 255]), ...u32(rng.pick([0, 1, 0x7fffffff, 0xffffffff]))]);
      bytes = Uint8Array.from([...head, ...entries, ...Array.from({ length: 400 }, () => rng.int(0, 255))]);
      what = `table directory of ${numTables} tables with huge lengths`;
    }
  }
  const type = rng.pick(['font/ttf', 'application/x-font-ttf', 'font/woff2', 'application/octet-stream']);
  return { url: `data:${type};base64,${Buffer.from(bytes).toString('base64')}`, what };
}

/** Broken SVG: bad XML, entity bombs, self-referencing <use>, absurd sizes, garbage paths. */
export function brokenSvg(rng: Random): { text: string; what: string } {
  const ns = rng.chance(0.85) ? ' xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"' : '';
  const size = rng.pick(['width="100" height="100"', 'width="1e9" height="1e9"', 'width="0" height="0"', 'width="-10" height="-10"', 'viewBox="0 0 0 0"', 'viewBox="0 0 1e308 1e-308"', 'viewBox="a b c d"', 'width="100%" height="1e9%"', '']);
  const body = rng.pick<() => [string, string]>([
    () => ['<path d="M0 0 L10 10 Z', 'unterminated attribute'],
    () => [`<path d="M 0 0 ${'L 1e308 -1e308 '.repeat(rng.size(1, 2_000))}"/>`, 'huge path coordinates'],
    () => [`<path d="${rng.string(rng.size(1, 3_000), 'MLHVCSQTAZmlhvcsqtaz0123456789.-e, ')}"/>`, 'random path data'],
    () => ['<path d="M0 0 A 1e308 1e308 0 1 1 1e-308 0 A 0 0 0 0 0 10 10"/>', 'degenerate arcs'],
    () => [`${'<g>'.repeat(rng.size(10, 5_000))}<rect width="1" height="1"/>${'</g>'.repeat(rng.int(0, 5_000))}`, 'deep <g> nesting'],
    () => ['<defs><g id="a"><use href="#a"/><use xlink:href="#a"/></g></defs><use href="#a"/>', '<use> referencing itself'],
    () => ['<defs><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></defs><use href="#a"/>', '<use> cycle'],
    () => [Array.from({ length: 12 }, (_, i) => `<g id="l${i}">${`<use href="#l${i - 1}"/>`.repeat(i === 0 ? 0 : 10)}${i === 0 ? '<rect width="1" height="1"/>' : ''}</g>`).join('') + '<use href="#l11"/>', '<use> fan-out bomb 10^11'],
    () => ['<linearGradient id="g"/><rect width="10" height="10" fill="url(#g)"/><radialGradient id="r" r="-1" href="#r"/><circle r="5" fill="url(#r)"/>', 'empty and self-referencing gradients'],
    () => ['<pattern id="p" width="0" height="0"><rect width="1" height="1" fill="url(#p)"/></pattern><rect width="10" height="10" fill="url(#p)"/>', 'self-filling pattern'],
    () => [`<rect width="10" height="10" stroke-width="1e308" stroke-dasharray="${'0 '.repeat(rng.size(1, 5_000))}" transform="matrix(1e308 0 0 1e308 0 0) rotate(NaN) scale(0)"/>`, 'absurd stroke and transform'],
    () => [`<text font-size="1e9" x="${'1 '.repeat(rng.size(1, 3_000))}">${'W'.repeat(rng.size(1, 5_000))}</text>`, 'huge text'],
    () => [`<image href="${rng.pick(['http://127.0.0.1/x.png', 'data:image/png;base64,AAAA', 'file:///etc/passwd', '#self'])}" width="10" height="10"/>`, 'nested image'],
    () => ['<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject><script>alert(1)</script>', 'foreignObject and script'],
    () => ['<rect width="10" height="10" style="fill:var(--x);stroke:url(#nope)"/><circle r="NaN" cx="Infinity"/>', 'bad styles and NaN'],
  ])();
  const prologue = rng.chance(0.2) ? `<?xml version="1.0"?><!DOCTYPE svg [${Array.from({ length: 8 }, (_, i) => `<!ENTITY e${i} "${i === 0 ? 'lol' : `&e${i - 1};`.repeat(10)}">`).join('')}]>` : '';
  const bomb = prologue ? '<text>&e7;</text>' : '';
  const close = rng.chance(0.9) ? '</svg>' : '';
  return { text: `${prologue}<svg${ns} ${size}>${body[0]}${bomb}${close}`, what: `${body[1]}${prologue ? ' + entity bomb' : ''}${close ? '' : ', unclosed'}` };
}

/** Byte flips, truncation, zeroed spans or an appended tail of `bytes`. */
export function corrupt(bytes: Uint8Array, rng: Random, keepHead = false): { bytes: Uint8Array; what: string } {
  const out = new Uint8Array(bytes);
  const start = keepHead ? 12 : 0;
  switch (rng.int(0, 3)) {
    case 0: {
      const cut = rng.int(start, Math.max(start, out.length - 1));
      return { bytes: out.subarray(0, cut), what: `cut to ${cut} bytes` };
    }
    case 1: {
      const flips = rng.size(1, 64);
      for (let i = 0; i < flips; i++) out[rng.int(start, out.length - 1)] = rng.int(0, 255);
      return { bytes: out, what: `${flips} bytes changed` };
    }
    case 2: {
      const at = rng.int(start, out.length - 1);
      out.fill(rng.pick([0, 0xff]), at, Math.min(out.length, at + rng.size(1, 512)));
      return { bytes: out, what: `span at ${at} filled` };
    }
    default: return { bytes: Uint8Array.from([...out, ...Array.from({ length: rng.size(1, 2_000) }, () => rng.int(0, 255))]), what: 'garbage appended' };
  }
}

/** A BMP header with random sizes, depths and compression over random pixel bytes. */
function randomBmp(rng: Random): { bytes: Uint8Array; what: string } {
  const width = rng.pick([1, 2, 7, 100, 0, -1, 0x7fffffff, 65_536, -0x80000000]);
  const height = rng.pick([1, 2, -2, 100, 0, 0x7fffffff, -0x80000000, 30_000]);
  const bitCount = rng.pick([0, 1, 2, 4, 8, 16, 24, 32, 64, 3]);
  const compression = rng.pick([0, 1, 2, 3, 4, 5, 6, 99]);
  const headerSize = rng.pick([12, 40, 52, 56, 108, 124, 0, 1_000_000]);
  const colors = rng.pick([0, 1, 256, 0xffffffff]);
  const pixelOffset = rng.pick([14 + 40, 14 + 40 + 1024, 0, 0xffffffff, 60]);
  const dib = new DataView(new ArrayBuffer(124));
  dib.setUint32(0, headerSize, true);
  if (headerSize === 12) {
    dib.setInt16(4, width, true);
    dib.setInt16(6, height, true);
    dib.setUint16(8, 1, true);
    dib.setUint16(10, bitCount, true);
  } else {
    dib.setInt32(4, width, true);
    dib.setInt32(8, height, true);
    dib.setUint16(12, 1, true);
    dib.setUint16(14, bitCount, true);
    dib.setUint32(16, compression, true);
    dib.setUint32(32, colors, true);
    for (let i = 40; i < 56; i += 4) dib.setUint32(i, rng.pick([0, 0xff, 0xff00, 0xffffffff, 0x7c00, 1]), true);
  }
  const tail = Array.from({ length: rng.size(0, 4_000) }, () => rng.int(0, 255));
  const file = new DataView(new ArrayBuffer(14));
  file.setUint8(0, 0x42);
  file.setUint8(1, 0x4d);
  file.setUint32(2, 14 + 124 + tail.length, true);
  file.setUint32(10, pixelOffset, true);
  const bytes = Uint8Array.from([...new Uint8Array(file.buffer), ...new Uint8Array(dib.buffer, 0, Math.min(124, Math.max(12, headerSize))), ...tail]);
  return { bytes, what: `bmp ${width}×${height} ${bitCount}-bit compression ${compression} header ${headerSize}` };
}

/** A 1-bit grey PNG declaring `width` × `height` pixels, with (at most 2 MB of) zero rows compressed. */
export function pngOfSize(width: number, height: number): Uint8Array {
  const rowBytes = 1 + Math.ceil(width / 8);
  const rows = Math.max(1, Math.min(height, Math.floor(2_000_000 / rowBytes)));
  const idat = deflateSync(Buffer.alloc(Math.min(rowBytes * rows, 2_000_000)), { level: 9 });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width >>> 0, 0);
  ihdr.writeUInt32BE(height >>> 0, 4);
  ihdr[8] = 1;
  ihdr[9] = 0;
  return Uint8Array.from([...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], ...chunk('IHDR', ihdr), ...chunk('IDAT', idat), ...chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Uint8Array): number[] {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return [...u32(data.length), ...typed, ...u32(crc32(typed))];
}

function u32(n: number): number[] {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
}

let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 255]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

let noto: Uint8Array | undefined;
function notoSans(): Uint8Array {
  noto ??= new Uint8Array(readFileSync(path.join(import.meta.dirname, '../../fonts/NotoSans-Regular.ttf')));
  return noto;
}
