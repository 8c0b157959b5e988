// Flattening filled AcroForm fields: once a field's value is drawn into the page, the field
// and its widgets go, so every viewer shows the same drawn value (in any script) and no
// viewer regenerates an appearance over it. Fields that were not filled stay interactive.

import { PDFArray, PDFDict, PDFName, type PDFDocument } from 'pdf-lib';
import type { AcroFieldNode, TreeEntry } from './acroform-tree.js';

/** Removes the fields, their widgets from the pages, and the form itself when nothing is left in it. */
export function flattenFields(doc: PDFDocument, fields: readonly AcroFieldNode[]): void {
  if (fields.length === 0) return;
  const pages = doc.getPages();
  for (const field of fields) {
    for (const widget of field.widgets) removeFrom(annotationsOf(pages[widget.pageIndex]?.node), widget.dict);
    removeEntry(field.entry);
  }
  const form = doc.catalog.lookup(PDFName.of('AcroForm'));
  if (!(form instanceof PDFDict)) return;
  // An XFA form would be shown instead of the (now changed) AcroForm by the readers that know XFA.
  form.delete(PDFName.of('XFA'));
  const remaining = form.lookup(PDFName.of('Fields'));
  if (!(remaining instanceof PDFArray) || remaining.size() === 0) doc.catalog.delete(PDFName.of('AcroForm'));
}

/** Takes the field out of its parent's /Kids (or /Fields), and a parent left without kids out of its own. */
function removeEntry(entry: TreeEntry): void {
  removeFrom(entry.container, entry.dict);
  if (entry.parent && entry.container.size() === 0) removeEntry(entry.parent);
}

/** Removes every element of `array` that is (or refers to) `dict`. */
function removeFrom(array: PDFArray | undefined, dict: PDFDict): void {
  if (!array) return;
  for (let i = array.size() - 1; i >= 0; i--) {
    if (array.lookup(i) === dict) array.remove(i);
  }
}

function annotationsOf(node: PDFDict | undefined): PDFArray | undefined {
  const annots = node?.lookup(PDFName.of('Annots'));
  return annots instanceof PDFArray ? annots : undefined;
}
