// The fonts that ship in the package's fonts/ folder, found from this module's own location
// (it runs both from src/text/ under tsx/vitest and from dist/src/text/ when compiled).

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One bundled face: its file and the descriptors it is registered under. */
export interface BundledFace {
  readonly file: string;
  readonly family: string;
  readonly weight: number;
  readonly style: 'normal' | 'italic';
}

/** The family every generic family and unknown name falls back to. */
export const DEFAULT_FAMILY = 'Noto Sans';

export const BUNDLED_FACES: readonly BundledFace[] = [
  { file: 'NotoSans-Regular.ttf', family: DEFAULT_FAMILY, weight: 400, style: 'normal' },
  { file: 'NotoSans-Italic.ttf', family: DEFAULT_FAMILY, weight: 400, style: 'italic' },
  { file: 'NotoSans-Bold.ttf', family: DEFAULT_FAMILY, weight: 700, style: 'normal' },
  { file: 'NotoSans-BoldItalic.ttf', family: DEFAULT_FAMILY, weight: 700, style: 'italic' },
];

let fontsDirectory: string | undefined;

/** The absolute path of the package's fonts/ folder. */
export function bundledFontsDirectory(): string {
  fontsDirectory ??= findFontsDirectory(dirname(fileURLToPath(import.meta.url)));
  return fontsDirectory;
}

/** Reads one bundled font file (synchronously: it happens once per face per process). */
export function readBundledFont(face: BundledFace): Uint8Array {
  const bytes = readFileSync(join(bundledFontsDirectory(), face.file));
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const bundledPrograms = new WeakSet<object>();

/** Records that `program` was parsed from a bundled file (ours, known to be sound). */
export function markBundledProgram(program: object): void {
  bundledPrograms.add(program);
}

/** True for a program parsed from a bundled file (pdf/truetype-subset.ts copies its outlines unread). */
export function isBundledProgram(program: object): boolean {
  return bundledPrograms.has(program);
}

/** Walks up from `start` to the package root: the directory whose package.json is named "quire". */
function findFontsDirectory(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (isQuirePackageRoot(dir) && existsSync(join(dir, 'fonts'))) return join(dir, 'fonts');
    if (dirname(dir) === dir) break;
  }
  throw new Error(`bundled fonts not found: no package.json named "quire" above ${start}`);
}

function isQuirePackageRoot(dir: string): boolean {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'quire';
  } catch {
    return false;
  }
}
