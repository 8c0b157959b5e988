// The fill engine: filling a PDF template's fields from a payload (spec embedded-builders.md
// §4.6), and reading a template's own AcroForm fields as Cast fields.
export { fillPdf } from './fill-pdf.js';
export { extractAcroFormFields } from './extract-fields.js';
export { imageFetcherFromLoader, type ImageFetcher } from './field-image.js';
export { FillError } from './errors.js';
export { camelCaseId } from './alias-id.js';
export { formatDate, parseIsoDate, DEFAULT_DATE_FORMAT, type CalendarDate } from './format-date.js';
export { payloadFailures } from './payload.js';
export { MAX_FIELDS, MAX_VALUE_LENGTH, MAX_TEMPLATE_BYTES } from './limits.js';
export type { CastField, CastFieldType, FieldRect, FillOptions, FillPayload, FillResult, RadioOption } from './types.js';
