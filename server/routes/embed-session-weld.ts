// The workflow builder's changes (edit-workflow sessions): the Weld's name and settings, and
// finishing, which publishes it (embedded-builders.md §3, §6): `weldCreate` when the Weld was a
// draft when the embed URL was made, `weldEdit` when it had been published.
import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from '../app.js';
import { bodyObject, checkKeys, describe, isObject, name, text, type Check } from '../embed/field-checks.js';
import { weldView } from '../embed/object-views.js';
import { organizationSlug, requireSession } from '../embed/session.js';
import { sessionRoute } from '../embed/session-reply.js';
import { ApiError, invalid } from '../graphql/errors.js';
import type { JsonObject, WeldChanges } from '../store/types.js';

const MAX_SETTINGS = 50;
/** What a finished Weld's visibility becomes. */
export const PUBLISHED = 'published';

export function registerEmbedSessionWeldRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const { store } = deps;

  /** `{ name?, settings? }` → the Weld, as GET /embed/session/object's `object`; settings replace the Weld's. */
  app.put('/embed/session/weld', sessionRoute(async (request) => {
    const { record: weld } = await requireSession(store, request, 'weld');
    const body = bodyObject(request.body, '{ name?, settings? }');
    checkKeys(body, { name, settings }, '');
    const updated = await store.updateWeld(weld.id, (current): WeldChanges => ({
      ...(body.name !== undefined ? { name: (body.name as string).trim() } : {}),
      ...(body.settings !== undefined ? { document: { ...current.document, settings: body.settings as JsonObject } } : {}),
    }));
    if (!updated) throw gone();
    return weldView(updated);
  }));

  /** Publishes the Weld: `{ action: 'weldCreate' | 'weldEdit', weldEid, organizationSlug }`. */
  app.post('/embed/session/weld/finish', sessionRoute(async (request) => {
    const { token, record: weld } = await requireSession(store, request, 'weld');
    // As it was when the URL was made (spec §6); a token made before that was recorded: as it is now.
    const wasDraft = (token.objectState ?? weld.visibility) === 'draft';
    const published = await store.updateWeld(weld.id, { visibility: PUBLISHED });
    if (!published) throw gone();
    return { action: wasDraft ? 'weldCreate' : 'weldEdit', weldEid: published.eid, organizationSlug: await organizationSlug(store, token) };
  }));
}

/** A flat object of at most 50 scalars: the builder's settings. */
const settings: Check = (value, property) => {
  if (!isObject(value)) throw invalid(property, `Expected an object of settings, received ${describe(value)}`);
  const entries = Object.entries(value);
  if (entries.length > MAX_SETTINGS) throw invalid(property, `At most ${MAX_SETTINGS} settings`);
  for (const [key, item] of entries) {
    const at = `${property}.${key.slice(0, 64)}`;
    if (key === '' || key.length > 128) throw invalid(at, 'Expected a key of 1 to 128 characters');
    if (typeof item === 'string') text(item, at);
    else if (typeof item === 'number' ? !Number.isFinite(item) : item !== null && typeof item !== 'boolean') throw invalid(at, `Expected a string, number, boolean or null, received ${describe(item)}`);
  }
};

function gone(): ApiError {
  return new ApiError(404, 'NotFoundError', 'The embedded object no longer exists');
}
