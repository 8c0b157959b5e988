// Bundles the two programs that start often, the command line (src/cli/) and the server's
// render worker (server/render-worker.ts), each from the sources into one CommonJS file in
// dist/ run through V8's code cache. Run by `npm run build` after tsc.
//
// What it saves, per start (issue 20): Node reads one file instead of ~900 and resolves no
// module paths; and the code cache, made here by running each program once, holds the
// bytecode of every function that run compiled, so a start neither parses the 4 MB bundle
// nor compiles the functions a render needs. Node 20 has no compile cache for ES modules
// (module.enableCompileCache is Node 22), hence CommonJS run by vm.Script with cachedData.
// A cache that V8 rejects (made by another Node version) is ignored: the program runs as
// it would without it.
//
// The bundles replace tsc's dist/src/cli/main.js and dist/server/render-worker.js with small
// loaders; running tsc alone gives the unbundled (equally correct) files back. The library
// (dist/src/index.js) stays unbundled, so that its users' bundlers see its modules.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** The document each program renders once to fill its code cache: text, tables, flex. */
const TRAINING_DOCUMENT = join(root, 'examples/factur-x-invoice/invoice.html');

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

/**
 * The loader that replaces tsc's output: runs the bundle beside it through the code cache.
 * `run` is the program's own last step, given the bundle's exports and a function that writes
 * the cache (called by the build's training run only).
 */
function loaderSource(bundleName, run, encoding) {
  return `// Written by scripts/bundle-node.mjs: runs ${bundleName} beside this file through V8's code
// cache (${bundleName}.v8cache, made by the build), so a start does not parse the bundle and
// compile its functions again. A cache that V8 rejects (another Node) is ignored.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const file = fileURLToPath(new URL('./${bundleName}', import.meta.url));
const cacheFile = \`\${file}.v8cache\`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const script = new vm.Script(\`(function (exports, require, module, __filename, __dirname) {\${readFileSync(file, '${encoding}')}\\n})\`, { filename: file, cachedData });
const training = process.env.QUIRE_WRITE_CODE_CACHE === cacheFile;
const writeCache = () => {
  if (training) writeFileSync(cacheFile, script.createCachedData());
};
${run}
`;
}

const PROGRAMS = [
  {
    source: 'src/cli/run.ts',
    dist: 'dist/src/cli/main.js',
    bundle: 'main.cjs',
    run: `const bundle = { exports: {} };
script.runInThisContext()(bundle.exports, createRequire(file), bundle, file, dirname(file));
process.exitCode = await bundle.exports.runCli(process.argv.slice(2));
writeCache();
// The command has returned: when nothing else is pending (a timer, a socket, a file operation)
// but standard output and error, exit once they are flushed rather than let Node free the heap
// page by page (10-30 ms of a cold start); otherwise Node exits when the rest is done.
if (process.getActiveResourcesInfo().every((resource) => resource === 'TTYWrap' || resource === 'PipeWrap')) {
  const flushed = (stream) => (stream.writableLength === 0 ? null : new Promise((resolve) => stream.once('drain', resolve)));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit();
}`,
    train: (loader, cacheFile) => {
      const out = join(dirname(cacheFile), 'training.pdf');
      const run = spawnSync(process.execPath, [loader, 'render', TRAINING_DOCUMENT, '-o', out], { env: { ...process.env, QUIRE_WRITE_CODE_CACHE: cacheFile }, encoding: 'utf8' });
      rmSync(out, { force: true });
      if (run.status !== 0) throw new Error(`the training render failed: ${run.stderr}`);
    },
  },
  {
    source: 'server/render-worker.ts',
    dist: 'dist/server/render-worker.js',
    bundle: 'render-worker.cjs',
    // The cache is written when the training job is done (before its answer leaves).
    run: `import { parentPort } from 'node:worker_threads';
if (training) {
  const post = parentPort.postMessage.bind(parentPort);
  parentPort.postMessage = (message, transfer) => {
    if (message?.type === 'done') writeCache();
    post(message, transfer);
  };
}
const bundle = { exports: {} };
script.runInThisContext()(bundle.exports, createRequire(file), bundle, file, dirname(file));`,
    train: async (loader, cacheFile) => {
      const html = readFileSync(TRAINING_DOCUMENT, 'utf8');
      const worker = new Worker(loader, { env: { ...process.env, QUIRE_WRITE_CODE_CACHE: cacheFile } });
      try {
        await new Promise((resolve, reject) => {
          worker.on('error', reject);
          worker.on('message', (message) => {
            if (message.type === 'ready') {
              const settings = { deterministic: true, watermark: null, allowPrivate: [], fontCacheDir: null };
              worker.postMessage({ type: 'job', job: { kind: 'render', body: { type: 'html', data: { html, css: '' } }, settings } });
            } else if (message.type === 'done') {
              if (message.result.ok) resolve();
              else reject(new Error(`the training render failed: ${JSON.stringify(message.result.error)}`));
            }
          });
        });
      } finally {
        await worker.terminate();
      }
    },
  },
];

/**
 * Rewrites the bundle in Latin-1 when every character fits (esbuild writes ASCII but for
 * regular expressions, comments and String.raw templates), and says how the loader reads it:
 * a Latin-1 read is a copy, where UTF-8 decoding costs a start several ms for 4 MB.
 */
function toLatin1(file) {
  const text = readFileSync(file, 'utf8');
  if (!/^[\u0000-\u00ff]*$/.test(text)) return 'utf8';
  writeFileSync(file, text, 'latin1');
  return 'latin1';
}

export async function bundleNode() {
  for (const program of PROGRAMS) {
    const loader = join(root, program.dist);
    const outfile = join(dirname(loader), program.bundle);
    const cacheFile = `${outfile}.v8cache`;
    rmSync(cacheFile, { force: true });
    await build({
      absWorkingDir: root,
      entryPoints: [join(root, program.source)],
      outfile,
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      // import() of our own lazily loaded modules and of sharp and pdf.js becomes require():
      // a script run by vm.Script has no import() of its own (Node 20 would need a flag).
      supported: { 'dynamic-import': false },
      external: EXTERNAL,
      plugins: [nativeDecompressors, cssTreeCommonJs],
      define: { 'import.meta.url': '__quireImportMetaUrl' },
      banner: { js: "const __quireImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
      // Whitespace and syntax only: names stay as written, for stack traces and class names.
      minifyWhitespace: true,
      minifySyntax: true,
      logLevel: 'warning',
    });
    writeFileSync(loader, loaderSource(program.bundle, program.run, toLatin1(outfile)));
    await program.train(loader, cacheFile);
    const mb = (file) => (statSync(file).size / 1e6).toFixed(1);
    console.log(`bundled ${program.source} into ${relative(root, outfile)} (${mb(outfile)} MB; code cache ${mb(cacheFile)} MB), loaded by ${program.dist}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleNode();
