// Metadata (Info and XMP in step), PDF/A-2b/3b and PDF/UA-1 identification, the output
// intent and its ICC profile, attachments, and the errors of documents that cannot comply.
// No PDF/A validator runs here (veraPDF is not available): these are the checks we rely on.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFHexString, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/request/errors.js';
import { render, renderDocument, renderUnchecked } from '../../src/render.js';
import type { RenderOptions } from '../../src/options.js';
import { srgbIccProfile } from '../../src/pdf/srgb-icc.js';
import { NS, catalogOf, metadataStream, outputIntent, qpdfCheck, readInfo, readXmp, tool } from './archival-helpers.js';
import { poppler, writeTemp } from './helpers.js';

const html = (body: string, head = '', lang = 'en') => ({ type: 'html' as const, data: { html: `<!doctype html><html lang="${lang}"><head>${head}</head><body>${body}</body></html>` } });
const HEAD = '<title>Quarterly statement</title><meta name="author" content="Ada Lovelace"><meta name="description" content="Statement for Q3"><meta name="keywords" content="statement, bank"><meta name="generator" content="Ledger 2.1">';
const DOC = html('<h1>Statement</h1><p>Balance: 42.00 €. <a href="https://example.com/">Details</a></p>', HEAD);

/** The ValidationError a render rejects with. */
async function failureOf(input: unknown, options: RenderOptions): Promise<ValidationError> {
  const error = await renderUnchecked(input, options).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('metadata', () => {
  it('takes title, author, subject, keywords, creator and language from <title>, <meta> and <html lang>', async () => {
    const pdf = await render(DOC, { deterministic: true });
    const info = await readInfo(pdf);
    expect(info).toMatchObject({ Title: 'Quarterly statement', Author: 'Ada Lovelace', Subject: 'Statement for Q3', Keywords: 'statement, bank', Creator: 'Ledger 2.1', Producer: 'Quire' });
    const xmp = await readXmp(pdf);
    expect(xmp.value(NS.dc, 'language')).toBe('en');
    const { catalog } = await catalogOf(pdf);
    expect(catalog.get(PDFName.of('Lang'))?.toString()).toBe('(en)');
  });

  it('lets the options win over the document, and the request title over <title>', async () => {
    const fromRequest = await render({ ...DOC, title: 'From the request' }, { deterministic: true });
    expect((await readInfo(fromRequest)).Title).toBe('From the request');
    const pdf = await render({ ...DOC, title: 'From the request' }, {
      deterministic: true,
      metadata: { title: 'Options title', author: 'Grace Hopper', subject: 'Options subject', keywords: ['one', 'two'], creator: 'Options app', lang: 'fr-CA' },
    });
    expect(await readInfo(pdf)).toMatchObject({ Title: 'Options title', Author: 'Grace Hopper', Subject: 'Options subject', Keywords: 'one, two', Creator: 'Options app' });
    expect((await readXmp(pdf)).value(NS.dc, 'language')).toBe('fr-CA');
  });

  it('cuts a huge property to a length PDF/A strings allow, in Info and XMP alike', async () => {
    const pdf = await render(DOC, { deterministic: true, pdfVariant: 'pdf/a-2b', metadata: { subject: 'é'.repeat(50_000) } });
    const info = await readInfo(pdf);
    expect(info.Subject!.length).toBe(8192);
    expect((await readXmp(pdf)).value(NS.dc, 'description')).toBe(info.Subject);
  });

  it('checks the metadata option', async () => {
    const error = await failureOf(DOC, { metadata: { title: 7, keywords: ['a', 1] } as never });
    expect(error.fields).toEqual([
      { property: 'metadata.title', message: 'Expected string, received number' },
      { property: 'metadata.keywords', message: 'Expected a string or an array of strings' },
    ]);
  });

  it('writes an uncompressed XMP stream that agrees with the Info dictionary field by field', async () => {
    const pdf = await render(DOC, { creationDate: new Date('2026-03-04T05:06:07.890Z') });
    const { dict } = await metadataStream(pdf);
    expect(dict.get(PDFName.of('Type'))?.toString()).toBe('/Metadata');
    expect(dict.get(PDFName.of('Subtype'))?.toString()).toBe('/XML');
    expect(dict.get(PDFName.of('Filter'))).toBeUndefined();
    const info = await readInfo(pdf);
    const xmp = await readXmp(pdf);
    expect(xmp.value(NS.dc, 'title')).toBe(info.Title);
    expect(xmp.value(NS.dc, 'creator')).toBe(info.Author);
    expect(xmp.value(NS.dc, 'description')).toBe(info.Subject);
    expect(xmp.value(NS.pdf, 'Keywords')).toBe(info.Keywords);
    expect(xmp.value(NS.pdf, 'Producer')).toBe(info.Producer);
    expect(xmp.value(NS.xmp, 'CreatorTool')).toBe(info.Creator);
    // The same instant, to the second, in both notations.
    expect(info.CreationDate).toBe('D:20260304050607Z');
    expect(info.ModDate).toBe('D:20260304050607Z');
    for (const name of ['CreateDate', 'ModifyDate', 'MetadataDate']) expect(xmp.value(NS.xmp, name)).toBe('2026-03-04T05:06:07Z');
    // xmpMM ids are the trailer /ID.
    const { doc } = await catalogOf(pdf);
    const id = String(doc.context.trailerInfo.ID).match(/<([0-9A-Fa-f]{32})>/)![1]!.toLowerCase();
    const uuid = xmp.value(NS.xmpMM, 'DocumentID')!;
    expect(uuid.replace(/^uuid:|-/g, '')).toBe(id);
    expect(xmp.value(NS.xmpMM, 'InstanceID')).toBe(uuid);
  });

  it('escapes markup in the XMP and keeps deterministic renders byte-identical', async () => {
    const tricky = html('<p>x</p>', '<title>Fish &amp; Chips <"quoted"> \'a\'</title><meta name="author" content="A &lt;B&gt; &amp; C">');
    const a = await render(tricky, { deterministic: true });
    const b = await render(tricky, { deterministic: true });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const xmp = await readXmp(a);
    expect(xmp.value(NS.dc, 'title')).toBe('Fish & Chips <"quoted"> \'a\'');
    expect(xmp.value(NS.dc, 'creator')).toBe('A <B> & C');
    expect((await readInfo(a)).Title).toBe('Fish & Chips <"quoted"> \'a\'');
  });

  it('has no dc:title, dc:creator or language when the document says nothing, and "Quire" as creator', async () => {
    const pdf = await render({ type: 'html', data: { html: '<p>bare</p>' } }, { deterministic: true });
    const xmp = await readXmp(pdf);
    expect(xmp.value(NS.dc, 'title')).toBeUndefined();
    expect(xmp.value(NS.dc, 'language')).toBeUndefined();
    expect(xmp.value(NS.xmp, 'CreatorTool')).toBe('Quire');
    expect(xmp.value(NS.pdfaid, 'part')).toBeUndefined();
  });
});

describe('PDF/A', () => {
  for (const [variant, part] of [['pdf/a-2b', '2'], ['pdf/a-3b', '3']] as const) {
    it(`${variant}: passes qpdf --check, declares part ${part} conformance B and carries the sRGB output intent`, async () => {
      const pdf = await render(DOC, { deterministic: true, pdfVariant: variant });
      const check = qpdfCheck(writeTemp('pdfa.pdf', pdf));
      expect(check.ok, check.output).toBe(true);
      expect(check.output).toMatch(/No syntax or stream encoding errors found/);
      expect(check.output).not.toMatch(/WARNING/);
      const xmp = await readXmp(pdf);
      expect(xmp.value(NS.pdfaid, 'part')).toBe(part);
      expect(xmp.value(NS.pdfaid, 'conformance')).toBe('B');
      const intent = await outputIntent(pdf);
      expect(intent).not.toBeNull();
      expect(intent!.intent.get(PDFName.of('S'))?.toString()).toBe('/GTS_PDFA1');
      expect(intent!.n).toBe(3);
      const { catalog, doc } = await catalogOf(pdf);
      expect(catalog.get(PDFName.of('Encrypt'))).toBeUndefined();
      expect(doc.context.trailerInfo.Encrypt).toBeUndefined();
      expect(String(doc.context.trailerInfo.ID)).toMatch(/^\[ <[0-9A-F]{32}> <[0-9A-F]{32}> \]$/i);
      // Every annotation printed (the link), as ISO 19005-2 §6.3.2 asks.
      const annots = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
      expect(annots.size()).toBeGreaterThan(0);
      for (let i = 0; i < annots.size(); i++) expect(Number(annots.lookup(i, PDFDict).get(PDFName.of('F'))?.toString()) & 4).toBe(4);
    });
  }

  it('gives form widgets the print flag and an appearance dictionary with /N only, and NeedAppearances false', async () => {
    const form = html('<form><input type="text" name="who" value="Ada"><input type="checkbox" name="ok" checked><input type="radio" name="r" value="a"></form>', '<title>Form</title>');
    const pdf = await render(form, { deterministic: true, pdfVariant: 'pdf/a-3b' });
    expect(qpdfCheck(writeTemp('form.pdf', pdf)).ok).toBe(true);
    const { doc, catalog } = await catalogOf(pdf);
    expect(catalog.lookup(PDFName.of('AcroForm'), PDFDict).get(PDFName.of('NeedAppearances'))?.toString()).toBe('false');
    const annots = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    expect(annots.size()).toBe(3);
    for (let i = 0; i < annots.size(); i++) {
      const annot = annots.lookup(i, PDFDict);
      expect(Number(annot.get(PDFName.of('F'))?.toString()) & 0b100111).toBe(4);
      expect(annot.lookup(PDFName.of('AP'), PDFDict).keys().map(String)).toEqual(['/N']);
    }
  });

  it('writes no CIDSet (PDF/A-2/3 do not require one) and embeds every font', async () => {
    const pdf = await render(DOC, { deterministic: true, pdfVariant: 'pdf/a-2b' });
    const { doc } = await catalogOf(pdf);
    let descriptors = 0;
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFDict) || object.get(PDFName.of('Type'))?.toString() !== '/FontDescriptor') continue;
      descriptors++;
      expect(object.get(PDFName.of('CIDSet'))).toBeUndefined();
      expect(object.get(PDFName.of('FontFile2')) ?? object.get(PDFName.of('FontFile3'))).toBeDefined();
    }
    expect(descriptors).toBeGreaterThan(0);
  });

  it("ships an ICC profile whose header is valid: size field, 'acsp', RGB data, 'mntr' class, XYZ PCS, v2", async () => {
    const pdf = await render(DOC, { deterministic: true, pdfVariant: 'pdf/a-3b' });
    const { profile } = (await outputIntent(pdf))!;
    expect(Buffer.from(profile).equals(Buffer.from(srgbIccProfile()))).toBe(true);
    const view = new DataView(profile.buffer, profile.byteOffset, profile.byteLength);
    const ascii = (at: number) => Buffer.from(profile.subarray(at, at + 4)).toString('latin1');
    expect(view.getUint32(0)).toBe(profile.length);
    expect(ascii(36)).toBe('acsp');
    expect(ascii(16)).toBe('RGB ');
    expect(ascii(12)).toBe('mntr');
    expect(ascii(20)).toBe('XYZ ');
    expect(profile[8]).toBe(2);
    // Every tag lies inside the profile, and the ones a display profile needs are there.
    const count = view.getUint32(128);
    const tags = new Set<string>();
    for (let i = 0; i < count; i++) {
      const at = 132 + 12 * i;
      tags.add(ascii(at));
      expect(view.getUint32(at + 4) + view.getUint32(at + 8)).toBeLessThanOrEqual(profile.length);
    }
    for (const tag of ['desc', 'cprt', 'wtpt', 'rXYZ', 'gXYZ', 'bXYZ', 'rTRC', 'gTRC', 'bTRC']) expect(tags.has(tag), tag).toBe(true);
  });

  it('refuses text no font can show (.notdef), naming the character', async () => {
    const error = await failureOf(html('<p>Private use: \uE123</p>', '<title>x</title>'), { pdfVariant: 'pdf/a-2b' });
    expect(error.fields).toEqual([{ property: 'pdfVariant', message: expect.stringContaining('U+E123') }]);
    // Without a variant the same document renders, with a warning.
    const ok = await renderDocument(html('<p>Private use: \uE123</p>'), {});
    expect(ok.warnings.join('\n')).toMatch(/U\+E123/);
  });

  it('sets the development watermark in an embedded font (the standard Helvetica is not)', async () => {
    const pdf = await render(DOC, { deterministic: true, pdfVariant: 'pdf/a-3b', watermark: 'DEVELOPMENT' });
    const path = writeTemp('watermark.pdf', pdf);
    expect(qpdfCheck(path).ok).toBe(true);
    const fonts = poppler('pdffonts', [path]).stdout.split('\n').slice(2).filter((line) => line.trim() !== '');
    expect(fonts.length).toBeGreaterThan(0);
    for (const row of fonts) expect(row).toMatch(/CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(fonts.join('\n')).not.toMatch(/Helvetica/);
    expect(poppler('pdftotext', [path, '-']).stdout.replace(/\s+/g, '')).toContain('DEVELOPMENT');
  });
});

