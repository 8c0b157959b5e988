// Tagged PDF by default (issue 19, parts 1 and 5): the structure read back with Poppler
// (`pdfinfo -struct-text`) and pdf.js (`getStructTree()` with the marked content's text) is
// compared with the dumps under structure/, and every page passes the marked-content checks
// of tagging-check.ts. `QUIRE_GOLDEN_UPDATE=1` rewrites the dumps for a reviewer to read.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream, PDFArray, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderUnchecked } from '../../src/render.js';
import { poppler, writeTemp } from './helpers.js';
import { pdfjsDump } from './structure-dump.js';
import { checkTagging } from './tagging-check.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DUMPS = path.join(HERE, 'structure');
const GOLDEN = path.resolve(HERE, '../../golden');
const UPDATE = process.env.QUIRE_GOLDEN_UPDATE === '1';
const OPTIONS = { deterministic: true, fontProvider: false } as const;

const html = (file: string) => ({ type: 'html', data: { html: readFileSync(path.join(DUMPS, file), 'utf8'), css: '' } });
const CASES: Record<string, () => unknown> = {
  statement: () => html('statement.html'),
  markdown: () => JSON.parse(readFileSync(path.join(DUMPS, 'markdown.json'), 'utf8')),
  form: () => html('form.html'),
};

/** Compares `actual` with the dump file (or writes it when updating). */
function expectDump(file: string, actual: string): void {
  const expectedPath = path.join(DUMPS, file);
  if (UPDATE) {
    writeFileSync(expectedPath, actual);
    return;
  }
  expect(existsSync(expectedPath), `${file} is missing: run with QUIRE_GOLDEN_UPDATE=1 and review it`).toBe(true);
  expect(actual).toBe(readFileSync(expectedPath, 'utf8'));
}

async function render(name: string, options: { tagged?: boolean } = {}): Promise<Uint8Array> {
  return (await renderUnchecked(CASES[name]!(), { ...OPTIONS, ...options })).pdf;
}

function pageContents(doc: PDFDocument, index: number): string {
  const contents = doc.getPage(index).node.lookup(PDFName.of('Contents'));
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r) as PDFStream) : [contents as PDFStream];
  return streams.map((s) => Buffer.from(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : s.getContents()).toString('latin1')).join('\n');
}

