// Quire's public API: render(input, options) → PDF bytes.
export type { RenderOptions, RenderPhase, RenderProgress, NetworkOptions } from './options.js';
export type { RenderStage, StageTimings } from './stage-clock.js';
export type { MetadataOptions } from './document-properties.js';
export type { AttachmentOption } from './resources/attachments.js';
export type { AFRelationship } from './pdf/embedded-files.js';
export { PDF_VARIANTS, type PdfVariant } from './pdf/variant.js';
export { render, renderDocument, renderToStream, renderUnchecked } from './render.js';
export type { RenderResult } from './render.js';
export { ValidationError } from './request/errors.js';
/** Checks a request body without rendering it; throws ValidationError listing every problem. */
export { normalizeRequest as validateRequest } from './request/validate.js';
export type { ValidationFailure } from './request/errors.js';
export type { RenderRequest, HtmlRenderRequest, MarkdownRenderRequest, MarkdownItem, MarkdownTable, MarkdownColumnOptions, LogoOptions, PageOptions, PageCountPosition } from './request/types.js';
// The fill engine: a PDF template's fields filled from a payload (the server's fill endpoint).
export { fillPdf, extractAcroFormFields, imageFetcherFromLoader, FillError } from './fill/index.js';
/** The built-in resource loader (public addresses only, limits, cache), e.g. for `imageFetcherFromLoader`. */
export { createResourceLoader } from './resources/net/index.js';
export type { CastField, CastFieldType, FieldRect, FillOptions, FillPayload, FillResult, RadioOption } from './fill/index.js';
