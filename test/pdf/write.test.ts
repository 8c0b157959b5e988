// writePdf end to end: fonts (pdffonts, pdftotext), metadata (pdfinfo), links and
// destinations (read back with pdf-lib), images once, deterministic bytes, rendering.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream } from 'pdf-lib';
import { placedGlyphs } from '../../src/paint/glyph-runs.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../src/pdf/write.js';
import { SAMPLE_TITLE, sampleDocument } from './fixtures/sample-document.js';
import { poppler, textLine, writeTemp } from './helpers.js';

let bytes: Uint8Array;
let path: string;

beforeAll(async () => {
  bytes = await writePdf({ pages: sampleDocument(), title: SAMPLE_TITLE, deterministic: true });
  path = writeTemp('sample.pdf', bytes);
});

describe('writePdf: text and fonts', () => {
  it('pdftotext gives back the words, ligatures and non-ASCII included', () => {
    const text = poppler('pdftotext', ['-enc', 'UTF-8', path, '-']).stdout;
    expect(text).toContain('The office staff were baffled by AVATAR.');
    expect(text).toContain('Ærøskøbing café, naïve résumé');
    expect(text).toContain('Chapter two');
  });

  it('pdffonts lists every face as an embedded subset with ToUnicode, and reports no errors', () => {
    const { stdout, stderr } = poppler('pdffonts', [path]);
    const rows = stdout.trim().split('\n').slice(2);
    expect(rows.map((row) => row.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'Tinos-BoldItalic']);
    for (const row of rows) {
      expect(row).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    }
    expect(stderr).not.toMatch(/invalid|error/i);
  });

  it('places glyphs where the display list says (pdftotext -bbox)', () => {
    const html = poppler('pdftotext', ['-bbox', '-f', '1', '-l', '1', path, '-']).stdout;
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">office<\/word>/.exec(html);
    expect(word).not.toBeNull();
    const [xMin, , , yMax] = word!.slice(1).map(Number);
    const expectedX = textLine('The ', 48, 70, 14).at(-1)!;
    const runEnd = expectedX.x + placedGlyphs(expectedX).at(-1)!.x;
    expect(xMin!).toBeGreaterThan(runEnd);
    expect(xMin!).toBeLessThan(runEnd + 6);
    // The word box's bottom is the descent below the 70pt baseline.
    expect(yMax!).toBeGreaterThan(70);
    expect(yMax!).toBeLessThan(76);
  });
});

describe('writePdf: document', () => {
  it('pdfinfo shows the title, producer, the fixed date, two pages and their sizes', () => {
    const info = poppler('pdfinfo', ['-f', '1', '-l', '2', path]).stdout;
    expect(info).toMatch(/Title:\s+Quire sample — Ærø/);
    expect(info).toMatch(/Producer:\s+Quire/);
    expect(info).toMatch(/Creator:\s+Quire/);
    expect(info).toMatch(/CreationDate:\s+Sat Jan\s+1 00:00:00 2000 UTC/);
    expect(info).toMatch(/Pages:\s+2/);
    expect(info).toMatch(/Page\s+1 size:\s+595\.28 x 841\.89 pts/);
    expect(info).toMatch(/Page\s+2 size:\s+612 x 792 pts/);
  });

  it('shows the title in the window title bar (ViewerPreferences DisplayDocTitle)', async () => {
    const pdf = await PDFDocument.load(bytes);
    const prefs = pdf.catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict);
    expect(prefs.get(PDFName.of('DisplayDocTitle'))?.toString()).toBe('true');
  });

  it('writes a URI link, an internal GoTo link, and nothing for a link to a missing anchor', async () => {
    const pdf = await PDFDocument.load(bytes);
    const [page1, page2] = pdf.getPages();
    const annots = page1!.node.Annots()!;
    expect(annots.size()).toBe(2);
    const [uriLink, goTo] = [0, 1].map((i) => annots.lookup(i, PDFDict));
    expect(uriLink!.get(PDFName.of('Subtype'))).toBe(PDFName.of('Link'));
    const uriAction = uriLink!.lookup(PDFName.of('A'), PDFDict);
    expect(uriAction.get(PDFName.of('S'))).toBe(PDFName.of('URI'));
    expect((uriAction.get(PDFName.of('URI')) as PDFHexString).decodeText()).toBe('https://example.com/caf%C3%A9?q=1');
    expect(uriLink!.lookup(PDFName.of('Border'), PDFArray).asArray().map(String)).toEqual(['0', '0', '0']);
    const rect = uriLink!.lookup(PDFName.of('Rect'), PDFArray).asArray().map(Number);
    expect(rect).toEqual([48, 841.89 - 214, 168, 841.89 - 198].map((v) => Math.round(v * 1000) / 1000));

    const goToAction = goTo!.lookup(PDFName.of('A'), PDFDict);
    expect(goToAction.get(PDFName.of('S'))).toBe(PDFName.of('GoTo'));
    expect((goToAction.get(PDFName.of('D')) as PDFHexString).decodeText()).toBe('chapter-2');

    // The named destination resolves to page 2, at the anchor's position.
    const names = pdf.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('Dests'), PDFDict).lookup(PDFName.of('Names'), PDFArray);
    expect((names.get(0) as PDFHexString).decodeText()).toBe('chapter-2');
    const dest = names.lookup(1, PDFArray);
    expect(dest.get(0)).toBe(page2!.ref);
    expect(dest.asArray().slice(1).map(String)).toEqual(['/XYZ', '48', String(792 - 60), 'null']);
  });

  it('embeds an image once however often it is drawn', async () => {
    const pdf = await PDFDocument.load(bytes);
    const images = pdf.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(2); // the PNG (drawn twice) and the JPEG
    const xObjects = pdf.getPages()[0]!.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const imageNames = xObjects.keys().map(String).filter((name) => name.startsWith('/Im'));
    expect(imageNames).toHaveLength(2);
  });

  it('uses one ExtGState per distinct alpha and a transparency group for opacity', async () => {
    const pdf = await PDFDocument.load(bytes);
    const resources = pdf.getPages()[0]!.node.Resources()!;
    const states = resources.lookup(PDFName.of('ExtGState'), PDFDict);
    const alphas = states.keys().map((name) => {
      const state = states.lookup(name, PDFDict);
      return [String(state.get(PDFName.of('ca'))), String(state.get(PDFName.of('CA')))].join('/');
    });
    expect(alphas.sort()).toEqual(['0.5/0.5', '1/0.5']);
    const forms = resources.lookup(PDFName.of('XObject'), PDFDict).keys().filter((name) => String(name).startsWith('/Fm'));
    expect(forms).toHaveLength(1);
  });
});

