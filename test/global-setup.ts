// Runs once before the suite: builds the embedded builders' front end (the browser tests load
// dist/web, so they always see the current source), and says out loud what will not be tested
// on this machine, rather than letting the runner report it only as "skipped".
import { buildWeb } from '../web/build.mjs';

export default async function setup(): Promise<void> {
  await buildWeb();
  if (!process.env.QUIRE_TEST_DATABASE_URL) {
    process.stderr.write(
      '\nNote: the PostgreSQL store tests (test/server/store/postgres.test.ts) are SKIPPED: QUIRE_TEST_DATABASE_URL is not set.\n' +
      '      `bash .ci/run` starts a throwaway PostgreSQL and sets it; or point it at an empty database you own.\n\n',
    );
  }
}
