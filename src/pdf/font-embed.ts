// Embedding faces as composite fonts (ISO 32000-1 §9.7): a Type0 font with Identity-H
// encoding over a CIDFontType2 (TrueType, CIDToGIDMap /Identity) or CIDFontType0 (CFF)
// descendant, with /W widths, a FontDescriptor with the subset program, and a ToUnicode CMap.
// CIDs are handed out in order of first use while pages are painted, and the subset includes
// the glyphs in that same order, so subset glyph id = CID: pages can be written (and their
// streams compressed) before the document's glyph set is known. Text that no face has a glyph
// for draws .notdef; each such text gets a CID of its own (drawing glyph 0 through a
// CIDToGIDMap) so that its ToUnicode entry keeps it extractable and searchable.
import { PDFName, PDFString, type PDFContext, type PDFRawStream, type PDFRef } from 'pdf-lib';
import type * as fontkit from 'fontkit';
import { fontProgramOf } from '../text/font-face.js';
import { postHeader } from '../text/post-header.js';
import type { FontFace } from '../text/types.js';
import { subsetFont, type FontSubset } from './font-subset.js';
import type { ResourceRegistry } from './resources.js';
import { deflate, flateStream } from './flate.js';
import { toUnicodeCMap } from './to-unicode.js';

/** A face as content streams use it. */
export interface EmbeddedFont {
  /** Resource name for `Tf` (F1 …). */
  readonly resourceName: string;
  /**
   * The 2-byte code drawing an original glyph id, as the body of a literal string (§7.3.4.2:
   * raw bytes, escaped where needed; half the size of hex); `text` feeds ToUnicode.
   */
  code(glyphId: number, text: string): string;
  /**
   * The code of a glyph drawn inside an ActualText span for `clusterText`. Its ToUnicode entry
   * (if it has none yet) is the cluster's character whose cmap glyph it is, as PDF/UA and
   * viewers that ignore ActualText read it (Skia does the same); a contextual form gets none.
   */
  clusterCode(glyphId: number, clusterText: string): string;
  /**
   * True when the ToUnicode entry of the glyph's code (given by `code` before) is exactly
   * `text`: the glyph alone extracts as that text, no ActualText needed.
   */
  extracts(glyphId: number, text: string): boolean;
  /** That glyph's width as /W states it, in thousandths of an em (§9.7.4.3). */
  width(glyphId: number): number;
}

/** The .notdef texts kept per face: enough to name them in an error. */
const MAX_NOTDEF_TEXTS = 20;

/** Hands out fonts while pages are painted and writes them all at the end. */
export class FontEmbedder {
  private readonly slots = new Map<string, FontSlot>();

  /** `onWarning` hears of glyphs a damaged font could not give (drawn as .notdef). */
  constructor(
    private readonly context: PDFContext,
    private readonly resources: ResourceRegistry,
    private readonly onWarning: (message: string) => void = () => {},
  ) {}

  /** The embedded font for a face; the first call reserves its object and resource name. */
  font(face: FontFace): EmbeddedFont {
    let slot = this.slots.get(face.id);
    if (!slot) {
      const ref = this.context.nextRef();
      slot = new FontSlot(face, ref, this.resources.addFont(ref));
      this.slots.set(face.id, slot);
    }
    return slot;
  }

  /**
   * The texts drawn with .notdef so far (glyph 0, or a glyph id the font lacks), at most a
   * few per face; '' for a glyph of a cluster whose text went to an earlier glyph.
   */
  notdefTexts(): string[] {
    return [...new Set([...this.slots.values()].flatMap((slot) => [...slot.notdefTexts]))];
  }

  /** Subsets and writes every used face; call once, after the last page. */
  finish(): void {
    for (const slot of this.slots.values()) writeFont(this.context, slot, this.onWarning);
  }
}

/** One face's CIDs: CID n draws original glyph `glyphs[n]` (CID 0 is .notdef). */
class FontSlot implements EmbeddedFont {
  readonly program: fontkit.Font;
  readonly glyphs: number[] = [0];
  readonly texts: string[] = [''];
  /** CIDs beyond 0 that draw .notdef, by the text they stand for (TrueType only). */
  readonly notdefCids = new Map<string, number>();
  /** Texts drawn with .notdef (any font kind), up to MAX_NOTDEF_TEXTS: what PDF/A errors name. */
  readonly notdefTexts = new Set<string>();
  private readonly cff: boolean;
  /** CID of each original glyph id, -1 while unused (typed arrays: this is the per-glyph path). */
  private readonly cids: Int32Array;
  private readonly literals: string[] = [literalCode(0)];
  /** /W width of each original glyph id, NaN until first asked. */
  private readonly widths: Float64Array;

  constructor(readonly face: FontFace, readonly ref: PDFRef, readonly resourceName: string) {
    this.program = fontProgramOf(face);
    this.cff = isCff(this.program);
    this.cids = new Int32Array(this.program.numGlyphs).fill(-1);
    this.cids[0] = 0;
    this.widths = new Float64Array(this.program.numGlyphs).fill(Number.NaN);
  }

