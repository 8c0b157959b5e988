// Instances of TrueType variable fonts (a wght axis at 400, 700 …): a fontkit program that
// shapes at the instance and whose subsets are static TrueType fonts with the instance's
// outlines and advances, so pdf/ embeds them like any other TrueType font.
//
// Why not fontkit alone: fontkit 2 cannot subset a variable font at any instance but the
// default one. Its subsetter copies glyf records through the loca table, which a WOFF2 file
// does not have in that form (glyf and loca are transformed), and for a font with variation
// coordinates it re-encodes outlines with an encoder that throws under restructure 3 ("First
// argument to DataView constructor must be an ArrayBuffer"). fontkit also applies gvar only to
// glyphs it decodes from a real glyf table, never to WOFF2's pre-decoded ones. The bundled CJK
// font is a WOFF2 variable font whose default instance is Thin (wght 100). The first problem
// hits static WOFF2 files too (glyf is transformed by default), so `openWoff2` gives those the
// same subset writer.
//
// Only the glyphs a document uses are instanced (when its subset is written): shaping needs the
// cmap, GSUB/GPOS and advances (hmtx + HVAR), which fontkit handles at the instance itself.
//
// Pinned to fontkit 2.0.x internals (variationCoords, _variationProcessor, _decompress,
// _transformGlyfTable, _transformedGlyphs, getGlyph's _metrics and _getTableMetrics,
// hmtx.metrics, WOFF2's _dataPos and directory); test/text/font-instance.test.ts and
// test/text/cjk-fallback.test.ts fail loudly if they change.

import { brotliDecompressSync } from 'node:zlib';
import * as fontkit from 'fontkit';

/** The names an instance goes by (its subsets' `name` table, the PDF's BaseFont). */
export interface InstanceNames {
  readonly family: string;
  /** "Regular", "Bold" … */
  readonly subfamily: string;
  /** No spaces (ISO 32000-1 §9.6.2.1; OpenType name ID 6). */
  readonly postscriptName: string;
}

interface FontkitPoint {
  onCurve: boolean;
  endContour: boolean;
  x: number;
  y: number;
  copy(): FontkitPoint;
}

interface FontkitComponent {
  readonly glyphID: number;
  readonly dx: number;
  readonly dy: number;
  readonly scaleX: number;
  readonly scaleY: number;
  readonly scale01: number;
  readonly scale10: number;
}

interface RawGlyph {
  readonly numberOfContours: number;
  readonly points?: FontkitPoint[];
  readonly components?: FontkitComponent[];
}

interface TableEntry {
  offset: number;
  readonly length: number;
  readonly transformed?: boolean;
  readonly transformLength?: number;
}

interface DecodeStream {
  pos: number;
  readonly buffer: Uint8Array;
  readBuffer(length: number): Uint8Array;
}

/** The parts of a fontkit TTFFont / WOFF2Font that instancing reaches into. */
interface VariableFontInternals {
  readonly type: string;
  variationCoords: number[] | null;
  readonly _variationProcessor: {
    transformPoints(glyphId: number, points: FontkitPoint[]): void;
    getAdvanceAdjustment(glyphId: number, table: unknown): number;
  } | null;
  _decompress?(): void;
  _decompressed?: boolean;
  _dataPos?: number;
  _transformGlyfTable?(): void;
  _transformedGlyphs?: RawGlyph[];
  stream: DecodeStream;
  readonly directory: { readonly tables: Record<string, TableEntry | undefined>; readonly totalCompressedSize?: number };
  readonly fvar?: { readonly axis: readonly { readonly axisTag: string; readonly minValue: number; readonly defaultValue: number; readonly maxValue: number }[] };
  readonly HVAR?: unknown;
  readonly hmtx: { readonly metrics: { readonly length: number; get(index: number): { readonly advance: number } } };
  readonly vmtx?: unknown;
  readonly numGlyphs: number;
  getGlyph(id: number, codePoints?: number[]): GlyphInternals | null;
}

