// How long an embed URL stays valid: `validForSeconds` or `validUntil`, else the default; never
// past the maximum. Both bounds are configuration (QUIRE_EMBED_DEFAULT_SECONDS, _MAX_SECONDS).
import { invalid } from '../graphql/errors.js';

export interface EmbedLifetimes {
  readonly defaultSeconds: number;
  readonly maxSeconds: number;
  /** How long the session opened by a URL's one load lasts. */
  readonly sessionSeconds: number;
}

export function tokenExpiry(args: { validForSeconds?: number | null; validUntil?: string | null }, limits: EmbedLifetimes, now: Date): Date {
  const { validForSeconds, validUntil } = args;
  const hasSeconds = validForSeconds !== undefined && validForSeconds !== null;
  const hasUntil = validUntil !== undefined && validUntil !== null;
  if (hasSeconds && hasUntil) throw invalid('validUntil', 'Give validForSeconds or validUntil, not both');
  if (hasSeconds) {
    if (!Number.isInteger(validForSeconds) || validForSeconds < 1 || validForSeconds > limits.maxSeconds) {
      throw invalid('validForSeconds', `Expected a whole number of seconds from 1 to ${limits.maxSeconds}, received ${validForSeconds}`);
    }
    return new Date(now.getTime() + validForSeconds * 1000);
  }
  if (hasUntil) {
    // ISO 8601 with a date and a time; a zone is optional (UTC when absent).
    if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(validUntil)) throw invalid('validUntil', `Expected an ISO 8601 date-time such as 2030-08-17T13:22:17+00:00, received "${validUntil.slice(0, 64)}"`);
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(validUntil) ? validUntil : `${validUntil}Z`;
    const until = new Date(zoned.replace(' ', 'T'));
    if (Number.isNaN(until.getTime())) throw invalid('validUntil', `Not a valid date-time: "${validUntil.slice(0, 64)}"`);
    if (until.getTime() <= now.getTime()) throw invalid('validUntil', 'Must be in the future');
    if (until.getTime() - now.getTime() > limits.maxSeconds * 1000) throw invalid('validUntil', `Must be at most ${limits.maxSeconds} seconds from now`);
    return until;
  }
  return new Date(now.getTime() + limits.defaultSeconds * 1000);
}
