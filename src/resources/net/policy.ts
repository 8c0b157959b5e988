// Which hosts and addresses a loader may connect to: public unicast addresses always, and
// private/loopback/other special addresses only when `allowPrivate` names the host, the
// address, or a CIDR range containing it.
import { classifyAddress, embeddedIpv4, inPrefix, parseIp, type AddressBytes } from './address.js';

export interface AddressPolicy {
  /** True when the host name (not an IP literal) is named in `allowPrivate`. */
  hostAllowed(hostname: string): boolean;
  /** True when `hostname` may be connected to at `address` (an address it resolved to). */
  addressAllowed(hostname: string, address: string): boolean;
  /** True when the name is refused before any DNS lookup (`localhost`, `*.localhost`). */
  nameBlocked(hostname: string): boolean;
}

interface Subnet {
  readonly prefix: AddressBytes;
  readonly bits: number;
}

/** Builds the policy from `allowPrivate` entries: host names, IP addresses or CIDR ranges. */
export function createAddressPolicy(allowPrivate: readonly string[] = []): AddressPolicy {
  const hosts = new Set<string>();
  const subnets: Subnet[] = [];
  for (const entry of allowPrivate) {
    const subnet = parseSubnet(entry);
    if (subnet) subnets.push(subnet);
    else hosts.add(normalizeHost(entry));
  }
  const hostAllowed = (hostname: string): boolean => hosts.has(normalizeHost(hostname));
  return {
    hostAllowed,
    nameBlocked: (hostname) => !hostAllowed(hostname) && isLocalhostName(normalizeHost(hostname)),
    addressAllowed(hostname, address) {
      if (hostAllowed(hostname)) return true;
      if (classifyAddress(address) === 'public') return true;
      const bytes = parseIp(address);
      return bytes !== null && subnets.some((subnet) => inSubnet(bytes, subnet));
    },
  };
}

/** `10.0.0.0/8`, `::1`, `127.0.0.1` (a single address is a full-length prefix); null for names. */
function parseSubnet(entry: string): Subnet | null {
  const slash = entry.lastIndexOf('/');
  const prefix = parseIp(slash < 0 ? entry : entry.slice(0, slash));
  if (!prefix) return null;
  const max = prefix.length * 8;
  const bits = slash < 0 ? max : Number(entry.slice(slash + 1));
  if (!Number.isInteger(bits) || bits < 0 || bits > max) return null;
  return { prefix, bits };
}

/** Matches directly, or through the IPv4 address an IPv6 form embeds (::ffff:127.0.0.1). */
function inSubnet(bytes: AddressBytes, subnet: Subnet): boolean {
  if (inPrefix(bytes, subnet.prefix, subnet.bits)) return true;
  const inner = embeddedIpv4(bytes);
  return inner !== null && inPrefix(inner, subnet.prefix, subnet.bits);
}

/** Lower case, without brackets or a trailing dot, so `LOCALHOST.` and `localhost` are one host. */
export function normalizeHost(hostname: string): string {
  let host = hostname.trim().toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** RFC 6761 §6.3: `localhost` and every name under it are loopback, whatever DNS says. */
function isLocalhostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}