interface GlyphInternals {
  readonly id: number;
  _metrics?: { advanceWidth: number; advanceHeight: number; leftBearing: number; topBearing: number } | null;
  _getTableMetrics(table: unknown): { readonly advance: number; readonly bearing: number };
  _decode(): RawGlyph | null;
}

/** A point of an instanced outline. */
interface OutlinePoint {
  readonly x: number;
  readonly y: number;
  readonly onCurve: boolean;
}

/** One glyph's instanced outline: points, and the index of each contour's last point. */
interface Outline {
  readonly points: OutlinePoint[];
  readonly contourEnds: number[];
}

/** A point as fontkit's variation processor wants it (phantom points, component offsets). */
class VariationPoint implements FontkitPoint {
  constructor(public onCurve: boolean, public endContour: boolean, public x: number, public y: number) {}
  copy(): VariationPoint {
    return new VariationPoint(this.onCurve, this.endContour, this.x, this.y);
  }
}

// Tables a subset takes over as they are (hinting programs; PDF 32000-1 §9.9 lists the tables
// a FontFile2 needs: head, hhea, loca, maxp, cvt, prep, glyf, hmtx, fpgm). head, hhea, maxp,
// hmtx, glyf, loca, post, name and OS/2 are written anew.
const COPIED_TABLES = ['cvt ', 'fpgm', 'prep'];

/** True when the font has a gvar table over TrueType outlines (what `openInstance` handles). */
export function isTrueTypeVariableFont(program: fontkit.Font): boolean {
  const tables = program.directory.tables;
  return 'fvar' in tables && 'gvar' in tables && 'glyf' in tables;
}

/**
 * True for a WOFF2 file whose glyf table is transformed (WOFF2 §5.1, what encoders do by
 * default): fontkit's own subsetter writes a broken font for it.
 */
export function hasTransformedGlyf(program: fontkit.Font): boolean {
  const glyf = (program as unknown as VariableFontInternals).directory.tables.glyf;
  return program.type === 'WOFF2' && glyf?.transformed === true;
}

/**
 * `program` (a WOFF2 file with a transformed glyf table, parsed by fontkit) made subsettable:
 * its `createSubset()` writes static TrueType subsets with the file's own outlines and names.
 * Other programs are returned as they are. Variable fonts keep their default instance here;
 * `openInstance` picks another.
 *
 * `postscriptName` renames the program (its subsets' name table and the PDF's BaseFont): files
 * cut from one font by unicode-range all carry the font's own name, and two subsets of them
 * in one PDF should not share it.
 */
export function openWoff2(program: fontkit.Font, postscriptName?: string): fontkit.Font {
  if (postscriptName !== undefined) Object.defineProperty(program, 'postscriptName', { value: postscriptName, configurable: true });
  if (!hasTransformedGlyf(program)) return program;
  const font = program as unknown as VariableFontInternals;
  useNativeBrotli(font);
  measureWithoutOutlines(font);
  const instance = new InstanceOutlines(font);
  const names: InstanceNames = {
    family: program.familyName ?? 'Font',
    subfamily: program.subfamilyName ?? 'Regular',
    postscriptName: program.postscriptName ?? (program.familyName ?? 'Font').replace(/[^A-Za-z0-9_-]/g, ''),
  };
  Object.defineProperty(program, 'createSubset', {
    value: (): fontkit.Subset => new InstanceSubset(instance, names, undefined),
    configurable: true,
  });
  return program;
}

/**
 * Parses a TrueType variable font (TTF or WOFF2 with fvar and gvar) at `axes` (axis tag →
 * user value, clamped to the axis; missing axes keep their default). The program shapes at
 * that instance (advances with HVAR, GSUB/GPOS variations), reports `names.postscriptName`, and
 * its `createSubset()` writes static TrueType subsets of the instance. fontkit's own outlines
 * (`glyph.path`, `glyph.bbox`) are not the instance's: those of the default instance for a
 * TTF, empty for a WOFF2 (see InstanceOutlines). Nothing in Quire draws with them.
 */
