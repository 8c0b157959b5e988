// `node --import ./record-modules.mjs …`: appends the URL of every module the process
// imports, one a line, to the file named by QUIRE_RECORD_MODULES (test/cli/module-graph.test.ts).
import { register } from 'node:module';

register('./record-modules-hooks.mjs', import.meta.url);
