// ::first-line (CSS 2.1 §5.12.1): the pseudo-element's font, colour and spacing apply to what
// lands on the first line, and where that line ends is decided with them.
import { describe, expect, it } from 'vitest';
import { layout, runs, type Run } from './helpers.js';

const TEXT = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau';
const PAGE = { width: '300pt', height: '400pt', margin: '0' };

/** The runs of page 1 grouped into lines by baseline, top to bottom, each line's text joined. */
async function lines(html: string, css: string): Promise<{ text: string; runs: Run[] }[]> {
  const found = runs(await layout(html, `body { margin: 0; font: 12pt/1.5 serif } ${css}`, PAGE));
  const byY = new Map<number, Run[]>();
  for (const r of found) byY.set(Math.round(r.y * 100), [...(byY.get(Math.round(r.y * 100)) ?? []), r]);
  return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => ({ text: rs.map((r) => r.text).join('').trim(), runs: rs }));
}

const isRed = (r: Run) => r.item.color.r === 255 && r.item.color.g === 0;

describe('::first-line', () => {
  it('colours the first line only', async () => {
    const got = await lines(`<p>${TEXT}</p>`, 'p { width: 200pt } p::first-line { color: rgb(255, 0, 0) }');
    expect(got.length).toBeGreaterThan(2);
    expect(got[0]!.runs.every(isRed)).toBe(true);
    expect(got.slice(1).some((l) => l.runs.some(isRed))).toBe(false);
  });

  it('a larger first-line font ends the first line earlier; the rest flows in the element style', async () => {
    const plain = await lines(`<p>${TEXT}</p>`, 'p { width: 200pt }');
    const big = await lines(`<p>${TEXT}</p>`, 'p { width: 200pt } p::first-line { font-size: 20pt }');
    expect(big[0]!.text.length).toBeLessThan(plain[0]!.text.length);
    expect(big[0]!.runs.every((r) => Math.abs(r.item.size - 20) < 1e-6)).toBe(true);
    expect(big[1]!.runs.every((r) => Math.abs(r.item.size - 12) < 1e-6)).toBe(true);
    // No text is lost or repeated.
    expect(big.map((l) => l.text).join(' ').replace(/\s+/g, ' ')).toBe(TEXT);
    // The first line is taller: the second baseline is further down than plainly.
    expect(big[1]!.runs[0]!.y).toBeGreaterThan(plain[1]!.runs[0]!.y);
  });

  it('an inline element with its own colour keeps it; one that inherits takes the first line colour', async () => {
    const got = await lines('<p><b style="color: rgb(0, 0, 255)">blue</b> <i>red</i> and more words to wrap onto a second line of the paragraph here</p>', 'p { width: 200pt } p::first-line { color: rgb(255, 0, 0) }');
    const blue = got[0]!.runs.find((r) => r.text.includes('blue'))!;
    const red = got[0]!.runs.find((r) => r.text.includes('red'))!;
    expect(blue.item.color).toMatchObject({ r: 0, g: 0, b: 255 });
    expect(isRed(red)).toBe(true);
  });

  it("a container's ::first-line reaches the first line of its first paragraph", async () => {
    const got = await lines(`<div><p>${TEXT}</p><p>second paragraph</p></div>`, 'p { width: 200pt; margin: 0 } div::first-line { color: rgb(255, 0, 0) }');
    expect(got[0]!.runs.every(isRed)).toBe(true);
    expect(got.slice(1).some((l) => l.runs.some(isRed))).toBe(false);
  });

  it('a first line holding only a <br> leaves the text after it alone', async () => {
    const got = await lines('<div><br>Filler text</div>', 'div::first-line { color: rgb(255, 0, 0) }');
    expect(got.flatMap((l) => l.runs).some(isRed)).toBe(false);
    expect(got.map((l) => l.text)).toContain('Filler text');
  });
});
