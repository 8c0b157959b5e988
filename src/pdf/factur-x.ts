// Factur-X 1.0 (= ZUGFeRD 2.x): a PDF/A-3 invoice that carries its Cross Industry Invoice XML
// as an attachment named `factur-x.xml`, declared in the XMP by the `fx` schema and described
// there by a PDF/A extension schema (ISO 19005-3 §6.6.2.3.3 asks one for every property that
// is not in the predefined schemas). The conformance level is the profile of the XML itself.

import type { XmpSchema } from './xmp.js';

/** The attachment name Factur-X prescribes. */
export const FACTUR_X_FILE_NAME = 'factur-x.xml';

export const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

export type FacturXConformanceLevel = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN 16931' | 'EXTENDED';

/** What the XMP says of the invoice. */
export interface FacturXInvoice {
  readonly conformanceLevel: FacturXConformanceLevel;
}

/**
 * The profile's guideline identifiers (Factur-X 1.0.07 §7.2.2, the
 * `GuidelineSpecifiedDocumentContextParameter/ID` of the XML) and their levels.
 */
const GUIDELINES: ReadonlyMap<string, FacturXConformanceLevel> = new Map([
  ['urn:factur-x.eu:1p0:minimum', 'MINIMUM'],
  ['urn:factur-x.eu:1p0:basicwl', 'BASIC WL'],
  ['urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic', 'BASIC'],
  ['urn:cen.eu:en16931:2017', 'EN 16931'],
  ['urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended', 'EXTENDED'],
]);

/** The guideline identifier must be found in this many leading characters (it is in the header of the XML). */
const MAX_SCAN = 64 * 1024;

/**
 * The conformance level of a Factur-X XML, or an error message saying why it cannot be told:
 * read from the ID inside `GuidelineSpecifiedDocumentContextParameter` (whatever its prefix).
 */
export function facturXConformanceLevel(xml: Uint8Array): FacturXConformanceLevel | { error: string } {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(xml.subarray(0, MAX_SCAN));
  const match = /<(?:[\w.-]+:)?GuidelineSpecifiedDocumentContextParameter\b[^>]*>\s*<(?:[\w.-]+:)?ID\b[^>]*>([^<]*)</.exec(text);
  if (!match) return { error: 'it has no GuidelineSpecifiedDocumentContextParameter/ID' };
  const id = match[1]!.trim();
  const level = GUIDELINES.get(id);
  return level ?? { error: `its GuidelineSpecifiedDocumentContextParameter/ID "${id.slice(0, 100)}" is none of the Factur-X profiles (MINIMUM, BASIC WL, BASIC, EN 16931, EXTENDED)` };
}

/** The `fx` properties and the PDF/A extension schema that describes them (Factur-X 1.0.07 §7.2.2). */
export function facturXSchemas(invoice: FacturXInvoice): XmpSchema[] {
  const property = (name: string, description: string) => ({
    struct: [
      { name: 'pdfaProperty:name', value: name },
      { name: 'pdfaProperty:valueType', value: 'Text' },
      { name: 'pdfaProperty:category', value: 'external' },
      { name: 'pdfaProperty:description', value: description },
    ],
  });
  return [
    {
      prefix: 'pdfaExtension',
      uri: 'http://www.aiim.org/pdfa/ns/extension/',
      namespaces: { pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#', pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#' },
      properties: [
        {
          name: 'pdfaExtension:schemas',
          value: {
            bag: [
              {
                struct: [
                  { name: 'pdfaSchema:schema', value: 'Factur-X PDFA Extension Schema' },
                  { name: 'pdfaSchema:namespaceURI', value: FACTUR_X_NAMESPACE },
                  { name: 'pdfaSchema:prefix', value: 'fx' },
                  {
                    name: 'pdfaSchema:property',
                    value: {
                      seq: [
                        property('DocumentFileName', 'The name of the embedded XML document'),
                        property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'),
                        property('Version', 'The actual version of the standard applying to the embedded XML document'),
                        property('ConformanceLevel', 'The conformance level of the embedded XML document'),
                      ],
                    },
                  },
                ],
              },
            ],
          },
        },
      ],
    },
    {
      prefix: 'fx',
      uri: FACTUR_X_NAMESPACE,
      properties: [
        { name: 'fx:DocumentType', value: 'INVOICE' },
        { name: 'fx:DocumentFileName', value: FACTUR_X_FILE_NAME },
        { name: 'fx:Version', value: '1.0' },
        { name: 'fx:ConformanceLevel', value: invoice.conformanceLevel },
      ],
    },
  ];
}
