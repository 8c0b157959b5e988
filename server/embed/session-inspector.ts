// The render pool as the session routes use it (checking a replacement PDF, reading page
// sizes): the session's organization is the unit of fairness, as its API calls are.
import type { AppDependencies } from '../app.js';
import type { TemplateInspector } from '../cast-creation.js';

export function sessionInspector(deps: AppDependencies, organizationId: number): TemplateInspector {
  return { pool: deps.pool, tenant: String(organizationId), matcher: null };
}
