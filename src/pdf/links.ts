// Link annotations (ISO 32000-1 §12.5.6.5) and named destinations (§12.3.2.3): written after
// every page exists, because a link may point at an anchor on a later page.

import { PDFHexString, PDFName, type PDFContext, type PDFPage, type PDFRef } from 'pdf-lib';
import type { PendingAnchor, PendingLink } from './paint-context.js';
import type { TaggedAnnotation } from './structure-tree.js';

/** A page with what its painting collected. */
export interface PageTargets {
  readonly page: PDFPage;
  readonly links: readonly PendingLink[];
  readonly anchors: readonly PendingAnchor[];
}

/**
 * Writes the /Names /Dests name tree and each page's /Annots. A link to a destination that
 * no anchor defines gets no annotation (a dead link is worse than none). Returns the
 * annotations of tagged links, for the structure tree.
 */
export function writeLinksAndDestinations(context: PDFContext, catalogNames: (dests: PDFRef) => void, pages: readonly PageTargets[]): TaggedAnnotation[] {
  const destinations = collectDestinations(pages);
  if (destinations.size > 0) catalogNames(context.register(destinationTree(context, destinations)));
  const tagged: TaggedAnnotation[] = [];
  for (const { page, links } of pages) {
    const annotations: PDFRef[] = [];
    for (const link of links) {
      const ref = linkAnnotation(context, link, destinations);
      if (ref === null) continue;
      annotations.push(ref);
      if (link.tag !== null) tagged.push({ ref, page: page.ref, tag: link.tag });
    }
    if (annotations.length > 0) page.node.set(PDFName.of('Annots'), context.obj(annotations));
  }
  return tagged;
}

/** Name → `[page /XYZ left top null]` (§12.3.2.2: null zoom keeps the viewer's). First anchor wins. */
function collectDestinations(pages: readonly PageTargets[]): Map<string, { page: PDFRef; x: number; y: number }> {
  const destinations = new Map<string, { page: PDFRef; x: number; y: number }>();
  for (const { page, anchors } of pages) {
    for (const anchor of anchors) {
      if (!destinations.has(anchor.name)) destinations.set(anchor.name, { page: page.ref, x: anchor.x, y: anchor.y });
    }
  }
  return destinations;
}

/** §7.9.6: a single-node name tree; keys sorted by their bytes (we key by UTF-8). */
function destinationTree(context: PDFContext, destinations: ReadonlyMap<string, { page: PDFRef; x: number; y: number }>) {
  const entries = [...destinations].map(([name, dest]) => ({ key: utf8Hex(name), dest }));
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const names = entries.flatMap(({ key, dest }) => [
    PDFHexString.of(key),
    context.obj([dest.page, PDFName.of('XYZ'), round(dest.x), round(dest.y), null]),
  ]);
  return context.obj({ Names: names });
}

function linkAnnotation(context: PDFContext, link: PendingLink, destinations: ReadonlyMap<string, unknown>): PDFRef | null {
  const action = 'uri' in link.target
    ? { S: 'URI', URI: PDFHexString.of(asciiHex(link.target.uri)) }
    : destinations.has(link.target.dest)
      ? { S: 'GoTo', D: PDFHexString.of(utf8Hex(link.target.dest)) }
      : null;
  if (!action) return null;
  return context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: link.rect.map(round),
      // §12.5.2 Table 164: no visible border around the link area.
      Border: [0, 0, 0],
      A: action,
    }),
  );
}

/** §12.6.4.7: a URI is 7-bit ASCII; other characters are percent-encoded as UTF-8. */
function asciiHex(uri: string): string {
  const ascii = uri.replace(/[^\x20-\x7e]/gu, (ch) => encodeURIComponent(ch));
  return Buffer.from(ascii, 'latin1').toString('hex');
}

function utf8Hex(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex');
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
