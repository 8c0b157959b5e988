// The customer's app in the browser tests: a page on another origin (localhost, while Quire
// listens on 127.0.0.1) that embeds a builder through our EmbedFrame or the hosted API's
// @anvilco/anvil-embed-frame, records every event it is given, and sends commands. It also
// holds a second, unrelated iframe whose commands the builder must ignore.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Site {
  /** e.g. http://localhost:41234 */
  readonly origin: string;
  /** The parent page embedding `iframeUrl` with `frame` ('quire' or 'anvil'); `serverOrigin` defaults to the URL's. */
  pageUrl(iframeUrl: string, frame: 'quire' | 'anvil', serverOrigin?: string): string;
  close(): Promise<void>;
}

let bundle: Promise<string> | null = null;

/** The parent page's script: React, both frame components, bundled once per test process. */
function parentScript(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(here, 'parent', 'main.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customer app</title>
<style>body{margin:0;font:14px system-ui}iframe.builder{width:1200px;height:800px;border:0;display:block}</style>
<script type="module" src="/parent.js"></script></head><body><div id="root"></div></body></html>`;

const ROGUE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another frame</title></head><body>another frame</body></html>`;

export async function startParentSite(): Promise<Site> {
  const script = await parentScript();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/parent.js') return send(res, 'text/javascript', script);
    if (url.pathname === '/rogue.html') return send(res, 'text/html', ROGUE);
    return send(res, 'text/html', PAGE);
  });
  const port = await listen(server);
  const origin = `http://localhost:${port}`;
  return {
    origin,
    pageUrl: (iframeUrl, frame, serverOrigin) => {
      const query = new URLSearchParams({ url: iframeUrl, frame, origin: serverOrigin ?? new URL(iframeUrl).origin });
      return `${origin}/?${query}`;
    },
    close: () => close(server),
  };
}

/** A reverse proxy that mounts `target` (an http origin) under `prefix` on a port of its own. */
export async function startPrefixProxy(target: string, prefix: string): Promise<{ base: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (!url.startsWith(`${prefix}/`)) {
      res.writeHead(404).end('not under the prefix');
      return;
    }
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: url.slice(prefix.length), headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  const port = await listen(server);
  return { base: `http://127.0.0.1:${port}${prefix}`, close: () => close(server) };
}

function send(res: ServerResponse, type: string, body: string): void {
  res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(body);
}

function listen(server: Server): Promise<number> {
  // Every interface, so that both localhost (::1 or 127.0.0.1) and 127.0.0.1 reach it.
  return new Promise((resolve) => server.listen(0, () => resolve((server.address() as AddressInfo).port)));
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
