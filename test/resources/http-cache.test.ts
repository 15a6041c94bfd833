/**
 * Fetched resources kept across renders as a shared HTTP cache keeps them: what the origin lets
 * a shared cache store, served while fresh, revalidated once stale, and never what it forbids.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshnessLifetime, HttpCache, storable } from '../../src/resources/http-cache.js';
import { createResourceLoader, ResourceError } from '../../src/resources/index.js';
import { loadConfig } from '../../src/server/config.js';
import { loadPage } from '../../src/server/routes/render.js';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const http = (ms: number) => new Date(ms).toUTCString();

describe('freshness of a response', () => {
  it('comes from s-maxage, then max-age, then Expires, then a tenth of its age', () => {
    expect(freshnessLifetime({ 'cache-control': 'max-age=60, s-maxage=30' }, NOW)).toBe(30_000);
    expect(freshnessLifetime({ 'cache-control': 'public, max-age=60' }, NOW)).toBe(60_000);
    expect(freshnessLifetime({ date: http(NOW), expires: http(NOW + 90_000) }, NOW)).toBe(90_000);
    const tenDaysOld = { date: http(NOW), 'last-modified': http(NOW - 10 * 3600_000) };
    expect(freshnessLifetime(tenDaysOld, NOW)).toBe(3600_000);
    // At most a day, however old.
    expect(freshnessLifetime({ 'last-modified': http(NOW - 400 * 86400_000) }, NOW)).toBe(
      86400_000,
    );
  });

  it('is none for no-cache, an invalid Expires or nothing to go by, and less its Age', () => {
    expect(freshnessLifetime({ 'cache-control': 'no-cache, max-age=60' }, NOW)).toBe(0);
    expect(freshnessLifetime({ expires: '0' }, NOW)).toBe(0);
    expect(freshnessLifetime({}, NOW)).toBe(0);
    expect(freshnessLifetime({ 'cache-control': 'max-age=60', age: '45' }, NOW)).toBe(15_000);
  });
});

describe('what a shared cache may store', () => {
  it('stores a 200 that is fresh for a while or has a validator', () => {
    expect(storable(200, { 'cache-control': 'max-age=60' }, NOW)).toBe(true);
    expect(storable(200, { etag: '"v1"' }, NOW)).toBe(true);
    expect(storable(200, { 'last-modified': http(NOW - 1000) }, NOW)).toBe(true);
  });

  it('refuses no-store, private, cookies, other statuses, odd Vary, and nothing to reuse', () => {
    expect(storable(200, { 'cache-control': 'no-store, max-age=60' }, NOW)).toBe(false);
    expect(storable(200, { 'cache-control': 'private, max-age=60' }, NOW)).toBe(false);
    expect(storable(200, { 'cache-control': 'max-age=60', 'set-cookie': 'a=b' }, NOW)).toBe(false);
    expect(storable(206, { 'cache-control': 'max-age=60' }, NOW)).toBe(false);
    expect(storable(200, { 'cache-control': 'max-age=60', vary: 'cookie' }, NOW)).toBe(false);
    expect(storable(200, { 'cache-control': 'max-age=60', vary: '*' }, NOW)).toBe(false);
    expect(storable(200, { 'cache-control': 'max-age=60', vary: 'Accept-Encoding' }, NOW)).toBe(
      true,
    );
    expect(storable(200, {}, NOW)).toBe(false);
  });
});

describe('the store', () => {
  const entry = (n: number) => ({
    bytes: Buffer.alloc(n),
    contentType: 'image/png',
    freshUntil: NOW + 1000,
  });

  it('drops the least recently used to stay within its bytes, and keeps no large entry', () => {
    const cache = new HttpCache(100, 40);
    cache.put('a', entry(40));
    cache.put('b', entry(40));
    cache.get('a');
    cache.put('c', entry(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBe(80);
    cache.put('d', entry(41));
    expect(cache.get('d')).toBeUndefined();
  });
});

// An origin whose answers each test sets, counting what it is asked.
let server: Server;
let base = '';
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_q, r) => r.end();
const asked: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req);
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One render's loader, all under the same policy (so the same cache). */
const loader = (extra: Record<string, number> = {}) =>
  createResourceLoader({ allowPrivateNetwork: true, resourceTimeoutMs: 7777, ...extra });

