// Runs a child script of test/server/store/fixtures/ in several processes at once, on one
// store: several instances migrating together, or racing for one embed token.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Store } from '../../../server/store/types.js';
import { sha256 } from './contract.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

interface StoreLocation {
  readonly dataDir: string;
  readonly databaseUrl?: string;
}

/**
 * Starts `count` processes of `fixtures/<child>` on the store at `location`, all released at
 * one moment (QUIRE_CHILD_START_AT), each with `env(n)` besides; resolves to what they print.
 */
async function runChildren(child: string, count: number, location: StoreLocation, env: (n: number) => Record<string, string> = () => ({})): Promise<string[]> {
  const script = fileURLToPath(new URL(`./fixtures/${child}`, import.meta.url));
  // Loading TypeScript through tsx takes a moment: start together once all have loaded.
  const startAt = Date.now() + 3000;
  const runs = Array.from({ length: count }, (_, n) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: REPO,
      timeout: 60_000,
      env: {
        ...process.env,
        QUIRE_CHILD_DATA_DIR: location.dataDir,
        QUIRE_CHILD_DATABASE_URL: location.databaseUrl ?? '',
        QUIRE_CHILD_START_AT: String(startAt),
        ...env(n),
      },
    }),
  );
  return (await Promise.all(runs)).map(({ stdout }) => stdout.trim());
}

/** Starts `count` processes that each open the store (migrating it) and create an organization; resolves to the slugs they print. */
export function openStoreInProcesses(count: number, location: StoreLocation): Promise<string[]> {
  return runChildren('open-store-child.ts', count, location);
}

/**
 * A token in a new organization of `store`, consumed by 4 processes on the same (migrated)
 * database with 5 concurrent calls each, all at one moment: every call's state.
 */
export async function consumeSharedTokenInProcesses(store: Store, location: StoreLocation): Promise<string[]> {
  const acme = await store.createOrganization({ name: 'Acme' });
  await store.createEmbedToken({
    organizationId: acme.id,
    secretHash: sha256('shared'),
    objectType: 'cast',
    objectEid: 'CCCCCCCCCCCCCCCCCCCC',
    embedType: 'edit-pdf-template',
    options: {},
    metadata: null,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const outputs = await runChildren('consume-embed-token-child.ts', 4, location, (n) => ({
    QUIRE_CHILD_SECRET_HASH: sha256('shared'),
    QUIRE_CHILD_CALLS: '5',
    QUIRE_CHILD_NAME: `child ${n}`,
  }));
  return outputs.flatMap((stdout) => JSON.parse(stdout) as string[]);
}
