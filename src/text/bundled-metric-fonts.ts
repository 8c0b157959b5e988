// The built-in families behind the platform names documents ask for (spec pdf-generation.md
// §4.4 rule 1): Arimo, Tinos and Cousine, metric-compatible with Arial/Helvetica, Times New
// Roman and Courier New (same advance widths, so text set for those breaks the same way). They
// come from the @fontsource packages (SIL OFL / Apache 2.0) as static WOFF2 files cut by
// unicode-range; the latin and latin-ext files at 400 and 700, normal and italic, are used.
// As for the CJK font (bundled-cjk.ts), the package's CSS says which file serves which
// characters; it is read once per weight and style, and a file is opened the first time a
// character in its range is needed. Characters none of them has fall back to Noto Sans and the
// CJK font.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import { parseFontFaceRules, type SubsetFile } from './fontsource-package.js';
import { FontkitFace } from './font-face.js';
import { UnicodeRangeFaces } from './font-fallback.js';
import { openWoff2 } from './font-instance.js';
import type { FontFace } from './types.js';
import { UnicodeRangeIndex } from './unicode-range.js';

/** One built-in family: its package, and the names (lowercased) that resolve to it. */
export interface MetricFamily {
  readonly family: string;
  readonly packageName: string;
  /** The file name prefix of its package's files (`arimo-latin-400-normal.woff2`). */
  readonly filePrefix: string;
  readonly aliases: readonly string[];
}

export const METRIC_FAMILIES: readonly MetricFamily[] = [
  { family: 'Arimo', packageName: '@fontsource/arimo', filePrefix: 'arimo', aliases: ['helvetica', 'arial'] },
  { family: 'Tinos', packageName: '@fontsource/tinos', filePrefix: 'tinos', aliases: ['times new roman', 'times', 'serif', 'ui-serif'] },
  { family: 'Cousine', packageName: '@fontsource/cousine', filePrefix: 'cousine', aliases: ['courier', 'courier new', 'monospace', 'ui-monospace'] },
];

/** The weights and styles each family is registered at. */
export const METRIC_WEIGHTS: readonly number[] = [400, 700];
export const METRIC_STYLES: readonly ('normal' | 'italic')[] = ['normal', 'italic'];

/** The unicode-range subsets used, in the package's own names. */
export const METRIC_SUBSETS: readonly string[] = ['latin', 'latin-ext'];

const SUBFAMILIES: Readonly<Record<string, string>> = { '400normal': 'Regular', '400italic': 'Italic', '700normal': 'Bold', '700italic': 'BoldItalic' };

interface FacesOfStyle {
  readonly files: readonly SubsetFile[];
  readonly faces: UnicodeRangeFaces;
}

const packageDirectories = new Map<string, string | null>();
const facesByKey = new Map<string, FacesOfStyle>();

/** The family `name` (any case) names through an alias or its own name, or undefined. */
export function metricFamilyOf(name: string): MetricFamily | undefined {
  const key = name.trim().toLowerCase();
  return METRIC_FAMILIES.find((f) => f.family.toLowerCase() === key || f.aliases.includes(key));
}

/** The package's folder, or null when it is not installed (the names then use Noto Sans). */
export function metricPackageDirectory(family: MetricFamily): string | null {
  let dir = packageDirectories.get(family.packageName);
  if (dir === undefined) {
    try {
      dir = dirname(createRequire(import.meta.url).resolve(`${family.packageName}/package.json`));
    } catch {
      dir = null;
    }
    packageDirectories.set(family.packageName, dir);
  }
  return dir;
}

/** A family's faces at one weight and style (the same object for every call). */
export function metricFaces(family: MetricFamily, weight: number, style: 'normal' | 'italic'): UnicodeRangeFaces {
  return facesOfStyle(family, weight, style).faces;
}

/** The subset files a family uses at one weight and style, with their unicode ranges. */
export function metricSubsetFiles(family: MetricFamily, weight: number, style: 'normal' | 'italic'): readonly SubsetFile[] {
  return facesOfStyle(family, weight, style).files;
}

function facesOfStyle(family: MetricFamily, weight: number, style: 'normal' | 'italic'): FacesOfStyle {
  const key = `${family.family}|${weight}|${style}`;
  let entry = facesByKey.get(key);
  if (!entry) {
    const files = readSubsetFiles(family, weight, style);
    const index = new UnicodeRangeIndex(files.length, (i) => files[i]!.ranges);
    entry = { files, faces: new UnicodeRangeFaces(index, (i) => openSubset(family, files[i]!, weight, style)) };
    facesByKey.set(key, entry);
  }
  return entry;
}

/** The latin and latin-ext @font-face rules of `<weight>.css` / `<weight>-italic.css`. */
function readSubsetFiles(family: MetricFamily, weight: number, style: 'normal' | 'italic'): SubsetFile[] {
  const dir = metricPackageDirectory(family);
  if (!dir) return [];
  let css: string;
  try {
    css = readFileSync(join(dir, style === 'italic' ? `${weight}-italic.css` : `${weight}.css`), 'utf8');
  } catch {
    return [];
  }
  const keyPattern = new RegExp(`${family.filePrefix}-(.+?)-${weight}-${style}\\.woff2$`);
  return parseFontFaceRules(css, dir, keyPattern).filter((file) => METRIC_SUBSETS.includes(file.key));
}

/** One subset file as a face, or null when it cannot be read or parsed. */
function openSubset(family: MetricFamily, file: SubsetFile, weight: number, style: 'normal' | 'italic'): FontFace | null {
  try {
    const bytes = readFileSync(file.path);
    const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const parsed = fontkit.create(data);
    if ('fonts' in parsed) return null;
    // Every file of a font carries the font's PostScript name: the latin one keeps it, the
    // others get their subset appended, so that no two embedded subsets share a BaseFont.
    const own = `${family.family}-${SUBFAMILIES[`${weight}${style}`] ?? `W${weight}`}`;
    const postscriptName = file.key === 'latin' ? own : `${own}-${file.key}`;
    // openWoff2: fontkit's own subsetter breaks on WOFF2 files with a transformed glyf table.
    const program = openWoff2(parsed, postscriptName);
    return new FontkitFace(program, data, { family: family.family, weight, style }, postscriptName);
  } catch {
    return null;
  }
}