describe('PDF/UA-1', () => {
  it('needs a title (the error names it) and a language; tagging, which is on by default', async () => {
    const error = await failureOf(html('<p>x</p>', '', ''), { pdfVariant: 'pdf/ua-1' });
    expect(error.fields.map((f) => f.property)).toEqual(['title', 'pdfVariant']);
    expect(error.fields[0]!.message).toMatch(/title/);
    expect(error.fields[1]!.message).toMatch(/language/);
    const untagged = await failureOf(html('<p>x</p>', '', ''), { pdfVariant: 'pdf/ua-1', tagged: false });
    expect(untagged.fields.map((f) => f.property)).toEqual(['title', 'pdfVariant', 'pdfVariant']);
    expect(untagged.fields[2]!.message).toMatch(/tagged/);
  });

  it('a rendered document with a title and a language is tagged PDF/UA-1', async () => {
    const pdf = await render(html('<h1>Notice</h1><p>Text.</p>', '<title>Notice</title>', 'en'), { deterministic: true, pdfVariant: 'pdf/ua-1' });
    expect((await readXmp(pdf)).value(NS.pdfuaid, 'part')).toBe('1');
    const { catalog } = await catalogOf(pdf);
    expect(catalog.get(PDFName.of('StructTreeRoot'))).toBeDefined();
    expect(catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))?.toString()).toBe('true');
    expect(catalog.get(PDFName.of('Lang'))?.toString()).toBe('(en)');
  });

  it('with tagged content: pdfuaid:part 1, DisplayDocTitle and MarkInfo /Marked', async () => {
    const { writePdf } = await import('../../src/pdf/write.js');
    const pdf = await writePdf({ pages: [], title: 'Accessible', lang: 'en', pdfVariant: 'pdf/ua-1', tagged: true, deterministic: true });
    expect((await readXmp(pdf)).value(NS.pdfuaid, 'part')).toBe('1');
    const { catalog } = await catalogOf(pdf);
    expect(catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict).get(PDFName.of('DisplayDocTitle'))?.toString()).toBe('true');
    expect(catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))?.toString()).toBe('true');
    expect(catalog.get(PDFName.of('Lang'))?.toString()).toBe('(en)');
    expect(catalog.get(PDFName.of('OutputIntents'))).toBeUndefined();
  });
});

