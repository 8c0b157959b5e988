// The pipeline entry: request → dom → css → boxes → layout → paint → pdf. One comment per step.
import type { RenderOptions } from './options.js';

/** What a render produced, for callers that want more than the bytes (the CLI prints warnings). */
export interface RenderResult {
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly warnings: readonly string[];
}

/** Renders a generate-pdf request body (type "html") to PDF bytes. Rejects with ValidationError on bad input. */
export async function render(input: unknown, options: RenderOptions = {}): Promise<Uint8Array> {
  return (await renderDocument(input, options)).pdf;
}

/** Like render(), but also returns the page count and the warnings. */
export async function renderDocument(input: unknown, options: RenderOptions = {}): Promise<RenderResult> {
  void input;
  void options;
  throw new Error('not yet wired');
}
