#!/usr/bin/env node
// The `quire` executable: `quire serve` starts the server, `quire admin …` manages its store,
// anything else is the engine's command line (`quire render …`).
const [command, ...rest] = process.argv.slice(2);
const stderr = (t: string) => void process.stderr.write(t);
// The server's modules (server-packages.js too) are imported only for its commands: the render
// path loads none of them (test/cli/module-graph.test.ts).
if (command === 'serve') {
  const { loadServer } = await import('./server-packages.js');
  if ((await loadServer(() => import('./main.js'), stderr)) === null) process.exitCode = 1;
} else if (command === 'admin') {
  const { loadServer } = await import('./server-packages.js');
  const admin = await loadServer(() => import('./admin.js'), stderr);
  process.exitCode = admin ? await admin.runAdmin(rest, { stdout: (t) => process.stdout.write(t), stderr }) : 1;
} else {
  await import('../src/cli/main.js');
}
