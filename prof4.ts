import { readFileSync } from 'node:fs';
import { renderDocument } from './src/render.ts';
const md = JSON.parse(readFileSync('../shared/examples/anvil/generate-pdf/node-anvil__example__generate-markdown-pdf.json', 'utf8'));
const body = { ...md, logo: process.env.LOGO === '1' ? undefined : false, includeTimestamp: process.env.TS === '1' };
for (let i = 0; i < 300; i++) await renderDocument(body, { deterministic: true });
