// Builds the embedded builders' front end (web/builder) into dist/web: one ES module entry
// (builder.js, one bundle: pdf.js dominates it and every builder needs it), its stylesheet (every
// component's CSS, imported from its module), and pdf.js's worker — everything the
// pages load comes from our own origin, nothing from a CDN. Run by `npm run build`, and by the
// test suite's global setup so browser tests always see the current source.
import { build } from 'esbuild';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);

/** Builds into `outdir` (default dist/web); returns the folder. */
export async function buildWeb({ outdir = join(root, 'dist', 'web'), minify = true } = {}) {
  // Built beside the folder, then swapped in: a server (or a test run) reading the old files
  // never sees a half-written or missing one for longer than two renames.
  const building = `${outdir}.building-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: { builder: 'web/builder/main.tsx' },
    outdir: building,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify,
    sourcemap: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  await copyFile(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'), join(building, 'pdf.worker.mjs'));
  await precompress(building);
  const old = `${outdir}.old-${process.pid}`;
  await rename(outdir, old).catch(() => undefined);
  await rename(building, outdir);
  await rm(old, { recursive: true, force: true });
  return outdir;
}

/**
 * Brotli and gzip copies of the scripts and styles (file.br, file.gz), made once here so the
 * server sends ~¼ of the bytes without compressing per request: pdf.js's worker is 1.2 MB.
 */
async function precompress(outdir) {
  for (const name of await readdir(outdir)) {
    if (!['.js', '.mjs', '.css'].includes(extname(name))) continue;
    const bytes = await readFile(join(outdir, name));
    await writeFile(join(outdir, `${name}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    await writeFile(join(outdir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWeb();
}