export function openInstance(data: Uint8Array, axes: Readonly<Record<string, number>>, names: InstanceNames): fontkit.Font {
  const parsed = fontkit.create(data);
  if ('fonts' in parsed) throw new Error('font instance: collections are not supported');
  if (!isTrueTypeVariableFont(parsed)) throw new Error('font instance: not a TrueType variable font (fvar, gvar, glyf)');
  const font = parsed as unknown as VariableFontInternals;
  useNativeBrotli(font);
  // Set before anything asks for the processor: fontkit caches it on first use.
  font.variationCoords = font.fvar!.axis.map((axis) => {
    const value = axes[axis.axisTag.trim()];
    return value === undefined ? axis.defaultValue : Math.min(axis.maxValue, Math.max(axis.minValue, value));
  });
  if (!font._variationProcessor) throw new Error('font instance: fontkit made no variation processor');
  measureWithoutOutlines(font);
  const weightIndex = font.fvar!.axis.findIndex((axis) => axis.axisTag.trim() === 'wght');
  const weight = weightIndex >= 0 ? font.variationCoords[weightIndex] : undefined;
  const instance = new InstanceOutlines(font);
  Object.defineProperty(parsed, 'postscriptName', { value: names.postscriptName, configurable: true });
  Object.defineProperty(parsed, 'createSubset', {
    value: (): fontkit.Subset => new InstanceSubset(instance, names, weight),
    configurable: true,
  });
  return parsed;
}

/**
 * fontkit inflates WOFF2 with a JavaScript Brotli decoder; Node's own is several times faster.
 * Same layout as WOFF2Font._decompress: the tables, each at its (transformed) length, in
 * directory order, in one Brotli stream after the directory.
 */
function useNativeBrotli(font: VariableFontInternals): void {
  if (font.type !== 'WOFF2') return;
  const original = font._decompress;
  if (!original || font._decompressed || font._dataPos === undefined || font.directory.totalCompressedSize === undefined) return;
  font._decompress = function decompress(this: VariableFontInternals): void {
    if (this._decompressed) return;
    try {
      this.stream.pos = this._dataPos!;
      const compressed = this.stream.readBuffer(this.directory.totalCompressedSize!);
      let size = 0;
      for (const entry of Object.values(this.directory.tables)) {
        if (!entry) continue;
        entry.offset = size;
        size += entry.transformLength ?? entry.length;
      }
      const inflated = brotliDecompressSync(compressed);
      if (inflated.length < size) throw new Error('short WOFF2 data');
      const Stream = this.stream.constructor as new (buffer: Uint8Array) => DecodeStream;
      this.stream = new Stream(new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.byteLength));
      this._decompressed = true;
    } catch {
      original.call(this);
    }
  };
}

/**
 * Gives each glyph its metrics from hmtx (plus HVAR) and vmtx when fontkit creates it. fontkit
 * would first build the glyph's outline to measure a bounding box that only matters without
 * vmtx; for WOFF2 that means decoding the whole glyf table to shape the first character.
 */
function measureWithoutOutlines(font: VariableFontInternals): void {
  if (!font.vmtx) return;
  const getGlyph = font.getGlyph;
  font.getGlyph = function getGlyphWithMetrics(this: VariableFontInternals, id: number, codePoints?: number[]): GlyphInternals | null {
    const glyph = getGlyph.call(this, id, codePoints);
    if (glyph && !glyph._metrics) {
      const horizontal = glyph._getTableMetrics(this.hmtx);
      const vertical = glyph._getTableMetrics(this.vmtx);
      const processor = this._variationProcessor;
      const delta = processor && this.HVAR ? processor.getAdvanceAdjustment(glyph.id, this.HVAR) : 0;
      glyph._metrics = {
        advanceWidth: horizontal.advance + delta,
        advanceHeight: vertical.advance,
        leftBearing: horizontal.bearing,
        topBearing: vertical.bearing,
      };
    }
    return glyph;
  };
}

