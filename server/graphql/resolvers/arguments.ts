// Checks shared by the mutations' arguments.
import type { Organization } from '../../store/types.js';
import type { GraphQLContext } from '../context.js';
import { invalid, notFound } from '../errors.js';

const MAX_TEXT = 1000;
const MAX_IDS = 1000;

/** The caller's organization; another organization's eid is as unknown as a missing one. */
export function ownOrganization(context: GraphQLContext, organizationEid: string | null | undefined): Organization {
  const own = context.caller.organization;
  if (organizationEid !== undefined && organizationEid !== null && organizationEid !== own.eid) throw notFound(`No organization ${organizationEid.slice(0, 64)}`);
  return own;
}

/** A trimmed, bounded text argument; undefined when absent. */
export function optionalText(value: string | null | undefined, property: string, max = MAX_TEXT): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value.length > max) throw invalid(property, `At most ${max} characters`);
  if (value.includes('\u0000')) throw invalid(property, 'Must not contain NUL characters');
  return value.trim();
}

export function checkAliasIdList(value: (string | null)[] | null | undefined, property: string): string[] | null {
  if (value === undefined || value === null) return null;
  if (value.length > MAX_IDS) throw invalid(property, `At most ${MAX_IDS} ids`);
  return value.map((id, i) => {
    if (typeof id !== 'string' || id.trim() === '' || id.length > 128) throw invalid(`${property}[${i}]`, 'Expected a non-empty id of at most 128 characters');
    return id;
  });
}
