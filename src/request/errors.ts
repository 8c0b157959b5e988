// The error a bad request produces: every problem at once, each naming its property path.
// Its JSON form is the HTTP error body of spec pdf-generation.md §7.

/** One problem with the request: the property path (`data.html`, `page.marginTop`) and what was expected. */
export interface ValidationFailure {
  readonly property: string;
  readonly message: string;
}

/** Thrown (or rejected) when a request body is invalid; `fields` lists every problem found. */
export class ValidationError extends Error {
  declare readonly name: 'ValidationError';
  readonly fields: readonly ValidationFailure[];

  static {
    // On the prototype rather than as an instance field, so that the stack trace, which
    // Error's constructor captures before any field is set, already reads "ValidationError".
    Object.defineProperty(this.prototype, 'name', { value: 'ValidationError', writable: true, configurable: true });
  }

  constructor(fields: readonly ValidationFailure[]) {
    super(summarize(fields));
    this.fields = fields;
  }

  /** The HTTP body shape: `{ name, fields: [{ property, message }] }`. */
  toJSON(): { name: 'ValidationError'; fields: ValidationFailure[] } {
    return { name: this.name, fields: this.fields.map((f) => ({ property: f.property, message: f.message })) };
  }
}

function summarize(fields: readonly ValidationFailure[]): string {
  const parts = fields.map((f) => (f.property ? `${f.property}: ${f.message}` : f.message));
  return `Invalid request: ${parts.join('; ')}`;
}
