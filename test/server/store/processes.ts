// Runs test/server/store/fixtures/open-store-child.ts in several processes at once.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const CHILD = fileURLToPath(new URL('./fixtures/open-store-child.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** Starts `count` processes that each open the store (migrating it) and create an organization; resolves to the slugs they print. */
export async function openStoreInProcesses(count: number, env: { readonly dataDir: string; readonly databaseUrl?: string }): Promise<string[]> {
  // Loading TypeScript through tsx takes a moment: start together once all have loaded.
  const startAt = Date.now() + 3000;
  const runs = Array.from({ length: count }, () =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: REPO,
      timeout: 60_000,
      env: {
        ...process.env,
        QUIRE_CHILD_DATA_DIR: env.dataDir,
        QUIRE_CHILD_DATABASE_URL: env.databaseUrl ?? '',
        QUIRE_CHILD_START_AT: String(startAt),
      },
    }),
  );
  const outputs = await Promise.all(runs);
  return outputs.map(({ stdout }) => stdout.trim());
}
