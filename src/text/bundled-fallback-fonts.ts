// The bundled fallback fonts for scripts and symbols that Noto Sans lacks: Noto Sans Arabic,
// Hebrew, Devanagari and Thai, Noto Sans Math, Noto Sans Symbols 2 and (monochrome) Noto
// Emoji, from their @fontsource packages (SIL OFL 1.1). They are static fonts, one WOFF2 file
// per subset and weight; the package's CSS says which subset serves which characters. Only
// each font's own subsets are used (not its latin, latin-ext, greek-ext or cyrillic-ext ones:
// those characters come from the document's fonts and Noto Sans). A file is opened only when
// a character in its range is first needed, so a document that needs none of them opens none.

import { FontkitFace, parseFontProgram } from './font-face.js';
import { parseFontFaceRules, readFontFile, readPackageSheet, SubsetFontPackage, WEIGHT_NAMES, type SubsetFile } from './fontsource-package.js';
import type { FontFace } from './types.js';
import { parseUnicodeRange, type CodePointRange } from './unicode-range.js';

/** Which package a fallback font comes from, and which of its files serve fallback. */
interface FallbackFontSpec {
  readonly packageName: string;
  /** The family it is registered (and can be asked for) under. */
  readonly family: string;
  /** Other names (lowercased) that resolve to it: the CSS generic family it stands for. */
  readonly aliases?: readonly string[];
  /** Its files are `<fileStem>-<subset>-<weight>-normal.woff2`. */
  readonly fileStem: string;
  /** The subsets used, by their name in the file names. */
  readonly subsets: readonly string[];
  /** The weights it has files for. */
  readonly weights: readonly number[];
  /** The embedded fonts' names: `<postscriptStem>-<Weight>-<subset>`. */
  readonly postscriptStem: string;
  /**
   * The characters a subset serves when the package's CSS misstates them: Noto Sans Math
   * ships one file, labelled `latin`, that holds the whole font.
   */
  readonly ranges?: Readonly<Record<string, string>>;
}

const ALL_WEIGHTS: readonly number[] = [100, 200, 300, 400, 500, 600, 700, 800, 900];

/** A static font cut into unicode-range files, opened file by file and weight by weight. */
export class BundledFallbackFont extends SubsetFontPackage {
  constructor(readonly spec: FallbackFontSpec) {
    super(spec.packageName);
  }

  get family(): string {
    return this.spec.family;
  }

  get weights(): readonly number[] {
    return this.spec.weights;
  }

  /** The used subsets of `index.css` (weight 400; every weight has the same subsets and ranges). */
  protected readSubsetFiles(): SubsetFile[] {
    const dir = this.directory();
    const css = dir === null ? null : readPackageSheet(dir, 'index.css');
    if (dir === null || css === null) return [];
    const keyPattern = new RegExp(`${this.spec.fileStem}-(.+?)-400-normal\\.woff2$`);
    const files: SubsetFile[] = [];
    for (const file of parseFontFaceRules(css, dir, keyPattern)) {
      if (!this.spec.subsets.includes(file.key)) continue;
      const ranges: readonly CodePointRange[] = this.spec.ranges?.[file.key] === undefined ? file.ranges : parseUnicodeRange(this.spec.ranges[file.key]!);
      files.push({ path: file.path, key: file.key, ranges });
    }
    return files;
  }

  /** One file at one weight as a face, or null when it cannot be read or parsed. */
  protected openSubset(file: SubsetFile, weight: number): FontFace | null {
    try {
      const data = readFontFile(file.path.replace(/-400-normal\.woff2$/, `-${weight}-normal.woff2`));
      // Every file of a font carries the font's PostScript name; the subset is appended so
      // that no two embedded subsets share a BaseFont.
      const postscriptName = `${this.spec.postscriptStem}-${WEIGHT_NAMES[weight] ?? `W${weight}`}-${file.key}`;
      const program = parseFontProgram(data);
      Object.defineProperty(program, 'postscriptName', { value: postscriptName, configurable: true });
      return new FontkitFace(program, data, { family: this.spec.family, weight, style: 'normal' }, postscriptName);
    } catch {
      return null;
    }
  }
}

/**
 * The fallback fonts in the order fallback tries them, after Noto Sans and before the CJK
 * fonts. The scripts' ranges do not overlap; among the symbol fonts Math comes first (its
 * operators and letterlike symbols are the fullest), then Symbols 2, then the emoji, so that
 * a symbol both have (✈, ☎) gets its text form.
 */
export const FALLBACK_FONTS: readonly BundledFallbackFont[] = [
  new BundledFallbackFont({ packageName: '@fontsource/noto-sans-arabic', family: 'Noto Sans Arabic', fileStem: 'noto-sans-arabic', subsets: ['arabic'], weights: ALL_WEIGHTS, postscriptStem: 'NotoSansArabic' }),
  new BundledFallbackFont({ packageName: '@fontsource/noto-sans-hebrew', family: 'Noto Sans Hebrew', fileStem: 'noto-sans-hebrew', subsets: ['hebrew'], weights: ALL_WEIGHTS, postscriptStem: 'NotoSansHebrew' }),
  new BundledFallbackFont({ packageName: '@fontsource/noto-sans-devanagari', family: 'Noto Sans Devanagari', fileStem: 'noto-sans-devanagari', subsets: ['devanagari'], weights: ALL_WEIGHTS, postscriptStem: 'NotoSansDevanagari' }),
  new BundledFallbackFont({ packageName: '@fontsource/noto-sans-thai', family: 'Noto Sans Thai', fileStem: 'noto-sans-thai', subsets: ['thai'], weights: ALL_WEIGHTS, postscriptStem: 'NotoSansThai' }),
  new BundledFallbackFont({
    packageName: '@fontsource/noto-sans-math',
    family: 'Noto Sans Math',
    aliases: ['math'],
    fileStem: 'noto-sans-math',
    subsets: ['latin'],
    weights: [400],
    postscriptStem: 'NotoSansMath',
    // Its mathematical blocks: General Punctuation to Miscellaneous Technical, Geometric
    // Shapes, Miscellaneous Mathematical Symbols-A to Miscellaneous Symbols and Arrows, and the
    // Mathematical Alphanumeric and Arabic Mathematical Alphabetic Symbols (not the dingbats
    // and other symbols between, which it lacks and Symbols 2 has).
    ranges: { latin: 'U+2000-23FF, U+25A0-25FF, U+27C0-27FF, U+2900-2BFF, U+1D400-1D7FF, U+1EE00-1EEFF' },
  }),
  new BundledFallbackFont({ packageName: '@fontsource/noto-sans-symbols-2', family: 'Noto Sans Symbols 2', fileStem: 'noto-sans-symbols-2', subsets: ['symbols', 'math', 'braille', 'mayan-numerals'], weights: [400], postscriptStem: 'NotoSansSymbols2' }),
  new BundledFallbackFont({
    packageName: '@fontsource/noto-emoji',
    family: 'Noto Emoji',
    aliases: ['emoji'],
    fileStem: 'noto-emoji',
    subsets: ['emoji', ...Array.from({ length: 11 }, (_, i) => String(i))],
    weights: [300, 400, 500, 600, 700],
    postscriptStem: 'NotoEmoji',
  }),
];
