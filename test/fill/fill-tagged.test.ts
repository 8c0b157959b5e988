// The fill engine over a tagged template (issue 19: "the fill engine's output is tagged"): each
// value drawn is marked content in the template's structure tree, where its widget was (or
// after the document's content for a placed field); over an untagged template nothing is marked.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractAcroFormFields } from '../../src/fill/extract-fields.js';
import { fillPdf } from '../../src/fill/fill-pdf.js';
import type { CastField } from '../../src/fill/types.js';
import { renderDocument } from '../../src/render.js';
import { qpdfCheck } from '../pdf/archival-helpers.js';
import { poppler, writeTemp } from '../pdf/helpers.js';
import { pdfjsDump } from '../pdf/structure-dump.js';
import { checkTagging } from '../pdf/tagging-check.js';
import { fixturePdf, redPng } from './cast-fixture.js';

const TEMPLATE_HTML = `<!doctype html><html lang="en"><head><title>Application</title>
<style>body { font-family: sans-serif } label { display: block; margin: 6pt 0 }</style></head><body>
<h1>Application</h1><p>Please fill in the form.</p>
<form>
<label>Name <input type="text" name="name"></label>
<label><input type="checkbox" name="agree" value="yes"> I agree</label>
<label>Plan <input type="radio" name="plan" value="basic"> Basic <input type="radio" name="plan" value="pro"> Pro</label>
</form>
<p>Thank you.</p></body></html>`;

/** The structure dumps, beside the rendered documents' (test/pdf/structure/); `QUIRE_GOLDEN_UPDATE=1` rewrites them. */
const DUMPS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../pdf/structure');

function expectDump(file: string, actual: string): void {
  const expectedPath = path.join(DUMPS, file);
  if (process.env.QUIRE_GOLDEN_UPDATE === '1') return void writeFileSync(expectedPath, actual);
  expect(existsSync(expectedPath), `${file} is missing: run with QUIRE_GOLDEN_UPDATE=1 and review it`).toBe(true);
  expect(actual).toBe(readFileSync(expectedPath, 'utf8'));
}

/** A field placed on the template (no widget): near the bottom of page 1. */
const NOTE: CastField = { id: 'note', aliasId: 'note', name: 'Note', type: 'shortText', pageNum: 0, rect: { x: 72, y: 100, width: 300, height: 20 } };
const DATA = { name: 'Ada Lovelace', agree: true, plan: 'pro', note: 'Filed by post' };

async function taggedTemplate(): Promise<Uint8Array> {
  return (await renderDocument({ type: 'html', data: { html: TEMPLATE_HTML, css: '' } }, { deterministic: true, fontProvider: false })).pdf;
}

async function fill(template: Uint8Array, options: { watermark?: string } = {}): Promise<Uint8Array> {
  const fields = [...(await extractAcroFormFields(template)), NOTE];
  const { pdf, warnings } = await fillPdf(template, fields, { data: DATA }, { deterministic: true, ...options });
  expect(warnings).toEqual([]);
  return pdf;
}

/** Every OBJR's /Obj is an annotation of a page: none refers to a flattened widget. */
function danglingObjectReferences(doc: PDFDocument): string[] {
  const annotations = new Set<PDFDict>();
  for (const page of doc.getPages()) {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (annots instanceof PDFArray) for (let i = 0; i < annots.size(); i++) annotations.add(annots.lookup(i, PDFDict));
  }
  const dangling: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    const obj = value instanceof PDFRef ? doc.context.lookup(value) : value;
    if (depth > 100) return;
    if (obj instanceof PDFArray) return obj.asArray().forEach((kid) => visit(kid, depth + 1));
    if (!(obj instanceof PDFDict)) return;
    if (obj.lookup(PDFName.of('Type'))?.toString() === '/OBJR') {
      if (!annotations.has(obj.lookup(PDFName.of('Obj'), PDFDict))) dangling.push(String(obj.get(PDFName.of('Obj'))));
      return;
    }
    visit(obj.get(PDFName.of('K')), depth + 1);
  };
  visit(doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict).get(PDFName.of('K')), 0);
  return dangling;
}

