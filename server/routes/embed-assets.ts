// GET /embed/assets/<file>: the builders' front end, loaded by the builder page by relative URLs
// (so it works under a path prefix). Public and the same for everyone: cached for an hour, and
// sent precompressed (brotli or gzip, made at build time) to a client that takes it.
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from '../app.js';
import { defaultWebRoot, findAsset } from '../embed/assets.js';
import { sendError } from '../http-errors.js';

export const EMBED_ASSETS_ROUTE = '/embed/assets/:file';

export function registerEmbedAssetRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const root = deps.webRoot ?? defaultWebRoot();
  // A server built with tsc alone (not `npm run build`) would serve builder pages that stay blank.
  if (!existsSync(path.join(root, 'builder.js'))) app.log.warn({ root }, 'The embedded builders are not built (no builder.js): run `npm run build`');
  app.get<{ Params: { file: string } }>(EMBED_ASSETS_ROUTE, async (request, reply) => {
    const asset = await findAsset(root, request.params.file, String(request.headers['accept-encoding'] ?? ''));
    if (!asset) return sendError(reply, 404, 'NotFoundError', `No asset ${request.params.file.slice(0, 64)}`);
    if (asset.encoding) reply.header('Content-Encoding', asset.encoding);
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Vary', 'Accept-Encoding')
      .header('Content-Length', asset.size)
      .type(asset.contentType)
      .send(createReadStream(asset.file));
  });
}
