// The fuzzer's seeds: the request bodies real clients send (../shared/examples/anvil/, read
// only), which the mutators change. Loaded once per process.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const EXAMPLES_DIR = path.join(import.meta.dirname, '../../../shared/examples/anvil');

export interface Example {
  /** The file, relative to the examples folder. */
  readonly file: string;
  readonly body: Record<string, unknown>;
}

let generate: readonly Example[] | undefined;
let fill: readonly Example[] | undefined;
let png: Uint8Array | undefined;

/** Every generate-pdf body: the JSON files, and the two templates' built payloads. */
export function generateExamples(): readonly Example[] {
  generate ??= [
    ...readdirSync(path.join(EXAMPLES_DIR, 'generate-pdf')).filter((f) => f.endsWith('.json')).sort().map((f) => `generate-pdf/${f}`),
    'generate-pdf/html-pdf-invoice-template/payload.json',
    'generate-pdf/html-pdf-financial-statement-template/payload.json',
  ].map(load);
  return generate;
}

/** Every fill-pdf body. */
export function fillExamples(): readonly Example[] {
  fill ??= readdirSync(path.join(EXAMPLES_DIR, 'fill-pdf')).filter((f) => f.endsWith('.json')).sort().map((f) => load(`fill-pdf/${f}`));
  return fill;
}

/** A small real PNG (the templates' heart), for data: URLs. */
export function examplePng(): Uint8Array {
  png ??= new Uint8Array(readFileSync(path.join(EXAMPLES_DIR, 'generate-pdf/html-pdf-invoice-template/heart.png')));
  return png;
}

function load(file: string): Example {
  return { file, body: JSON.parse(readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as Record<string, unknown> };
}
