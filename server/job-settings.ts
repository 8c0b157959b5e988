// The settings a worker job runs with: the server's fetch rules, and the watermark that
// development keys' output carries on every page (spec pdf-generation.md §4.1, §5).
import path from 'node:path';
import type { Caller } from './app.js';
import type { ServerConfig } from './config.js';
import type { JobSettings } from './worker-protocol.js';

export const DEVELOPMENT_WATERMARK = 'DEVELOPMENT';

export function jobSettings(config: ServerConfig, caller: Caller): JobSettings {
  return {
    deterministic: config.deterministic,
    watermark: caller.key.mode === 'development' ? DEVELOPMENT_WATERMARK : null,
    allowPrivate: config.allowPrivate,
    fontCacheDir: path.join(config.dataDir, 'font-cache'),
  };
}
