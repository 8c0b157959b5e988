// An ICC v2 display profile of sRGB (IEC 61966-2-1), made here from the standard's
// parameters rather than shipped as a file: the Rec. 709 primaries adapted to the D50
// profile connection space (Bradford, as ICC.1:2001-04 Annex and the sRGB profiles of
// HP/Microsoft and LittleCMS do) and the sRGB transfer function as a 1024-entry curve.
// Being our own computation, it carries no third-party licence. PDF/A writes it as the
// output intent's DestOutputProfile (ISO 19005-2 §6.2.3).

/** The profile's description (tag 'desc') and the output intent's condition identifier. */
export const SRGB_DESCRIPTION = 'sRGB IEC61966-2.1';

/** D50-adapted sRGB colorants and the PCS illuminant, CIE XYZ (IEC 61966-2-1 Amd. 1 Annex; ICC.1 §7.2.16). */
const RED_XYZ = [0.436066, 0.222488, 0.013916] as const;
const GREEN_XYZ = [0.385147, 0.716873, 0.097076] as const;
const BLUE_XYZ = [0.143066, 0.060608, 0.714096] as const;
const D50_XYZ = [0.9642, 1.0, 0.8249] as const;

/** Entries of the tone curve: ample for 8-bit input, still a small profile (≈ 3 KB). */
const CURVE_POINTS = 1024;

const HEADER_BYTES = 128;

let cached: Uint8Array | null = null;

/** The profile's bytes (made once; callers must not change them). */
export function srgbIccProfile(): Uint8Array {
  cached ??= buildProfile();
  return cached;
}

function buildProfile(): Uint8Array {
  const curve = curveTag();
  // The three TRC tags share one curve (ICC.1 §7.3.1 allows tags to share data).
  const tags: [string, Uint8Array | string][] = [
    ['desc', descTag(SRGB_DESCRIPTION)],
    ['cprt', textTag('No copyright, use freely')],
    ['wtpt', xyzTag(D50_XYZ)],
    ['rXYZ', xyzTag(RED_XYZ)],
    ['gXYZ', xyzTag(GREEN_XYZ)],
    ['bXYZ', xyzTag(BLUE_XYZ)],
    ['rTRC', curve],
    ['gTRC', 'rTRC'],
    ['bTRC', 'rTRC'],
  ];
  const tableBytes = 4 + 12 * tags.length;
  const placed = new Map<string, { offset: number; size: number }>();
  const blocks: Uint8Array[] = [];
  let offset = HEADER_BYTES + tableBytes;
  for (const [signature, data] of tags) {
    if (typeof data === 'string') {
      placed.set(signature, placed.get(data)!);
      continue;
    }
    placed.set(signature, { offset, size: data.length });
    const padded = new Uint8Array(align4(data.length));
    padded.set(data);
    blocks.push(padded);
    offset += padded.length;
  }
  const out = new Uint8Array(offset);
  const view = new DataView(out.buffer);
  writeHeader(view, offset);
  view.setUint32(HEADER_BYTES, tags.length);
  tags.forEach(([signature], i) => {
    const at = HEADER_BYTES + 4 + 12 * i;
    const { offset: tagOffset, size } = placed.get(signature)!;
    ascii(out, at, signature);
    view.setUint32(at + 4, tagOffset);
    view.setUint32(at + 8, size);
  });
  let at = HEADER_BYTES + tableBytes;
  for (const block of blocks) {
    out.set(block, at);
    at += block.length;
  }
  return out;
}

/** ICC.1:2001-04 §6.1: the 128-byte header of a v2.1 RGB display ('mntr') profile, XYZ PCS. */
function writeHeader(view: DataView, size: number): void {
  const bytes = new Uint8Array(view.buffer);
  view.setUint32(0, size);
  view.setUint32(8, 0x02100000);
  ascii(bytes, 12, 'mntr');
  ascii(bytes, 16, 'RGB ');
  ascii(bytes, 20, 'XYZ ');
  // Creation date: fixed, so the profile and every file carrying it are reproducible.
  [2000, 1, 1, 0, 0, 0].forEach((v, i) => view.setUint16(24 + 2 * i, v));
  ascii(bytes, 36, 'acsp');
  view.setUint32(64, 0); // perceptual rendering intent
  D50_XYZ.forEach((v, i) => view.setInt32(68 + 4 * i, s15Fixed16(v)));
}

/** ICC.1 §6.5.5 textDescriptionType: ASCII, then empty Unicode and ScriptCode descriptions. */
function descTag(text: string): Uint8Array {
  const out = new Uint8Array(12 + text.length + 1 + 8 + 3 + 67);
  ascii(out, 0, 'desc');
  new DataView(out.buffer).setUint32(8, text.length + 1);
  ascii(out, 12, text);
  return out;
}

/** ICC.1 §6.5.18 textType: NUL-terminated ASCII. */
function textTag(text: string): Uint8Array {
  const out = new Uint8Array(8 + text.length + 1);
  ascii(out, 0, 'text');
  ascii(out, 8, text);
  return out;
}

/** ICC.1 §6.5.26 XYZType with one value. */
function xyzTag(xyz: readonly [number, number, number]): Uint8Array {
  const out = new Uint8Array(20);
  const view = new DataView(out.buffer);
  ascii(out, 0, 'XYZ ');
  xyz.forEach((v, i) => view.setInt32(8 + 4 * i, s15Fixed16(v)));
  return out;
}

/** ICC.1 §6.5.3 curveType sampling the sRGB decoding function (IEC 61966-2-1 §5.2). */
function curveTag(): Uint8Array {
  const out = new Uint8Array(12 + 2 * CURVE_POINTS);
  const view = new DataView(out.buffer);
  ascii(out, 0, 'curv');
  view.setUint32(8, CURVE_POINTS);
  for (let i = 0; i < CURVE_POINTS; i++) {
    const v = i / (CURVE_POINTS - 1);
    const linear = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    view.setUint16(12 + 2 * i, Math.round(linear * 65535));
  }
  return out;
}

function s15Fixed16(value: number): number {
  return Math.round(value * 65536);
}

function ascii(out: Uint8Array, at: number, text: string): void {
  for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
