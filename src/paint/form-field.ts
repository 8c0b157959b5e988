// What an HTML form control becomes in the PDF (ISO 32000-1 §12.7, interactive forms): one
// field of an AcroForm, described by box generation (boxes/form-controls.ts), placed by paint
// and written with its widget annotation by pdf/acroform.ts.

import type { Color } from '../css/types.js';
import type { FontFace, ShapedGlyph } from '../text/types.js';

/** §12.7.4: text fields (/Tx), check boxes and radio buttons (/Btn), combo and list boxes (/Ch). */
export type FormFieldKind = 'text' | 'checkbox' | 'radio' | 'combo' | 'list';

/** A `<select>` option: its export value (`value`, else its text) and its text. */
export interface FieldOption {
  readonly value: string;
  readonly label: string;
}

/** One terminal field (a radio button is one widget of the group its name makes). */
export interface FormField {
  readonly kind: FormFieldKind;
  /** Fully qualified field name, unique in the document (radio buttons of a group share it). */
  readonly name: string;
  /** Text fields: the default text; combo boxes: the selected option's value. */
  readonly value: string;
  /** List boxes: the selected options' values. */
  readonly selected: readonly string[];
  /** Check boxes and radio buttons: the on state's export value, and whether it is the default. */
  readonly onValue: string;
  readonly checked: boolean;
  readonly options: readonly FieldOption[];
  readonly multiline: boolean;
  readonly password: boolean;
  readonly readOnly: boolean;
  readonly required: boolean;
  /** `maxlength`: /MaxLen, or null. */
  readonly maxLength: number | null;
  /** The font /DA names (the first available face of the control's font), its size in pt and colour. */
  readonly face: FontFace;
  readonly fontSize: number;
  readonly color: Color;
  /** Where the text sits (`text-align`, resolved against the direction): /Q. */
  readonly alignment: 'left' | 'center' | 'right';
}

/** A run of shaped glyphs of one face on a line of a control's text, x in pt from the line start. */
export interface FieldTextRun {
  readonly face: FontFace;
  readonly x: number;
  readonly glyphs: readonly ShapedGlyph[];
}

/**
 * A piece of a control's text shaped with its font: a whole line, or in a textarea (which
 * wraps) a word with the spaces after it.
 */
export interface FieldTextPiece {
  readonly runs: readonly FieldTextRun[];
  /** Advance of the whole piece, pt, and of the spaces at its end (which may hang past the edge). */
  readonly width: number;
  readonly trailingSpace: number;
  /** The piece starts a line: a value's first, a line after a newline, an option. */
  readonly startsLine: boolean;
}

/**
 * A form control's box content (on its BlockBox): what paint draws in its content box — in
 * the field's appearance streams when it is a field, as page content when it is not.
 */
export interface FormControl {
  readonly kind: FormFieldKind;
  /** Null for a control drawn as static content (outside a form, no valid name or type). */
  readonly field: FormField | null;
  /** The text shown: a text field's value, a combo box's choice, a list box's options. */
  readonly text: readonly FieldTextPiece[];
  /** A textarea: its text starts at the top and wraps at word ends (CSS Text 3 §5); else one line sits in the middle. */
  readonly wraps: boolean;
  /** List boxes: the indices of the selected options' lines (drawn highlighted). */
  readonly highlighted: readonly number[];
  readonly checked: boolean;
  /** `text-align` resolved against the direction. */
  readonly alignment: FormField['alignment'];
  /** Where the text goes: this far in from the content box's start and end edges, pt (a drop-down's arrow area, a list box's scrollbar). */
  readonly insetStart: number;
  readonly insetEnd: number;
  /** Distance between the tops of successive lines, pt (a list box's options have 1px of padding below). */
  readonly rowHeight: number;
  /** Height of one line and the baseline's distance below its top, pt. */
  readonly lineHeight: number;
  readonly ascent: number;
}
