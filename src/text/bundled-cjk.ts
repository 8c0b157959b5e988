// The bundled CJK fallback fonts: Noto Sans SC, KR and JP from the
// @fontsource-variable packages (SIL OFL), variable fonts (wght 100–900) cut into about a
// hundred WOFF2 files each, every file serving one unicode-range. A package's CSS says which
// file covers which characters; it is read once, and a file is opened only when a character in
// its range is first needed (once per file and weight per process). Each file at each weight
// is its own face: glyph ids are per file, so itemization splits runs between files and each
// becomes its own embedded PDF font.
//
// Coverage of SC (measured on 5.3.1): 12,242 Han ideographs of the URO (GB 2312 and far
// beyond, with the kanji of everyday Japanese), hiragana and katakana, CJK symbols and
// punctuation, fullwidth forms, and Latin; no Hangul, which KR (tried after it) brings. Han
// ideographs differ in shape between the regions (直, 骨, 角): text in Japanese (lang="ja")
// tries JP first and Korean KR first; all other text SC, then KR and JP.

import { FontkitFace } from './font-face.js';
import { UnicodeRangeFaces } from './font-fallback.js';
import { openInstance } from './font-instance.js';
import { parseFontFaceRules, readFontFile, readPackageSheet, SubsetFontPackage, WEIGHT_NAMES, type SubsetFile } from './fontsource-package.js';
import type { FontFace } from './types.js';

/** The weights each CJK font is registered at: instances of the variable font's wght axis. */
export const CJK_WEIGHTS: readonly number[] = [100, 200, 300, 400, 500, 600, 700, 800, 900];

/** Which package a CJK font comes from and the names it goes by. */
interface CjkFontSpec {
  readonly packageName: string;
  /** The family it is registered under, and other names documents use (lowercased). */
  readonly family: string;
  readonly aliases: readonly string[];
  /** Its files are `<fileStem>-<key>-wght-normal.woff2`. */
  readonly fileStem: string;
  /** The embedded fonts' names: `<postscriptStem>-<Weight>-<key>`, family `<nameFamily>`. */
  readonly postscriptStem: string;
  readonly nameFamily: string;
}

/** A variable CJK font cut into unicode-range files, opened file by file and weight by weight. */
export class BundledCjkFont extends SubsetFontPackage {
  constructor(readonly spec: CjkFontSpec) {
    super(spec.packageName);
  }

  get family(): string {
    return this.spec.family;
  }

  protected readSubsetFiles(): SubsetFile[] {
    const dir = this.directory();
    if (!dir) return [];
    const keyPattern = new RegExp(`${this.spec.fileStem}-(.+?)-wght-normal\\.woff2$`);
    for (const sheet of ['wght.css', 'index.css']) {
      const css = readPackageSheet(dir, sheet);
      if (css === null) continue;
      const files = parseFontFaceRules(css, dir, keyPattern);
      if (files.length > 0) return files;
    }
    return [];
  }

  /** One file at one weight as a face, or null when it cannot be read or parsed. */
  protected openSubset(file: SubsetFile, weight: number): FontFace | null {
    try {
      const data = readFontFile(file.path);
      const subfamily = WEIGHT_NAMES[weight] ?? `W${weight}`;
      // Unique per file: two files' subsets must never share a PDF BaseFont name.
      const postscriptName = `${this.spec.postscriptStem}-${subfamily}-${file.key}`;
      const program = openInstance(data, { wght: weight }, { family: this.spec.nameFamily, subfamily, postscriptName });
      return new FontkitFace(program, data, { family: this.spec.family, weight, style: 'normal' }, postscriptName);
    } catch {
      return null;
    }
  }
}

/** Simplified Chinese, which also covers Japanese kana and kanji. */
export const CJK_SC = new BundledCjkFont({
  packageName: '@fontsource-variable/noto-sans-sc',
  family: 'Noto Sans CJK SC',
  aliases: ['noto sans sc', 'noto sans sc variable'],
  fileStem: 'noto-sans-sc',
  postscriptStem: 'NotoSansSC',
  nameFamily: 'Noto Sans SC',
});

/** Korean: Hangul, which the SC font lacks. */
export const CJK_KR = new BundledCjkFont({
  packageName: '@fontsource-variable/noto-sans-kr',
  family: 'Noto Sans CJK KR',
  aliases: ['noto sans kr', 'noto sans cjk kr', 'noto sans kr variable'],
  fileStem: 'noto-sans-kr',
  postscriptStem: 'NotoSansKR',
  nameFamily: 'Noto Sans KR',
});

/** Japanese: the Japanese forms of Han ideographs, and kana. */
export const CJK_JP = new BundledCjkFont({
  packageName: '@fontsource-variable/noto-sans-jp',
  family: 'Noto Sans CJK JP',
  aliases: ['noto sans jp', 'noto sans cjk jp', 'noto sans jp variable'],
  fileStem: 'noto-sans-jp',
  postscriptStem: 'NotoSansJP',
  nameFamily: 'Noto Sans JP',
});

/** Every CJK fallback font (registration order; fallback tries them in cjkFontsFor's order). */
export const CJK_FONTS: readonly BundledCjkFont[] = [CJK_SC, CJK_KR, CJK_JP];

/**
 * Names that stand for "the CJK fonts" rather than one of them (the default font stack's
 * `Noto CJK`, spec pdf-generation.md §4.3 rule 1): they resolve by the text's language.
 */
export const CJK_GENERIC_NAMES: readonly string[] = ['noto cjk', 'noto sans cjk'];

/** Which CJK font a language's Han ideographs come from first: 'ja', 'ko' or '' (Simplified Chinese). */
export type HanPreference = 'ja' | 'ko' | '';

/** The Han preference of a BCP 47 language tag (lower-cased, as ComputedStyle.lang holds it). */
export function hanPreference(lang: string | undefined): HanPreference {
  // The primary subtag, without splitting: asked for every font query.
  if (!lang || lang.length < 2 || (lang.length > 2 && lang.charCodeAt(2) !== 0x2d)) return '';
  return lang.startsWith('ja') ? 'ja' : lang.startsWith('ko') ? 'ko' : '';
}

const ORDERS: Readonly<Record<HanPreference, readonly BundledCjkFont[]>> = {
  ja: [CJK_JP, CJK_SC, CJK_KR],
  ko: [CJK_KR, CJK_SC, CJK_JP],
  '': [CJK_SC, CJK_KR, CJK_JP],
};

/** The CJK fonts in the order fallback tries them for text with that preference. */
export function cjkFontsFor(preference: HanPreference): readonly BundledCjkFont[] {
  return ORDERS[preference];
}

/** The SC font's family (the first CJK fallback). */
export const CJK_FAMILY = CJK_SC.family;

/** The SC faces at one of CJK_WEIGHTS. */
export function cjkFaces(weight: number): UnicodeRangeFaces {
  return CJK_SC.faces(weight);
}

/** The SC font's subset files. */
export function cjkSubsetFiles(): readonly SubsetFile[] {
  return CJK_SC.subsetFiles();
}
