// Shaping with HarfBuzz (harfbuzzjs' WASM build) for the scripts where fontkit's OpenType
// layout differs from the reference shaper. Measured on the Noto fonts (test/text/
// complex-scripts.test.ts): fontkit does not reorder combining marks (Unicode canonical
// ordering, Arabic modifier-mark reordering of UTR #53), so a shadda with a vowel stacks
// upside down and Hebrew niqqud come out of order; it does not decompose Thai/Lao SARA AM, so
// the nikhahit lands above the tone mark. Its Devanagari glyphs and positions are right, but
// fontkit 2 reports no clusters, and after reordering (the i-matra drawn before its
// consonant) each glyph would stand for the wrong characters. Latin, Cyrillic, Greek and CJK
// stay with fontkit (identical output, cheaper, no WASM).
//
// The WASM module is compiled synchronously (layout shapes synchronously) on the first text
// that needs it, never for a document without such text. harfbuzzjs' own entry point
// instantiates asynchronously at import (top-level await), so this file binds the handful
// of C functions it needs itself: the module's imports are five Emscripten runtime stubs.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';
import { fontProgramOf } from './font-face.js';
import type { ShapeOptions } from './shape.js';
import type { FontFace, ShapedGlyph, ShapedText } from './types.js';

/**
 * True when `text` has a character of a script that HarfBuzz shapes for us: one whose marks
 * reorder or whose vowels decompose (Hebrew, Arabic and the other joining scripts, Thai,
 * Lao), or a complex script fontkit's shapers were not measured on (the other Brahmic scripts,
 * Tibetan, Myanmar, Khmer, Mongolian, the Universal Shaping Engine's scripts).
 */
export function needsHarfBuzz(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x0590) continue;
    if (code >= 0xd800 && code <= 0xdbff) {
      if (isHarfBuzzScript(text.codePointAt(i)!)) return true;
      i++;
    } else if (isHarfBuzzScript(code)) {
      return true;
    }
  }
  return false;
}

function isHarfBuzzScript(cp: number): boolean {
  // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Devanagari … Sinhala, Thai, Lao,
  // Tibetan, Myanmar.
  if (cp < 0x10a0) return cp >= 0x0590;
  if (cp < 0x1700) return false; // Georgian, Hangul Jamo, Ethiopic, Cherokee, Canadian syllabics, Ogham, Runic
  // Philippine scripts, Khmer, Mongolian, Limbu, Tai Le, New Tai Lue, Buginese, Tai Tham,
  // Balinese, Sundanese, Batak, Lepcha, Ol Chiki, Vedic extensions (and, harmlessly, the few
  // simple letters between them).
  if (cp < 0x1d00) return true;
  if (cp >= 0xa800 && cp < 0xab00) return true; // Syloti Nagri … Tai Viet, Meetei Mayek ext
  if (cp >= 0xabc0 && cp < 0xac00) return true; // Meetei Mayek
  if (cp >= 0xfb1d && cp < 0xfe00) return true; // Hebrew and Arabic presentation forms A
  if (cp >= 0xfe70 && cp < 0xfeff) return true; // Arabic presentation forms B
  return cp >= 0x10800 && cp < 0x11d00; // historic RTL and Brahmic scripts (Brahmi, Kaithi, Chakma …)
}

/** Whether the WASM module has been loaded in this process (tests: a Latin document must not). */
export function isHarfBuzzLoaded(): boolean {
  return runtime !== null;
}

/**
 * Shapes `text` with HarfBuzz: glyphs in visual order, metrics in font units, each cluster's
 * text on its last glyph in visual order. Null when HarfBuzz cannot read the face (the
 * caller shapes with fontkit then).
 */
