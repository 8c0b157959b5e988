// The object-stream writer (src/pdf/object-streams.ts) with text objects (src/pdf/text-objects.ts):
// what it writes must read back, through pdf-lib and qpdf, as the objects that were written.
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { concatBytes, FileOutput } from '../../src/pdf/file-output.js';
import { writeWithObjectStreams } from '../../src/pdf/object-streams.js';
import { TextObjects } from '../../src/pdf/text-objects.js';
import { qpdfCheck } from './archival-helpers.js';
import { writeTemp } from './helpers.js';

/** A one-page document whose catalog points at `count` text objects, each `<</N i /Up ref>>`. */
async function documentWithTextObjects(count: number): Promise<{ bytes: Uint8Array; numbers: number[] }> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const page = pdf.addPage([200, 200]);
  page.node.set(PDFName.of('Contents'), pdf.context.register(pdf.context.flateStream('0 0 m 10 10 l S')));
  const texts = new TextObjects(pdf.context);
  const numbers: number[] = [];
  for (let i = 0; i < count; i++) numbers.push(texts.reserve());
  // Written in an order other than their numbers', as the structure tree writes.
  for (let i = count - 1; i >= 0; i--) {
    texts.begin(numbers[i]!);
    texts.ascii('<</N ');
    texts.integer(i);
    texts.ascii('/Up ');
    texts.ref(numbers[Math.max(0, i - 1)]!);
    texts.ascii('>>');
    texts.end();
  }
  texts.checkComplete();
  // An object made after the text objects takes the next number.
  const after = pdf.context.register(pdf.context.obj({ After: true }));
  expect(after.objectNumber).toBe(numbers[count - 1]! + 1);
  pdf.catalog.set(PDFName.of('First'), PDFRef.of(numbers[0]!));
  pdf.catalog.set(PDFName.of('After'), after);
  await pdf.flush();
  const chunks: Uint8Array[] = [];
  await writeWithObjectStreams(pdf.context, new FileOutput((chunk) => void chunks.push(chunk)), texts);
  return { bytes: concatBytes(chunks), numbers };
}

describe('writeWithObjectStreams', () => {
  it('writes text objects, in several object streams, that read back as the dictionaries written', async () => {
    const { bytes, numbers } = await documentWithTextObjects(2500);
    const loaded = await PDFDocument.load(bytes, { updateMetadata: false });
    for (const i of [0, 1, 999, 1000, 1001, 2499]) {
      const dict = loaded.context.lookup(PDFRef.of(numbers[i]!), PDFDict);
      expect(dict.lookup(PDFName.of('N'), PDFNumber).asNumber()).toBe(i);
      expect(dict.get(PDFName.of('Up'))).toBe(PDFRef.of(numbers[Math.max(0, i - 1)]!));
    }
    expect(loaded.catalog.lookup(PDFName.of('After'), PDFDict).get(PDFName.of('After'))?.toString()).toBe('true');
    expect(loaded.getPageCount()).toBe(1);
    const text = Buffer.from(bytes).toString('latin1');
    expect(text.match(/\/Type \/ObjStm \/N 1000 /g)).toHaveLength(2);
    expect(text).toMatch(/\/Type \/ObjStm \/N 500 /);
    expect(text.endsWith('%%EOF')).toBe(true);
  });

  it('passes qpdf --check, and a page content stream is copied whole', async () => {
    const { bytes } = await documentWithTextObjects(10);
    const check = qpdfCheck(writeTemp('text-objects.pdf', bytes));
    expect(check.output).not.toMatch(/WARNING/);
    expect(check.ok).toBe(true);
    const loaded = await PDFDocument.load(bytes, { updateMetadata: false });
    const contents = loaded.getPage(0).node.lookup(PDFName.of('Contents'));
    expect(contents).toBeInstanceOf(PDFRawStream);
    expect(Buffer.from((contents as PDFRawStream).getContents()).length).toBe((contents as PDFRawStream).dict.lookup(PDFName.of('Length'), PDFNumber).asNumber());
  });

  it('writes the cross-reference stream with the trailer entries and a subsection per run of numbers', async () => {
    const { bytes } = await documentWithTextObjects(3);
    const text = Buffer.from(bytes).toString('latin1');
    const xref = /\/Type \/XRef \/Size (\d+) \/Root (\d+ 0 R)[^\n]*\/Index \[([\d ]+)\]/.exec(text);
    expect(xref).not.toBeNull();
    // Every object number from 0 to Size - 1 is in the table: one subsection.
    expect(xref![3]).toBe(`0 ${xref![1]}`);
    const loaded = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(loaded.catalog.lookup(PDFName.of('Pages'))).toBeInstanceOf(PDFDict);
    expect(loaded.context.lookup(PDFRef.of(Number(xref![2]!.split(' ')[0])))).toBe(loaded.catalog);
  });
});

describe('TextObjects', () => {
  it('writes integers and references as PDF syntax', async () => {
    const pdf = await PDFDocument.create({ updateMetadata: false });
    const texts = new TextObjects(pdf.context);
    const n = texts.reserve();
    texts.begin(n);
    texts.ascii('[');
    for (const value of [0, 7, 10, 99, 100, 65535, 1234567]) {
      texts.integer(value);
      texts.space();
    }
    texts.ref(42);
    texts.ascii(']');
    texts.end();
    const { bytes, offsets } = texts.slice(0, 1);
    expect(offsets).toEqual([0]);
    expect(Buffer.from(bytes).toString('latin1')).toBe('[0 7 10 99 100 65535 1234567 42 0 R]\n');
  });

  it('says when a reserved object was not written', async () => {
    const pdf = await PDFDocument.create({ updateMetadata: false });
    const texts = new TextObjects(pdf.context);
    texts.reserve();
    expect(() => texts.checkComplete()).toThrow(/1 objects reserved, 0 written/);
  });
});
