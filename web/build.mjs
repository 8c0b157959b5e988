// Builds the embedded builders' front end (web/builder) into dist/web: one ES module entry
// (builder.js, one bundle: pdf.js dominates it and every builder needs it), its stylesheet (every
// component's CSS, imported from its module), and pdf.js's worker — everything the
// pages load comes from our own origin, nothing from a CDN. Run by `npm run build`, and by the
// test suite's global setup so browser tests always see the current source.
import { build } from 'esbuild';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);

/** Builds into `outdir` (default dist/web); returns the folder. */
export async function buildWeb({ outdir = join(root, 'dist', 'web'), minify = true } = {}) {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: { builder: 'web/builder/main.tsx' },
    outdir,
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
  await copyFile(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'), join(outdir, 'pdf.worker.mjs'));
  await precompress(outdir);
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