/**
 * Instanced outlines and advances of one program, computed per glyph on first need.
 *
 * fontkit decodes a WOFF2 file's whole glyf table into point objects (about a megabyte per CJK
 * subset file) the first time it makes any glyph object, and keeps it. Shaping needs no
 * outlines (metrics come from hmtx and HVAR), so fontkit is given an empty table, and the real
 * one is decoded only while outlines are instanced for a subset, and dropped afterwards.
 */
class InstanceOutlines {
  private readonly outlines = new Map<number, Outline>();
  private readonly transformed: boolean;

  constructor(readonly font: VariableFontInternals) {
    this.transformed = font.directory.tables.glyf?.transformed === true;
    if (this.transformed) {
      if (!font._transformGlyfTable) throw new Error('font instance: fontkit cannot decode this WOFF2 glyf table');
      font._transformedGlyphs = NO_OUTLINES;
    }
  }

  /** Instances the outlines of `glyphIds` not done yet (decoding WOFF2 glyf once for all). */
  prepare(glyphIds: readonly number[]): void {
    const missing = glyphIds.filter((id) => !this.outlines.has(id));
    if (missing.length === 0) return;
    const font = this.font;
    if (this.transformed) {
      font._decompress?.();
      font._transformGlyfTable!();
      if (!font._transformedGlyphs || font._transformedGlyphs === NO_OUTLINES) throw new Error('font instance: fontkit did not decode the WOFF2 glyf table');
    }
    try {
      for (const id of missing) this.outline(id);
    } finally {
      if (this.transformed) font._transformedGlyphs = NO_OUTLINES;
    }
  }

  /** A glyph's outline at the instance, composites flattened (after `prepare` for WOFF2). */
  outline(glyphId: number, depth = 0): Outline {
    let outline = this.outlines.get(glyphId);
    if (!outline) {
      outline = this.instancedOutline(glyphId, depth);
      this.outlines.set(glyphId, outline);
    }
    return outline;
  }

  /** The advance fontkit shapes with at the instance, rounded as a font stores it. */
  advance(glyphId: number): number {
    const font = this.font;
    const metrics = font.hmtx.metrics;
    const base = metrics.get(Math.min(glyphId, metrics.length - 1)).advance;
    const processor = font._variationProcessor;
    const delta = processor && font.HVAR ? processor.getAdvanceAdjustment(glyphId, font.HVAR) : 0;
    return Math.max(0, Math.min(0xffff, Math.round(base + delta)));
  }

