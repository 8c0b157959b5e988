// Cases for POST /api/v1/generate-pdf: the example payloads unchanged, mutated structurally,
// with hostile values in known fields and byte by byte; hostile HTML and Markdown documents;
// random documents, SVG and Markdown; multipart bodies good and broken; encrypted data.
import { encryptForOrganization } from '../../server/encryption.js';
import { mutateBytes } from './byte-mutations.js';
import { contentType, GENERATE, json, shortName, type CaseKind } from './case.js';
import { generateExamples } from './examples.js';
import { aimAtGenerateField } from './field-values.js';
import { hostileHtml } from './hostile-html.js';
import { hostileMarkdown } from './hostile-markdown.js';
import { clone, mutateJson } from './json-mutations.js';
import { brokenMultipart, multipartBody } from './multipart.js';
import type { Random } from './random.js';
import { randomDocument } from './random-document.js';
import { randomMarkdown } from './random-markdown.js';
import { randomSvg } from './random-svg.js';
import { hostileString } from './values.js';

const generateExample = (rng: Random) => clone(rng.pick(generateExamples()).body) as Record<string, unknown>;

export const GENERATE_KINDS: readonly CaseKind[] = [
  [2, 'generate/example', (rng) => {
    const example = rng.pick(generateExamples());
    return json(GENERATE, example.body, `unchanged ${shortName(example.file)}`);
  }],
  [20, 'generate/json-mutation', (rng) => {
    const example = rng.pick(generateExamples());
    const mutated = mutateJson(example.body, rng, rng.weighted([[5, 1], [3, 2], [2, rng.int(3, 6)]]));
    return json(GENERATE, mutated.value, `${shortName(example.file)}: ${mutated.what}`);
  }],
  [10, 'generate/field-values', (rng, target) => {
    const example = rng.pick(generateExamples());
    const aimed = aimAtGenerateField(example.body, rng, target.canary);
    return json(GENERATE, aimed.body, `${shortName(example.file)}: ${aimed.what}`);
  }],
  [20, 'generate/hostile-html', (rng, target) => {
    const doc = hostileHtml(rng, target.canary);
    const body: Record<string, unknown> = { type: 'html', title: 'Fuzz', data: doc.css === undefined ? { html: doc.html } : { html: doc.html, css: doc.css } };
    if (rng.chance(0.15)) body.page = { margin: rng.pick(['0', '1in', '10mm']), pageCount: rng.pick(['bottomCenter', 'topLeft']) };
    return json(GENERATE, body, `${doc.kind}: ${doc.what}`);
  }],
  [14, 'generate/random-document', (rng) => {
    const doc = randomDocument(rng);
    return json(GENERATE, { type: 'html', title: 'Fuzz', data: { html: doc.html, css: doc.css } }, doc.what);
  }],
  [5, 'generate/random-svg', (rng) => {
    const svg = randomSvg(rng);
    const inline = rng.chance(0.5);
    const html = inline ? `<p>before</p>${svg.text}<p>after</p>` : `<img src="data:image/svg+xml;base64,${Buffer.from(svg.text).toString('base64')}" style="width: ${rng.pick(['100px', '100%', 'auto', '0'])}">`;
    return json(GENERATE, { type: 'html', title: 'Fuzz', data: { html } }, `${inline ? 'inline' : 'data: image'} ${svg.what}`);
  }],
  [5, 'generate/random-markdown', (rng) => {
    const md = randomMarkdown(rng);
    return json(GENERATE, md.body, md.what);
  }],
  [8, 'generate/hostile-markdown', (rng, target) => {
    const md = hostileMarkdown(rng, target.canary);
    return json(GENERATE, md.body, md.what);
  }],
  [8, 'generate/bytes', (rng) => {
    const example = rng.pick(generateExamples());
    const source = rng.chance(0.7) ? example.body : mutateJson(example.body, rng, 1).value;
    const mutation = mutateBytes(Buffer.from(JSON.stringify(source) ?? ''), rng);
    return { path: GENERATE, what: `${shortName(example.file)}: ${mutation.what}`, headers: contentType(mutation.contentType), body: mutation.body };
  }],
  [5, 'generate/multipart', (rng, target) => {
    const body = rng.chance(0.5) ? generateExample(rng) : rng.chance(0.5) ? (mutateJson(generateExample(rng), rng, 1).value as Record<string, unknown>) : { type: 'html', data: { html: hostileHtml(rng, target.canary).html } };
    const safe = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : { data: body };
    const raw = multipartBody(safe, rng.pick(['----fuzzboundary', 'XYZ', '-'.repeat(30)]), rng);
    return { path: GENERATE, what: `multipart of ${Object.keys(safe).join(', ')}`, headers: { 'content-type': raw.contentType! }, body: raw.body };
  }],
  [5, 'generate/multipart-broken', (rng) => {
    const raw = brokenMultipart(generateExample(rng), rng);
    return { path: GENERATE, what: `multipart ${raw.what}`, headers: contentType(raw.contentType), body: raw.body };
  }],
  [3, 'generate/encrypted', (rng, target) => {
    const example = generateExample(rng);
    const data = rng.chance(0.6) ? mutateJson(example.data, rng, rng.int(0, 2)).value : example.data;
    const plaintext = rng.chance(0.8) ? JSON.stringify(data) ?? 'undefined' : hostileString(rng);
    let sealed = encryptForOrganization(target.publicKeyPem, plaintext);
    let what = 'encrypted data';
    if (rng.chance(0.5)) {
      const [key, iv, body] = sealed.split(':') as [string, string, string];
      const how = rng.pick(['flip-key', 'flip-iv', 'flip-body', 'cut', 'parts', 'garbage']);
      what = `encrypted data, ${how}`;
      const flip = (s: string, alphabet: string) => { const i = rng.int(0, s.length - 1); return s.slice(0, i) + rng.pick([...alphabet]) + s.slice(i + 1); };
      sealed = how === 'flip-key' ? `${flip(key, 'ABCDEFabcdef0123456789+/')}:${iv}:${body}`
        : how === 'flip-iv' ? `${key}:${flip(iv, '0123456789abcdef')}:${body}`
        : how === 'flip-body' ? `${key}:${iv}:${flip(body, '0123456789abcdef')}`
        : how === 'cut' ? sealed.slice(0, rng.int(0, sealed.length - 1))
        : how === 'parts' ? rng.pick([`${key}:${iv}`, `${key}:${iv}:${body}:${body}`, `:${iv}:${body}`, `${key}::`, `${key}:${iv}:0`])
        : rng.pick(['x', '::', 'a:b:c', `${'A'.repeat(344)}:${'0'.repeat(32)}:${'00'.repeat(16)}`, hostileString(rng)]);
    }
    return json(GENERATE, { ...example, data: sealed }, `${what} (${plaintext.slice(0, 40)})`);
  }],
];
