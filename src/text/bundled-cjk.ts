// The bundled CJK fallback fonts: Noto Sans SC and Noto Sans KR from the
// @fontsource-variable packages (SIL OFL), variable fonts (wght 100–900) cut into about a
// hundred WOFF2 files each, every file serving one unicode-range. A package's CSS says which
// file covers which characters; it is read once, and a file is opened only when a character in
// its range is first needed (once per file and weight per process). Each file at each weight
// is its own face: glyph ids are per file, so itemization splits runs between files and each
// becomes its own embedded PDF font.
//
// Coverage of SC (measured on 5.3.1): 12,242 Han ideographs of the URO (GB 2312 and far
// beyond, with the kanji of everyday Japanese), hiragana and katakana, CJK symbols and
// punctuation, fullwidth forms, and Latin; no Hangul, which KR (tried after it) brings.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FontkitFace } from './font-face.js';
import { UnicodeRangeFaces } from './font-fallback.js';
import { openInstance } from './font-instance.js';
import type { FontFace } from './types.js';
import { UnicodeRangeIndex, parseUnicodeRange, type CodePointRange } from './unicode-range.js';

/** The weights each CJK font is registered at: instances of the variable font's wght axis. */
export const CJK_WEIGHTS: readonly number[] = [100, 200, 300, 400, 500, 600, 700, 800, 900];

const WEIGHT_NAMES: Readonly<Record<number, string>> = {
  100: 'Thin', 200: 'ExtraLight', 300: 'Light', 400: 'Regular', 500: 'Medium',
  600: 'SemiBold', 700: 'Bold', 800: 'ExtraBold', 900: 'Black',
};

/** One subset file: where it is, a short name for ids ("119", "latin"), its ranges. */
export interface SubsetFile {
  readonly path: string;
  readonly key: string;
  readonly ranges: readonly CodePointRange[];
}

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
export class BundledCjkFont {
  private packageDirectory: string | null | undefined;
  private loaded: { readonly files: readonly SubsetFile[]; readonly index: UnicodeRangeIndex } | undefined;
  private readonly facesByWeight = new Map<number, UnicodeRangeFaces>();

  constructor(readonly spec: CjkFontSpec) {}

  get family(): string {
    return this.spec.family;
  }

  /** The package's folder, or null when it is not installed (then this font is not a fallback). */
  directory(): string | null {
    if (this.packageDirectory === undefined) {
      try {
        this.packageDirectory = dirname(createRequire(import.meta.url).resolve(`${this.spec.packageName}/package.json`));
      } catch {
        this.packageDirectory = null;
      }
    }
    return this.packageDirectory;
  }

  /** The faces at one of CJK_WEIGHTS (the same object for every call). */
  faces(weight: number): UnicodeRangeFaces {
    let faces = this.facesByWeight.get(weight);
    if (!faces) {
      const pkg = this.load();
      faces = new UnicodeRangeFaces(pkg.index, (i) => this.openSubset(pkg.files[i]!, weight));
      this.facesByWeight.set(weight, faces);
    }
    return faces;
  }

  /** The subset files and their unicode ranges, from the package's CSS (read once). */
  subsetFiles(): readonly SubsetFile[] {
    return this.load().files;
  }

  private load(): { readonly files: readonly SubsetFile[]; readonly index: UnicodeRangeIndex } {
    if (!this.loaded) {
      const files = this.readSubsetFiles();
      this.loaded = { files, index: new UnicodeRangeIndex(files.length, (i) => files[i]!.ranges) };
    }
    return this.loaded;
  }

  private readSubsetFiles(): SubsetFile[] {
    const dir = this.directory();
    if (!dir) return [];
    const keyPattern = new RegExp(`${this.spec.fileStem}-(.+?)-wght-normal\\.woff2$`);
    for (const sheet of ['wght.css', 'index.css']) {
      let css: string;
      try {
        css = readFileSync(join(dir, sheet), 'utf8');
      } catch {
        continue;
      }
      const files = parseFontFaceRules(css, dir, keyPattern);
      if (files.length > 0) return files;
    }
    return [];
  }

  /** One file at one weight as a face, or null when it cannot be read or parsed. */
  private openSubset(file: SubsetFile, weight: number): FontFace | null {
    try {
      let data = fileBytes.get(file.path);
      if (!data) {
        const bytes = readFileSync(file.path);
        data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        fileBytes.set(file.path, data);
      }
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

const fileBytes = new Map<string, Uint8Array>();

/** Simplified Chinese, which also covers Japanese kana and kanji. */
export const CJK_SC = new BundledCjkFont({
  packageName: '@fontsource-variable/noto-sans-sc',
  family: 'Noto Sans CJK SC',
  aliases: ['noto sans sc', 'noto cjk', 'noto sans cjk', 'noto sans sc variable'],
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

/** The CJK fallback fonts, in the order fallback tries them. */
export const CJK_FONTS: readonly BundledCjkFont[] = [CJK_SC, CJK_KR];

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

/**
 * The @font-face rules of a fontsource style sheet: `src: url(./files/….woff2)` and
 * `unicode-range`. Only what these generated sheets contain is understood. `keyPattern`'s
 * first group names a file (its subset: "119", "latin-ext"); else its position.
 */
export function parseFontFaceRules(css: string, baseDirectory: string, keyPattern = /noto-sans-sc-(.+?)-wght-normal\.woff2$/): SubsetFile[] {
  const files: SubsetFile[] = [];
  for (const rule of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const body = rule[1]!;
    const url = /url\(\s*(['"]?)([^'")]+\.woff2)\1\s*\)/.exec(body)?.[2];
    const range = /unicode-range\s*:\s*([^;}]+)/.exec(body)?.[1];
    if (!url) continue;
    const ranges = range === undefined ? ([[0, 0x10ffff]] as CodePointRange[]) : parseUnicodeRange(range);
    const key = keyPattern.exec(url)?.[1] ?? String(files.length);
    files.push({ path: join(baseDirectory, url), key, ranges });
  }
  return files;
}

