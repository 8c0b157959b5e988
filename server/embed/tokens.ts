// Embed URL tokens: 256 random bits in the URL's query string (which our logs never print),
// stored only as a SHA-256 hash, scoped to one object, used once. The builder's session after
// that one load is another random secret, held by the page (not a cookie: browsers block
// third-party cookies in iframes more and more), sent back in the X-Quire-Embed-Session header.
import { randomBytes } from 'node:crypto';
import type { EmbedObjectType } from '../store/types.js';

/** The embed types, with the object each opens; `edit-weld` is the hosted API's older name for `edit-workflow`. */
export const EMBED_TYPES: Readonly<Record<string, { readonly object: EmbedObjectType; readonly canonical: string }>> = {
  'edit-pdf-template': { object: 'cast', canonical: 'edit-pdf-template' },
  'edit-etch-packet': { object: 'etchPacket', canonical: 'edit-etch-packet' },
  'edit-workflow': { object: 'weld', canonical: 'edit-workflow' },
  'edit-weld': { object: 'weld', canonical: 'edit-workflow' },
};

export const SESSION_HEADER = 'x-quire-embed-session';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A secret as newSecret makes them (43 base64url characters); anything else is not looked up. */
export function isSecret(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The embed URL: the public base (with any path prefix), the builder's path, the token. */
export function embedUrl(publicBase: string, embedType: string, secret: string): string {
  return `${publicBase.replace(/\/+$/, '')}/embed/${embedType}?token=${secret}`;
}
