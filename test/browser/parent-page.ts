// Driving the parent page in a browser tab: open it on a builder URL, read the events its frame
// component delivered, wait for one, send a command. (Expressions run in the page are strings:
// the test code is compiled without the DOM's types.)
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import type { Site } from './parent-site.js';

export type EventRecord = Record<string, unknown> & { action: string };

export interface ParentPage {
  readonly page: Page;
  /** Uncaught errors and console errors of the page and its frames, for failure messages. */
  readonly problems: readonly string[];
  /** The builder's frame (the embedded iframe). */
  builder(): Frame;
  /** The unrelated frame on the parent's origin. */
  rogue(): Frame;
  events(): Promise<EventRecord[]>;
  /** Waits until `count` events with `action` have arrived; returns every event so far. */
  waitForEvent(action: string, count?: number): Promise<EventRecord[]>;
  command(action: string): Promise<void>;
  /** With QUIRE_SCREENSHOT_DIR set, saves the page as <dir>/<name>.png, to be looked at. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

const WAIT_MS = 45_000;

export async function openParent(browser: Browser, site: Site, iframeUrl: string, frame: 'quire' | 'anvil' = 'quire', serverOrigin?: string): Promise<ParentPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(site.pageUrl(iframeUrl, frame, serverOrigin));
  const builderOrigin = new URL(iframeUrl).origin;
  const builder = (): Frame => {
    const found = page.frames().find((f) => f !== page.mainFrame() && f.url().startsWith(builderOrigin));
    if (!found) throw new Error(`no builder frame yet (frames: ${page.frames().map((f) => f.url()).join(', ')})`);
    return found;
  };
  const events = async (): Promise<EventRecord[]> => (await page.evaluate('window.quireEvents')) as EventRecord[];
  return {
    page,
    problems,
    builder,
    rogue: () => page.frames().find((f) => f.url().endsWith('/rogue.html'))!,
    events,
    waitForEvent: async (action, count = 1) => {
      await page.waitForFunction(`window.quireEvents.filter((e) => e.action === ${JSON.stringify(action)}).length >= ${count}`, undefined, { timeout: WAIT_MS });
      return events();
    },
    command: async (action) => {
      await page.evaluate(`window.quireCommand(${JSON.stringify(action)})`);
    },
    screenshot: async (name) => {
      const dir = process.env.QUIRE_SCREENSHOT_DIR;
      if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) });
    },
    close: () => context.close(),
  };
}

/** The builder frame once it exists and its page has loaded. */
export async function builderFrame(parent: ParentPage): Promise<Frame> {
  await parent.page.waitForFunction(`document.querySelector('iframe.builder, #anvil-embed-frame') !== null`);
  for (let i = 0; i < 200; i++) {
    try {
      const frame = parent.builder();
      await frame.waitForLoadState('load');
      return frame;
    } catch {
      await parent.page.waitForTimeout(100);
    }
  }
  return parent.builder();
}
