// What every resolver gets: the authenticated caller, the server's dependencies, and the public
// base URL that embed URLs start with.
import type { FastifyBaseLogger } from 'fastify';
import type { AppDependencies, Caller } from '../app.js';
import type { TemplateInspector } from '../cast-creation.js';
import type { EmbedLifetimes } from '../embed/lifetime.js';
import type { UploadLimits } from './uploads.js';

export interface GraphQLSettings {
  readonly uploads: UploadLimits;
  readonly embed: EmbedLifetimes;
  /** QUIRE_PUBLIC_URL, or null to take the base from each request. */
  readonly publicUrl: string | null;
  /** Most fields one operation may ask for, fragments expanded. */
  readonly maxCost: number;
  /** Deepest selection nesting. */
  readonly maxDepth: number;
  /** Most operations in one batched request. */
  readonly maxBatch: number;
}

export interface GraphQLContext {
  readonly caller: Caller;
  readonly deps: AppDependencies;
  readonly settings: GraphQLSettings;
  /** Checks uploads and finds their fields in the render pool, for this caller. */
  readonly inspector: TemplateInspector;
  readonly publicBase: string;
  readonly log: FastifyBaseLogger;
}
