// The template builder's model (embedded-builders.md §2.3, §2.4, §4.1): preset fields from the
// embed options, fields placed on the Cast's pages, and the records events carry. DOM-free, so
// the pure modules that use it can be unit-tested in node.

/** A rectangle in PDF points from the page's bottom-left corner (a Cast field's `rect`). */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A rectangle in PDF points from the page's top-left corner, as the screen shows it. */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** A page's size in PDF points. */
export interface PageSize {
  readonly width: number;
  readonly height: number;
}

export type Alignment = 'left' | 'center' | 'right';
export type FontWeight = 'normal' | 'bold' | 'italic' | 'boldItalic';

/** The defaults a preset passes on to the fields placed from it. */
export interface FieldStyle {
  readonly alignment?: Alignment;
  readonly fontSize?: number;
  readonly fontWeight?: FontWeight;
  readonly fontFamily?: string;
  readonly textColor?: string;
  readonly format?: string;
}

/** An element of `options.fields` (§2.3). */
export interface Preset extends FieldStyle {
  readonly name: string;
  readonly type: string;
  readonly aliasId: string;
  readonly required?: boolean;
}

/** A field placed on a page: a Cast field with `pageNum` (0-based) and `rect`. Other keys a loaded field had are kept. */
export interface PlacedField extends FieldStyle {
  readonly id: string;
  readonly aliasId: string;
  readonly name: string;
  readonly type: string;
  readonly required?: boolean;
  readonly pageNum: number;
  readonly rect: Rect;
}

export type { FieldRecord } from '../events.js';

/** The Cast as GET session/object gives it. */
export interface CastObject {
  readonly eid: string;
  readonly name: string;
  readonly title: string;
  readonly versionNumber: number;
  readonly fields: readonly Readonly<Record<string, unknown>>[];
  readonly allowedAliasIds: readonly string[] | null;
  readonly pageCount: number;
  readonly pageSizes: readonly PageSize[];
}

/** The template builder's options (§4.1), with their defaults applied. */
export interface TemplateOptions {
  readonly presets: readonly Preset[];
  readonly pageTitle: string | null;
  readonly finishButtonText: string;
  readonly showPageTitleBar: boolean;
  readonly title: string;
  readonly description: string | null;
  readonly selectionDescription: string | null;
  readonly selectionAddAnotherFieldText: string | null;
  readonly showReplaceDocumentAction: boolean;
  readonly showFieldAlignmentTools: boolean;
  readonly showFieldStylingTools: boolean;
}
