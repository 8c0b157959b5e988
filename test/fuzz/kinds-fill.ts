// Cases for POST /api/v1/fill/{castEid}.pdf against the two test templates: the example
// payloads mutated structurally and byte by byte (and as multipart), hostile field values,
// and odd template ids, suffixes and version numbers.
import { mutateBytes } from './byte-mutations.js';
import { contentType, fillPath, json, shortName, type CaseKind } from './case.js';
import { fillExamples } from './examples.js';
import { hostileFill } from './hostile-fill.js';
import { mutateJson } from './json-mutations.js';
import { brokenMultipart, multipartBody } from './multipart.js';

export const FILL_KINDS: readonly CaseKind[] = [
  [6, 'fill/json-mutation', (rng, target) => {
    const example = rng.pick(fillExamples());
    const mutated = mutateJson(example.body, rng, rng.weighted([[5, 1], [3, 2], [2, rng.int(3, 6)]]));
    return json(fillPath(rng.chance(0.5) ? target.casts.placed : target.casts.acro), mutated.value, `${shortName(example.file)}: ${mutated.what}`);
  }],
  [7, 'fill/hostile-values', (rng, target) => {
    const fill = hostileFill(rng, target.canary);
    return json(fillPath(rng.chance(0.7) ? target.casts.placed : target.casts.acro), fill.body, fill.what);
  }],
  [3, 'fill/bytes', (rng, target) => {
    const example = rng.pick(fillExamples());
    const path = fillPath(rng.chance(0.5) ? target.casts.placed : target.casts.acro);
    if (rng.chance(0.3)) {
      const raw = rng.chance(0.5) ? brokenMultipart(example.body, rng) : { ...multipartBody(example.body, 'fillboundary', rng), what: 'well formed' };
      return { path, what: `${shortName(example.file)}: multipart ${raw.what}`, headers: contentType(raw.contentType), body: raw.body };
    }
    const mutation = mutateBytes(Buffer.from(JSON.stringify(example.body)), rng);
    return { path, what: `${shortName(example.file)}: ${mutation.what}`, headers: contentType(mutation.contentType), body: mutation.body };
  }],
  [2, 'fill/path', (rng, target) => {
    const eid = rng.pick([target.casts.placed, target.casts.acro, 'nope', '', '..', '%2e%2e', 'a'.repeat(64), 'a'.repeat(65), 'a'.repeat(101), 'a'.repeat(5_000), '%00', 'x.pdf', `${target.casts.placed}.pdf`, '\u00e9', '%F0%9F%98%80', '%zz', '%E0%A4%A', '__proto__', 'constructor']);
    const version = rng.pick(['', '?versionNumber=1', '?versionNumber=0', '?versionNumber=-1', '?versionNumber=-2', '?versionNumber=999999999', '?versionNumber=1e3', '?versionNumber=abc', '?versionNumber=1&versionNumber=2', '?versionNumber=%00', '?versionNumber[]=1', '?__proto__[x]=1']);
    const suffix = rng.pick(['.pdf', '', '.PDF', '.pdf/', '.pdf.pdf', '.json']);
    return json(`/api/v1/fill/${encodeURI(eid).replaceAll('%25', '%')}${suffix}${version}`, rng.pick(fillExamples()).body, `path ${eid.slice(0, 20)}${suffix}${version}`);
  }],
];
