// A template's own form fields as Cast fields: what a PDF with an AcroForm can be filled
// with before anyone places fields on it. Each field's payload key (aliasId) is the camelCase
// of its name; its position is that of its first widget.

import { readAcroFields, type AcroFieldNode, type AcroKind } from './acroform-tree.js';
import { camelCaseId, uniqueIds } from './alias-id.js';
import { MAX_FIELDS } from './limits.js';
import type { PDFDocument } from 'pdf-lib';
import { loadTemplate } from './template.js';
import type { CastField, CastFieldType, RadioOption } from './types.js';

/** The fillable AcroForm fields of `pdf` (at most MAX_FIELDS); push buttons and signatures are not. */
export async function extractAcroFormFields(pdf: Uint8Array): Promise<CastField[]> {
  return acroFormFieldsOf(await loadTemplate(pdf));
}

/** The same, of a template already loaded. */
export function acroFormFieldsOf(doc: PDFDocument): CastField[] {
  const nodes = readAcroFields(doc, MAX_FIELDS).filter((node) => castTypeOf(node.kind) !== undefined && node.widgets.length > 0);
  const aliasIds = uniqueIds(nodes.map((node) => camelCaseId(node.name)));
  return nodes.map((node, i) => castFieldOf(node, aliasIds[i]!));
}

/** The Cast field type of an AcroForm field kind; undefined for the kinds fill does not set. */
export function castTypeOf(kind: AcroKind): CastFieldType | undefined {
  switch (kind) {
    case 'text':
    case 'choice': // a drop-down or list takes its value as text
      return 'shortText';
    case 'multilineText':
      return 'longText';
    case 'combText':
      return 'textPerLetter';
    case 'checkbox':
      return 'checkbox';
    case 'radio':
      return 'radioGroup';
    default:
      return undefined;
  }
}

function castFieldOf(node: AcroFieldNode, aliasId: string): CastField {
  const first = node.widgets[0]!;
  const type = castTypeOf(node.kind)!;
  return {
    id: aliasId,
    aliasId,
    name: node.name,
    type,
    acroFieldName: node.name,
    pageNum: first.pageIndex,
    rect: first.rect,
    ...(type === 'textPerLetter' && node.maxLength !== undefined ? { maxLength: node.maxLength } : {}),
    ...(type === 'radioGroup' ? { options: radioOptions(node) } : {}),
  };
}

/** One option per distinct export value, placed at the first widget that has it. */
function radioOptions(node: AcroFieldNode): RadioOption[] {
  const options = new Map<string, RadioOption>();
  for (const widget of node.widgets) {
    const id = widget.exportValue;
    if (id === undefined || options.has(id)) continue;
    options.set(id, { id, name: id, exportValue: id, pageNum: widget.pageIndex, rect: widget.rect });
  }
  return [...options.values()];
}
