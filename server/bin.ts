#!/usr/bin/env node
// The `quire` executable: `quire serve` starts the server, `quire admin …` manages its store,
// anything else is the engine's command line (`quire render …`).
import { loadServer } from './server-packages.js';

const [command, ...rest] = process.argv.slice(2);
const stderr = (t: string) => void process.stderr.write(t);
if (command === 'serve') {
  if ((await loadServer(() => import('./main.js'), stderr)) === null) process.exitCode = 1;
} else if (command === 'admin') {
  const admin = await loadServer(() => import('./admin.js'), stderr);
  process.exitCode = admin ? await admin.runAdmin(rest, { stdout: (t) => process.stdout.write(t), stderr }) : 1;
} else {
  await import('../src/cli/main.js');
}
