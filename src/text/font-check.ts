// Up-front check of a font file a document brings (@font-face). fontkit decodes its tables
// lazily, so a damaged file parses and then throws ("Offset is outside the bounds of the
// DataView", "Unknown version …") only when layout measures a glyph, shaping reaches
// GSUB/GPOS, or the PDF writer subsets it. Here each of those paths runs once on a sample, so
// that a broken file is refused when it is loaded (a warning, the fallback fonts) rather than
// failing the render. What the sample misses is caught glyph by glyph later (FontkitFace.hasGlyph,
// shape.ts, font-subset.ts).

import type * as fontkit from 'fontkit';

/** Text whose characters (those the font maps) are measured, shaped and subset. */
const SAMPLE_TEXT = 'The quick brown fox jumps over the lazy dog. AVATAR Wa To fi fl ffi 0123456789 ,;:!?()[]{}"\'-–—…€$%&@*/+=<>#«»“”‘’ àéîõüçñßøåæœ ΑΩαω АЯая';
/** Glyph ids spread evenly over the font that are decoded too (a damaged loca or glyf shows there). */
const SPREAD_GLYPHS = 48;
const MIN_UNITS_PER_EM = 16;
const MAX_UNITS_PER_EM = 16384;
const MAX_LINE_METRIC_EMS = 4;
const MAX_SAMPLE_EMS = 5;

/**
 * Throws (with the reason) when `program` cannot be used as the engine uses fonts: its
 * metrics, cmap, glyph outlines and advances, OpenType layout, and subsetting for the PDF.
 * A few milliseconds for a Latin font; callers cache the outcome per file.
 */
export function checkFontProgram(program: fontkit.Font): void {
  const glyphCount = program.numGlyphs;
  if (!Number.isInteger(glyphCount) || glyphCount < 1 || glyphCount > 0xffff) throw new Error(`bad glyph count ${glyphCount}`);
  const unitsPerEm = program.unitsPerEm;
  if (!(unitsPerEm >= MIN_UNITS_PER_EM && unitsPerEm <= MAX_UNITS_PER_EM)) throw new Error(`bad unitsPerEm ${unitsPerEm}`);
  // What FontkitFace and the PDF font descriptor read.
  const numbers = {
    ascent: program.ascent,
    descent: program.descent,
    lineGap: program.lineGap,
    capHeight: program.capHeight ?? 0,
    xHeight: program.xHeight ?? 0,
    underlinePosition: program.underlinePosition,
    underlineThickness: program.underlineThickness,
    italicAngle: program.italicAngle,
    bbox: program.bbox.minX + program.bbox.minY + program.bbox.maxX + program.bbox.maxY,
  };
  for (const [name, value] of Object.entries(numbers)) if (!Number.isFinite(value)) throw new Error(`bad ${name} ${value}`);
  // Line metrics past a few ems are random bytes, not design: a 26 em line gap puts the text off the page.
  for (const [name, value] of [['ascent', numbers.ascent], ['descent', numbers.descent], ['lineGap', numbers.lineGap]] as const) {
    if (Math.abs(value) > MAX_LINE_METRIC_EMS * unitsPerEm) throw new Error(`implausible ${name} ${value} for ${unitsPerEm} units per em`);
  }
  // fontkit answers undefined for a table it could not decode; pdf/ reads post.
  if (!program.post) throw new Error('the post table is unreadable');
  void program.postscriptName;
  void program['OS/2'];

  // cmap: the sample's characters, each mapped to a glyph that exists.
  const mapped: number[] = [];
  let sample = '';
  for (const ch of SAMPLE_TEXT) {
    const codePoint = ch.codePointAt(0)!;
    if (!program.hasGlyphForCodePoint(codePoint)) continue;
    const id = program.glyphForCodePoint(codePoint).id;
    if (!(Number.isInteger(id) && id >= 0 && id < glyphCount)) throw new Error(`cmap maps U+${codePoint.toString(16).toUpperCase()} to glyph ${id} of ${glyphCount}`);
    mapped.push(id);
    sample += ch;
  }

  // Outlines and advances: .notdef, the sample's glyphs and a spread over the whole font.
  const step = Math.max(1, Math.floor(glyphCount / SPREAD_GLYPHS));
  const ids = new Set<number>([0, ...mapped]);
  for (let id = step; id < glyphCount; id += step) ids.add(id);
  ids.add(glyphCount - 1);
  for (const id of ids) checkGlyph(program, id);

  // Shaping (GSUB, GPOS, GDEF, kern) of the sample, as shape.ts lays words out.
  if (sample !== '') {
    const run = program.layout(sample);
    // Letters, digits and punctuation are not several ems wide, nor moved by several ems:
    // such advances (hmtx) or adjustments (GPOS) are random bytes, and scatter the text.
    const limit = MAX_SAMPLE_EMS * unitsPerEm;
    for (const { xAdvance, xOffset, yOffset } of run.positions) {
      if (!(Math.abs(xAdvance) <= limit && Math.abs(xOffset) <= limit && Math.abs(yOffset) <= limit)) {
        throw new Error(`implausible glyph position (advance ${xAdvance}, offset ${xOffset},${yOffset}) for ${unitsPerEm} units per em`);
      }
    }
    for (const glyph of run.glyphs) ids.add(glyph.id);
  }

  // Subsetting, as the PDF writer embeds the font.
  const subset = program.createSubset();
  for (const id of ids) if (id < glyphCount) subset.includeGlyph(id);
  const data = subset.encode();
  if (!(data instanceof Uint8Array) || data.length === 0) throw new Error('subset is empty');
}

/** Decodes one glyph's advance and outline; throws when they are unreadable. */
export function checkGlyph(program: fontkit.Font, id: number): void {
  const glyph = program.getGlyph(id);
  if (!glyph) throw new Error(`no glyph ${id}`);
  if (!Number.isFinite(glyph.advanceWidth)) throw new Error(`glyph ${id} has advance ${glyph.advanceWidth}`);
  // Decodes the outline (glyf through loca, or the CFF charstring); an empty one is fine.
  void glyph.bbox;
}
