// A FontFace backed by a fontkit font program: metrics the way browsers read them on Linux,
// and a cached cmap coverage test (itemization asks it for every character of every text node).

import { createHash } from 'node:crypto';
import * as fontkit from 'fontkit';
import { checkGlyph } from './font-check.js';
import { openWoff2 } from './font-instance.js';
import { useSteadyGlyfTable } from './glyf-stream.js';
import { postHeader } from './post-header.js';
import { inflateWoffWithZlib } from './woff-tables.js';
import type { FontFace } from './types.js';

/** The @font-face descriptors that a face is registered under (CSS Fonts 3 §4). */
export interface FaceDescriptors {
  readonly family: string;
  /** 1..1000; default 400. */
  readonly weight?: number;
  /** Oblique faces are treated as italic (we have no separate oblique faces). */
  readonly style?: 'normal' | 'italic' | 'oblique';
}

const COVERAGE_UNKNOWN = 0;
const COVERAGE_YES = 1;
const COVERAGE_NO = 2;

/** A parsed font file plus the descriptors it was registered with. */
export class FontkitFace implements FontFace {
  readonly id: string;
  readonly family: string;
  readonly weight: number;
  readonly style: 'normal' | 'italic';
  readonly postscriptName: string;
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  readonly data: Uint8Array;
  /** The fontkit font program; pdf/ subsets it, shape.ts lays text out with it. */
  readonly program: fontkit.Font;
  // BMP coverage as a flat table (one byte per code point, filled lazily); astral in a Map.
  private readonly bmpCoverage = new Uint8Array(0x10000);
  private readonly astralCoverage = new Map<number, boolean>();
  private readonly checkGlyphs: boolean;

  /**
   * `checkGlyphs` (a document's own font file, which may be damaged): a character counts as
   * covered only when its glyph's advance and outline decode, so that text falls back to
   * another face rather than failing where the file is broken.
   */
  constructor(program: fontkit.Font, data: Uint8Array, descriptors: FaceDescriptors, id: string, options: { checkGlyphs?: boolean } = {}) {
    this.program = program;
    this.checkGlyphs = options.checkGlyphs ?? false;
    this.data = data;
    this.id = id;
    this.family = descriptors.family;
    this.weight = descriptors.weight ?? 400;
    this.style = descriptors.style === undefined || descriptors.style === 'normal' ? 'normal' : 'italic';
    this.postscriptName = program.postscriptName ?? sanitizePostscriptName(descriptors.family);
    this.unitsPerEm = program.unitsPerEm;
    // hhea metrics: what Chromium and Firefox use on Linux for 'normal' line-height unless
    // OS/2 USE_TYPO_METRICS is set; Noto Sans gives (1069 + 293 + 0) / 1000 = 1.362em.
    this.ascent = program.ascent;
    this.descent = -program.descent;
    this.lineGap = program.lineGap;
    this.capHeight = program.capHeight || glyphTop(program, 0x48) || this.ascent * 0.7;
    this.xHeight = program['OS/2']?.xHeight || glyphTop(program, 0x78) || this.unitsPerEm / 2;
    const post = postHeader(program);
    this.underlinePosition = post.underlinePosition;
    this.underlineThickness = post.underlineThickness || Math.round(this.unitsPerEm / 20);
  }

  hasGlyph(codePoint: number): boolean {
    if (codePoint < 0x10000) {
      const known = this.bmpCoverage[codePoint];
      if (known !== COVERAGE_UNKNOWN) return known === COVERAGE_YES;
      const has = this.usableGlyph(codePoint);
      this.bmpCoverage[codePoint] = has ? COVERAGE_YES : COVERAGE_NO;
      return has;
    }
    let has = this.astralCoverage.get(codePoint);
    if (has === undefined) {
      has = this.usableGlyph(codePoint);
      this.astralCoverage.set(codePoint, has);
    }
    return has;
  }

  /** The cmap has the character (and, when checking, its glyph decodes); a damaged cmap has nothing. */
  private usableGlyph(codePoint: number): boolean {
    try {
      if (!this.program.hasGlyphForCodePoint(codePoint)) return false;
      if (this.checkGlyphs) checkGlyph(this.program, this.program.glyphForCodePoint(codePoint).id);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Parses a font file (TrueType, OpenType, WOFF, WOFF2; the first face of a collection). A
 * WOFF2 file with a transformed glyf table gets a subset writer of our own (font-instance.ts):
 * fontkit's writes a broken font for it.
 */
export function parseFontProgram(data: Uint8Array): fontkit.Font {
  const parsed = fontkit.create(data);
  if ('fonts' in parsed) {
    const first = parsed.fonts[0];
    if (!first) throw new Error('font collection has no faces');
    useSteadyGlyfTable(first);
    return first;
  }
  inflateWoffWithZlib(parsed);
  useSteadyGlyfTable(parsed);
  return openWoff2(parsed);
}

/** A short, stable digest of font bytes: equal files give equal face ids, across documents. */
export function fontDataDigest(data: Uint8Array): string {
  return createHash('sha1').update(data).digest('hex').slice(0, 12);
}

const programsOfForeignFaces = new WeakMap<FontFace, fontkit.Font>();

/**
 * The font program behind a face. Faces made here carry it; any other FontFace (a test fake)
 * gets its `data` parsed once.
 */
export function fontProgramOf(face: FontFace): fontkit.Font {
  if (face instanceof FontkitFace) return face.program;
  let program = programsOfForeignFaces.get(face);
  if (!program) {
    program = parseFontProgram(face.data);
    programsOfForeignFaces.set(face, program);
  }
  return program;
}

/** The top of a glyph's outline, for fonts whose OS/2 table lacks cap or x height. */
function glyphTop(program: fontkit.Font, codePoint: number): number {
  try {
    if (!program.hasGlyphForCodePoint(codePoint)) return 0;
    const top = program.glyphForCodePoint(codePoint).bbox.maxY;
    return Number.isFinite(top) ? top : 0;
  } catch {
    return 0; // an unreadable outline: the caller's estimate
  }
}

function sanitizePostscriptName(name: string): string {
  // PDF 32000-1 §9.6.2.1: a PostScript name has no spaces; keep it to safe characters.
  return name.replace(/[^A-Za-z0-9_-]/g, '') || 'Font';
}
