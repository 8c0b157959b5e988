// The workflow builder's data as the server's session API gives it (embedded-builders.md §2.6,
// §4.3): the Weld (GET session/object) and the answer to Finish. Plain data, no DOM.

export interface WeldFile {
  readonly id?: string;
  /** The file's template or uploaded PDF. */
  readonly castEid?: string;
  readonly title?: string;
  readonly name?: string;
  readonly filename?: string;
}

export type SettingValue = string | number | boolean;

export interface Weld {
  readonly eid: string;
  readonly name: string;
  readonly slug: string;
  /** `draft` until the workflow is published. */
  readonly visibility: string;
  readonly files: readonly WeldFile[];
  readonly settings?: Readonly<Record<string, unknown>> | null;
}

/** POST session/weld/finish. */
export interface FinishResult {
  readonly action: 'weldCreate' | 'weldEdit';
  readonly weldEid: string;
  readonly organizationSlug?: string;
}
