/**
 * A stand-in for presigned upload URLs and callback receivers: an HTTP server on loopback that
 * keeps every request it receives (method, path, headers, body) and can be told to fail or to
 * hold requests to a path.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly sha256: string;
}

export interface UploadTarget {
  readonly url: string;
  readonly received: Received[];
  /** Requests to `path` are answered `status` the first `times` times. */
  failFirst(path: string, times: number, status: number): void;
  /** Requests to `path` wait until release() is called. */
  hold(path: string): { release(): void };
  /** GET `path` answers with this body (a page or a PDF to fetch). */
  serve(path: string, body: Uint8Array | string, contentType: string): void;
  /** Requests received for a path. */
  to(path: string): Received[];
  close(): Promise<void>;
}

export async function startTarget(): Promise<UploadTarget> {
  const received: Received[] = [];
  const failures = new Map<string, { left: number; status: number }>();
  const holds = new Map<string, Promise<void>>();
  const pages = new Map<string, { body: Uint8Array | string; contentType: string }>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = (req.url ?? '/').split('?')[0];
      await holds.get(path);
      const failure = failures.get(path);
      if (failure && failure.left > 0) {
        failure.left--;
        res.statusCode = failure.status;
        res.end();
        return;
      }
      const page = req.method === 'GET' ? pages.get(path) : undefined;
      if (page) {
        res.setHeader('content-type', page.contentType);
        res.end(page.body);
        return;
      }
      const body = Buffer.concat(chunks);
      received.push({
        method: req.method ?? '',
        path,
        headers: req.headers,
        body,
        sha256: createHash('sha256').update(body).digest('hex'),
      });
      res.statusCode = req.method === 'PUT' ? 201 : 200;
      res.end();
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failFirst(path, times, status) {
      failures.set(path, { left: times, status });
    },
    hold(path) {
      let release = () => {};
      holds.set(
        path,
        new Promise<void>((resolve) => {
          release = () => {
            holds.delete(path);
            resolve();
          };
        }),
      );
      return { release: () => release() };
    },
    serve(path, body, contentType) {
      pages.set(path, { body, contentType });
    },
    to(path) {
      return received.filter((r) => r.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
