// What the bundled fallback fonts share: their @fontsource packages (found through Node's
// module resolution), the packages' generated style sheets (which file serves which
// unicode-range), and reading the font files, each at most once per process.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { UnicodeRangeFaces } from './font-fallback.js';
import type { FontFace } from './types.js';
import type { CodePointRange } from './unicode-range.js';
import { UnicodeRangeIndex, parseUnicodeRange } from './unicode-range.js';

/** One subset file: where it is, a short name for ids ("119", "latin"), its ranges. */
export interface SubsetFile {
  readonly path: string;
  readonly key: string;
  readonly ranges: readonly CodePointRange[];
}

/** The names of the weights, for the embedded subsets' PostScript names. */
export const WEIGHT_NAMES: Readonly<Record<number, string>> = {
  100: 'Thin', 200: 'ExtraLight', 300: 'Light', 400: 'Regular', 500: 'Medium',
  600: 'SemiBold', 700: 'Bold', 800: 'ExtraBold', 900: 'Black',
};

/**
 * A bundled font cut into unicode-range files, opened file by file and weight by weight:
 * the package's sheet is read on the first character looked up, a file is opened when a
 * character in its range is first needed. Subclasses say which files serve and how one opens.
 */
export abstract class SubsetFontPackage {
  private loaded: { readonly files: readonly SubsetFile[]; readonly index: UnicodeRangeIndex } | undefined;
  private readonly facesByWeight = new Map<number, UnicodeRangeFaces>();

  constructor(private readonly packageName: string) {}

  /** The package's folder, or null when it is not installed (then this font is not a fallback). */
  directory(): string | null {
    return packageDirectory(this.packageName);
  }

  /** The faces at one weight (the same object for every call). */
  faces(weight: number): UnicodeRangeFaces {
    let faces = this.facesByWeight.get(weight);
    if (!faces) {
      faces = new UnicodeRangeFaces(
        () => this.load().index,
        (i) => this.openSubset(this.load().files[i]!, weight),
      );
      this.facesByWeight.set(weight, faces);
    }
    return faces;
  }

  /** The subset files used and their ranges, from the package's CSS (read once). */
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

  /** The files that serve, from the package's style sheets. */
  protected abstract readSubsetFiles(): SubsetFile[];

  /** One file at one weight as a face, or null when it cannot be read or parsed. */
  protected abstract openSubset(file: SubsetFile, weight: number): FontFace | null;
}

const directories = new Map<string, string | null>();

/** An installed package's folder, or null when it is not installed (then its fonts are left out). */
export function packageDirectory(packageName: string): string | null {
  let dir = directories.get(packageName);
  if (dir === undefined) {
    try {
      dir = dirname(createRequire(import.meta.url).resolve(`${packageName}/package.json`));
    } catch {
      dir = null;
    }
    directories.set(packageName, dir);
  }
  return dir;
}

/** A style sheet of a package, or null when it has none by that name. */
export function readPackageSheet(directory: string, sheet: string): string | null {
  try {
    return readFileSync(join(directory, sheet), 'utf8');
  } catch {
    return null;
  }
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

const fileBytes = new Map<string, Uint8Array>();

/** A bundled font file's bytes, read on first use and kept (a file serves every weight of a variable font). */
export function readFontFile(path: string): Uint8Array {
  let data = fileBytes.get(path);
  if (!data) {
    const bytes = readFileSync(path);
    data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    fileBytes.set(path, data);
  }
  return data;
}

/** The bundled font files read so far in this process (tests check that fallback fonts load lazily). */
export function fontFilesRead(): readonly string[] {
  return [...fileBytes.keys()];
}
