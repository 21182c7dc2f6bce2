import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server standing in for the Postloom API in the extension's unit tests. */
export interface FakeApiServer {
  url: string;
  requests: Array<{ method: string; path: string; authorization: string | null; body: unknown }>;
  /** Answers for `METHOD /path`: status and JSON body. */
  routes: Map<string, { status: number; body: unknown }>;
  close: () => Promise<void>;
}

export async function startFakeApiServer(): Promise<FakeApiServer> {
  const requests: FakeApiServer['requests'] = [];
  const routes: FakeApiServer['routes'] = new Map();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      requests.push({
        method: req.method ?? 'GET',
        path,
        authorization: req.headers.authorization ?? null,
        body: raw ? JSON.parse(raw) : null,
      });
      const route = routes.get(`${req.method} ${path}`) ?? {
        status: 404,
        body: { code: 'not_found', message: 'Not found' },
      };
      res.writeHead(route.status, { 'content-type': 'application/json' }).end(JSON.stringify(route.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    routes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const UNAUTHORIZED = {
  status: 401,
  body: { code: 'not_authenticated', message: 'Not authenticated' },
};
