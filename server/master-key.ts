// The server's master key seals organizations' private keys at rest (encryption.ts). It comes
// from QUIRE_MASTER_KEY (64 hex characters; set it when several instances share a
// PostgreSQL store), else from `<dataDir>/master.key`, created on first start, readable by
// its owner only.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function loadMasterKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.QUIRE_MASTER_KEY?.trim();
  if (fromEnv) {
    if (!/^[0-9a-fA-F]{64}$/.test(fromEnv)) throw new Error('QUIRE_MASTER_KEY must be 64 hex characters (32 bytes)');
    return Buffer.from(fromEnv, 'hex');
  }
  const file = path.join(dataDir, 'master.key');
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(`${file} does not hold a 64-hex-character key`);
    return Buffer.from(text, 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': never overwrite a key another process wrote first; then read whichever won.
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }
}
