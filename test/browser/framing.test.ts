// Framing in a real browser: the organization's embed origins decide who may frame a builder
// (Content-Security-Policy frame-ancestors), and a builder works when the server is mounted
// under a path prefix behind a proxy (its scripts, styles, worker and API calls are relative).
import { describe, expect, it } from 'vitest';
import { createCast, embedUrl } from './objects.js';
import { openParent } from './parent-page.js';
import { startPrefixProxy } from './parent-site.js';
import { browserSuite } from './suite.js';

const suite = browserSuite();

describe('framing', { timeout: 240_000 }, () => {
  it('an allowed origin frames the builder and gets its events; another origin is refused by the browser', async () => {
    const castEid = await createCast(suite.server);
    await suite.server.store.setEmbedOrigins(suite.organizationId, [suite.site.origin]);
    const allowed = await openParent(suite.browser, suite.site, (await embedUrl(suite.server, castEid, 'edit-pdf-template')).url);
    expect(await allowed.waitForEvent('castEditLoad')).toEqual([{ action: 'castEditLoad', castEid, organizationSlug: expect.any(String) }]);
    await allowed.close();

    await suite.server.store.setEmbedOrigins(suite.organizationId, ['https://app.example.com']);
    const refused = await openParent(suite.browser, suite.site, (await embedUrl(suite.server, castEid, 'edit-pdf-template')).url);
    // Chromium replaces a frame its CSP forbids with an error page, and nothing of ours runs.
    await expect.poll(() => refused.page.frames().some((f) => f.url().startsWith('chrome-error://')), { timeout: 30_000 }).toBe(true);
    expect(await refused.events()).toEqual([]);
    await refused.close();
    await suite.server.store.setEmbedOrigins(suite.organizationId, null);
  });

  it('works under a path prefix behind a reverse proxy', async () => {
    const proxy = await startPrefixProxy(suite.server.url, '/tools/quire');
    try {
      const castEid = await createCast(suite.server);
      const { url } = await embedUrl(suite.server, castEid, 'edit-pdf-template');
      const prefixed = url.replace(suite.server.url, proxy.base);
      const parent = await openParent(suite.browser, suite.site, prefixed);
      expect(await parent.waitForEvent('castEditLoad')).toEqual([expect.objectContaining({ action: 'castEditLoad', castEid })]);
      // The page was drawn by pdf.js (its worker came through the prefix too).
      const frame = parent.builder();
      expect(frame.url().startsWith(`${proxy.base}/embed/edit-pdf-template`)).toBe(true);
      await frame.locator('.pdf-page canvas').first().waitFor();
      await parent.close();
    } finally {
      await proxy.close();
    }
  });
});
