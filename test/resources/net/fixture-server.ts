// A local HTTP server on 127.0.0.1 for the loader tests: routes by path, counts the requests
// each path received, and records every connection attempt undici makes (through its
// diagnostics channel), so tests can tell that a refused address was never connected to.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: IncomingMessage, res: ServerResponse, fixture: Fixture) => void;

export interface Fixture {
  readonly port: number;
  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string;
  /** Requests received for a path (with its query), or for all paths without an argument. */
  hits(path?: string): number;
  close(): Promise<void>;
}

export async function startFixtureServer(routes: Readonly<Record<string, Route>>): Promise<Fixture> {
  const hits = new Map<string, number>();
  let fixture!: Fixture;
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path] ?? routes[path.split('?')[0]!];
    if (route) route(req, res, fixture);
    else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fixture = {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits: (path) => (path === undefined ? [...hits.values()].reduce((a, b) => a + b, 0) : (hits.get(path) ?? 0)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fixture;
}

/** Host names undici tried to connect to while `body` ran (IP literals included). */
export async function recordConnects<T>(body: () => Promise<T>): Promise<{ result: PromiseSettledResult<T>; hosts: string[] }> {
  const hosts: string[] = [];
  const listener = (message: unknown): void => {
    const params = (message as { connectParams?: { hostname?: string } }).connectParams;
    hosts.push(params?.hostname ?? '?');
  };
  subscribe('undici:client:beforeConnect', listener);
  try {
    const [result] = await Promise.allSettled([body()]);
    return { result: result!, hosts };
  } finally {
    unsubscribe('undici:client:beforeConnect', listener);
  }
}

/** Sends `body` with a type (and a content-length, unless `chunked`). */
export function send(type: string | null, body: Uint8Array | string, extra: Record<string, string> = {}, chunked = false): Route {
  return (_req, res) => {
    const headers: Record<string, string> = { ...extra };
    if (type !== null) headers['content-type'] = type;
    if (!chunked) headers['content-length'] = String(Buffer.byteLength(body));
    res.writeHead(200, headers);
    if (chunked && typeof body !== 'string' && body.length > 65536) {
      // Several chunks, so that the reader sees a stream with no announced length.
      for (let i = 0; i < body.length; i += 65536) res.write(body.subarray(i, i + 65536));
      res.end();
    } else res.end(body);
  };
}

export function redirect(location: string, status = 302): Route {
  return (_req, res) => {
    res.writeHead(status, { location });
    res.end();
  };
}
