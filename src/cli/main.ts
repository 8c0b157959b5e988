#!/usr/bin/env node
// The `quire` executable (package.json "bin"): runs the command line and exits with its status.
import { runCli } from './run.js';

process.exitCode = await runCli(process.argv.slice(2));
