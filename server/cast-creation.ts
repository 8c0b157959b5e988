// A template upload on its way to becoming a Cast: checked and inspected in the render pool
// (pdf.js and pdf-lib on untrusted bytes get the pool's time and memory limits, and the server
// thread stays free), then mapped to the caller's aliases — there too with the deterministic
// matcher, or here with a deployment's matching service (QUIRE_ALIAS_MATCHER_URL).
import { aliasList } from '../src/fill/template-fields.js';
import type { AliasMatcher } from '../src/fill/alias-match.js';
import type { PageSize } from '../src/fill/page-box.js';
import type { CastField } from '../src/fill/types.js';
import { ApiError } from './graphql/errors.js';
import { PoolError, type RenderPool } from './render-pool.js';
import type { WorkerJob } from './worker-protocol.js';

export interface CastFieldOptions {
  readonly detectFields: boolean;
  readonly detectBoxes: boolean;
  /** createCast's `aliasIds`: ids, or { aliasId: { description, …overrides } }. */
  readonly aliasIds?: unknown;
}

export interface TemplateInspector {
  readonly pool: RenderPool;
  readonly tenant: string;
  readonly matcher: AliasMatcher | null;
}

/** The fields a new Cast starts with; throws an ApiError naming `property` when the file is not a usable PDF. */
export async function prepareCastFields(inspector: TemplateInspector, pdf: Uint8Array, options: CastFieldOptions, property = 'file'): Promise<{ fields: CastField[]; warnings: string[] }> {
  const aliases = options.aliasIds ?? null;
  // Without a matching service the worker matches too; with one, the worker only detects.
  const matchInWorker = inspector.matcher === null;
  const result = await inspect(inspector, { kind: 'inspect', pdf, detectFields: options.detectFields, detectBoxes: options.detectBoxes, aliases: matchInWorker ? aliases : null }, property);
  let fields = [...(result.fields ?? [])];
  const warnings = [...result.warnings];
  const list = aliasList(aliases);
  if (!matchInWorker && list !== null && fields.length > 0) {
    const matched = await inspector.matcher!.match(fields, list);
    fields = matched.fields;
    warnings.push(...matched.warnings);
  }
  return { fields, warnings };
}

/** Resolves, with its page sizes, when `pdf` is a usable template. */
export async function checkTemplateBytes(inspector: TemplateInspector, pdf: Uint8Array, property = 'file'): Promise<{ pageSizes: PageSize[] }> {
  const result = await inspect(inspector, { kind: 'inspect', pdf, detectFields: false, detectBoxes: false, aliases: null }, property);
  return { pageSizes: [...(result.pageSizes ?? [])] };
}

/** The page sizes of a template that was checked when it was stored (read in the pool all the same: its size is unbounded). */
export async function templatePageSizes(inspector: TemplateInspector, pdf: Uint8Array): Promise<PageSize[]> {
  const result = await inspect(inspector, { kind: 'pages', pdf }, 'file');
  return [...(result.pageSizes ?? [])];
}

async function inspect(inspector: TemplateInspector, job: Extract<WorkerJob, { kind: 'inspect' | 'pages' }>, property: string) {
  let result;
  try {
    // The job is cloned to the thread (nothing is transferred): the caller keeps its bytes to store.
    result = await inspector.pool.run(job, { tenant: inspector.tenant });
  } catch (error) {
    if (!(error instanceof PoolError)) throw error;
    if (error.reason === 'timeout' || error.reason === 'memory') throw new ApiError(422, 'ValidationError', `${property}: the PDF could not be read within the limits (${error.message})`, [{ property, message: error.message }]);
    if (error.reason === 'crashed') throw error;
    throw new ApiError(503, 'ServiceUnavailableError', `The server is busy: ${error.message}; retry shortly`);
  }
  if (result.ok) return result;
  const { error } = result;
  if (error.name === 'ValidationError') throw new ApiError(400, 'ValidationError', error.fields.map((f) => `${f.property}: ${f.message}`).join('; '), error.fields);
  if (error.name === 'FillError') throw new ApiError(400, 'ValidationError', `${property}: ${error.message}`, [{ property, message: error.message }]);
  throw new Error(`inspecting a template failed: ${error.message}`);
}