describe('tagged PDF', () => {
  for (const name of Object.keys(CASES)) {
    it(`${name}: the structure as Poppler and pdf.js read it, and every operator marked`, async () => {
      const pdf = await render(name);
      const file = writeTemp(`${name}.pdf`, pdf);
      expect(poppler('pdfinfo', [file]).stdout).toMatch(/^Tagged:\s+yes$/m);
      expectDump(`${name}.poppler.txt`, poppler('pdfinfo', ['-struct-text', file]).stdout);
      expectDump(`${name}.pdfjs.txt`, await pdfjsDump(pdf));
      const report = await checkTagging(pdf);
      expect(report.problems).toEqual([]);
      expect(report.painted).toBeGreaterThan(0);
    }, 30_000);
  }

  it('statement: running header, page numbers and the repeated table header are artifacts, the header read once', async () => {
    const pdf = await render('statement');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    const structure = poppler('pdfinfo', ['-struct-text', writeTemp('statement.pdf', pdf)]).stdout;
    expect(structure).not.toContain('ACME Bank');
    expect(structure).not.toMatch(/"Page \d/);
    expect(structure.match(/THead/g)).toHaveLength(1);
    expect(structure.match(/"Description"/g)).toHaveLength(1);
    // Page 2 still shows the header row: drawn, as an artifact.
    const text = poppler('pdftotext', ['-f', '2', '-l', '2', writeTemp('statement.pdf', pdf), '-']).stdout;
    expect(text).toContain('Description');
    expect(pageContents(doc, 1)).toMatch(/\/Artifact <<\/Type \/Pagination>> BDC/);
  }, 30_000);

  it('writes the catalog and page entries of a tagged PDF: Lang, MarkInfo, DisplayDocTitle, StructParents, Tabs, StructParent', async () => {
    const doc = await PDFDocument.load(await render('statement'));
    const catalog = doc.catalog;
    expect(catalog.lookup(PDFName.of('Lang'))?.toString()).toMatch(/^<FEFF0065006E>$|^\(en\)$/i);
    expect(catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))?.toString()).toBe('true');
    expect(catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict).get(PDFName.of('DisplayDocTitle'))?.toString()).toBe('true');
    const root = catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
    expect(root.lookup(PDFName.of('ParentTreeNextKey'), PDFNumber).asNumber()).toBeGreaterThan(doc.getPageCount());
    doc.getPages().forEach((page, i) => {
      expect(page.node.lookup(PDFName.of('StructParents'), PDFNumber).asNumber()).toBe(i);
      expect(page.node.lookup(PDFName.of('Tabs'))?.toString()).toBe('/S');
    });
    const annots = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    const link = annots.lookup(0, PDFDict);
    expect(link.lookup(PDFName.of('StructParent'), PDFNumber).asNumber()).toBe(doc.getPageCount());
    expect(link.lookup(PDFName.of('Contents'))).toBeDefined();
  }, 30_000);

  it('form: each widget is in its Form element (StructParent) and named by its label (/TU)', async () => {
    const doc = await PDFDocument.load(await render('form'));
    const annots = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    const names: string[] = [];
    for (let i = 0; i < annots.size(); i++) {
      const annot = annots.lookup(i, PDFDict);
      expect(annot.lookup(PDFName.of('StructParent'), PDFNumber).asNumber()).toBeGreaterThanOrEqual(doc.getPageCount());
      const tu = annot.lookup(PDFName.of('TU'));
      if (tu instanceof PDFHexString) names.push(tu.decodeText());
    }
    expect(names).toEqual(['Name', 'I agree to the terms', 'Plan', 'Notes']);
  }, 30_000);

  it('tagged: false writes no structure tree and no marked content', async () => {
    const pdf = await render('statement', { tagged: false });
    const doc = await PDFDocument.load(pdf);
    expect(doc.catalog.get(PDFName.of('StructTreeRoot'))).toBeUndefined();
    expect(doc.catalog.get(PDFName.of('MarkInfo'))).toBeUndefined();
    for (let i = 0; i < doc.getPageCount(); i++) expect(pageContents(doc, i)).not.toMatch(/\bBDC\b|\bBMC\b/);
    expect(poppler('pdfinfo', [writeTemp('untagged.pdf', pdf)]).stdout).toMatch(/^Tagged:\s+no$/m);
    // The checker can fail: the untagged file's operators are outside marked content.
    expect((await checkTagging(pdf)).problems.length).toBeGreaterThan(0);
  }, 30_000);

  it('a watermark is a pagination artifact', async () => {
    const { pdf } = await renderUnchecked(CASES.form!(), { ...OPTIONS, watermark: 'DEVELOPMENT' });
    expect((await checkTagging(pdf)).problems).toEqual([]);
    const doc = await PDFDocument.load(pdf);
    expect(pageContents(doc, 0)).toContain('/Artifact <</Type /Pagination /Subtype /Watermark>> BDC');
  }, 30_000);
});

/** Golden documents that draw every kind of item: clips, opacity groups, transforms, SVG, gradients, forms, fixed boxes. */
const GOLDEN_CASES = ['dashboard-overflow-opacity', 'transforms', 'svg-shapes', 'gradients', 'form-every-field', 'fixed-static-position', 'images-every-format', 'lists-all-markers', 'table-rowspan-break', 'multicol-report', 'typography-shadow-synthesis', 'md-every-item-key'];

describe('tagged golden documents', () => {
  for (const name of GOLDEN_CASES.filter((n) => readdirSync(GOLDEN).includes(n))) {
    it(`${name}: every operator marked, every MCID reachable once`, async () => {
      const dir = path.join(GOLDEN, name);
      const has = (f: string) => existsSync(path.join(dir, f));
      const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
      const extra = has('request.json') ? (JSON.parse(read('request.json')) as Record<string, unknown>) : {};
      const request = has('input.html') ? { type: 'html', ...extra, data: { html: read('input.html'), css: has('style.css') ? read('style.css') : '' } } : extra;
      const { pdf } = await renderUnchecked(request, OPTIONS);
      const report = await checkTagging(pdf);
      expect(report.problems).toEqual([]);
      expect(report.mcids.flat().length).toBeGreaterThan(0);
    }, 30_000);
  }
});

/** A page of HTML rendered tagged; `options` as renderDocument's. */
async function renderHtml(body: string, options: Record<string, unknown> = {}, request: Record<string, unknown> = {}): Promise<Uint8Array> {
  const html = `<!doctype html><html lang="en"><head><title>Gaps</title></head><body>${body}</body></html>`;
  return (await renderUnchecked({ type: 'html', ...request, data: { html, css: '' } }, { ...OPTIONS, ...options })).pdf;
}