  /**
   * WOFF2's pre-decoded glyphs are the default instance, so their points go through gvar
   * here; glyphs that fontkit decodes from a real glyf table have had their deltas applied.
   */
  private instancedOutline(glyphId: number, depth: number): Outline {
    const font = this.font;
    const empty: Outline = { points: [], contourEnds: [] };
    if (!(glyphId >= 0 && glyphId < font.numGlyphs)) return empty;
    const transformed = this.transformed;
    const raw = transformed ? font._transformedGlyphs![glyphId] : font.getGlyph(glyphId)?._decode();
    if (!raw || raw.numberOfContours === 0) return empty;
    // WOFF2's pre-decoded points need gvar applied here (when the font is an instance at all).
    const processor = transformed ? font._variationProcessor : null;
    if (raw.numberOfContours > 0) {
      let points = (raw.points ?? []).map((point) => point.copy());
      // gvar has deltas for four phantom points after the glyph's own; advances come from HVAR.
      if (processor && !vary(processor, glyphId, [...points, ...phantomPoints()])) points = (raw.points ?? []).map((point) => point.copy());
      const contourEnds: number[] = [];
      points.forEach((point, index) => {
        if (point.endContour) contourEnds.push(index);
      });
      if (points.length > 0 && contourEnds.at(-1) !== points.length - 1) contourEnds.push(points.length - 1);
      return { points: points.map(({ x, y, onCurve }) => ({ x: Math.round(x), y: Math.round(y), onCurve })), contourEnds };
    }
    if (depth > 8) return empty; // a cycle of composites: draw nothing rather than recurse forever
    const components = raw.components ?? [];
    let offsets = components.map((component) => new VariationPoint(true, true, component.dx, component.dy));
    if (processor && !vary(processor, glyphId, [...offsets, ...phantomPoints()])) {
      offsets = components.map((component) => new VariationPoint(true, true, component.dx, component.dy));
    }
    const points: OutlinePoint[] = [];
    const contourEnds: number[] = [];
    components.forEach((component, index) => {
      const part = this.outline(component.glyphID, depth + 1);
      const { x: dx, y: dy } = offsets[index]!;
      const base = points.length;
      for (const point of part.points) {
        points.push({
          x: Math.round(point.x * component.scaleX + point.y * component.scale01 + dx),
          y: Math.round(point.y * component.scaleY + point.x * component.scale10 + dy),
          onCurve: point.onCurve,
        });
      }
      for (const end of part.contourEnds) contourEnds.push(base + end);
    });
    return { points, contourEnds };
  }
}

/** The glyf table fontkit sees for a WOFF2 instance: no glyph has an outline there. */
const NO_OUTLINES: RawGlyph[] = [];

/**
 * Applies gvar to the points in place; false (points in an unknown state) when the glyph's
 * variation data is broken, so that one bad glyph draws at the default instance instead of
 * failing the document.
 */
function vary(processor: NonNullable<VariableFontInternals['_variationProcessor']>, glyphId: number, points: FontkitPoint[]): boolean {
  try {
    processor.transformPoints(glyphId, points);
    return true;
  } catch {
    return false;
  }
}

function phantomPoints(): VariationPoint[] {
  return [0, 1, 2, 3].map(() => new VariationPoint(false, true, 0, 0));
}

/**
 * A fontkit-compatible subset of an instance: glyphs are numbered in the order they are
 * included (.notdef first), composites are flattened (so nothing is appended), and encode()
 * writes a static TrueType font.
 */
class InstanceSubset implements fontkit.Subset {
  readonly glyphs: number[] = [];
  private readonly ids = new Map<number, number>();

  constructor(private readonly instance: InstanceOutlines, private readonly names: InstanceNames, private readonly weight: number | undefined) {
    this.includeGlyph(0);
  }

  includeGlyph(glyph: number | fontkit.Glyph): number {
    const id = typeof glyph === 'number' ? glyph : glyph.id;
    let newId = this.ids.get(id);
    if (newId === undefined) {
      newId = this.glyphs.length;
      this.glyphs.push(id);
      this.ids.set(id, newId);
    }
    return newId;
  }

  encode(): Uint8Array {
    return writeInstance(this.instance, this.glyphs, this.names, this.weight);
  }
}

