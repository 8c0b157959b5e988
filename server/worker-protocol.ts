// What the server hands a worker thread and what it gets back: plain data that crosses the
// thread boundary (structured clone; PDF bytes are transferred, not copied).
import type { PageSize } from '../src/fill/page-box.js';
import type { CastField } from '../src/fill/types.js';

/** How every job in a worker fetches and stamps: from the server's configuration and the caller's key. */
export interface JobSettings {
  /** Same request, same bytes (tests). */
  readonly deterministic: boolean;
  /** Development keys' output carries this watermark on every page; null for production keys. */
  readonly watermark: string | null;
  /** Hosts or ranges the resource loader may fetch although private (tests). */
  readonly allowPrivate: readonly string[];
  /** The Google fonts disk cache, in the data directory. */
  readonly fontCacheDir: string | null;
}

export type WorkerJob =
  | { readonly kind: 'render'; readonly body: unknown; readonly settings: JobSettings }
  | { readonly kind: 'fill'; readonly template: Uint8Array; readonly fields: readonly CastField[]; readonly payload: unknown; readonly settings: JobSettings }
  /** Checks an uploaded template and finds its fields (createCast): its form fields, boxes drawn for filling, matched to aliases. */
  | { readonly kind: 'inspect'; readonly pdf: Uint8Array; readonly detectFields: boolean; readonly detectBoxes: boolean; readonly aliases: unknown }
  /** The page sizes of a stored template (the embedded template builder places fields on them). */
  | { readonly kind: 'pages'; readonly pdf: Uint8Array }
  /**
   * For tests of the limits: spins for `spinMs`, allocates without bound, keeps `retainMb` of
   * heap alive, or waits until the job is cancelled.
   */
  | { readonly kind: 'probe'; readonly spinMs?: number; readonly exhaustMemory?: boolean; readonly retainMb?: number; readonly untilCancelled?: boolean };

/** A job's outcome. Errors are values: the worker never throws for a bad document. */
export type WorkerResult =
  | {
    readonly ok: true;
    /** Empty for an inspect or pages job. */
    readonly pdf: Uint8Array;
    /** Null for a fill (the template's pages); an inspect or pages job's page count. */
    readonly pageCount: number | null;
    readonly warnings: readonly string[];
    /** An inspect job's fields. */
    readonly fields?: readonly CastField[];
    /** An inspect or pages job's page sizes, in points. */
    readonly pageSizes?: readonly PageSize[];
  }
  | { readonly ok: false; readonly error: WorkerError };

export type WorkerError =
  | { readonly name: 'ValidationError'; readonly fields: readonly { readonly property: string; readonly message: string }[] }
  | { readonly name: 'FillError' | 'RenderError'; readonly message: string };

/** Server → thread: one job at a time; `cancel` stops the running job (its caller went away), which then ends as soon as it can. */
export type ToWorker = { readonly type: 'job'; readonly job: WorkerJob } | { readonly type: 'cancel' };

/** Thread → server: loaded and ready for jobs; a job's result, with the heap it left in use. */
export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly result: WorkerResult; readonly heapBytes: number };
