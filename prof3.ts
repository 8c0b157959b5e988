import { readFileSync } from 'node:fs';
import { renderDocument } from './src/render.ts';
const md = JSON.parse(readFileSync('../shared/examples/anvil/generate-pdf/node-anvil__example__generate-markdown-pdf.json', 'utf8'));
async function time(name: string, body: unknown) {
  for (let i = 0; i < 30; i++) await renderDocument(body, { deterministic: true });
  const t = performance.now();
  for (let i = 0; i < 60; i++) await renderDocument(body, { deterministic: true });
  console.log(name, ((performance.now() - t) / 60).toFixed(1), 'ms');
}
await time('md default', md);
await time('md no-logo', { ...md, logo: false });
await time('md no-ts', { ...md, includeTimestamp: false });
await time('md neither', { ...md, includeTimestamp: false, logo: false });
