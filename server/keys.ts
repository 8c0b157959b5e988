// API keys: random, shown once, stored only as a SHA-256 hash (keys are 190 bits of randomness,
// so a fast hash is enough and lookups stay one indexed query), and read from the
// Authorization header in the three forms clients send (spec pdf-generation.md §5).
import { createHash, randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_LENGTH = 32;
/** Characters of a key kept in the store to tell keys apart in listings. */
export const KEY_PREFIX_LENGTH = 6;

/** A new key: 32 characters of [0-9A-Za-z], uniformly random. */
export function generateApiKey(): string {
  let key = '';
  for (let i = 0; i < KEY_LENGTH; i++) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

/** How secrets are stored: API keys and embed tokens are high-entropy, so SHA-256 (hex) is enough and a lookup stays one indexed query. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * The key candidates an Authorization header carries, most likely first:
 * `Basic base64(<key>:)` (the key as the user name, empty password); `Bearer base64(<key>)`
 * (the official clients' accessToken form); `Bearer <key>`. Empty when there is none.
 */
export function keyCandidates(header: string | undefined): string[] {
  if (!header) return [];
  const match = /^\s*(Basic|Bearer)\s+(\S+)\s*$/i.exec(header);
  if (!match) return [];
  const [, scheme, credential] = match as unknown as [string, string, string];
  const decoded = decodeBase64(credential);
  if (scheme.toLowerCase() === 'basic') {
    if (decoded === null) return [];
    const colon = decoded.indexOf(':');
    const user = colon < 0 ? decoded : decoded.slice(0, colon);
    return user ? [user] : [];
  }
  return decoded !== null && decoded !== credential ? [decoded, credential] : [credential];
}

/** Strict base64 (standard alphabet, padding optional) to printable ASCII, else null. */
function decodeBase64(text: string): string | null {
  if (text.length > 1024 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const out = Buffer.from(text, 'base64').toString('latin1');
  return /^[\x20-\x7e]+$/.test(out) ? out : null;
}
