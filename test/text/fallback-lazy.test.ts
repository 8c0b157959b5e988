// The script, symbol and CJK fallback fonts are opened only when a character needs them: a
// Latin-only document reads none of their files. (Its own file: the record of files read is
// per process, and vitest runs each test file in a fresh one.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/render.js';
import { fontFilesRead } from '../../src/text/fontsource-package.js';

const SCRIPT_PACKAGES = /noto-sans-(arabic|hebrew|devanagari|thai|math|symbols-2|sc|kr|jp)|noto-emoji/;

describe('lazy fallback fonts', () => {
  it('a Latin-only document (an invoice) opens none of them', async () => {
    const html = readFileSync(new URL('../../golden/invoice-without-tables/input.html', import.meta.url), 'utf8');
    const { pdf } = await renderDocument({ type: 'html', data: { html: `${html}<p>Naïve café — “quoted” – 1½ € ©</p>` } }, { deterministic: true });
    expect(pdf.length).toBeGreaterThan(1000);
    expect(fontFilesRead().filter((path) => SCRIPT_PACKAGES.test(path))).toEqual([]);
  });

  it('Hebrew text opens the Hebrew file of its weight, and nothing else', async () => {
    await renderDocument({ type: 'html', data: { html: '<p>Shalom שלום</p>' } }, { deterministic: true });
    expect(fontFilesRead().filter((path) => SCRIPT_PACKAGES.test(path)).map((path) => path.split('/').pop())).toEqual(['noto-sans-hebrew-hebrew-400-normal.woff2']);
  });
});
