// Hyphenation patterns load lazily, per language, on the first word a line needs to hyphenate
// (the German set alone is 750 kB of source). Its own file: the loaded sets are per process.
import { describe, expect, it } from 'vitest';
import { loadedHyphenationPatterns } from '../../src/text/hyphenation.js';
import { layout, runs } from './helpers.js';

const GERMAN = 'Die Donaudampfschifffahrtsgesellschaft und das Bundesverfassungsgericht vereinbarten eine Zusammenarbeit.';

describe('hyphenation patterns', () => {
  it('load only for the languages whose words a line hyphenates', async () => {
    // No hyphens: auto, or no line that needs it: nothing loads.
    await layout(`<div lang="de" style="width: 120px">${GERMAN}</div><div lang="en" style="width: 120px">A narrow column of considerably unhyphenated text.</div>`);
    await layout(`<div lang="en" style="hyphens: auto">Short words fit.</div>`);
    expect(loadedHyphenationPatterns()).toEqual([]);
    // A German document with hyphens: auto loads the German patterns, and only those.
    const pages = await layout(`<div lang="de" style="width: 120px; hyphens: auto">${GERMAN}</div>`);
    expect(runs(pages).some((r) => /[\u2010-]$/.test(r.text))).toBe(true);
    expect(loadedHyphenationPatterns()).toEqual(['de']);
  });
});