  code(glyphId: number, text: string): string {
    if (!(glyphId > 0 && glyphId < this.cids.length)) {
      if (this.notdefTexts.size < MAX_NOTDEF_TEXTS) this.notdefTexts.add(text);
      return this.notdefCode(text);
    }
    let cid = this.cids[glyphId]!;
    if (cid < 0) {
      cid = this.glyphs.length;
      this.glyphs.push(glyphId);
      this.texts.push(text);
      this.literals.push(literalCode(cid));
      this.cids[glyphId] = cid;
    } else if (text !== '' && cid !== 0 && this.texts[cid] === '') {
      this.texts[cid] = text;
    }
    return this.literals[cid]!;
  }

  /**
   * .notdef for `text`: CID 0 when there is no text, else the text's own CID. A CIDFontType0
   * (CFF) font has no CIDToGIDMap to send several CIDs to glyph 0, so there CID 0 it is.
   */
  private notdefCode(text: string): string {
    if (text === '' || this.cff) return this.literals[0]!;
    let cid = this.notdefCids.get(text);
    if (cid === undefined) {
      cid = this.glyphs.length;
      this.glyphs.push(0);
      this.texts.push(text);
      this.literals.push(literalCode(cid));
      this.notdefCids.set(text, cid);
    }
    return this.literals[cid]!;
  }

  clusterCode(glyphId: number, clusterText: string): string {
    let text = '';
    if (glyphId > 0 && glyphId < this.cids.length && (this.cids[glyphId]! < 0 || this.texts[this.cids[glyphId]!] === '')) {
      for (const char of clusterText) {
        if (nominalGlyph(this.program, char.codePointAt(0)!) === glyphId) {
          text = char;
          break;
        }
      }
    }
    return this.code(glyphId, text);
  }

  extracts(glyphId: number, text: string): boolean {
    if (!(glyphId > 0 && glyphId < this.cids.length)) return !this.cff || text === '';
    const cid = this.cids[glyphId]!;
    return cid > 0 && this.texts[cid] === text;
  }

  width(glyphId: number): number {
    if (!(glyphId >= 0 && glyphId < this.widths.length)) return 0;
    let w = this.widths[glyphId]!;
    if (Number.isNaN(w)) {
      w = glyphWidth(this.program, glyphId);
      this.widths[glyphId] = w;
    }
    return w;
  }
}

/**
 * A glyph's advance in thousandths of an em; 0 when a damaged font cannot say (text showing
 * corrects the pen to the laid-out position after every glyph, so nothing moves).
 */
function glyphWidth(program: fontkit.Font, glyphId: number): number {
  try {
    const w = Math.round((program.getGlyph(glyphId).advanceWidth * 1000) / program.unitsPerEm);
    return Number.isFinite(w) ? w : 0;
  } catch {
    return 0;
  }
}

/** The cmap's glyph for a code point; 0 when there is none or the font cannot say. */
function nominalGlyph(program: fontkit.Font, codePoint: number): number {
  try {
    return program.hasGlyphForCodePoint(codePoint) ? program.glyphForCodePoint(codePoint).id : 0;
  } catch {
    return 0;
  }
}

/** A CID as two bytes inside `( )`, escaping the delimiters, the backslash and line ends. */
export function literalCode(cid: number): string {
  return literalByte(cid >> 8) + literalByte(cid & 0xff);
}

function literalByte(byte: number): string {
  switch (byte) {
    case 0x28: return '\\(';
    case 0x29: return '\\)';
    case 0x5c: return '\\\\';
    case 0x0d: return '\\r';
    case 0x0a: return '\\n';
    default: return String.fromCharCode(byte);
  }
}

function writeFont(context: PDFContext, slot: FontSlot, warn: (message: string) => void): void {
  const { program, face } = slot;
  // The CIDs that draw .notdef for text stay out of the subset: glyph 0 is in it already.
  const drawn = slot.notdefCids.size === 0 ? slot.glyphs : slot.glyphs.filter((glyph, cid) => cid === 0 || glyph !== 0);
  const subset = subsetFont(program, drawn);
  if (subset.data.length === 0) warn(`font "${face.family}" (${face.postscriptName}) is damaged and could not be embedded; viewers substitute a font for its text`);
  else if (subset.damaged.length > 0) warn(`font "${face.family}" (${face.postscriptName}) is damaged: ${subset.damaged.length} of its glyphs could not be embedded and show as blank boxes`);
  drawn.forEach((glyph, index) => {
    if (subset.newIdOf.get(glyph) !== index) throw new Error(`pdf: subset of ${face.id} renumbered glyph ${glyph}`);
  });
  const widths = slot.glyphs.map((id) => slot.width(id));
  const cff = isCff(program);
  const cidToGidMap = slot.notdefCids.size === 0 ? PDFName.of('Identity') : cidToGidStream(context, slot.glyphs, subset);
  const baseFont = `${subset.tag}+${postscriptName(face, program)}`;
  const descriptor = context.register(fontDescriptor(context, face, program, subset, baseFont, cff));
  const descendant = context.register(
    context.obj({
      Type: 'Font',
      Subtype: cff ? 'CIDFontType0' : 'CIDFontType2',
      BaseFont: PDFName.of(baseFont),
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [0, widths],
      ...(cff ? {} : { CIDToGIDMap: cidToGidMap }),
    }),
  );
  const mappings = slot.texts.flatMap((text, code) => (code !== 0 && text !== '' ? [{ code, text }] : []));
  const toUnicode = context.register(flateStream(context, toUnicodeCMap(mappings)));
  context.assign(slot.ref, context.obj({
    Type: 'Font',
    Subtype: 'Type0',
    BaseFont: PDFName.of(baseFont),
    Encoding: 'Identity-H',
    DescendantFonts: [descendant],
    ToUnicode: toUnicode,
  }));
}

