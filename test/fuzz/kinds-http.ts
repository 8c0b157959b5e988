// Cases about HTTP rather than documents: odd Accept, Authorization and other headers (one too
// large to accept), callers that hang up mid-render, odd paths and methods.
import { fillPath, GENERATE, json, type Auth, type CaseKind } from './case.js';
import { fillExamples, generateExamples } from './examples.js';
import { hostileHtml } from './hostile-html.js';
import { clone } from './json-mutations.js';
import type { Random } from './random.js';

const generateExample = (rng: Random) => clone(rng.pick(generateExamples()).body) as Record<string, unknown>;

export const HTTP_KINDS: readonly CaseKind[] = [
  [1, 'http/headers', (rng, target) => {
    const path = rng.chance(0.6) ? GENERATE : fillPath(target.casts.placed);
    const body = path === GENERATE ? generateExample(rng) : rng.pick(fillExamples()).body;
    const accept = rng.pick(['application/pdf', '*/*', 'application/json', 'text/html', 'application/pdf;q=0', 'application/*;q=0.5', '', ',,,', 'application/pdf;q=abc', '*/*;q=0, application/pdf;q=0']);
    const auth = rng.pick<Auth>(['production', 'development', 'none', 'garbage']);
    const extra: Record<string, string> = rng.chance(0.3) ? { [rng.pick(['content-encoding', 'x-padding', 'cookie'])]: rng.pick(['gzip', 'br', 'identity', 'x'.repeat(rng.pick([100, 20_000, 70_000]))]) } : {};
    return { ...json(path, body, `accept ${JSON.stringify(accept)}, auth ${auth}${Object.keys(extra).length ? `, ${Object.keys(extra)[0]} of ${Object.values(extra)[0]!.length} chars` : ''}`, { accept, ...extra }), auth };
  }],
  [1, 'http/hang-up', (rng, target) => {
    // A caller that goes away while its request waits or renders: the thread is ended or the job dropped.
    const after = rng.pick([1, 20, 100, 300, 800]);
    const doc = rng.chance(0.5) ? hostileHtml(rng, target.canary) : { kind: 'example', html: '<p>x</p>'.repeat(rng.size(1, 3_000)), css: undefined };
    return { ...json(GENERATE, { type: 'html', data: { html: doc.html, css: doc.css } }, `hang up after ${after} ms: ${doc.kind}`), hangUpAfterMs: after };
  }],
  [1, 'http/path', (rng, target) => {
    const path = rng.pick(['/api/v1/%zz', '/api/v1/generate-pdf/%E0%A4%A', '/api/v1/generate-pdf?x=%zz&y[__proto__][z]=1', '//api//v1//generate-pdf', '/api/v1/generate-pdf/', '/API/V1/GENERATE-PDF', '/api/v1/generate-pdf;x',
      '/api/v1/generate-pdf%00', '/api/v1/generate-pdf/..%2f..%2fhealthz', '/api/v2/generate-pdf', '/', '/healthz', `/api/v1/fill/${target.casts.placed}.pdf/`, `/api/v1/fill/${target.casts.placed}%2epdf`, `/api/v1/${'a/'.repeat(rng.size(1, 2_000))}`]);
    const method = rng.pick(['POST', 'POST', 'GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
    const draft = json(path, generateExample(rng), `${method} ${path.slice(0, 60)}`);
    return { ...draft, method, body: method === 'GET' ? new Uint8Array(0) : draft.body };
  }],
];
