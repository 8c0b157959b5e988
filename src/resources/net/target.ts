// The checks made on every URL before a request is sent to it, the first one and every redirect
// hop alike: the scheme must be http: or https:, an IP-literal host must be allowed (a socket
// given an IP literal skips the DNS lookup, where host names are checked), and local names such
// as `localhost` are refused before they reach DNS.
import { parseIp } from './address.js';
import type { FetchContext } from './fetch-context.js';
import type { AddressPolicy } from './policy.js';

/** Throws the loader's error when `url` may not be requested; returns normally otherwise. */
export function checkHttpTarget(url: URL, policy: AddressPolicy, context: FetchContext, what = 'the URL'): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw context.fail('blocked-scheme', `${what} uses ${url.protocol}, which is not allowed`);
  }
  const host = url.hostname;
  const ip = parseIp(host);
  if (ip && !policy.addressAllowed(host, host)) {
    throw context.fail('blocked-address', `${what} points to ${host}, which is not a public address`);
  }
  if (!ip && policy.nameBlocked(host)) {
    throw context.fail('blocked-address', `${what} points to ${host}, which is a local name`);
  }
}

/** The URL without `user:pass@`: credentials are never sent, and never appear in messages. */
export function withoutCredentials(url: URL): URL {
  if (!url.username && !url.password) return url;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy;
}
