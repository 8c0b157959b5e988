// The bundled CJK fallback: Noto Sans SC from the @fontsource-variable/noto-sans-sc package
// (SIL OFL), a variable font (wght 100–900) cut into about a hundred WOFF2 files, each serving
// one unicode-range. The package's CSS says which file covers which characters; it is read once,
// and a file is opened only when a character in its range is first needed (once per file and
// weight per process). Each file at each weight is its own face: glyph ids are per file, so
// itemization splits runs between files and each becomes its own embedded PDF font.
//
// Coverage (measured on 5.3.1): 12,242 Han ideographs of the URO (GB 2312 and far beyond, with
// the kanji of everyday Japanese), hiragana and katakana, CJK symbols and punctuation,
// fullwidth forms, and Latin. No Hangul syllables: Korean falls through to .notdef.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FontkitFace } from './font-face.js';
import { UnicodeRangeFaces } from './font-fallback.js';
import { openInstance } from './font-instance.js';
import type { FontFace } from './types.js';
import { UnicodeRangeIndex, parseUnicodeRange, type CodePointRange } from './unicode-range.js';

/** The family the CJK faces are registered under. */
export const CJK_FAMILY = 'Noto Sans CJK SC';

/** Other names documents use for it (compared lowercased). */
export const CJK_FAMILY_ALIASES: readonly string[] = ['noto sans sc', 'noto cjk', 'noto sans cjk', 'noto sans sc variable'];

/** The weights it is registered at: instances of the variable font's wght axis. */
export const CJK_WEIGHTS: readonly number[] = [100, 200, 300, 400, 500, 600, 700, 800, 900];

const PACKAGE = '@fontsource-variable/noto-sans-sc';
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

interface CjkPackage {
  readonly files: readonly SubsetFile[];
  readonly index: UnicodeRangeIndex;
}

let packageDirectory: string | null | undefined;
let cjkPackage: CjkPackage | undefined;
const facesByWeight = new Map<number, UnicodeRangeFaces>();
const fileBytes = new Map<string, Uint8Array>();

/** The package's folder, or null when it is not installed (then there is no CJK fallback). */
export function cjkPackageDirectory(): string | null {
  if (packageDirectory === undefined) {
    try {
      packageDirectory = dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));
    } catch {
      packageDirectory = null;
    }
  }
  return packageDirectory;
}

/** The CJK faces at one of CJK_WEIGHTS (the same object for every call). */
export function cjkFaces(weight: number): UnicodeRangeFaces {
  let faces = facesByWeight.get(weight);
  if (!faces) {
    const pkg = loadPackage();
    faces = new UnicodeRangeFaces(pkg.index, (i) => openSubset(pkg.files[i]!, weight));
    facesByWeight.set(weight, faces);
  }
  return faces;
}

/** The subset files and their unicode ranges, from the package's CSS (read once). */
export function cjkSubsetFiles(): readonly SubsetFile[] {
  return loadPackage().files;
}

function loadPackage(): CjkPackage {
  if (!cjkPackage) {
    const files = readSubsetFiles();
    cjkPackage = { files, index: new UnicodeRangeIndex(files.length, (i) => files[i]!.ranges) };
  }
  return cjkPackage;
}

function readSubsetFiles(): SubsetFile[] {
  const dir = cjkPackageDirectory();
  if (!dir) return [];
  for (const sheet of ['wght.css', 'index.css']) {
    let css: string;
    try {
      css = readFileSync(join(dir, sheet), 'utf8');
    } catch {
      continue;
    }
    const files = parseFontFaceRules(css, dir);
    if (files.length > 0) return files;
  }
  return [];
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

/** One file at one weight as a face, or null when it cannot be read or parsed. */
function openSubset(file: SubsetFile, weight: number): FontFace | null {
  try {
    let data = fileBytes.get(file.path);
    if (!data) {
      const bytes = readFileSync(file.path);
      data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      fileBytes.set(file.path, data);
    }
    const subfamily = WEIGHT_NAMES[weight] ?? `W${weight}`;
    // Unique per file: two files' subsets must never share a PDF BaseFont name.
    const postscriptName = `NotoSansSC-${subfamily}-${file.key}`;
    const program = openInstance(data, { wght: weight }, { family: 'Noto Sans SC', subfamily, postscriptName });
    return new FontkitFace(program, data, { family: CJK_FAMILY, weight, style: 'normal' }, postscriptName);
  } catch {
    return null;
  }
}
