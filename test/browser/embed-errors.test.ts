// Token states in a real browser: a used, an expired and a revoked URL each show their error
// page inside the customer's iframe, and the parent's EmbedFrame receives `embeddedError`.
import { describe, expect, it } from 'vitest';
import { newSecret } from '../../server/embed/tokens.js';
import { hashSecret } from '../../server/keys.js';
import { createCast, embedUrl, expireToken } from './objects.js';
import { builderFrame, openParent } from './parent-page.js';
import { browserSuite } from './suite.js';

const suite = browserSuite();

describe('embed URLs in the browser', { timeout: 240_000 }, () => {
  it('a reloaded (used) URL gives tokenUsed', async () => {
    const castEid = await createCast(suite.server);
    const { url, requestTokenEid } = await embedUrl(suite.server, castEid, 'edit-pdf-template');
    const first = await openParent(suite.browser, suite.site, url);
    await first.waitForEvent('castEditLoad');
    await first.close();
    const again = await openParent(suite.browser, suite.site, url);
    const events = await again.waitForEvent('embeddedError');
    expect(events).toEqual([{ action: 'embeddedError', errorType: 'tokenUsed', error: 'Token used', message: expect.any(String), requestTokenEid }]);
    const frame = await builderFrame(again);
    expect(await frame.getByRole('alert').innerText()).toMatch(/already been used/);
    await again.close();
  });

  it('an expired URL gives tokenExpired and a revoked one tokenInvalid', async () => {
    const castEid = await createCast(suite.server);
    const organization = (await suite.server.store.getOrganizationByEid(suite.server.organizationEid))!;
    const secret = newSecret();
    const expired = await suite.server.store.createEmbedToken({ organizationId: organization.id, secretHash: hashSecret(secret), objectType: 'cast', objectEid: castEid, embedType: 'edit-pdf-template', options: {}, metadata: null, expiresAt: new Date(Date.now() - 1000) });
    const expiredPage = await openParent(suite.browser, suite.site, `${suite.server.url}/embed/edit-pdf-template?token=${secret}`);
    expect(await expiredPage.waitForEvent('embeddedError')).toEqual([expect.objectContaining({ action: 'embeddedError', errorType: 'tokenExpired', requestTokenEid: expired.eid })]);
    await expiredPage.close();

    const { url, requestTokenEid } = await embedUrl(suite.server, castEid, 'edit-pdf-template');
    expect(await expireToken(suite.server, requestTokenEid)).toBe(true);
    const revokedPage = await openParent(suite.browser, suite.site, url);
    expect(await revokedPage.waitForEvent('embeddedError')).toEqual([expect.objectContaining({ action: 'embeddedError', errorType: 'tokenInvalid', requestTokenEid })]);
    await revokedPage.close();
  });
});