function isCff(program: fontkit.Font): boolean {
  return 'CFF ' in program.directory.tables || 'CFF2' in program.directory.tables;
}

/** §9.7.4.2 Table 117: CIDToGIDMap as a stream, two bytes (big-endian GID) per CID. */
function cidToGidStream(context: PDFContext, glyphs: readonly number[], subset: FontSubset): PDFRef {
  const map = new Uint8Array(2 * glyphs.length);
  glyphs.forEach((glyph, cid) => {
    const gid = glyph === 0 ? 0 : subset.newIdOf.get(glyph)!;
    map[2 * cid] = gid >> 8;
    map[2 * cid + 1] = gid & 0xff;
  });
  return context.register(context.stream(deflate(map), { Filter: 'FlateDecode' }));
}

/** §9.8: the FontDescriptor, metrics in glyph space (1000 units per em). */
function fontDescriptor(context: PDFContext, face: FontFace, program: fontkit.Font, subset: FontSubset, baseFont: string, cff: boolean) {
  const scale = 1000 / program.unitsPerEm;
  const s = (v: number): number => Math.round(v * scale);
  const bbox = program.bbox;
  // No program at all (a damaged font whose .notdef does not encode) rather than a broken one.
  const fontFile = subset.data.length === 0 ? null : context.register(fontFileStream(context, subset, cff));
  return context.obj({
    Type: 'FontDescriptor',
    FontName: PDFName.of(baseFont),
    Flags: fontFlags(face, program),
    FontBBox: [s(bbox.minX), s(bbox.minY), s(bbox.maxX), s(bbox.maxY)],
    ItalicAngle: postHeader(program).italicAngle,
    Ascent: s(face.ascent),
    Descent: -s(face.descent),
    CapHeight: s(face.capHeight),
    XHeight: s(face.xHeight),
    StemV: stemV(face.weight),
    ...(fontFile ? { [cff ? 'FontFile3' : 'FontFile2']: fontFile } : {}),
  });
}

const deflatedPrograms = new WeakMap<FontSubset, Uint8Array>();

/**
 * §9.9: FontFile2 (TrueType, /Length1 = uncompressed length) or FontFile3 /CIDFontType0C
 * (bare CFF). Compressed once per cached subset.
 */
function fontFileStream(context: PDFContext, subset: FontSubset, cff: boolean): PDFRawStream {
  let deflated = deflatedPrograms.get(subset);
  if (!deflated) {
    deflated = deflate(subset.data);
    deflatedPrograms.set(subset, deflated);
  }
  const dict = cff ? { Subtype: 'CIDFontType0C' } : { Length1: subset.data.length };
  return context.stream(deflated, { ...dict, Filter: 'FlateDecode' });
}

/**
 * §9.8.2 Table 123. Symbolic (bit 3) rather than Nonsymbolic: the glyphs are addressed by
 * CID, not through the standard Latin character set.
 */
function fontFlags(face: FontFace, program: fontkit.Font): number {
  const FIXED_PITCH = 1 << 0;
  const SYMBOLIC = 1 << 2;
  const ITALIC = 1 << 6;
  let flags = SYMBOLIC;
  const post = postHeader(program);
  if (post.isFixedPitch) flags |= FIXED_PITCH;
  if (face.style === 'italic' || post.italicAngle !== 0) flags |= ITALIC;
  return flags;
}

/** Fonts do not record their stem width; estimate it from the weight as common producers do. */
function stemV(weight: number): number {
  return Math.round(10 + 220 * ((Math.max(weight, 50) - 50) / 900) ** 2);
}

/** §9.6.2.1: a PostScript name without spaces; faces without one get their family's letters. */
function postscriptName(face: FontFace, program: fontkit.Font): string {
  const name = program.postscriptName ?? face.postscriptName ?? face.family;
  return name.replace(/[^A-Za-z0-9_.-]/g, '') || 'Font';
}
