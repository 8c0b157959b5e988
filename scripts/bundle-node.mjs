// Bundles the two programs that start often, the command line (src/cli/main.ts) and the
// server's render worker (server/render-worker.ts), each from the sources into one ES module
// written over tsc's output of the same name in dist/, with its lazily loaded parts (undici,
// Markdown…) as chunks beside it. Node then reads a few files instead of ~900 and resolves
// no module paths, which halves the time before a render starts. Run by `npm run build`
// after tsc; running tsc alone gives the unbundled (equally correct) files back. The library
// (dist/src/index.js) stays unbundled, so that its users' bundlers see its modules.
import { build } from 'esbuild';
import { readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** The programs: source → tsc's output file that the bundle replaces. */
const PROGRAMS = [
  ['src/cli/main.ts', 'dist/src/cli/main.js'],
  ['server/render-worker.ts', 'dist/server/render-worker.js'],
];

/**
 * Left to Node's own loading: native code (sharp), a package that reads a file beside its own
 * modules at run time (harfbuzzjs's .wasm), and pdf.js (the fill engine's, loaded on first
 * use, with its own worker file).
 */
const EXTERNAL = ['sharp', 'harfbuzzjs', 'pdfjs-dist', 'pdfjs-dist/*'];

/**
 * Pure-JavaScript decompressors of dependencies, replaced by Node's zlib (native, and nothing
 * to set up at load): unicode-trie (the Unicode data of fontkit and linebreak, inflated when
 * their modules load) and fontkit's WOFF tables use tiny-inflate; fontkit's WOFF2 fonts use
 * brotli's decoder, whose 1.3 MB module decodes a base64 dictionary as it loads. Same bytes out.
 */
const NATIVE_DECOMPRESSORS = {
  'tiny-inflate': [
    "const { inflateRawSync } = require('node:zlib');",
    '// tiny-inflate: raw deflate `source` into `dest`; the part of `dest` written.',
    'module.exports = function inflate(source, dest) {',
    '  const out = inflateRawSync(source);',
    '  dest.set(out.length > dest.length ? out.subarray(0, dest.length) : out);',
    '  return out.length < dest.length ? dest.slice(0, out.length) : dest;',
    '};',
  ].join('\n'),
  'brotli/decompress.js': [
    "const { brotliDecompressSync } = require('node:zlib');",
    '// brotli/decompress.js: the decompressed bytes of `buffer`.',
    'module.exports = function decompress(buffer) {',
    '  return brotliDecompressSync(buffer);',
    '};',
  ].join('\n'),
};

const nativeDecompressors = {
  name: 'native-decompressors',
  setup(b) {
    b.onResolve({ filter: /^(tiny-inflate|brotli\/decompress\.js)$/ }, (args) => ({ path: args.path, namespace: 'native-decompressors' }));
    b.onLoad({ filter: /.*/, namespace: 'native-decompressors' }, (args) => ({ contents: NATIVE_DECOMPRESSORS[args.path], loader: 'js', resolveDir: root }));
  },
};

/**
 * css-tree's ES modules read their JSON data through createRequire, relative to themselves;
 * its CommonJS build requires the same files statically, so that one is bundled.
 */
const cssTreeCommonJs = {
  name: 'css-tree-commonjs',
  setup(b) {
    b.onResolve({ filter: /^css-tree$/ }, () => ({ path: createRequire(import.meta.url).resolve('css-tree') }));
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
      plugins: [nativeDecompressors, cssTreeCommonJs],
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
