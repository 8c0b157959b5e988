// Minimal declarations for linebreak 1.x (UAX #14); the package ships none.
declare module 'linebreak' {
  export interface Break {
    /** UTF-16 offset where a line may break (the break is before this offset). */
    readonly position: number;
    /** True for a mandatory break (after a hard line break character). */
    readonly required: boolean;
  }

  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
