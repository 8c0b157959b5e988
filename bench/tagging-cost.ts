// `node dist/bench/tagging-cost.js [document ...] [--rounds N]`: what tagging (RenderOptions.tagged,
// on by default) costs: each document rendered untagged and tagged in turn, N rounds after a
// warm-up, and the medians of each compared. Alternating keeps machine noise out of the ratio.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { renderUnchecked } from '../src/render.js';
import { CORPUS_DOCUMENTS, corpusDir, documentRequest } from './corpus.js';
import { median } from './median.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main(argv: readonly string[]): Promise<void> {
  const at = argv.indexOf('--rounds');
  const rounds = at >= 0 ? Number(argv[at + 1]) : 10;
  const names = argv.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  const docs = CORPUS_DOCUMENTS.filter((d) => names.length === 0 || names.includes(d.name));
  for (const doc of docs) {
    const request = documentRequest(doc, corpusDir(ROOT));
    const time = async (tagged: boolean) => {
      const start = performance.now();
      await renderUnchecked(request, { deterministic: true, fontProvider: false, tagged });
      return performance.now() - start;
    };
    for (let i = 0; i < 3; i++) await time(i % 2 === 0);
    const off: number[] = [];
    const on: number[] = [];
    for (let i = 0; i < rounds; i++) {
      off.push(await time(false));
      on.push(await time(true));
    }
    const a = median(off);
    const b = median(on);
    console.log(`${doc.name.padEnd(16)} untagged ${a.toFixed(1).padStart(8)} ms   tagged ${b.toFixed(1).padStart(8)} ms   ${(((b - a) / a) * 100).toFixed(1).padStart(5)}%`);
  }
}

await main(process.argv.slice(2));