describe('writePdf: deterministic output', () => {
  it('gives byte-identical output for the same input, in this process and in another', async () => {
    const again = await writePdf({ pages: sampleDocument(), title: SAMPLE_TITLE, deterministic: true });
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    const script = fileURLToPath(new URL('./fixtures/write-sample.ts', import.meta.url));
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(child.status, child.stderr).toBe(0);
    expect(Buffer.from(child.stdout, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });

  it('takes the creation date from the options, and changes /ID with the content', async () => {
    const dated = await writePdf({ pages: sampleDocument(), deterministic: true, creationDate: new Date('2024-05-06T07:08:09Z') });
    const info = poppler('pdfinfo', [writeTemp('dated.pdf', dated)]).stdout;
    expect(info).toMatch(/CreationDate:\s+Mon May\s+6 07:08:09 2024 UTC/);
    const idOf = async (pdfBytes: Uint8Array) => String((await PDFDocument.load(pdfBytes)).context.trailerInfo.ID);
    const other = await writePdf({ pages: [{ width: 100, height: 100, items: textLine('x', 10, 20, 10) }], deterministic: true });
    expect(await idOf(other)).not.toBe(await idOf(bytes));
  });

  it('is not deterministic unless asked: /ID differs between runs', async () => {
    const pages = [{ width: 100, height: 100, items: [] }];
    const [a, b] = await Promise.all([writePdf({ pages }), writePdf({ pages })]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });
});

describe('writePdf: rendering', () => {
  it('renders with pdftoppm (page 1 at 60 dpi) without errors', () => {
    const prefix = writeTemp('render', new Uint8Array());
    const { stderr } = poppler('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', path, prefix]);
    expect(stderr).toBe('');
    const png = `${prefix}-1.png`;
    expect(existsSync(png)).toBe(true);
    expect(statSync(png).size).toBeGreaterThan(1000);
  });

  it('keeps the pages in the order written, each with its size, and the watermark finds them all', async () => {
    const sizes = [[300, 400], [400, 300], [200, 250]];
    const pdf = await PDFDocument.load(await writePdf({ pages: sizes.map(([width, height]) => ({ width: width!, height: height!, items: [] })), watermark: 'DRAFT' }));
    expect(pdf.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual(sizes);
    for (const page of pdf.getPages()) expect(page.node.get(PDFName.of('Contents'))).toBeDefined();
  });

  it('writes a valid one-page file for a document without pages', async () => {
    const empty = await writePdf({ pages: [] });
    expect(poppler('pdfinfo', [writeTemp('empty.pdf', empty)]).stdout).toMatch(/Pages:\s+1/);
  });
});