async function loads(path: string, times: number, extra: Record<string, number> = {}) {
  const texts: string[] = [];
  for (let i = 0; i < times; i++) {
    const res = await loader(extra).load(`${base}${path}`, 'stylesheet');
    texts.push(Buffer.from(res.bytes).toString());
  }
  return texts;
}

describe('resources fetched across renders', () => {
  it('come from the cache while fresh', async () => {
    let n = 0;
    answer = (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'max-age=60' });
      res.end(`p { order: ${++n} }`);
    };
    const before = asked.length;
    expect(await loads('/fresh.css', 3)).toEqual(Array(3).fill('p { order: 1 }'));
    expect(asked.length - before).toBe(1);
  });

  it('are fetched every time when the origin forbids keeping them', async () => {
    let n = 0;
    answer = (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'no-store' });
      res.end(`p { order: ${++n} }`);
    };
    expect(await loads('/never.css', 3)).toEqual([
      'p { order: 1 }',
      'p { order: 2 }',
      'p { order: 3 }',
    ]);
  });

  it('are asked about once stale, and a 304 serves the stored bytes', async () => {
    let n = 0;
    answer = (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"', 'cache-control': 'no-cache' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/css', etag: '"v1"', 'cache-control': 'no-cache' });
      res.end(`p { order: ${++n} }`);
    };
    const before = asked.length;
    expect(await loads('/etag.css', 3)).toEqual(Array(3).fill('p { order: 1 }'));
    const requests = asked.slice(before);
    expect(requests).toHaveLength(3);
    expect(requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, '"v1"', '"v1"']);
  });

  it('are replaced when the origin answers a revalidation with new content', async () => {
    let version = 1;
    answer = (req, res) => {
      const tag = `"v${version}"`;
      if (req.headers['if-none-match'] === tag) {
        res.writeHead(304, { etag: tag });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/css', etag: tag, 'cache-control': 'max-age=0' });
      res.end(`p { order: ${version} }`);
    };
    expect(await loads('/changes.css', 1)).toEqual(['p { order: 1 }']);
    version = 2;
    expect(await loads('/changes.css', 2)).toEqual(['p { order: 2 }', 'p { order: 2 }']);
  });

  it('are not kept after a redirect, nor with RESOURCE_CACHE_MB at 0', async () => {
    answer = (req, res) => {
      if (req.url === '/moved.css') {
        res.writeHead(302, { location: '/target.css' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'max-age=60' });
      res.end('p {}');
    };
    let before = asked.length;
    await loads('/moved.css', 2);
    expect(asked.filter((r, i) => i >= before && r.url === '/moved.css')).toHaveLength(2);
    before = asked.length;
    await loads('/uncached.css', 2, { cacheBytes: 0 });
    expect(asked.length - before).toBe(2);
  });

  it('still count against the document budget when served from the cache', async () => {
    answer = (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'max-age=60' });
      res.end('0123456789');
    };
    await loads('/ten.css', 1);
    const small = loader({ maxTotalBytes: 15 });
    await small.load(`${base}/ten.css`, 'stylesheet');
    const err = await small.load(`${base}/ten.css`, 'stylesheet').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResourceError);
    expect((err as ResourceError).reason).toBe('limit');
  });

  it('are not served to a stricter policy, which still refuses the address', async () => {
    answer = (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'max-age=60' });
      res.end('p {}');
    };
    await loads('/shared.css', 1);
    const strict = createResourceLoader({ allowPrivateNetwork: false, resourceTimeoutMs: 7777 });
    const err = await strict.load(`${base}/shared.css`, 'stylesheet').catch((e: unknown) => e);
    expect((err as ResourceError).reason).toBe('refused');
  });

  it('does not serve the page of /render/url, which is fetched as it is now', async () => {
    let version = 0;
    answer = (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'max-age=600' });
      res.end(`<p>version ${++version}</p>`);
    };
    const config = loadConfig({ ALLOW_PRIVATE_NETWORK: 'true', RESOURCE_CACHE_MB: '16' });
    const first = await loadPage(new URL(`${base}/page.html`), config);
    const second = await loadPage(new URL(`${base}/page.html`), config);
    expect(first.kind === 'html' && first.html).toContain('version 1');
    expect(second.kind === 'html' && second.html).toContain('version 2');
  });
});
