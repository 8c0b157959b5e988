// What every browser test file starts: the server, the customer's site and Chromium, started
// together before its tests (generous limits: CI machines are shared and slow) and stopped after.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../server/helpers.js';
import { launchChromium } from './browser.js';
import { startParentSite, type Site } from './parent-site.js';

export interface BrowserSuite {
  readonly server: TestServer;
  readonly site: Site;
  readonly browser: Browser;
  /** The test organization's slug (every builder event carries it). */
  readonly organizationSlug: string;
  readonly organizationId: number;
}

/** Registers the file's beforeAll/afterAll; the returned object is filled in before the first test. */
export function browserSuite(): BrowserSuite {
  const suite = {} as { -readonly [K in keyof BrowserSuite]: BrowserSuite[K] };
  beforeAll(async () => {
    [suite.server, suite.site, suite.browser] = await Promise.all([startTestServer(), startParentSite(), launchChromium()]);
    const organization = (await suite.server.store.getOrganizationByEid(suite.server.organizationEid))!;
    suite.organizationSlug = organization.slug;
    suite.organizationId = organization.id;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([suite.browser?.close(), suite.site?.close(), suite.server?.stop()]);
  }, 60_000);
  return suite;
}