/** A static TrueType font of `glyphIds` (new id = index) at the instance. */
function writeInstance(instance: InstanceOutlines, glyphIds: readonly number[], names: InstanceNames, weight: number | undefined): Uint8Array {
  const font = instance.font;
  instance.prepare(glyphIds);
  const count = glyphIds.length;
  const glyphRecords: Uint8Array[] = [];
  const advances = new Uint16Array(count);
  const bearings = new Int16Array(count);
  const stats = { maxPoints: 0, maxContours: 0, xMin: 0, yMin: 0, xMax: 0, yMax: 0, minRsb: 0, maxExtent: 0, advanceMax: 0, any: false };
  glyphIds.forEach((glyphId, newId) => {
    const outline = instance.outline(glyphId);
    const advance = glyphId >= 0 && glyphId < font.numGlyphs ? instance.advance(glyphId) : 0;
    advances[newId] = advance;
    stats.advanceMax = Math.max(stats.advanceMax, advance);
    const { record, bbox } = encodeSimpleGlyph(outline);
    glyphRecords.push(record);
    if (!bbox) return;
    bearings[newId] = bbox.xMin;
    stats.maxPoints = Math.max(stats.maxPoints, outline.points.length);
    stats.maxContours = Math.max(stats.maxContours, outline.contourEnds.length);
    if (!stats.any) {
      Object.assign(stats, { xMin: bbox.xMin, yMin: bbox.yMin, xMax: bbox.xMax, yMax: bbox.yMax, minRsb: advance - bbox.xMax, maxExtent: bbox.xMax, any: true });
    } else {
      stats.xMin = Math.min(stats.xMin, bbox.xMin);
      stats.yMin = Math.min(stats.yMin, bbox.yMin);
      stats.xMax = Math.max(stats.xMax, bbox.xMax);
      stats.yMax = Math.max(stats.yMax, bbox.yMax);
      stats.minRsb = Math.min(stats.minRsb, advance - bbox.xMax);
      stats.maxExtent = Math.max(stats.maxExtent, bbox.xMax);
    }
  });

  const tables = new Map<string, Uint8Array>();
  for (const tag of COPIED_TABLES) {
    const bytes = rawTable(font, tag);
    if (bytes) tables.set(tag, bytes);
  }

  // glyf and loca (long offsets: every record is padded to four bytes).
  let glyfLength = 0;
  for (const record of glyphRecords) glyfLength += record.length;
  const glyf = new Uint8Array(glyfLength);
  const loca = new DataView(new ArrayBuffer(4 * (count + 1)));
  let offset = 0;
  glyphRecords.forEach((record, newId) => {
    loca.setUint32(4 * newId, offset);
    glyf.set(record, offset);
    offset += record.length;
  });
  loca.setUint32(4 * count, offset);
  tables.set('glyf', glyf);
  tables.set('loca', new Uint8Array(loca.buffer));

  const hmtx = new DataView(new ArrayBuffer(4 * count));
  for (let newId = 0; newId < count; newId++) {
    hmtx.setUint16(4 * newId, advances[newId]!);
    hmtx.setInt16(4 * newId + 2, bearings[newId]!);
  }
  tables.set('hmtx', new Uint8Array(hmtx.buffer));

  const head = copiedTable(font, 'head');
  head.setUint32(8, 0); // checkSumAdjustment, set once the whole file is known
  head.setInt16(36, stats.xMin);
  head.setInt16(38, stats.yMin);
  head.setInt16(40, stats.xMax);
  head.setInt16(42, stats.yMax);
  if (weight !== undefined) head.setUint16(44, (head.getUint16(44) & ~1) | (weight >= 600 ? 1 : 0)); // macStyle bold
  head.setInt16(50, 1); // indexToLocFormat: long
  tables.set('head', bytesOf(head));

  const hhea = copiedTable(font, 'hhea');
  hhea.setUint16(10, stats.advanceMax);
  hhea.setInt16(12, stats.xMin);
  hhea.setInt16(14, stats.minRsb);
  hhea.setInt16(16, stats.maxExtent);
  hhea.setUint16(34, count); // numberOfHMetrics
  tables.set('hhea', bytesOf(hhea));

  const maxp = copiedTable(font, 'maxp');
  maxp.setUint16(4, count);
  if (maxp.byteLength >= 32) {
    maxp.setUint16(6, stats.maxPoints);
    maxp.setUint16(8, stats.maxContours);
    maxp.setUint16(10, 0); // maxCompositePoints: composites are flattened
    maxp.setUint16(12, 0); // maxCompositeContours
    maxp.setUint16(28, 0); // maxComponentElements
    maxp.setUint16(30, 0); // maxComponentDepth
  }
  tables.set('maxp', bytesOf(maxp));

  const post = rawTable(font, 'post');
  if (post && post.length >= 32) {
    const view = new DataView(post.slice(0, 32).buffer);
    view.setUint32(0, 0x00030000); // version 3: no glyph names (they would be the old ids')
    tables.set('post', bytesOf(view));
  }

  const os2 = rawTable(font, 'OS/2');
  if (os2 && os2.length >= 6) {
    const view = new DataView(os2.slice().buffer);
    if (weight !== undefined) view.setUint16(4, Math.round(weight));
    tables.set('OS/2', bytesOf(view));
  }

  tables.set('name', nameTable(names));
  return sfnt(tables);
}

