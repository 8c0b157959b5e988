// The shaping caches live as long as their face: a document's @font-face faces (new for each
// render) and the words shaped with them are let go with the document, not kept per process.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { queryObjects } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { FontkitFace } from '../../src/text/font-face.js';

function arimoRegularUrl(): string {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('@fontsource/arimo/package.json')), 'files', 'arimo-latin-400-normal.woff2');
  return `data:font/woff2;base64,${readFileSync(file).toString('base64')}`;
}

describe('shaping caches and web fonts', () => {
  it('renders with a web font do not accumulate its faces', async () => {
    const css = `@font-face { font-family: Doc; src: url(${arimoRegularUrl()}) } p { font-family: Doc }`;
    const input = (i: number) => ({ type: 'html' as const, data: { html: `<p>Render ${i}: the quick brown fox ${i * 7919}</p>`, css } });
    await render(input(0));
    // queryObjects collects garbage first, then counts the live instances.
    const before = queryObjects(FontkitFace, { format: 'count' });
    for (let i = 1; i <= 4; i++) await render(input(i));
    expect(queryObjects(FontkitFace, { format: 'count' })).toBeLessThanOrEqual(before);
  });
});