export function shapeWithHarfBuzz(face: FontFace, text: string, options: ShapeOptions): ShapedText | null {
  const hb = harfBuzz();
  const font = fontOf(hb, face);
  if (font === 0) return null;
  const e = hb.exports;
  const buffer = hb.buffer;
  e.hb_buffer_clear_contents(buffer);
  const textPtr = e.malloc(text.length * 2);
  const featuresPtr = options.features === null ? 0 : e.malloc(16 * Object.keys(options.features).length);
  try {
    const units = new Uint16Array(hb.memory.buffer, textPtr, text.length);
    for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
    e.hb_buffer_add_utf16(buffer, textPtr, text.length, 0, text.length);
    // 'auto' leaves the direction to the script (as fontkit does: Arabic stays RTL).
    if (options.direction !== 'auto') e.hb_buffer_set_direction(buffer, options.direction === 'rtl' ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    e.hb_buffer_guess_segment_properties(buffer);
    const featureCount = writeFeatures(hb, featuresPtr, options.features);
    e.hb_shape(font, buffer, featuresPtr, featureCount);
    return readGlyphs(hb, face, text);
  } finally {
    e.free(textPtr);
    if (featuresPtr !== 0) e.free(featuresPtr);
  }
}

const HB_DIRECTION_LTR = 4;
const HB_DIRECTION_RTL = 5;
const HB_MEMORY_MODE_READONLY = 1;
const HB_FEATURE_GLOBAL_END = 0xffffffff;

/** The parts of the WebAssembly API used here (the project's lib settings do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, Record<string, unknown>>) => { exports: unknown };
}

const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: WasmApi };

interface HarfBuzzExports {
  readonly memory: WasmMemory;
  __wasm_call_ctors(): void;
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_font_create(face: number): number;
  hb_font_destroy(font: number): void;
  hb_font_set_variations(font: number, variations: number, count: number): void;
  hb_buffer_create(): number;
  hb_buffer_clear_contents(buffer: number): void;
  hb_buffer_add_utf16(buffer: number, text: number, length: number, itemOffset: number, itemLength: number): void;
  hb_buffer_set_direction(buffer: number, direction: number): void;
  hb_buffer_guess_segment_properties(buffer: number): void;
  hb_buffer_get_length(buffer: number): number;
  hb_buffer_get_glyph_infos(buffer: number, length: number): number;
  hb_buffer_get_glyph_positions(buffer: number, length: number): number;
  hb_shape(font: number, buffer: number, features: number, featureCount: number): void;
}

interface HarfBuzzRuntime {
  readonly exports: HarfBuzzExports;
  readonly memory: WasmMemory;
  /** One buffer, cleared per call: shaping is synchronous and never re-entered. */
  readonly buffer: number;
}

let runtime: HarfBuzzRuntime | null = null;

function harfBuzz(): HarfBuzzRuntime {
  runtime ??= instantiate();
  return runtime;
}

function instantiate(): HarfBuzzRuntime {
  const path = createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz.wasm');
  const module = new wasm.Module(readFileSync(path));
  let memory: WasmMemory | null = null;
  const fail = (): never => {
    throw new Error('harfbuzz: aborted');
  };
  const env = {
    _abort_js: fail,
    _emscripten_runtime_keepalive_clear: () => {},
    _setitimer_js: () => 0,
    // malloc asks for more memory: grow by at least a fifth, as Emscripten's runtime does.
    emscripten_resize_heap: (requested: number): number => {
      const old = memory!.buffer.byteLength;
      const target = Math.max(requested >>> 0, Math.ceil(old * 1.2));
      try {
        memory!.grow(Math.ceil((target - old) / 65536));
        return 1;
      } catch {
        return 0;
      }
    },
  };
  const instance = new wasm.Instance(module, { env, wasi_snapshot_preview1: { proc_exit: fail } });
  const exports = instance.exports as unknown as HarfBuzzExports;
  memory = exports.memory;
  exports.__wasm_call_ctors();
  return { exports, memory, buffer: exports.hb_buffer_create() };
}

/** hb_font_t per face (0: HarfBuzz cannot use it), created once; freed with the face. */
const fonts = new WeakMap<FontFace, number>();
const releaseFont = new FinalizationRegistry<{ font: number; data: number }>(({ font, data }) => {
  if (runtime === null) return;
  runtime.exports.hb_font_destroy(font);
  runtime.exports.free(data);
});

