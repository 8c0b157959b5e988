// Classifies an IP address as public or as one of the special-purpose ranges a server-side
// fetcher must never reach (RFC 6890 registries; RFC 1918 private, RFC 6598 shared/CGNAT,
// RFC 3927 and RFC 4291 link-local, RFC 4193 unique-local). Pure: no DNS, no sockets.
// IPv6 forms that embed an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d,
// IPv4-translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are classified by the
// IPv4 address inside, since that is where a packet to them can end up.
import { isIP } from 'node:net';

export type AddressCategory =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'unique-local'
  | 'reserved'
  | 'invalid';

/** A parsed address: 4 bytes for IPv4, 16 for IPv6. */
export type AddressBytes = Uint8Array;

interface Range {
  readonly prefix: AddressBytes;
  readonly bits: number;
  readonly category: AddressCategory;
}

const range = (text: string, bits: number, category: AddressCategory): Range => ({ prefix: parseIp(text)!, bits, category });

// First match wins, so narrower ranges come before the wider ones that contain them.
const IPV4_RANGES: readonly Range[] = [
  range('255.255.255.255', 32, 'broadcast'),
  range('0.0.0.0', 32, 'unspecified'),
  range('0.0.0.0', 8, 'reserved'), // "this network"
  range('127.0.0.0', 8, 'loopback'),
  range('10.0.0.0', 8, 'private'),
  range('172.16.0.0', 12, 'private'),
  range('192.168.0.0', 16, 'private'),
  range('169.254.0.0', 16, 'link-local'),
  range('100.64.0.0', 10, 'shared'),
  range('192.0.0.0', 24, 'reserved'), // IETF protocol assignments
  range('192.0.2.0', 24, 'reserved'), // documentation (TEST-NET-1..3)
  range('198.51.100.0', 24, 'reserved'),
  range('203.0.113.0', 24, 'reserved'),
  range('198.18.0.0', 15, 'reserved'), // benchmarking
  range('224.0.0.0', 4, 'multicast'),
  range('240.0.0.0', 4, 'reserved'),
];

const IPV6_RANGES: readonly Range[] = [
  range('::', 128, 'unspecified'),
  range('::1', 128, 'loopback'),
  range('fe80::', 10, 'link-local'),
  range('fec0::', 10, 'private'), // deprecated site-local
  range('fc00::', 7, 'unique-local'),
  range('ff00::', 8, 'multicast'),
  range('100::', 64, 'reserved'), // discard-only
  range('2001:db8::', 32, 'reserved'), // documentation
];

/** Where each embedding form keeps its IPv4 address: the prefix and the byte offset. */
const EMBEDDED_IPV4: readonly { readonly prefix: AddressBytes; readonly bits: number; readonly offset: number }[] = [
  { prefix: parseIp('::ffff:0:0')!, bits: 96, offset: 12 }, // IPv4-mapped
  { prefix: parseIp('::ffff:0:0:0')!, bits: 96, offset: 12 }, // IPv4-translated (SIIT)
  { prefix: parseIp('64:ff9b::')!, bits: 96, offset: 12 }, // NAT64 well-known prefix
  { prefix: parseIp('2002::')!, bits: 16, offset: 2 }, // 6to4
  { prefix: parseIp('::')!, bits: 96, offset: 12 }, // IPv4-compatible (deprecated); :: and ::1 match earlier
];

/** The category of an IP address in text form (`10.0.0.1`, `::ffff:7f00:1`, `fe80::1%eth0`). */
export function classifyAddress(address: string): AddressCategory {
  const bytes = parseIp(address);
  return bytes ? classifyBytes(bytes) : 'invalid';
}

/** True when the address is a public unicast address, safe for a server to fetch from. */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}

function classifyBytes(bytes: AddressBytes): AddressCategory {
  if (bytes.length === 4) return matchRange(bytes, IPV4_RANGES) ?? 'public';
  const exact = matchRange(bytes, IPV6_RANGES);
  if (exact) return exact;
  const inner = embeddedIpv4(bytes);
  return inner ? classifyBytes(inner) : 'public';
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIpv4(bytes: AddressBytes): AddressBytes | null {
  if (bytes.length !== 16) return null;
  for (const form of EMBEDDED_IPV4) {
    if (inPrefix(bytes, form.prefix, form.bits)) return bytes.slice(form.offset, form.offset + 4);
  }
  return null;
}

function matchRange(bytes: AddressBytes, ranges: readonly Range[]): AddressCategory | null {
  for (const range of ranges) if (inPrefix(bytes, range.prefix, range.bits)) return range.category;
  return null;
}

/** True when the first `bits` bits of `bytes` equal those of `prefix` (same family). */
export function inPrefix(bytes: AddressBytes, prefix: AddressBytes, bits: number): boolean {
  if (bytes.length !== prefix.length) return false;
  const whole = bits >> 3;
  for (let i = 0; i < whole; i++) if (bytes[i] !== prefix[i]) return false;
  const rest = bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (bytes[whole]! & mask) === (prefix[whole]! & mask);
}

/**
 * Parses an IPv4 or IPv6 address to bytes, or null. Accepts brackets (`[::1]`) and drops an
 * IPv6 zone (`%eth0`); validation is node:net's `isIP`, so only canonical dotted IPv4 passes.
 */
export function parseIp(text: string): AddressBytes | null {
  let address = text.trim();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  const family = isIP(address);
  if (family === 4) return parseIpv4(address);
  if (family === 6) return parseIpv6(address);
  return null;
}

function parseIpv4(address: string): AddressBytes {
  return Uint8Array.from(address.split('.').map(Number));
}

function parseIpv6(address: string): AddressBytes | null {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part becomes two hex groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const b = parseIpv4(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string): string[] => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const all = [...left, ...Array<string>(missing).fill('0'), ...right];
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}
