// Quire's public API: render(input, options) → PDF bytes.
export type { RenderOptions } from './options.js';
export { render, renderDocument } from './render.js';
export type { RenderResult } from './render.js';
export { ValidationError } from './request/errors.js';
export type { ValidationFailure } from './request/errors.js';
export type { RenderRequest, HtmlRenderRequest, PageOptions } from './request/types.js';
