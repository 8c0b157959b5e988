// Headless Chromium as the peer the benchmark measures beside us, in the same run: Debian's
// /usr/bin/chromium driven by playwright-core (already a dev dependency for the browser tests;
// no browser download), printing each document as a warm browser does (`page.setContent` then
// `page.pdf`), as the corpus README's stored figures were measured.

import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { median } from './median.js';

export const CHROMIUM_PATH = process.env.QUIRE_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Warm-browser medians of the corpus README, measured on 2026-11-25: the fallback figures. */
export const STORED_CHROMIUM_MS: Readonly<Record<string, number>> = { invoice: 104, paged: 128, cjk: 283, report: 2690, book: 2091 };
export const STORED_CHROMIUM_DATE = '2026-11-25';

/** How long one document may keep the browser busy before it counts as failed. */
const PRINT_TIMEOUT_MS = 120_000;

export interface PeerMeasurement {
  readonly medianMs: number;
  readonly samples: number;
}

/** A running headless Chromium with one page, reused for every document. */
export class ChromiumPeer {
  private constructor(private readonly browser: Browser, private readonly page: Page, readonly version: string) {}

  /** Null when there is no Chromium at CHROMIUM_PATH. */
  static async launch(): Promise<ChromiumPeer | null> {
    if (!existsSync(CHROMIUM_PATH)) return null;
    // Loaded here, not at the top: the measuring child processes import this file's figures,
    // and playwright-core would add 40 MB to the peak RSS they report.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    });
    const page = await browser.newPage();
    page.setDefaultTimeout(PRINT_TIMEOUT_MS);
    return new ChromiumPeer(browser, page, browser.version());
  }

  /**
   * Prints `html` repeatedly, as `measureDocument` renders ours: two untimed runs, then at least
   * `iterations` timed ones and at least `timeMs` of them (at most 1,000 runs).
   */
  async measure(html: string, iterations: number, timeMs: number): Promise<PeerMeasurement> {
    for (let i = 0; i < 2; i++) await this.print(html);
    const times: number[] = [];
    const start = performance.now();
    while (times.length < 1000 && (times.length < iterations || performance.now() - start < timeMs)) {
      const t = performance.now();
      await this.print(html);
      times.push(performance.now() - t);
    }
    return { medianMs: median(times), samples: times.length };
  }

  async close(): Promise<void> {
    await this.browser.close();
  }

  private async print(html: string): Promise<void> {
    await this.page.setContent(html, { waitUntil: 'load' });
    await this.page.pdf({ printBackground: true, preferCSSPageSize: true });
  }
}
