// Embedding one face as a composite font (ISO 32000-1 §9.7): a Type0 font with Identity-H
// encoding (2-byte codes = CIDs) over a CIDFontType2 (TrueType, CIDToGIDMap /Identity) or
// CIDFontType0 (CFF) descendant whose CIDs are the subset's glyph ids, with /W widths, a
// FontDescriptor with the subset program, and a ToUnicode CMap.

import { PDFName, PDFString, type PDFContext, type PDFRawStream } from 'pdf-lib';
import type * as fontkit from 'fontkit';
import { fontProgramOf } from '../text/font-face.js';
import type { FontFace } from '../text/types.js';
import { subsetFont, type FontSubset } from './font-subset.js';
import type { FaceUsage } from './glyph-usage.js';
import type { ResourceRegistry } from './resources.js';
import { deflate, flateStream } from './flate.js';
import { hex4, toUnicodeCMap } from './to-unicode.js';

/** A face written into the document, as content streams need it. */
export interface EmbeddedFont {
  /** Resource name for `Tf` (F1 …). */
  readonly resourceName: string;
  /** The 2-byte code (four hex digits) that draws an original glyph id. */
  code(glyphId: number): string;
  /** That glyph's width as /W states it, in thousandths of an em (§9.7.4.3). */
  width(glyphId: number): number;
}

/** Subsets and embeds every used face; the map is keyed by face id. */
export function embedFonts(context: PDFContext, usage: ReadonlyMap<string, FaceUsage>, resources: ResourceRegistry): Map<string, EmbeddedFont> {
  const fonts = new Map<string, EmbeddedFont>();
  for (const [id, faceUsage] of usage) fonts.set(id, embedFace(context, faceUsage, resources));
  return fonts;
}

function embedFace(context: PDFContext, usage: FaceUsage, resources: ResourceRegistry): EmbeddedFont {
  const program = fontProgramOf(usage.face);
  const subset = subsetFont(program, usage.glyphs.keys());
  const widths = subset.originalIds.map((id) => Math.round((program.getGlyph(id).advanceWidth * 1000) / program.unitsPerEm));
  const cff = 'CFF ' in program.directory.tables || 'CFF2' in program.directory.tables;
  const baseFont = `${subset.tag}+${postscriptName(usage.face, program)}`;

  const descriptor = context.register(fontDescriptor(context, usage.face, program, subset, baseFont, cff));
  const descendant = context.register(
    context.obj({
      Type: 'Font',
      Subtype: cff ? 'CIDFontType0' : 'CIDFontType2',
      BaseFont: PDFName.of(baseFont),
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [0, widths],
      ...(cff ? {} : { CIDToGIDMap: 'Identity' }),
    }),
  );
  const toUnicode = context.register(flateStream(context, toUnicodeCMap(unicodeMappings(usage, subset))));
  const type0 = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: PDFName.of(baseFont),
      Encoding: 'Identity-H',
      DescendantFonts: [descendant],
      ToUnicode: toUnicode,
    }),
  );
  return embeddedFont(resources.addFont(type0), subset, widths);
}

function embeddedFont(resourceName: string, subset: FontSubset, widths: readonly number[]): EmbeddedFont {
  const codes = new Map<number, string>();
  for (const [original, id] of subset.newIdOf) codes.set(original, hex4(id));
  return {
    resourceName,
    code: (glyphId) => codes.get(glyphId) ?? '0000',
    width: (glyphId) => widths[subset.newIdOf.get(glyphId) ?? 0] ?? 0,
  };
}

/** §9.8: the FontDescriptor, metrics in glyph space (1000 units per em). */
function fontDescriptor(context: PDFContext, face: FontFace, program: fontkit.Font, subset: FontSubset, baseFont: string, cff: boolean) {
  const scale = 1000 / program.unitsPerEm;
  const s = (v: number): number => Math.round(v * scale);
  const bbox = program.bbox;
  const fontFile = context.register(fontFileStream(context, subset, cff));
  return context.obj({
    Type: 'FontDescriptor',
    FontName: PDFName.of(baseFont),
    Flags: fontFlags(face, program),
    FontBBox: [s(bbox.minX), s(bbox.minY), s(bbox.maxX), s(bbox.maxY)],
    ItalicAngle: program.italicAngle,
    Ascent: s(face.ascent),
    Descent: -s(face.descent),
    CapHeight: s(face.capHeight),
    XHeight: s(face.xHeight),
    StemV: stemV(face.weight),
    [cff ? 'FontFile3' : 'FontFile2']: fontFile,
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
  if (program.post.isFixedPitch) flags |= FIXED_PITCH;
  if (face.style === 'italic' || program.italicAngle !== 0) flags |= ITALIC;
  return flags;
}

/** Fonts do not record their stem width; estimate it from the weight as common producers do. */
function stemV(weight: number): number {
  return Math.round(10 + 220 * ((Math.max(weight, 50) - 50) / 900) ** 2);
}

function unicodeMappings(usage: FaceUsage, subset: FontSubset): { code: number; text: string }[] {
  const mappings: { code: number; text: string }[] = [];
  for (const [glyphId, text] of usage.glyphs) {
    const code = subset.newIdOf.get(glyphId);
    if (code !== undefined && code !== 0 && text !== '') mappings.push({ code, text });
  }
  return mappings;
}

/** §9.6.2.1: a PostScript name without spaces; faces without one get their family's letters. */
function postscriptName(face: FontFace, program: fontkit.Font): string {
  const name = program.postscriptName ?? face.postscriptName ?? face.family;
  return name.replace(/[^A-Za-z0-9_.-]/g, '') || 'Font';
}