function fontOf(hb: HarfBuzzRuntime, face: FontFace): number {
  let font = fonts.get(face);
  if (font === undefined) {
    font = createFont(hb, face);
    fonts.set(face, font);
  }
  return font;
}

function createFont(hb: HarfBuzzRuntime, face: FontFace): number {
  let bytes: Uint8Array;
  let program: fontkit.Font;
  try {
    program = fontProgramOf(face);
    bytes = isSfnt(face.data) ? face.data : layoutSfnt(program);
  } catch {
    return 0;
  }
  const e = hb.exports;
  const data = e.malloc(bytes.length);
  new Uint8Array(hb.memory.buffer, data, bytes.length).set(bytes);
  // The blob borrows our copy (no destroy callback); the font holds the face, which holds the
  // blob, so destroying the font releases both and the copy is freed after it.
  const blob = e.hb_blob_create(data, bytes.length, HB_MEMORY_MODE_READONLY, 0, 0);
  const hbFace = e.hb_face_create(blob, 0);
  const font = e.hb_font_create(hbFace);
  e.hb_face_destroy(hbFace);
  e.hb_blob_destroy(blob);
  setVariations(hb, font, program);
  releaseFont.register(face, { font, data });
  return font;
}

/**
 * An instance of a variable font (font-instance.ts sets fontkit's variationCoords, user-space
 * values per fvar axis) shapes at that instance: its advances (HVAR) and GPOS differ from the
 * default's. hb_variation_t is a tag and a float32. Pinned to fontkit 2.0.x's variationCoords.
 */
function setVariations(hb: HarfBuzzRuntime, font: number, program: fontkit.Font): void {
  const internals = program as unknown as { variationCoords?: readonly number[]; fvar?: { axis: readonly { axisTag: string }[] } };
  const coords = internals.variationCoords;
  const axes = internals.fvar?.axis;
  if (!coords || !axes || coords.length !== axes.length || axes.length === 0) return;
  const e = hb.exports;
  const ptr = e.malloc(8 * axes.length);
  const words = new Uint32Array(hb.memory.buffer, ptr, 2 * axes.length);
  const floats = new Float32Array(hb.memory.buffer, ptr, 2 * axes.length);
  axes.forEach((axis, i) => {
    words[2 * i] = tagOf(axis.axisTag);
    floats[2 * i + 1] = coords[i]!;
  });
  e.hb_font_set_variations(font, ptr, axes.length);
  e.free(ptr);
}

/** An OpenType tag as HarfBuzz's uint32, padded with spaces. */
function tagOf(tag: string): number {
  const padded = `${tag}    `;
  return ((padded.charCodeAt(0) << 24) | (padded.charCodeAt(1) << 16) | (padded.charCodeAt(2) << 8) | padded.charCodeAt(3)) >>> 0;
}

/** TrueType, OpenType and collections HarfBuzz reads as they are; WOFF and WOFF2 it does not. */
function isSfnt(data: Uint8Array): boolean {
  if (data.length < 4) return false;
  const tag = ((data[0]! << 24) | (data[1]! << 16) | (data[2]! << 8) | data[3]!) >>> 0;
  return tag === 0x00010000 || tag === 0x4f54544f /* OTTO */ || tag === 0x74746366 /* ttcf */ || tag === 0x74727565 /* true */;
}

/**
 * An sfnt of a WOFF/WOFF2 face's tables as fontkit decompressed them, without glyf and loca
 * (WOFF2 transforms them, and shaping reads cmap, GDEF/GSUB/GPOS and metrics only).
 * Pinned to fontkit 2.0.x internals (_getTableStream, directory.tables[tag].length).
 */
