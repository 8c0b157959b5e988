// The server's own packages (fastify, mercurius, the store's drivers) are optional peer
// dependencies in package.json, so that a library install (`npm install quire`) leaves them
// out; this repository has them as development dependencies. `quire serve` and `quire admin`
// load them, and say what to install when they are missing.

/** The optional peers of package.json that the server needs. */
export const SERVER_PACKAGES: readonly string[] = ['@fastify/multipart', 'fastify', 'graphql', 'kysely', 'libsql', 'mercurius', 'pg', 'pino'];

/** Runs `load`; a server package that is not installed becomes a message on `stderr` and null. */
export async function loadServer<T>(load: () => Promise<T>, stderr: (text: string) => void): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    const missing = missingPackage(error);
    if (missing === null || !SERVER_PACKAGES.includes(missing)) throw error;
    stderr(`quire: the server needs packages that a library install leaves out ("${missing}" is not installed).\n` +
      `Install them beside quire: npm install ${SERVER_PACKAGES.join(' ')}\n`);
    return null;
  }
}

/** The package an import could not find, from Node's ERR_MODULE_NOT_FOUND. */
function missingPackage(error: unknown): string | null {
  if (!(error instanceof Error) || (error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') return null;
  return /Cannot find package '([^']+)'/.exec(error.message)?.[1] ?? null;
}
