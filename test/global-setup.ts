// Runs once before the suite: says out loud what will not be tested on this machine, rather
// than letting the runner report it only as "skipped".
export default function setup(): void {
  if (!process.env.QUIRE_TEST_DATABASE_URL) {
    process.stderr.write(
      '\nNote: the PostgreSQL store tests (test/server/store/postgres.test.ts) are SKIPPED: QUIRE_TEST_DATABASE_URL is not set.\n' +
      '      `bash .ci/run` starts a throwaway PostgreSQL and sets it; or point it at an empty database you own.\n\n',
    );
  }
}
