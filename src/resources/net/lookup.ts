// The DNS lookup the HTTP agent connects through. Checking addresses here, inside the socket's
// own lookup, is what defeats DNS rebinding: the address that is checked is the address that is
// connected to, with no second resolution in between. Every address a name resolves to must be
// allowed, not only the first, because the socket may fall back to any of them.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './policy.js';

/** One resolved address, as node:dns `lookup` with `all: true` gives it. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Resolves a host name to all of its addresses. */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system resolver (getaddrinfo, as browsers and node:http use), every address in OS order. */
export const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** A connection refused because of where it would go. Only the host name is kept: no URL. */
export class BlockedAddressError extends Error {
  readonly code = 'EQUIRE_BLOCKED_ADDRESS';

  constructor(
    readonly hostname: string,
    readonly address: string | null,
  ) {
    super(address ? `${hostname} resolves to ${address}, which is not a public address` : `${hostname} is a local name`);
  }
}

/** Checks the name and every resolved address; resolves to the allowed addresses or rejects. */
export async function resolveAllowed(hostname: string, policy: AddressPolicy, resolver: HostResolver): Promise<ResolvedAddress[]> {
  if (policy.nameBlocked(hostname)) throw new BlockedAddressError(hostname, null);
  const addresses = await resolver(hostname);
  if (addresses.length === 0) throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
  const blocked = addresses.find((entry) => !policy.addressAllowed(hostname, entry.address));
  if (blocked) throw new BlockedAddressError(hostname, blocked.address);
  return [...addresses];
}

/** A node:net `lookup` option that only ever hands the socket allowed addresses. */
export function guardedLookup(policy: AddressPolicy, resolver: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy, resolver).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family === 0 ? addresses : addresses.filter((entry) => entry.family === family);
        if (usable.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
        } else if (options.all) {
          callback(null, usable.map((entry) => ({ address: entry.address, family: entry.family })));
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
