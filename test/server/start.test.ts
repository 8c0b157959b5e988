// `npm start`'s program on an empty data directory: it creates the development organization
// and prints its key once, serves, and shuts down gracefully on SIGTERM.
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs server/main.ts with PORT 0 (or `env`'s) on loopback. */
function spawnMain(dataDir: string, env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', QUIRE_DATA_DIR: dataDir, QUIRE_WORKERS: '1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts server/main.ts; resolves once it listens, with its output so far and the process. */
async function start(dataDir: string) {
  const child = spawnMain(dataDir);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listen line in:\n${output}`)), 30_000);
    child.stdout.on('data', () => {
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
  const stopped = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url, output: () => output, stopped };
}

describe('npm start (server/main.ts)', () => {
  it('bootstraps an empty store once, serves with the printed key, and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-start-'));
    try {
      const first = await start(dataDir);
      const key = /Development API key \(shown once; its output is watermarked\): ([0-9A-Za-z]{32})/.exec(first.output())?.[1];
      expect(key).toBeDefined();
      const res = await fetch(`${first.url}/api/v1/generate-pdf`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: [{ label: 'Hello', content: 'World' }] }),
      });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
      // The log names no key.
      expect(first.output().split('\n').filter((line) => line.startsWith('{')).join('\n')).not.toContain(key!);
      first.child.kill('SIGTERM');
      expect(await first.stopped).toBe(0);

      const second = await start(dataDir);
      expect(second.output()).not.toContain('Development API key');
      expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await second.stopped).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('logs requests without their query string, so a key sent as ?key=… is never written', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-start-'));
    try {
      const server = await start(dataDir);
      const secret = 'QueryKey0123456789abcdefQueryKey';
      const res = await fetch(`${server.url}/api/v1/generate-pdf?key=${secret}&other=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(401);
      server.child.kill('SIGTERM');
      expect(await server.stopped).toBe(0);
      const log = server.output();
      expect(log).toContain('/api/v1/generate-pdf?[redacted]');
      expect(log).not.toContain(secret);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('says which port is in use and what to do, without a stack trace', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-start-'));
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const child = spawnMain(dataDir, { PORT: String(port) });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`port ${port} is already in use`);
      expect(stderr).toMatch(/PORT=\d+/);
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('names a bad configuration variable in one line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-start-'));
    try {
      const child = spawnMain(dataDir, { QUIRE_WORKERS: 'many' });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe('Quire: QUIRE_WORKERS must be an integer from 1 to 256, not "many"');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