/** The failures of a ValidationError that `work` throws ([] when it does not throw). */
async function failuresOf(work: () => Promise<unknown>): Promise<{ property: string; message: string }[]> {
  try {
    await work();
    return [];
  } catch (error) {
    return (error as { fields?: { property: string; message: string }[] }).fields ?? [{ property: '', message: String(error) }];
  }
}

describe('PDF/UA gaps', () => {
  it('text in a div (a block container of phrasing content without a role) is a paragraph', async () => {
    const pdf = await renderHtml('<div>Loose text in a div</div><section><div>Another <a href="https://example.com/">link</a> here</div></section>'
      + '<section>Mixed <a href="https://example.com/">link</a> text<p>inner paragraph</p>tail</section><form><label style="display: block">Name <input name="n"></label></form>');
    expect((await checkTagging(pdf)).problems).toEqual([]);
    const dump = await pdfjsDump(pdf);
    expect(dump).toContain('      P\n        "Loose text in a div"\n');
    expect(dump).toMatch(/Sect\n {8}P\n {10}"Another"\n {10}Link\n {12}"link"/);
    // Text beside a block: each anonymous block is a paragraph, with the link among its text.
    expect(dump).toContain('      Sect\n        P\n          "Mixed"\n          Link\n            "link"\n            (annotation)\n          "text"\n        P\n          "inner paragraph"\n        P\n          "tail"\n');
    // A label made a block by CSS: a paragraph with its control.
    expect(dump).toContain('      P\n        "Name"\n        Form\n');
  }, 30_000);

  it('an img without alt is an error naming it in pdf/ua-1; alt="" makes it an artifact', async () => {
    const src = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='10' height='10'%3E%3Crect width='10' height='10'/%3E%3C/svg%3E";
    const failures = await failuresOf(() => renderHtml(`<p>Chart: <img src="${src}" width="10" height="10"></p>`, { pdfVariant: 'pdf/ua-1' }));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.property).toBe('pdfVariant');
    expect(failures[0]!.message).toContain(`<img src="${src.slice(0, 77)}...">`);
    // Untagged variants keep rendering it (a Figure without /Alt).
    expect(await failuresOf(() => renderHtml(`<p><img src="${src}"></p>`))).toEqual([]);
    const decorative = await renderHtml(`<p>Rule: <img src="${src}" alt="" width="10" height="10"></p>`, { pdfVariant: 'pdf/ua-1' });
    expect((await checkTagging(decorative)).problems).toEqual([]);
    const dump = await pdfjsDump(decorative);
    expect(dump).not.toContain('Figure');
    expect(dump).toContain('"Rule:"');
  }, 30_000);

  it('Markdown mode carries a language (the request\'s lang extension field), so pdf/ua-1 can pass', async () => {
    const request = { type: 'markdown', title: 'Notes', data: [{ content: 'Hello' }], logo: false, includeTimestamp: false, pdfVariant: 'pdf/ua-1' };
    expect((await failuresOf(() => renderUnchecked(request, OPTIONS))).map((f) => f.message).join()).toContain('language');
    const { pdf } = await renderUnchecked({ ...request, lang: 'en-GB' }, OPTIONS);
    const doc = await PDFDocument.load(pdf);
    expect((doc.catalog.lookup(PDFName.of('Lang')) as PDFHexString).decodeText()).toBe('en-GB');
    expect(await failuresOf(() => renderUnchecked({ ...request, lang: 'not a tag' }, OPTIONS))).toEqual([expect.objectContaining({ property: 'lang' })]);
  }, 30_000);

  it('<label for> names a control (/TU) that has no aria-label', async () => {
    const pdf = await renderHtml('<form><label for="e">E-mail address</label> <input id="e" name="email"> <label>Phone <input name="phone"></label> <input id="x" name="x" aria-label="Own name"><label for="x">Label</label></form>');
    const doc = await PDFDocument.load(pdf);
    const annots = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    const names = annots.asArray().map((ref) => (doc.context.lookup(ref) as PDFDict).lookup(PDFName.of('TU'), PDFHexString).decodeText());
    expect(names).toEqual(['E-mail address', 'Phone', 'Own name']);
  }, 30_000);

  it('white space between a figure\'s image and its caption is no content of the structure', async () => {
    const src = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='10' height='10'%3E%3Crect width='10' height='10'/%3E%3C/svg%3E";
    const pdf = await renderHtml(`<figure>\n  <img alt="A square" src="${src}">\n  <figcaption>The caption.</figcaption>\n</figure>`);
    expect((await checkTagging(pdf)).problems).toEqual([]);
    expect(await pdfjsDump(pdf)).toContain('      Div\n        Figure alt="A square"\n          ""\n        Caption\n          "The caption."\n');
  }, 30_000);
});
