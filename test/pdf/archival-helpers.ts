// Test helpers for PDF/A, XMP and attachments: the XMP packet parsed back, the Info
// dictionary decoded, the output intent's ICC profile, and qpdf / pdfdetach, which must be
// installed (CI installs qpdf and poppler-utils; a missing tool fails with an install hint).
import { spawnSync } from 'node:child_process';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, decodePDFRawStream } from 'pdf-lib';
import { parseXml, textContent, type XmlElement } from '../../src/resources/svg/xml.js';

export const NS = {
  dc: 'http://purl.org/dc/elements/1.1/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  xmpMM: 'http://ns.adobe.com/xap/1.0/mm/',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  pdfuaid: 'http://www.aiim.org/pdfua/ns/id/',
  fx: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
} as const;

/** The catalog's /Metadata stream: its dictionary and its text. */
export async function metadataStream(bytes: Uint8Array): Promise<{ dict: PDFDict; text: string }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const stream = doc.catalog.lookup(PDFName.of('Metadata'));
  if (!(stream instanceof PDFRawStream)) throw new Error('no /Metadata stream in the catalog');
  return { dict: stream.dict, text: Buffer.from(stream.contents).toString('utf8') };
}

/** The XMP packet parsed: `value(ns, name)` is a property's text (array items joined with "|"), undefined when absent. */
export async function readXmp(bytes: Uint8Array): Promise<{ text: string; value: (ns: string, name: string) => string | undefined; all: (ns: string, name: string) => string[] }> {
  const { text } = await metadataStream(bytes);
  const parsed = parseXml(text.replace(/^\uFEFF/, ''), { maxElements: 10_000, maxDepth: 64, maxExpansion: 0 });
  if (!parsed.ok) throw new Error(`XMP is not well-formed: ${parsed.error}`);
  const found = (ns: string, name: string) => descendants(parsed.root).filter((e) => e.ns === ns && e.name === name);
  const valueOf = (e: XmlElement) => {
    const items = descendants(e).filter((c) => c.name === 'li');
    return items.length > 0 ? items.map(textContent).join('|') : textContent(e).trim();
  };
  return {
    text,
    value: (ns, name) => {
      const e = found(ns, name)[0];
      return e === undefined ? undefined : valueOf(e);
    },
    all: (ns, name) => found(ns, name).map(valueOf),
  };
}

function descendants(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const e = stack.pop()!;
    out.push(e);
    for (let i = e.children.length - 1; i >= 0; i--) {
      const c = e.children[i]!;
      if (typeof c !== 'string') stack.push(c);
    }
  }
  return out;
}

/** The Info dictionary's entries as text. */
export async function readInfo(bytes: Uint8Array): Promise<Record<string, string>> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  const out: Record<string, string> = {};
  for (const [key, value] of info.entries()) {
    if (value instanceof PDFHexString || value instanceof PDFString) out[key.decodeText()] = value.decodeText();
  }
  return out;
}

/** The catalog of a file. */
export async function catalogOf(bytes: Uint8Array): Promise<{ doc: PDFDocument; catalog: PDFDict }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return { doc, catalog: doc.catalog };
}

/** The first output intent and its profile's bytes, decoded. */
export async function outputIntent(bytes: Uint8Array): Promise<{ intent: PDFDict; profile: Uint8Array; n: number } | null> {
  const { doc, catalog } = await catalogOf(bytes);
  const intents = catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  const intent = intents?.lookupMaybe(0, PDFDict);
  if (!intent) return null;
  const stream = doc.context.lookup(intent.get(PDFName.of('DestOutputProfile')));
  if (!(stream instanceof PDFRawStream)) throw new Error('DestOutputProfile is not a stream');
  const n = Number(stream.dict.get(PDFName.of('N'))?.toString());
  return { intent, profile: decodePDFRawStream(stream).decode(), n };
}

/** Runs a tool that must be installed; fails with an install hint when it is not. */
export function tool(name: 'qpdf' | 'pdfdetach', args: readonly string[], hint: string): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(name, args, { encoding: 'utf8' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') throw new Error(`${name} is not installed: these tests need it (${hint})`);
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** `qpdf --check`: status 0 and no warnings. */
export function qpdfCheck(path: string): { ok: boolean; output: string } {
  const result = tool('qpdf', ['--check', path], 'Debian/Ubuntu: apt-get install qpdf');
  return { ok: result.status === 0, output: result.stdout + result.stderr };
}
