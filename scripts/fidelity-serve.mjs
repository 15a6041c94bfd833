/**
 * A read-only static file server on the loopback interface, for tests that render the
 * gallery over http(s) (with allowPrivateNetwork), the way a service client would. The
 * fidelity runner reads the same files directly with render()'s `files` option instead.
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.otf': 'font/otf',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * Serves the files under `root` (nothing outside it) on 127.0.0.1, on a free port.
 * @param {string} root
 * @returns {Promise<{ origin: string, urlFor: (path: string) => string, close: () => Promise<void> }>}
 */
export async function serveDirectory(root) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = resolve(base, `.${path}`);
      if (req.method !== 'GET' || (file !== base && !file.startsWith(base + sep))) {
        res.writeHead(req.method !== 'GET' ? 405 : 403).end();
        return;
      }
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      // Validators as a static file server such as nginx sends them by default (no
      // Cache-Control), and the 304 it answers a request that already has the file.
      const etag = `"${Math.floor(info.mtimeMs).toString(16)}-${info.size.toString(16)}"`;
      const lastModified = new Date(info.mtimeMs).toUTCString();
      const since = Date.parse(req.headers['if-modified-since'] ?? '');
      if (
        req.headers['if-none-match'] === etag ||
        (req.headers['if-none-match'] === undefined &&
          since >= Math.floor(info.mtimeMs / 1000) * 1000)
      ) {
        res.writeHead(304, { etag, 'last-modified': lastModified }).end();
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-length': body.length,
        etag,
        'last-modified': lastModified,
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    urlFor: (path) => new URL(path.split(sep).map(encodeURIComponent).join('/'), `${origin}/`).href,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
