// The fill engine's entry point (POST /api/v1/fill/{castEid}.pdf, spec embedded-builders.md
// §4.6): a template PDF, its fields and a payload → the filled PDF. The steps:
//   1. check the payload and match its data to the fields (every bad value reported at once);
//   2. open the template, read its AcroForm fields, fetch the images the values name;
//   3. draw each value as display items, then paint them over their pages with the engine's
//      PDF painter (its fonts, so any script works); on a turned page (/Rotate, or a widget's
//      /MK /R) in a frame turned with it, so the value reads upright as shown (rotation.ts);
//   4. over a tagged template, put each value in the document's structure (structure.ts);
//   5. flatten the AcroForm fields that were filled, stamp the watermark, set the metadata.

import { createHash } from 'node:crypto';
import type { PDFDocument } from 'pdf-lib';
import type { DisplayItem } from '../paint/types.js';
import { writeMetadata } from '../pdf/metadata.js';
import { stampWatermark } from '../pdf/watermark.js';
import { readAcroFields, type AcroFieldNode } from './acroform-tree.js';
import { drawField, type Placement, type Target } from './draw-field.js';
import { FillError } from './errors.js';
import { loadImages } from './field-image.js';
import { flattenFields } from './flatten.js';
import { MAX_FIELDS } from './limits.js';
import { visibleBox } from './page-box.js';
import { PageCanvas, type PaintGroup, type PaintLayer } from './page-canvas.js';
import { matchPayload, type FilledField } from './payload.js';
import { displayedBox, pageRotation, type Rotation } from './rotation.js';
import { templateStructure, type DrawnValue, type FillStructure } from './structure.js';
import { loadTemplate } from './template.js';
import { textStyleOf } from './text-style.js';
import type { CastField, FillOptions, FillPayload, FillResult } from './types.js';

/**
 * Fills `template`'s `fields` from `payload`. Throws a ValidationError for a bad payload and
 * a FillError for a template that cannot be filled; anything else that goes wrong with one
 * field (an image that cannot be fetched, text that does not fit) is a warning.
 */
export async function fillPdf(template: Uint8Array, fields: readonly CastField[], payload: FillPayload, options: FillOptions = {}): Promise<FillResult> {
  if (fields.length > MAX_FIELDS) throw new FillError(`the template has ${fields.length} fields; at most ${MAX_FIELDS} can be filled`);
  const matched = matchPayload(payload, fields);
  const warnings = new Set<string>(matched.warnings);
  const warn = (message: string): void => void warnings.add(message);
  const doc = await loadTemplate(template);
  const acroFields = new Map(readAcroFields(doc).map((node) => [node.name, node] as const));
  const images = await loadImages(imageUrls(matched.filled), options.fetchImage, warn);

  const canvas = new PageCanvas(doc, warn);
  const structure = templateStructure(doc);
  const pages = new Map<number, (DrawnValue & PaintLayer)[]>();
  const flattened = new Set<AcroFieldNode>();
  const targetOf = (placement: Placement) => targetOfPlacement(doc, placement, warn);
  for (const { field, value } of matched.filled) {
    const acro = field.acroFieldName === undefined ? undefined : acroFields.get(field.acroFieldName);
    const style = textStyleOf(field, payload, warn);
    for (const drawn of drawField(field, value, { style, acro, images, targetOf, warn })) {
      const values = pages.get(drawn.pageIndex) ?? [];
      values.push({ ...drawn, field, value, acro });
      pages.set(drawn.pageIndex, values);
    }
    if (acro) flattened.add(acro);
  }
  // The content digest only makes the document ID of a deterministic fill (metadata.ts): hashed then only.
  const digest = options.deterministic ? createHash('sha256').update(template).update(JSON.stringify(payload.data)) : null;
  for (const pageIndex of [...pages.keys()].sort((a, b) => a - b)) {
    const content = await canvas.paint(pageIndex, paintGroups(pages.get(pageIndex)!, structure));
    digest?.update(content);
  }
  canvas.finish();

  structure?.finish([...flattened]);
  flattenFields(doc, [...flattened]);
  if (options.watermark) stampWatermark(doc, options.watermark, structure !== null);
  writeMetadata(doc, { title: payload.title ?? null, deterministic: options.deterministic ?? false, ...(options.creationDate ? { creationDate: options.creationDate } : {}) }, digest?.digest('hex') ?? '');
  const pdf = await doc.save({ useObjectStreams: true, addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: Infinity });
  return { pdf, warnings: [...warnings] };
}

/**
 * A page's values as paint groups. Over a tagged template each value is a group in its own
 * marked-content sequence; otherwise consecutive values in the same frame share one layer
 * (an unturned page: one layer), in one group.
 */
function paintGroups(values: readonly (DrawnValue & PaintLayer)[], structure: FillStructure | null): PaintGroup[] {
  if (structure) return values.map((value) => ({ marked: structure.mark(value), layers: [value] }));
  const layers: { rotation: Rotation; items: DisplayItem[] }[] = [];
  for (const { rotation, items } of values) {
    const last = layers.at(-1);
    if (last && last.rotation === rotation) last.items.push(...items);
    else layers.push({ rotation, items: [...items] });
  }
  return [{ marked: null, layers }];
}

function imageUrls(filled: readonly FilledField[]): string[] {
  return filled.flatMap(({ value }) => (value.kind === 'image' ? [value.url] : []));
}

/**
 * A placement's rect as shown, in the display-list coordinates of its page turned by the
 * widget's /MK /R or else the page's /Rotate; undefined (with a warning) when it is off the template.
 */
function targetOfPlacement(doc: PDFDocument, { pageIndex, rect, rotation: turn }: Placement, warn: (message: string) => void): Target | undefined {
  if (!Number.isInteger(pageIndex) || pageIndex < 0 || pageIndex >= doc.getPageCount()) {
    warn(`a field is placed on page ${pageIndex + 1}, which the template does not have; not drawn`);
    return undefined;
  }
  const { x, y, width, height } = rect;
  if (![x, y, width, height].every(Number.isFinite) || width <= 0 || height <= 0) {
    warn(`a field on page ${pageIndex + 1} has an empty or invalid rectangle; not drawn`);
    return undefined;
  }
  const page = doc.getPage(pageIndex);
  const rotation = turn ?? pageRotation(page);
  return { box: displayedBox(rect, visibleBox(page), rotation), rotation };
}
