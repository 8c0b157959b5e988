// Test helpers for pdf/: hand-built glyph runs (itemize + shape + place, as layout will) and
// the poppler-utils command-line tools, which must be installed (CI installs poppler-utils).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Color } from '../../src/css/types.js';
import type { GlyphRunItem } from '../../src/paint/types.js';
import { FontRegistry } from '../../src/text/font-registry.js';
import { shapeText } from '../../src/text/shape.js';
import type { FontQuery } from '../../src/text/types.js';

export const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };
const SANS: FontQuery = { families: ['sans-serif'], weight: 400, style: 'normal' };

/** Glyph runs for one line of text starting at (x, baseline y): one run per font run. */
export function textLine(text: string, x: number, y: number, size: number, options: { query?: FontQuery; color?: Color } = {}): GlyphRunItem[] {
  const query = options.query ?? SANS;
  const runs: GlyphRunItem[] = [];
  let pen = x;
  for (const fontRun of FontRegistry.default().itemize(text, query)) {
    const shaped = shapeText(fontRun.face, text.slice(fontRun.start, fontRun.end));
    const segment = { glyphs: shaped.glyphs, x: 0, letterSpacing: 0, wordSpacing: 0, justify: 0, justifyEnd: 0 };
    runs.push({ kind: 'glyphs', x: pen, y, face: fontRun.face, size, color: options.color ?? BLACK, segments: [segment] });
    pen += (shaped.advance * size) / fontRun.face.unitsPerEm;
  }
  return runs;
}

/** Runs a poppler tool; fails (never skips) with an install hint when it is missing. */
export function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo' | 'pdftoppm', args: readonly string[]): { stdout: string; stderr: string } {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(`${tool} is not installed: these tests need poppler-utils (Debian/Ubuntu: apt-get install poppler-utils)`);
  }
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  return { stdout: result.stdout, stderr: result.stderr };
}

let tempDir: string | null = null;

/** Writes bytes to a temporary file (in one folder per test process, removed at exit) and returns its path. */
export function writeTemp(name: string, bytes: Uint8Array): string {
  if (!tempDir) {
    const dir = mkdtempSync(join(tmpdir(), 'quire-pdf-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    tempDir = dir;
  }
  const path = join(mkdtempSync(join(tempDir, 'f-')), name);
  writeFileSync(path, bytes);
  return path;
}
