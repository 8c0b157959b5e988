// `npm start`: the server with its embedded store, configured by environment variables.
import { bootstrapStore } from './bootstrap.js';
import { loadConfig } from './config.js';
import { startServer } from './server.js';

const config = loadConfig();
const server = await startServer(config);
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