function layoutSfnt(program: fontkit.Font): Uint8Array {
  const internals = program as unknown as {
    directory: { tables: Record<string, { length: number }> };
    _getTableStream(tag: string): { buffer: Uint8Array; pos: number } | null;
  };
  const tags = Object.keys(internals.directory.tables).filter((tag) => tag !== 'glyf' && tag !== 'loca').sort();
  const tables: Uint8Array[] = [];
  for (const tag of tags) {
    const stream = internals._getTableStream(tag);
    const length = internals.directory.tables[tag]!.length;
    tables.push(stream ? stream.buffer.subarray(stream.pos, stream.pos + length) : new Uint8Array(0));
  }
  let total = 12 + 16 * tags.length;
  for (const table of tables) total += (table.length + 3) & ~3;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tags.length);
  let offset = 12 + 16 * tags.length;
  tags.forEach((tag, index) => {
    const record = 12 + 16 * index;
    for (let k = 0; k < 4; k++) view.setUint8(record + k, tag.charCodeAt(k));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, tables[index]!.length);
    bytes.set(tables[index]!, offset);
    offset += (tables[index]!.length + 3) & ~3;
  });
  return bytes;
}

/** hb_feature_t records (tag, value, start, end: four uint32) for the whole run. */
function writeFeatures(hb: HarfBuzzRuntime, ptr: number, features: Readonly<Record<string, number>> | null): number {
  if (features === null || ptr === 0) return 0;
  const tags = Object.keys(features);
  const words = new Uint32Array(hb.memory.buffer, ptr, 4 * tags.length);
  tags.forEach((tag, i) => {
    words[4 * i] = tagOf(tag);
    words[4 * i + 1] = features[tag]! >>> 0;
    words[4 * i + 2] = 0;
    words[4 * i + 3] = HB_FEATURE_GLOBAL_END;
  });
  return tags.length;
}

/**
 * The buffer's glyphs (hb_glyph_info_t and hb_glyph_position_t: five 32-bit words each). With
 * UTF-16 input a cluster is the UTF-16 offset of its first character; clusters are contiguous
 * and monotone in visual order (ascending LTR, descending RTL), so a cluster's text runs to
 * the next larger cluster value. The text goes on the cluster's last glyph in visual order:
 * letter-spacing follows glyphs that carry text (paint/glyph-runs.ts), so it falls between
 * clusters, never between a base and its marks or a reordered matra and its consonant.
 */
function readGlyphs(hb: HarfBuzzRuntime, face: FontFace, text: string): ShapedText {
  const e = hb.exports;
  const count = e.hb_buffer_get_length(hb.buffer);
  const infos = new Uint32Array(hb.memory.buffer, e.hb_buffer_get_glyph_infos(hb.buffer, 0), 5 * count);
  const positions = new Int32Array(hb.memory.buffer, e.hb_buffer_get_glyph_positions(hb.buffer, 0), 5 * count);
  const rtl = count > 1 && infos[2]! > infos[5 * (count - 1) + 2]!;
  const glyphs = new Array<ShapedGlyph>(count);
  let advance = 0;
  let previousCluster = text.length; // RTL: the cluster to the left starts after this one ends
  for (let v = 0; v < count; v++) {
    const cluster = infos[5 * v + 2]!;
    const last = v === count - 1 || infos[5 * (v + 1) + 2]! !== cluster;
    let glyphText = '';
    if (last) {
      const end = rtl ? previousCluster : v === count - 1 ? text.length : infos[5 * (v + 1) + 2]!;
      glyphText = clusterText(text, cluster, end);
      previousCluster = cluster;
    }
    const w = positions[5 * v]!;
    glyphs[v] = { id: infos[5 * v]!, advance: w, xOffset: positions[5 * v + 2]!, yOffset: positions[5 * v + 3]!, cluster, text: glyphText };
    advance += w;
  }
  return { face, glyphs, advance };
}

const IGNORABLE_ONLY = /^\p{Default_Ignorable_Code_Point}+$/u;

/** As in shape.ts: a cluster of invisible characters (ZWJ, ZWNJ) stands for no text. */
function clusterText(text: string, start: number, end: number): string {
  const slice = text.slice(start, end);
  return IGNORABLE_ONLY.test(slice) ? '' : slice;
}