describe('pdfVariant values', () => {
  it('an unknown variant is a ValidationError naming the field, in the body and in the options', async () => {
    const inBody = await failureOf({ ...DOC, pdfVariant: 'pdf/a-1b' }, {});
    expect(inBody.fields).toEqual([{ property: 'pdfVariant', message: "Invalid enum value. Expected 'pdf/a-2b' | 'pdf/a-3b' | 'pdf/ua-1', received 'pdf/a-1b'" }]);
    const inOptions = await failureOf(DOC, { pdfVariant: 7 as never });
    expect(inOptions.fields).toEqual([{ property: 'pdfVariant', message: 'Expected string, received number' }]);
  });

  it('the options win over the body', async () => {
    const pdf = await render({ ...DOC, pdfVariant: 'pdf/a-2b' }, { deterministic: true, pdfVariant: 'pdf/a-3b' });
    expect((await readXmp(pdf)).value(NS.pdfaid, 'part')).toBe('3');
  });
});

describe('attachments', () => {
  const CSV = new TextEncoder().encode('date,amount\n2026-01-01,42.00\n');

  it('embeds option files (bytes and base64) as extractable files with the same bytes, /AF and /AFRelationship', async () => {
    const pdf = await render(DOC, {
      deterministic: true,
      pdfVariant: 'pdf/a-3b',
      attachments: [
        { name: 'ledger.csv', data: CSV, description: 'The ledger', relationship: 'Source' },
        { name: 'notes.txt', data: Buffer.from('héllo').toString('base64') },
      ],
    });
    const path = writeTemp('attached.pdf', pdf);
    expect(qpdfCheck(path).ok).toBe(true);
    const list = tool('pdfdetach', ['-list', path], 'apt-get install poppler-utils');
    expect(list.stdout).toMatch(/2 embedded files\n1: ledger.csv\n2: notes.txt/);
    const dir = mkdtempSync(join(tmpdir(), 'quire-detach-'));
    expect(tool('pdfdetach', ['-saveall', '-o', dir, path], 'apt-get install poppler-utils').status).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['ledger.csv', 'notes.txt']);
    expect(Buffer.from(readFileSync(join(dir, 'ledger.csv'))).equals(Buffer.from(CSV))).toBe(true);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('héllo');
    const { catalog, doc } = await catalogOf(pdf);
    const af = catalog.lookup(PDFName.of('AF'), PDFArray);
    expect(af.size()).toBe(2);
    const spec = af.lookup(0, PDFDict);
    expect(spec.get(PDFName.of('AFRelationship'))?.toString()).toBe('/Source');
    expect(af.lookup(1, PDFDict).get(PDFName.of('AFRelationship'))?.toString()).toBe('/Unspecified');
    const file = doc.context.lookup(spec.lookup(PDFName.of('EF'), PDFDict).get(PDFName.of('F'))) as unknown as { dict: PDFDict };
    expect(file.dict.get(PDFName.of('Subtype'))?.toString()).toBe('/text#2Fcsv');
    const params = file.dict.lookup(PDFName.of('Params'), PDFDict);
    expect(params.get(PDFName.of('Size'))?.toString()).toBe(String(CSV.length));
    expect(params.get(PDFName.of('ModDate'))).toBeDefined();
  });

  it('keeps the /Dests of links beside /EmbeddedFiles in the catalog /Names', async () => {
    const pdf = await render(html('<a href="#here">jump</a><h2 id="here">Here</h2>'), { attachments: [{ name: 'a.txt', data: new Uint8Array([65]) }] });
    const { catalog } = await catalogOf(pdf);
    const names = catalog.lookup(PDFName.of('Names'), PDFDict);
    expect(names.get(PDFName.of('Dests'))).toBeDefined();
    expect(names.get(PDFName.of('EmbeddedFiles'))).toBeDefined();
  });

  it('embeds <link rel=attachment> files of the document, with their title as description', async () => {
    const root = mkdtempSync(join(tmpdir(), 'quire-attach-'));
    writeFileSync(join(root, 'data.json'), '{"a":1}');
    const doc = html('<p>x</p>', '<link rel="attachment" href="data.json" title="The data">');
    const result = await renderDocument(doc, { fileRoot: root, baseUrl: 'file:///' });
    const list = tool('pdfdetach', ['-list', writeTemp('link.pdf', result.pdf)], 'apt-get install poppler-utils');
    expect(list.stdout).toMatch(/1: data.json/);
    const { catalog } = await catalogOf(result.pdf);
    const spec = catalog.lookup(PDFName.of('AF'), PDFArray).lookup(0, PDFDict);
    expect(spec.lookup(PDFName.of('Desc'), PDFHexString).decodeText()).toBe('The data');
    // A link that cannot be had is a warning, like any linked resource.
    const missing = await renderDocument(html('<p>x</p>', '<link rel="attachment" href="nope.xml">'), { fileRoot: root, baseUrl: 'file:///' });
    expect(missing.warnings.join('\n')).toMatch(/attachment nope.xml left out/);
  });

  it('pdf/a-2b refuses an attachment that is not a PDF/A file, and takes one that is', async () => {
    const error = await failureOf(DOC, { pdfVariant: 'pdf/a-2b', attachments: [{ name: 'ledger.csv', data: CSV }] });
    expect(error.fields).toEqual([{ property: 'attachments[0]', message: expect.stringMatching(/pdf\/a-2b can embed only PDF\/A-1 or PDF\/A-2 files, and "ledger.csv" is not one/) }]);
    const pdfa = await render(DOC, { deterministic: true, pdfVariant: 'pdf/a-2b' });
    const pdf = await render(DOC, { deterministic: true, pdfVariant: 'pdf/a-2b', attachments: [{ name: 'earlier.pdf', data: pdfa }] });
    expect(tool('pdfdetach', ['-list', writeTemp('a2.pdf', pdf)], 'apt-get install poppler-utils').stdout).toMatch(/1: earlier.pdf/);
  });

  it('fetches attachment URLs through the loader: a private address is blocked, a file over the size limit refused', async () => {
    const blocked = await failureOf(DOC, { attachments: [{ url: 'http://127.0.0.1:9/invoice.xml' }] });
    expect(blocked.fields).toEqual([{ property: 'attachments[0].url', message: expect.stringMatching(/127\.0\.0\.1.*not a public address/i) }]);
    const root = mkdtempSync(join(tmpdir(), 'quire-big-'));
    writeFileSync(join(root, 'big.bin'), new Uint8Array(5000));
    const tooBig = await failureOf(DOC, { fileRoot: root, network: { maxBytes: 1000 }, attachments: [{ url: 'file:///big.bin' }] });
    expect(tooBig.fields).toEqual([{ property: 'attachments[0].url', message: expect.stringMatching(/size limit of 1000 bytes/) }]);
    const inline = await failureOf(DOC, { network: { maxBytes: 1000 }, attachments: [{ name: 'big.bin', data: new Uint8Array(5000) }] });
    expect(inline.fields).toEqual([{ property: 'attachments[0].data', message: expect.stringMatching(/size limit of 1000 bytes/) }]);
  });

  it('checks the option: one of data and url, a name with data, base64, a known relationship', async () => {
    const error = await failureOf(DOC, {
      attachments: [{ name: 'a', data: 'not base64!', relationship: 'Other' as never }, { url: 'https://example.com/a', data: new Uint8Array(1) }, { data: new Uint8Array(1) }],
    });
    expect(error.fields.map((f) => f.property)).toEqual(['attachments[0].data', 'attachments[0].relationship', 'attachments[1]', 'attachments[2].name']);
  });
});
