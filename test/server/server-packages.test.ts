// The server's packages stay out of a library install (issue 20, part 5): they are optional
// peer dependencies (and development dependencies of this repository), the library never
// imports them, and `quire serve` without them says what to install.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadServer, SERVER_PACKAGES } from '../../server/server-packages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

/** The packages (not node: modules, not relative paths) that the files under `folder` import. */
function importedPackages(folder: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from\s+|import\()'([^'.][^']*)'/g)) {
      if (specifier!.startsWith('node:')) continue;
      const parts = specifier!.split('/');
      names.add(specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return names;
}

describe('the server’s packages', () => {
  it('are optional peers and development dependencies, not dependencies', () => {
    for (const name of SERVER_PACKAGES) {
      expect(pkg.dependencies[name], name).toBeUndefined();
      expect(pkg.peerDependencies[name], name).toBe(pkg.devDependencies[name]);
      expect(pkg.peerDependenciesMeta[name]?.optional, name).toBe(true);
    }
    // Every optional peer but React (the embedded builders' component) is one of them.
    const peers = Object.keys(pkg.peerDependencies).filter((name) => name !== 'react');
    expect(peers.sort()).toEqual([...SERVER_PACKAGES].sort());
  });

  it('the library imports none of them, and every package it imports is a dependency', () => {
    const library = importedPackages('src');
    for (const name of SERVER_PACKAGES) expect(library.has(name), name).toBe(false);
    for (const name of library) expect(pkg.dependencies[name], name).toBeDefined();
  });

  it('quire serve without them names what to install', async () => {
    const messages: string[] = [];
    const missing = Object.assign(new Error("Cannot find package 'fastify' imported from /app/node_modules/quire/dist/server/app.js"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(loadServer(() => Promise.reject(missing), (t) => messages.push(t))).resolves.toBeNull();
    expect(messages.join('')).toContain('"fastify" is not installed');
    expect(messages.join('')).toContain(`npm install ${SERVER_PACKAGES.join(' ')}`);
    // Any other failure is the server's own, and is not hidden.
    const other = Object.assign(new Error("Cannot find package 'left-pad' imported from x"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(loadServer(() => Promise.reject(other), (t) => messages.push(t))).rejects.toBe(other);
    await expect(loadServer(() => Promise.resolve(42), (t) => messages.push(t))).resolves.toBe(42);
  });
});