const ON_CURVE = 0x01;
const X_SHORT = 0x02;
const Y_SHORT = 0x04;
const REPEAT = 0x08;
const X_SAME_OR_POSITIVE = 0x10;
const Y_SAME_OR_POSITIVE = 0x20;

/** A simple glyf record (OpenType `glyf` table), no instructions, padded to four bytes. */
function encodeSimpleGlyph(outline: Outline): { record: Uint8Array; bbox: { xMin: number; yMin: number; xMax: number; yMax: number } | null } {
  const { points, contourEnds } = outline;
  if (points.length === 0) return { record: new Uint8Array(0), bbox: null };
  let xMin = Infinity;
  let yMin = Infinity;
  let xMax = -Infinity;
  let yMax = -Infinity;
  const flags: number[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  let lastX = 0;
  let lastY = 0;
  for (const point of points) {
    xMin = Math.min(xMin, point.x);
    yMin = Math.min(yMin, point.y);
    xMax = Math.max(xMax, point.x);
    yMax = Math.max(yMax, point.y);
    let flag = point.onCurve ? ON_CURVE : 0;
    flag |= coordinate(point.x - lastX, X_SHORT, X_SAME_OR_POSITIVE, xs);
    flag |= coordinate(point.y - lastY, Y_SHORT, Y_SAME_OR_POSITIVE, ys);
    flags.push(flag);
    lastX = point.x;
    lastY = point.y;
  }
  const packedFlags: number[] = [];
  for (let i = 0; i < flags.length; ) {
    let repeats = 0;
    while (i + repeats + 1 < flags.length && flags[i + repeats + 1] === flags[i] && repeats < 255) repeats++;
    if (repeats > 0) packedFlags.push(flags[i]! | REPEAT, repeats);
    else packedFlags.push(flags[i]!);
    i += repeats + 1;
  }
  const size = 10 + 2 * contourEnds.length + 2 + packedFlags.length + xs.length + ys.length;
  const record = new Uint8Array((size + 3) & ~3);
  const view = new DataView(record.buffer);
  view.setInt16(0, contourEnds.length);
  view.setInt16(2, xMin);
  view.setInt16(4, yMin);
  view.setInt16(6, xMax);
  view.setInt16(8, yMax);
  let at = 10;
  for (const end of contourEnds) {
    view.setUint16(at, end);
    at += 2;
  }
  view.setUint16(at, 0); // instructionLength
  at += 2;
  record.set(packedFlags, at);
  at += packedFlags.length;
  record.set(xs, at);
  at += xs.length;
  record.set(ys, at);
  return { record, bbox: { xMin, yMin, xMax, yMax } };
}

/** Appends one coordinate delta as 0, 1 or 2 bytes and returns its flag bits. */
function coordinate(delta: number, short: number, sameOrPositive: number, out: number[]): number {
  if (delta === 0) return sameOrPositive;
  if (delta > -256 && delta < 256) {
    out.push(Math.abs(delta));
    return short | (delta > 0 ? sameOrPositive : 0);
  }
  const value = delta & 0xffff;
  out.push(value >> 8, value & 0xff);
  return 0;
}

/** A name table (format 0) with Windows Unicode English records for IDs 1, 2, 3, 4 and 6. */
function nameTable(names: InstanceNames): Uint8Array {
  const full = names.subfamily === 'Regular' ? names.family : `${names.family} ${names.subfamily}`;
  const records: [number, string][] = [
    [1, names.family],
    [2, names.subfamily],
    [3, names.postscriptName],
    [4, full],
    [6, names.postscriptName],
  ];
  const strings = records.map(([, text]) => utf16be(text));
  const headerSize = 6 + 12 * records.length;
  const total = headerSize + strings.reduce((sum, s) => sum + s.length, 0);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0);
  view.setUint16(2, records.length);
  view.setUint16(4, headerSize);
  let stringOffset = 0;
  records.forEach(([nameId], index) => {
    const at = 6 + 12 * index;
    const text = strings[index]!;
    view.setUint16(at, 3); // platform: Windows
    view.setUint16(at + 2, 1); // encoding: Unicode BMP
    view.setUint16(at + 4, 0x409); // language: English (United States)
    view.setUint16(at + 6, nameId);
    view.setUint16(at + 8, text.length);
    view.setUint16(at + 10, stringOffset);
    bytes.set(text, headerSize + stringOffset);
    stringOffset += text.length;
  });
  return bytes;
}

