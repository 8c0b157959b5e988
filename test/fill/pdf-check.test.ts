// Checking uploaded templates: not a PDF, too large, damaged, encrypted (an RC4 standard
// security handler written by hand, §7.6.3, with and without a user password), and good ones.
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { MAX_TEMPLATE_BYTES } from '../../src/fill/limits.js';
import { FillError, TemplatePdfError } from '../../src/fill/errors.js';
import { checkTemplatePdf, openPdfjs } from '../../src/fill/pdf-check.js';
import { fixturePdf } from './cast-fixture.js';

const bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'latin1'));

/** §7.6.3.3: the 32-byte padding of passwords. */
const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = [...Array(256).keys()];
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Buffer[]): Buffer => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string): Buffer => Buffer.concat([Buffer.from(password, 'latin1'), PAD]).subarray(0, 32);

/** A one-page PDF encrypted with 40-bit RC4 (V 1, R 2; algorithms 3.2–3.4), its user password `user`. */
function encryptedPdf(user: string): Uint8Array {
  const id = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const permissions = -4;
  const owner = rc4(md5(padded('owner')).subarray(0, 5), padded(user));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padded(user), owner, p, id).subarray(0, 5);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${rc4(key, PAD).toString('hex')}> /P ${permissions} >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return bytes(pdf);
}

async function problemOf(pdf: Uint8Array): Promise<[string, string]> {
  const error = await checkTemplatePdf(pdf).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TemplatePdfError);
  return [(error as TemplatePdfError).problem, (error as Error).message];
}

describe('checkTemplatePdf', () => {
  it('accepts the example templates, with and without a form', async () => {
    await expect(checkTemplatePdf(fixturePdf('test-pdf-nda.pdf'))).resolves.toBeUndefined();
    await expect(checkTemplatePdf(fixturePdf('sample-template-fillable.pdf'))).resolves.toBeUndefined();
    await expect(checkTemplatePdf(fixturePdf('node-anvil__test__assets__dummy.pdf'))).resolves.toBeUndefined();
  });

  it('says a file without a %PDF- header in its first 1024 bytes is not a PDF', async () => {
    expect(await problemOf(bytes('hello, world'))).toEqual(['notPdf', 'The file is not a PDF (it has no %PDF- header).']);
    expect((await problemOf(new Uint8Array())).at(0)).toBe('notPdf');
    expect((await problemOf(bytes(`${' '.repeat(1024)}%PDF-1.7\n`))).at(0)).toBe('notPdf');
  });

  it('refuses a file over the template size limit before reading it', async () => {
    expect(await problemOf(new Uint8Array(MAX_TEMPLATE_BYTES + 1))).toEqual(['tooLarge', 'The PDF is larger than 100 MB.']);
  });

  it('says a truncated or garbled PDF, or one without pages, is damaged', async () => {
    const nda = fixturePdf('test-pdf-nda.pdf');
    const [truncated, message] = await problemOf(nda.subarray(0, nda.length / 2));
    expect(truncated).toBe('damaged');
    expect(message).toMatch(/^The PDF is damaged: it cannot be read \(.+\)\.$/);
    expect((await problemOf(bytes('%PDF-1.7\nnot really a PDF\n%%EOF\n'))).at(0)).toBe('damaged');
    const empty = await (await PDFDocument.create()).save({ addDefaultPage: false }); // save() adds a page by default
    expect(await problemOf(empty)).toEqual(['damaged', 'The PDF is damaged: it has no pages.']);
  });

  it('says an encrypted PDF is encrypted, whether or not it needs a password to open', async () => {
    const expected = ['encrypted', 'The PDF is encrypted (password-protected or restricted); upload an unencrypted copy.'];
    expect(await problemOf(encryptedPdf(''))).toEqual(expected);
    expect(await problemOf(encryptedPdf('secret'))).toEqual(expected);
    // pdf.js alone opens the first (an empty user password) but asks for the second's.
    await (await openPdfjs(encryptedPdf(''))).destroy();
    await expect(openPdfjs(encryptedPdf('secret'))).rejects.toMatchObject({ problem: 'encrypted' });
  });

  it('throws FillErrors, so that the server answers them like any unusable template', async () => {
    const error = await checkTemplatePdf(bytes('nope')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FillError);
    expect((error as Error).name).toBe('FillError');
  });
});
