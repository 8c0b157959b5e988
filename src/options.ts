// Options of a render that are not part of the API request body.

/** Options for `render()`. */
export interface RenderOptions {
  /**
   * Same input → same bytes: no clock, no random ids. The creation date comes from
   * `creationDate` (default 2000-01-01T00:00:00Z when deterministic).
   */
  readonly deterministic?: boolean;
  /** The document's creation and modification date (defaults to now unless deterministic). */
  readonly creationDate?: Date;
  /** Receives non-fatal problems (ignored CSS, images that could not be decoded). */
  readonly onWarning?: (message: string) => void;
}
