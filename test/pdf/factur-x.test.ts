// The Factur-X example (examples/factur-x-invoice/) rendered with the CLI as PDF/A-3b: the
// invoice XML embedded as Data with the same bytes, and the XMP's fx schema and its PDF/A
// extension schema with the conformance level the XML declares.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { runCli, nodeIo } from '../../src/cli/run.js';
import { facturXConformanceLevel } from '../../src/pdf/factur-x.js';
import { ValidationError } from '../../src/request/errors.js';
import { render } from '../../src/render.js';
import { NS, catalogOf, qpdfCheck, readXmp, tool } from './archival-helpers.js';
import { poppler } from './helpers.js';

const EXAMPLE = path.resolve('examples/factur-x-invoice');
const XML = readFileSync(path.join(EXAMPLE, 'factur-x.xml'));

describe('the Factur-X example invoice', () => {
  it('renders with the CLI as a PDF/A-3b Factur-X EN 16931 invoice', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'quire-fx-')), 'invoice.pdf');
    const quiet = { ...nodeIo, stdout: () => {}, stderr: (text: string) => void expect.fail(text) };
    expect(await runCli(['render', path.join(EXAMPLE, 'invoice.html'), '--pdf-variant', 'pdf/a-3b', '--deterministic', '-o', out], quiet)).toBe(0);
    const pdf = readFileSync(out);
    const check = qpdfCheck(out);
    expect(check.ok, check.output).toBe(true);
    const xmp = await readXmp(pdf);
    expect(xmp.value(NS.pdfaid, 'part')).toBe('3');
    expect(xmp.value(NS.fx, 'DocumentType')).toBe('INVOICE');
    expect(xmp.value(NS.fx, 'DocumentFileName')).toBe('factur-x.xml');
    expect(xmp.value(NS.fx, 'Version')).toBe('1.0');
    expect(xmp.value(NS.fx, 'ConformanceLevel')).toBe('EN 16931');
    // The extension schema describes the fx namespace and its four properties.
    expect(xmp.value(NS.pdfaSchema, 'namespaceURI')).toBe(NS.fx);
    expect(xmp.value(NS.pdfaSchema, 'prefix')).toBe('fx');
    expect(xmp.all('http://www.aiim.org/pdfa/ns/property#', 'name')).toEqual(['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']);
    // The XML, byte for byte, as Data, text/xml.
    const dir = mkdtempSync(path.join(tmpdir(), 'quire-fx-detach-'));
    expect(tool('pdfdetach', ['-saveall', '-o', dir, out], 'apt-get install poppler-utils').status).toBe(0);
    expect(readdirSync(dir)).toEqual(['factur-x.xml']);
    expect(readFileSync(path.join(dir, 'factur-x.xml')).equals(XML)).toBe(true);
    const { catalog, doc } = await catalogOf(pdf);
    const spec = catalog.lookup(PDFName.of('AF'), PDFArray).lookup(0, PDFDict);
    expect(spec.get(PDFName.of('AFRelationship'))?.toString()).toBe('/Data');
    const file = doc.context.lookup(spec.lookup(PDFName.of('EF'), PDFDict).get(PDFName.of('F'))) as unknown as { dict: PDFDict };
    expect(file.dict.get(PDFName.of('Subtype'))?.toString()).toBe('/text#2Fxml');
    // What the page shows is what the XML says: number, parties, totals.
    const text = poppler('pdftotext', [out, '-']).stdout;
    const xml = XML.toString('utf8');
    for (const value of ['INV-2026-0042', 'Archive Partners GmbH', 'FR32123456789', '165.00', '33.00', '198.00']) {
      expect(text, value).toContain(value);
      expect(xml, value).toContain(value);
    }
  });

  it('takes the XML from --attachment as well', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quire-fx-cli-'));
    const page = path.join(dir, 'invoice.html');
    writeFileSync(page, readFileSync(path.join(EXAMPLE, 'invoice.html'), 'utf8').replace(/<link rel="attachment"[^>]*>/, ''));
    const out = path.join(dir, 'invoice.pdf');
    const quiet = { ...nodeIo, stdout: () => {}, stderr: (text: string) => void expect.fail(text) };
    expect(await runCli(['render', page, '--pdf-variant', 'pdf/a-3b', '--attachment', path.join(EXAMPLE, 'factur-x.xml'), '-o', out], quiet)).toBe(0);
    const pdf = readFileSync(out);
    expect((await readXmp(pdf)).value(NS.fx, 'ConformanceLevel')).toBe('EN 16931');
    expect(tool('pdfdetach', ['-list', out], 'apt-get install poppler-utils').stdout).toMatch(/^1 embedded files\n1: factur-x.xml\n$/);
  });

  it('reads each profile from GuidelineSpecifiedDocumentContextParameter/ID', () => {
    const xml = (id: string) => new TextEncoder().encode(`<rsm:X xmlns:rsm="r" xmlns:ram="a"><rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${id}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext></rsm:X>`);
    expect(facturXConformanceLevel(xml('urn:factur-x.eu:1p0:minimum'))).toBe('MINIMUM');
    expect(facturXConformanceLevel(xml('urn:factur-x.eu:1p0:basicwl'))).toBe('BASIC WL');
    expect(facturXConformanceLevel(xml('urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic'))).toBe('BASIC');
    expect(facturXConformanceLevel(xml(' urn:cen.eu:en16931:2017 '))).toBe('EN 16931');
    expect(facturXConformanceLevel(xml('urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended'))).toBe('EXTENDED');
    expect(facturXConformanceLevel(xml('urn:example:other'))).toEqual({ error: expect.stringContaining('urn:example:other') });
    expect(facturXConformanceLevel(new TextEncoder().encode('<invoice/>'))).toEqual({ error: expect.stringContaining('no GuidelineSpecifiedDocumentContextParameter') });
  });

  it('is an error naming factur-x.xml when its level cannot be told, or its relationship is not Data or Alternative', async () => {
    const doc = { type: 'html' as const, title: 'Invoice', data: { html: '<p>Invoice</p>' } };
    const failure = async (attachment: object) => {
      const error = await render(doc, { pdfVariant: 'pdf/a-3b', attachments: [attachment as never] }).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).fields;
    };
    expect(await failure({ name: 'factur-x.xml', data: new TextEncoder().encode('<invoice/>') })).toEqual([
      { property: 'attachments[0]', message: expect.stringMatching(/Factur-X conformance level of factur-x.xml cannot be determined/) },
    ]);
    expect(await failure({ name: 'factur-x.xml', data: XML, relationship: 'Source' })).toEqual([
      { property: 'attachments[0]', message: expect.stringMatching(/Data or Alternative/) },
    ]);
    // Alternative is allowed; without pdf/a-3b the file is only an attachment.
    const alternative = await render(doc, { deterministic: true, pdfVariant: 'pdf/a-3b', attachments: [{ name: 'factur-x.xml', data: XML, relationship: 'Alternative' }] });
    expect((await readXmp(alternative)).value(NS.fx, 'ConformanceLevel')).toBe('EN 16931');
    const plain = await render(doc, { deterministic: true, attachments: [{ name: 'factur-x.xml', data: XML }] });
    expect((await readXmp(plain)).value(NS.fx, 'ConformanceLevel')).toBeUndefined();
  });
});
