#!/usr/bin/env node
// The `quire` executable: `quire serve` starts the server, `quire admin …` manages its store,
// anything else is the engine's command line (`quire render …`).
const [command, ...rest] = process.argv.slice(2);
if (command === 'serve') {
  await import('./main.js');
} else if (command === 'admin') {
  const { runAdmin } = await import('./admin.js');
  process.exitCode = await runAdmin(rest, { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) });
} else {
  await import('../src/cli/main.js');
}