describe('fill: a tagged template', () => {
  it('puts each value in the structure: in its widget\'s Form element, a placed field after the content', async () => {
    const pdf = await fill(await taggedTemplate());
    expect((await checkTagging(pdf)).problems).toEqual([]);
    const dump = await pdfjsDump(pdf);
    // In reading order: the name where its text field was, the ticked box and the chosen radio
    // button (marks: named by /Alt), the placed note last.
    const order = ['"Name"', 'Form', '"Ada Lovelace"', 'Form alt="I agree: checked"', '"I agree"', 'Form alt="Plan Basic Pro: pro"', '"Pro"', '"Thank you."', 'Form', '"Filed by post"'];
    const lines = dump.split('\n').map((line) => line.trim());
    let at = -1;
    for (const expected of order) {
      const next = lines.indexOf(expected, at + 1);
      expect(next, `${expected} after line ${at} of\n${dump}`).toBeGreaterThan(at);
      at = next;
    }
    const file = writeTemp('filled-tagged.pdf', pdf);
    expect(poppler('pdfinfo', [file]).stdout).toMatch(/^Tagged:\s+yes$/m);
    expectDump('filled-form.pdfjs.txt', dump);
    expectDump('filled-form.poppler.txt', poppler('pdfinfo', ['-struct-text', file]).stdout);
    expect(qpdfCheck(file).ok).toBe(true);
  }, 30_000);

  it('leaves no reference to a flattened widget, and marks what is no longer a live field (PrintField)', async () => {
    const doc = await PDFDocument.load(await fill(await taggedTemplate()));
    expect(doc.catalog.get(PDFName.of('AcroForm'))).toBeUndefined();
    expect(danglingObjectReferences(doc)).toEqual([]);
    const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
    const forms: PDFDict[] = [];
    const walk = (value: unknown): void => {
      const obj = value instanceof PDFRef ? doc.context.lookup(value) : value;
      if (obj instanceof PDFArray) return obj.asArray().forEach(walk);
      if (!(obj instanceof PDFDict) || obj.has(PDFName.of('MCID')) || obj.has(PDFName.of('Obj'))) return;
      if (obj.lookup(PDFName.of('S'))?.toString() === '/Form') forms.push(obj);
      walk(obj.get(PDFName.of('K')));
    };
    walk(root.get(PDFName.of('K')));
    const attributes = forms.map((form) => form.lookup(PDFName.of('A'), PDFDict));
    const summary = attributes.map((a) => `${a.get(PDFName.of('Role'))} ${a.get(PDFName.of('checked')) ?? ''}`.trim());
    // name, agree, plan's two buttons (basic not chosen), the placed note.
    expect(summary).toEqual(['/tv', '/cb /on', '/rb /off', '/rb /on', '/tv']);
    expect(root.lookup(PDFName.of('ParentTreeNextKey'), PDFNumber).asNumber()).toBeGreaterThan(0);
  }, 30_000);

  it('adds to a ParentTree split into /Kids (even one that lists itself), and a watermark is an artifact', async () => {
    const source = await PDFDocument.load(await taggedTemplate());
    const root = source.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
    const flat = root.lookup(PDFName.of('ParentTree'), PDFDict);
    const nums = flat.lookup(PDFName.of('Nums'), PDFArray);
    const last = nums.lookup(nums.size() - 2, PDFNumber).asNumber();
    const leaf = source.context.register(source.context.obj({ Nums: nums, Limits: [0, last] }));
    const tree = source.context.obj({ Kids: [leaf] });
    const treeRef = source.context.register(tree);
    // A hostile loop: the tree's root among its own kids. Each node is read once.
    tree.lookup(PDFName.of('Kids'), PDFArray).push(treeRef);
    root.set(PDFName.of('ParentTree'), treeRef);
    const pdf = await fill(await source.save(), { watermark: 'DRAFT' });
    expect((await checkTagging(pdf)).problems).toEqual([]);
    expect(await pdfjsDump(pdf)).toContain('"Ada Lovelace"');
  }, 30_000);
});

