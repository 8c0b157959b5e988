// Bundles the two programs that start often, the command line (src/cli/main.ts) and the
// server's render worker (server/render-worker.ts), each from the sources into one ES module
// written over tsc's output of the same name in dist/, with its lazily loaded parts (undici,
// Markdown…) as chunks beside it. Node then reads a few files instead of ~900 and resolves
// no module paths, which halves the time before a render starts. Run by `npm run build`
// after tsc; running tsc alone gives the unbundled (equally correct) files back. The library
// (dist/src/index.js) stays unbundled, so that its users' bundlers see its modules.
import { build } from 'esbuild';
import { readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** The programs: source → tsc's output file that the bundle replaces. */
const PROGRAMS = [
  ['src/cli/main.ts', 'dist/src/cli/main.js'],
  ['server/render-worker.ts', 'dist/server/render-worker.js'],
];

/**
 * Left to Node's own loading: native code (sharp), packages that read files beside their own
 * modules at run time (css-tree's JSON data, harfbuzzjs's .wasm), and pdf.js (the fill
 * engine's, loaded on first use, with its own worker file).
 */
const EXTERNAL = ['sharp', 'css-tree', 'harfbuzzjs', 'pdfjs-dist', 'pdfjs-dist/*'];

/**
 * fontkit imports brotli's decoder (1.3 MB, its dictionary a base64 string decoded on load)
 * for WOFF2 fonts only; this stand-in loads it on the first WOFF2 font instead.
 */
const lazyBrotli = {
  name: 'lazy-brotli',
  setup(b) {
    b.onResolve({ filter: /^brotli\/decompress\.js$/ }, () => ({ path: 'lazy-brotli', namespace: 'lazy-brotli' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-brotli' }, () => ({
      contents: "let decompress = null;\nexport default function lazyBrotliDecompress(buffer, length) {\n  decompress ??= require('brotli/decompress.js');\n  return decompress(buffer, length);\n}\n",
      loader: 'js',
      resolveDir: root,
    }));
  },
};

export async function bundleNode() {
  for (const [source, program] of PROGRAMS) {
    const entry = join(root, source);
    const outdir = dirname(join(root, program));
    const chunks = join(outdir, 'chunks');
    await rm(chunks, { recursive: true, force: true });
    await build({
      absWorkingDir: root,
      entryPoints: [entry],
      outdir,
      entryNames: '[name]',
      chunkNames: 'chunks/[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: EXTERNAL,
      plugins: [lazyBrotli],
      // CommonJS dependencies call require(); an ES module has none of its own.
      banner: { js: "import { createRequire as __quireCreateRequire } from 'node:module';\nconst require = __quireCreateRequire(import.meta.url);" },
      sourcemap: true,
      logLevel: 'warning',
    });
    const files = await readdir(chunks).catch(() => []);
    console.log(`bundled ${source} into ${program} (+${files.filter((f) => f.endsWith('.js')).length} chunks)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleNode();
