// Public identifiers and slugs. An eid is 20 characters of [0-9A-Za-z] drawn from the OS's
// CSPRNG without modulo bias (about 119 bits); a slug is the name folded to lowercase ASCII
// letters, digits and dashes.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const EID_LENGTH = 20;
export const EID_PATTERN = /^[0-9A-Za-z]{20}$/;

/** The largest multiple of 62 below 256: bytes at or above it are dropped, so every character is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

export function newEid(): string {
  let eid = '';
  while (eid.length < EID_LENGTH) {
    // 32 bytes almost always suffice (each byte is kept with probability 248/256).
    for (const byte of randomBytes(32)) {
      if (byte >= UNBIASED_LIMIT) continue;
      eid += ALPHABET[byte % ALPHABET.length];
      if (eid.length === EID_LENGTH) break;
    }
  }
  return eid;
}

export function isEid(value: string): boolean {
  return EID_PATTERN.test(value);
}

/** Slugs are cut to this many characters before any `-N` suffix. */
export const SLUG_MAX_BASE_LENGTH = 48;

/** Latin letters that NFKD does not split into a base letter and an accent. */
const LATIN_LETTERS: Readonly<Record<string, string>> = { æ: 'ae', ø: 'o', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

/** `Ācme Widgets, Inc.` → `acme-widgets-inc`; `fallback` when nothing usable is left. */
export function slugify(name: string, fallback = 'org'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // drop the accents NFKD split off
    .toLowerCase()
    .replace(/[æøœßđðłþı]/g, (letter) => LATIN_LETTERS[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_BASE_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? fallback : slug;
}

/** `base`, `base-2`, … `base-<count>`: the slugs tried in order for a name. */
export function slugCandidates(base: string, count: number): string[] {
  const candidates = [base];
  for (let n = 2; n <= count; n++) candidates.push(`${base}-${n}`);
  return candidates;
}

/** A random suffix of lowercase letters and digits, for when every numbered candidate is taken. */
export function randomSlugSuffix(length = 6): string {
  let suffix = '';
  while (suffix.length < length) {
    for (const byte of randomBytes(16)) {
      if (byte >= 252) continue; // 252 = 7 × 36
      suffix += ALPHABET[byte % 36]!.toLowerCase();
      if (suffix.length === length) break;
    }
  }
  return suffix;
}