function utf16be(text: string): Uint8Array {
  const bytes = new Uint8Array(2 * text.length);
  for (let i = 0; i < text.length; i++) {
    bytes[2 * i] = text.charCodeAt(i) >> 8;
    bytes[2 * i + 1] = text.charCodeAt(i) & 0xff;
  }
  return bytes;
}

/** A table's bytes as stored (not for WOFF2-transformed tables), or undefined if absent. */
function rawTable(font: VariableFontInternals, tag: string): Uint8Array | undefined {
  font._decompress?.();
  const entry = font.directory.tables[tag];
  if (!entry || entry.transformed) return undefined;
  return font.stream.buffer.subarray(entry.offset, entry.offset + entry.length);
}

/** A writable copy of a required table. */
function copiedTable(font: VariableFontInternals, tag: string): DataView {
  const bytes = rawTable(font, tag);
  if (!bytes) throw new Error(`font instance: the font has no usable ${tag} table`);
  return new DataView(bytes.slice().buffer);
}

function bytesOf(view: DataView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/** An OpenType file (sfnt version 1.0) from its tables, with checksums and head's adjustment. */
function sfnt(tables: Map<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= count) {
    searchRange *= 2;
    entrySelector++;
  }
  const directorySize = 12 + 16 * count;
  let total = directorySize;
  for (const tag of tags) total += (tables.get(tag)!.length + 3) & ~3;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, count);
  view.setUint16(6, searchRange * 16);
  view.setUint16(8, entrySelector);
  view.setUint16(10, count * 16 - searchRange * 16);
  let offset = directorySize;
  let headOffset = -1;
  tags.forEach((tag, index) => {
    const table = tables.get(tag)!;
    const at = 12 + 16 * index;
    for (let i = 0; i < 4; i++) view.setUint8(at + i, tag.charCodeAt(i));
    bytes.set(table, offset);
    view.setUint32(at + 4, checksum(bytes, offset, table.length));
    view.setUint32(at + 8, offset);
    view.setUint32(at + 12, table.length);
    if (tag === 'head') headOffset = offset;
    offset += (table.length + 3) & ~3;
  });
  if (headOffset >= 0) view.setUint32(headOffset + 8, (0xb1b0afba - checksum(bytes, 0, bytes.length)) >>> 0);
  return bytes;
}

/** The OpenType table checksum: the sum of big-endian uint32s, zero-padded. */
function checksum(bytes: Uint8Array, offset: number, length: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sum = 0;
  const end = offset + length;
  let i = offset;
  for (; i + 4 <= end; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  if (i < end) {
    let word = 0;
    for (let k = 0; k < 4; k++) word = (word << 8) | (i + k < end ? bytes[i + k]! : 0);
    sum = (sum + (word >>> 0)) >>> 0;
  }
  return sum;
}
