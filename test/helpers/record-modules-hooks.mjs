// The resolve hook of record-modules.mjs; it runs on the loader's own thread, hence the
// synchronous append (nothing is lost when the process exits).
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(process.env.QUIRE_RECORD_MODULES, `${resolved.url}\n`);
  return resolved;
}
