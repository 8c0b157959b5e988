// Minimal declarations for fontkit 2 (the package ships none): only what src/text and src/pdf use.
declare module 'fontkit' {
  export interface BBox {
    readonly minX: number;
    readonly minY: number;
    readonly maxX: number;
    readonly maxY: number;
  }

  export interface Glyph {
    readonly id: number;
    readonly codePoints: number[];
    readonly advanceWidth: number;
    readonly name: string | null;
    readonly isMark: boolean;
    readonly isLigature: boolean;
    /** The outline's bounding box, font units, y up. */
    readonly bbox: BBox;
  }

  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }

  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    readonly direction: 'ltr' | 'rtl';
    readonly script: string;
    readonly advanceWidth: number;
  }

  export interface Subset {
    /** Adds a glyph (and later, on encode, its composite components); returns its id in the subset. */
    includeGlyph(glyph: number | Glyph): number;
    /** Old glyph ids, in new-id order (index = new id). */
    readonly glyphs: number[];
    encode(): Uint8Array;
  }

  export interface Font {
    readonly type: 'TTF' | 'WOFF' | 'WOFF2' | 'DFont';
    readonly postscriptName: string | null;
    readonly familyName: string | null;
    readonly subfamilyName: string | null;
    readonly unitsPerEm: number;
    readonly ascent: number;
    readonly descent: number;
    readonly lineGap: number;
    readonly capHeight: number;
    readonly xHeight: number;
    readonly underlinePosition: number;
    readonly underlineThickness: number;
    readonly italicAngle: number;
    readonly numGlyphs: number;
    readonly bbox: BBox;
    readonly post: { readonly isFixedPitch: number };
    readonly 'OS/2'?: { readonly usWeightClass: number; readonly capHeight?: number; readonly xHeight?: number };
    readonly directory: { readonly tables: Record<string, unknown> };
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    glyphsForString(text: string): Glyph[];
    getGlyph(id: number, codePoints?: number[]): Glyph;
    layout(
      text: string | Glyph[],
      features?: string[] | Record<string, boolean>,
      script?: string,
      language?: string,
      direction?: 'ltr' | 'rtl',
    ): GlyphRun;
    createSubset(): Subset;
  }

  export interface FontCollection {
    readonly type: 'TTC' | 'DFont';
    readonly fonts: Font[];
    getFont(postscriptName: string): Font | null;
  }

  export function create(data: Uint8Array, postscriptName?: string): Font | FontCollection;
}
