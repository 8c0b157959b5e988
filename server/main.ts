// `npm start`: the server with its embedded store, configured by environment variables.
import { bootstrapStore } from './bootstrap.js';
import { loadConfig, type ServerConfig } from './config.js';
import { startServer, type RunningServer } from './server.js';

const config = configOrExit();
const server = await startOrExit(config);
const created = await bootstrapStore(server.store);
if (created) {
  // Printed once, to the console only (never logged): the store keeps only its hash.
  process.stdout.write(`\nQuire: created the development organization ${created.organizationEid}.\nDevelopment API key (shown once; its output is watermarked): ${created.key}\n` +
    `Try: curl -u ${created.key}: -H 'Content-Type: application/json' -d '{"data":[{"label":"Hello","content":"**World**"}]}' ${server.url}/api/v1/generate-pdf -o hello.pdf\n\n`);
}
server.app.log.info({ url: server.url, store: server.store.kind, workers: config.workers.threads }, 'Quire is listening');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    server.close().then(() => process.exit(0), (error: unknown) => {
      server.app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  });
}

/** The configuration, or a one-line message naming the bad variable and exit 1. */
function configOrExit(): ServerConfig {
  try {
    return loadConfig();
  } catch (error) {
    process.stderr.write(`Quire: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

/** The running server, or a message saying what stopped it and what to do, and exit 1. */
async function startOrExit(config: ServerConfig): Promise<RunningServer> {
  try {
    return await startServer(config);
  } catch (error) {
    process.stderr.write(`Quire: ${startProblem(error, config)}\n`);
    process.exit(1);
  }
}

function startProblem(error: unknown, config: ServerConfig): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const where = `${config.host}:${config.port}`;
  if (code === 'EADDRINUSE') return `port ${config.port} is already in use (${where}): stop the other server, or start Quire on another port, e.g. PORT=${config.port === 3000 ? 3001 : 3000} npm start`;
  if (code === 'EACCES') return `not allowed to listen on ${where}: ports below 1024 need privileges; choose another with PORT=…`;
  if (code === 'EADDRNOTAVAIL') return `cannot listen on ${where}: HOST is not an address of this machine`;
  return `could not start: ${error instanceof Error ? error.message : String(error)}`;
}
