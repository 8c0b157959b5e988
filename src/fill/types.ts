// The fill engine's model: a template's fields (a Cast's field definitions) and the payload of
// POST /api/v1/fill/{castEid}.pdf (spec embedded-builders.md §4.6; example payloads in
// ../shared/examples/anvil/fill-pdf/).

/** The kinds of field a template can hold. */
export type CastFieldType =
  | 'shortText' // one line of text
  | 'longText' // wrapped text over several lines
  | 'textPerLine' // text over the lines of a ruled area (one rect per line in `lines`)
  | 'textPerLetter' // one character per box (comb), `maxLength` boxes across the rect
  | 'email'
  | 'phone' // string, or { num, region?, baseRegion? }
  | 'date' // ISO date string (YYYY-MM-DD) → formatted by `format` (moment.js tokens, default MM/DD/YYYY)
  | 'fullName' // string, or { firstName, mi?, lastName }
  | 'usAddress' // string, or { street1, street2?, city, state, zip, country? }
  | 'ssn' // 9 digits → ###-##-####
  | 'ein' // 9 digits → ##-#######
  | 'integer'
  | 'decimalNumber'
  | 'dollar' // 123.45 → $123.45
  | 'percent' // 50.3 → 50.3%
  | 'checkbox' // boolean
  | 'radioGroup' // the id of the chosen option
  | 'imageUrl' // an http(s) or data: image URL, drawn inside the rect
  | 'signature' // signed in an e-signature packet: never filled (a value given is ignored)
  | 'initial' // likewise
  | 'signatureDate'; // the date of signing: filled like `date`

/**
 * A rectangle on a page, in PDF points from the bottom-left corner of the page's crop box
 * (PDF user space, y up), with the page's /Rotate not applied: on a turned page, what is shown
 * is this rect turned with the page, and its content is drawn to read upright as shown (rotation.ts).
 */
export interface FieldRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One option of a radio group: its id (the value that chooses it) and where its mark goes. */
export interface RadioOption {
  readonly id: string;
  readonly name?: string;
  /** A placed option: its page and box. For an AcroForm radio group, the export value instead. */
  readonly pageNum?: number;
  readonly rect?: FieldRect;
  readonly exportValue?: string;
}

/** A field of a template. Either an AcroForm field of the PDF (`acroFieldName`) or placed (`pageNum` + `rect`). */
export interface CastField {
  /** Stable id within the template. */
  readonly id: string;
  /** The key of the fill payload's `data` that fills this field. */
  readonly aliasId: string;
  /** A human name (the AcroForm field's name for fields taken from the PDF). */
  readonly name: string;
  readonly type: CastFieldType;
  /** The template builder's: the template needs at least one field of this aliasId. Filling ignores it. */
  readonly required?: boolean;
  /** The fully qualified name of the AcroForm field this is, when it is one. */
  readonly acroFieldName?: string;
  /** 0-based page index of a placed field. */
  readonly pageNum?: number;
  readonly rect?: FieldRect;
  /** textPerLine: one rect per line, on `pageNum`. */
  readonly lines?: readonly FieldRect[];
  /** textPerLetter: the number of boxes. */
  readonly maxLength?: number;
  readonly options?: readonly RadioOption[];
  /** Points; default: the payload's fontSize, else 10 (long text shrinks to fit down to 6). */
  readonly fontSize?: number;
  /** `Helvetica`, `Times new roman`, `Courier`, `Noto Sans` (default), or a Google font name. */
  readonly fontFamily?: string;
  readonly fontWeight?: 'normal' | 'bold' | 'italic' | 'boldItalic';
  /** `#rrggbb`; default: the payload's textColor, else #000000. */
  readonly textColor?: string;
  readonly alignment?: 'left' | 'center' | 'right';
  /** date, signatureDate: output format in moment.js tokens, e.g. `MMMM Do YYYY`. */
  readonly format?: string;
}

/** The body of a fill request (the `title`, `fontSize` and `textColor` apply to every field). */
export interface FillPayload {
  readonly title?: string;
  readonly fontSize?: number;
  readonly textColor?: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** How `fillPdf` runs: where images come from, and document-level options. */
export interface FillOptions {
  /**
   * Fetches an `imageUrl` value's bytes (null, or a rejection, when it cannot); without it,
   * image fields are left empty with a warning. See `imageFetcherFromLoader`.
   */
  readonly fetchImage?: (url: string) => Promise<Uint8Array | null>;
  /** Text stamped diagonally across every page (a development-key watermark). */
  readonly watermark?: string | null;
  /** Same input → same bytes: no clock, no randomness. */
  readonly deterministic?: boolean;
  readonly creationDate?: Date;
}

/** The filled PDF and the problems that did not stop it (an image that could not be drawn). */
export interface FillResult {
  readonly pdf: Uint8Array;
  readonly warnings: string[];
}
