// Debian's Chromium driven by playwright-core, for the builder pages' browser tests. `.ci/run`
// installs the `chromium` package; there is no browser download. The flags keep Chromium off a
// closed network (no background connections, updates or sync) and fit a container run as root.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.QUIRE_CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}