describe('fill: an image drawn into a tagged widget', () => {
  it('is a Figure in the widget\'s Form element, where the widget was, named by the field\'s /TU', async () => {
    const template = await taggedTemplate();
    const fields = (await extractAcroFormFields(template)).map((field) => (field.aliasId === 'name' ? { ...field, type: 'imageUrl' as const } : field));
    const png = await redPng();
    const { pdf, warnings } = await fillPdf(template, fields, { data: { name: 'https://example.com/photo.png' } }, { deterministic: true, fetchImage: async () => png });
    expect(warnings).toEqual([]);
    expect((await checkTagging(pdf)).problems).toEqual([]);
    expect(await pdfjsDump(pdf)).toContain('      P\n        "Name"\n        Form\n          Figure alt="Name"\n            ""\n');
    expect(danglingObjectReferences(await PDFDocument.load(pdf))).toEqual([]);
  }, 30_000);
});

describe('fill: a tagged template, a page without structure', () => {
  it('gives the page a new ParentTree key, an image a Figure named by the field, in reading order', async () => {
    const html = '<!doctype html><html lang="en"><head><title>Two pages</title></head><body><p>First page.</p><div style="break-before: page; height: 10pt"></div></body></html>';
    const source = await PDFDocument.load((await renderDocument({ type: 'html', data: { html, css: '' } }, { deterministic: true, fontProvider: false })).pdf);
    expect(source.getPageCount()).toBe(2);
    // A page with nothing tagged, as other writers leave it: no /StructParents.
    source.getPage(1).node.delete(PDFName.of('StructParents'));
    const nextKey = source.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict).lookup(PDFName.of('ParentTreeNextKey'), PDFNumber).asNumber();
    const fields: CastField[] = [
      { id: 'sig', aliasId: 'signature', name: 'Signature', type: 'imageUrl', pageNum: 1, rect: { x: 72, y: 600, width: 40, height: 20 } },
      { id: 'who', aliasId: 'who', name: 'Signed by', type: 'shortText', pageNum: 1, rect: { x: 72, y: 700, width: 200, height: 20 } },
    ];
    const png = await redPng();
    const { pdf, warnings } = await fillPdf(await source.save(), fields, { data: { signature: 'https://example.com/sig.png', who: 'Ada Lovelace' } }, { deterministic: true, fetchImage: async () => png });
    expect(warnings).toEqual([]);
    expect((await checkTagging(pdf)).problems).toEqual([]);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPage(1).node.lookup(PDFName.of('StructParents'), PDFNumber).asNumber()).toBe(nextKey);
    const dump = await pdfjsDump(pdf);
    // Page 2: the text above the image (y up: 700 is higher on the page than 600) comes first.
    expect(dump.slice(dump.indexOf('page 2'))).toContain('      Form\n        "Ada Lovelace"\n      Figure alt="Signature"\n');
    expect(qpdfCheck(writeTemp('filled-two-pages.pdf', pdf)).ok).toBe(true);
  }, 30_000);
});

describe('fill: an untagged template', () => {
  it('stays untagged: no structure tree, no marked content, values drawn as before', async () => {
    const template = fixturePdf('sample-template-fillable.pdf');
    const fields = await extractAcroFormFields(template);
    const { pdf } = await fillPdf(template, fields, { data: { shortText: 'HELLOOW' } }, { deterministic: true });
    const doc = await PDFDocument.load(pdf);
    expect(doc.catalog.get(PDFName.of('StructTreeRoot'))).toBeUndefined();
    const file = writeTemp('filled-untagged.pdf', pdf);
    expect(poppler('pdfinfo', [file]).stdout).toMatch(/^Tagged:\s+no$/m);
    expect(poppler('pdftotext', [file, '-']).stdout).toContain('HELLOOW');
    expect(qpdfCheck(file).ok).toBe(true);
    // The checker can fail: the drawn value is outside marked content.
    expect((await checkTagging(pdf)).problems.length).toBeGreaterThan(0);
  }, 30_000);
});
