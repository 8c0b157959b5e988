// Encrypted request data (spec pdf-generation.md §4.2), in the hybrid format of the
// @anvilco/encryption package the official clients use: a random AES-256 key (64 hex
// characters, used as text) encrypted with the organization's RSA public key (OAEP, SHA-1),
// then the message encrypted with AES-256-CBC under that key:
//   base64(RSA(aesKeyHex)) ":" hex(iv) ":" hex(ciphertext)
// The server keeps each organization's private key, sealed at rest with the server's own
// master key (AES-256-GCM), so a copy of the database alone does not give it away.
import { createCipheriv, createDecipheriv, generateKeyPairSync, privateDecrypt, publicEncrypt, randomBytes, constants } from 'node:crypto';

/** Bounds on an encrypted payload's parts (the RSA part is one key's size; the message may be large). */
const MAX_ENCRYPTED_LENGTH = 64 * 1024 * 1024;

export class DecryptionError extends Error {
  override readonly name = 'DecryptionError';
}

/** A new RSA key pair for an organization, as PEM (SPKI public, PKCS#8 private). */
export function generateEncryptionKeyPair(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

/** Encrypts like the clients do (for tests and tools). */
export function encryptForOrganization(publicKeyPem: string, message: string): string {
  const aesKeyHex = randomBytes(32).toString('hex');
  const wrapped = publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING }, Buffer.from(aesKeyHex));
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(aesKeyHex, 'hex'), iv);
  const body = Buffer.concat([cipher.update(message, 'utf8'), cipher.final()]);
  return `${wrapped.toString('base64')}:${iv.toString('hex')}:${body.toString('hex')}`;
}

/** Decrypts a client's encrypted string with the organization's private key. */
export function decryptFromClient(privateKeyPem: string, encrypted: string): string {
  if (encrypted.length > MAX_ENCRYPTED_LENGTH) throw new DecryptionError('the encrypted data is too large');
  const parts = encrypted.trim().split(':');
  if (parts.length !== 3 || !/^[A-Za-z0-9+/]+=*$/.test(parts[0]!) || !/^[0-9a-fA-F]{32}$/.test(parts[1]!) || !/^(?:[0-9a-fA-F]{2})+$/.test(parts[2]!)) {
    throw new DecryptionError('expected "<base64 RSA-encrypted key>:<hex IV>:<hex AES-256-CBC ciphertext>"');
  }
  try {
    const aesKeyHex = privateDecrypt({ key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING }, Buffer.from(parts[0]!, 'base64')).toString();
    if (!/^[0-9a-fA-F]{64}$/.test(aesKeyHex)) throw new Error('bad key');
    const decipher = createDecipheriv('aes-256-cbc', Buffer.from(aesKeyHex, 'hex'), Buffer.from(parts[1]!, 'hex'));
    return Buffer.concat([decipher.update(Buffer.from(parts[2]!, 'hex')), decipher.final()]).toString('utf8');
  } catch {
    throw new DecryptionError('the data could not be decrypted with this organization\'s key');
  }
}

/** Seals a private key with the 32-byte master key: base64(iv | tag | ciphertext). */
export function sealSecret(masterKey: Uint8Array, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openSecret(masterKey: Uint8Array, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', masterKey, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
