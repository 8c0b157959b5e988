// Embedded files (ISO 32000-1 §7.11.4; ISO 32000-2 §14.13 associated files): each attachment
// is an /EmbeddedFile stream with its media type and parameters, referred to by a file
// specification with its name, description and /AFRelationship; the catalog lists them in
// the /EmbeddedFiles name tree (viewers' attachment panels) and in /AF (PDF/A-3 §6.8 asks
// every embedded file to be associated with the document or a part of it).

import { createHash } from 'node:crypto';
import { PDFHexString, PDFName, PDFString, type PDFContext, type PDFRef } from 'pdf-lib';
import { flateStream } from './flate.js';

/** ISO 32000-2 Table 43: how an associated file relates to the document. */
export const AF_RELATIONSHIPS = ['Source', 'Data', 'Alternative', 'Supplement', 'Unspecified'] as const;
export type AFRelationship = (typeof AF_RELATIONSHIPS)[number];

/** A file to embed, with everything known of it. */
export interface EmbeddedAttachment {
  /** The file name shown by viewers and used when the file is saved. */
  readonly name: string;
  readonly data: Uint8Array;
  /** A MIME type (`text/xml`, `application/pdf`). */
  readonly mimeType: string;
  readonly description: string | null;
  readonly relationship: AFRelationship;
}

/** What the catalog gets: the /EmbeddedFiles name tree and the /AF array's file specifications. */
export interface WrittenAttachments {
  readonly nameTree: PDFRef;
  readonly fileSpecs: readonly PDFRef[];
}

/** Writes the attachments; null when there are none. Names are made unique for the name tree (`a.xml`, `a (2).xml`). */
export function writeEmbeddedFiles(context: PDFContext, attachments: readonly EmbeddedAttachment[], modDate: Date): WrittenAttachments | null {
  if (attachments.length === 0) return null;
  const used = new Set<string>();
  const entries: { key: string; spec: PDFRef }[] = [];
  for (const attachment of attachments) {
    const name = uniqueName(attachment.name, used);
    const stream = flateStream(context, attachment.data, {
      Type: 'EmbeddedFile',
      Subtype: PDFName.of(attachment.mimeType),
      // §7.11.4.2 Table 45: the size of the file itself, its date and its MD5 digest.
      Params: { Size: attachment.data.length, ModDate: PDFString.fromDate(modDate), CheckSum: PDFHexString.of(createHash('md5').update(attachment.data).digest('hex')) },
    });
    const file = context.register(stream);
    const spec = context.register(
      context.obj({
        Type: 'Filespec',
        // §7.11.3: /F for old readers (bytes), /UF as a text string (Unicode).
        F: PDFString.of(asciiFileName(name)),
        UF: PDFHexString.fromText(name),
        ...(attachment.description ? { Desc: PDFHexString.fromText(attachment.description) } : {}),
        AFRelationship: attachment.relationship,
        EF: { F: file, UF: file },
      }),
    );
    entries.push({ key: textStringHex(name), spec });
  }
  // §7.9.6: the keys of a name tree in the order of their bytes.
  const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const nameTree = context.register(context.obj({ Names: sorted.flatMap(({ key, spec }) => [PDFHexString.of(key), spec]) }));
  return { nameTree, fileSpecs: entries.map((e) => e.spec) };
}

function uniqueName(name: string, used: Set<string>): string {
  let unique = name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; used.has(unique); n++) unique = `${stem} (${n})${ext}`;
  used.add(unique);
  return unique;
}

/** The name with characters outside printable ASCII replaced by `_`, and the literal string's delimiters escaped. */
function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\()]/g, (ch) => `\\${ch}`);
}

/** §7.9.2.2: a text string's bytes, as PDFHexString.fromText writes them (PDFDocEncoding-compatible ASCII, else UTF-16BE with a BOM). */
function textStringHex(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return Buffer.from(text, 'latin1').toString('hex');
  const bytes = Buffer.from(text, 'utf16le').swap16();
  return `feff${bytes.toString('hex')}`;
}
