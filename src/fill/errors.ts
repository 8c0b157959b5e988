// The error a template that cannot be filled produces (not a PDF, encrypted, too large): the
// request was well formed but the stored template is unusable, so the server answers 400/422
// with the message rather than a stack trace. Bad payloads are ValidationErrors instead.

/** Thrown when a template cannot be read or filled; the message says why, for the client. */
export class FillError extends Error {
  declare readonly name: 'FillError';

  static {
    // On the prototype, so the stack trace captured by Error's constructor already says FillError.
    Object.defineProperty(this.prototype, 'name', { value: 'FillError', writable: true, configurable: true });
  }
}

export type TemplatePdfProblem = 'notPdf' | 'tooLarge' | 'encrypted' | 'damaged';

/** A template that is no usable PDF, and why: a FillError (its `name` stays 'FillError'), so the server answers it like any unusable template. */
export class TemplatePdfError extends FillError {
  constructor(
    readonly problem: TemplatePdfProblem,
    message: string,
  ) {
    super(message);
  }
}
