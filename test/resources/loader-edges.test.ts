/**
 * Edges of the loader that a plain fetch does not reach: which statuses count as a redirect and
 * which as a failure, a server that never answers or breaks off a body, charset spellings,
 * file: and http(s) URLs through one loader, and how long a data: URI is quoted in an error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceLoader, parseDataUri, ResourceError } from '../../src/resources/index.js';

async function failure(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ResourceError);
  const r = e as ResourceError;
  return { reason: r.reason, message: r.message, url: r.url, status: r.status };
}

describe('http(s) edges', () => {
  let server: Server;
  let base: string;
  const methods: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      methods.push(req.method ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      const status = Number(url.searchParams.get('status') ?? 200);
      const type = url.searchParams.get('type');
      switch (url.pathname) {
        case '/target':
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.end('target');
        case '/status':
          // Any status, with a Location that a redirect would follow.
          res.writeHead(status, { location: '/target', 'content-type': 'text/plain' });
          return res.end('own body');
        case '/bare':
          res.writeHead(status);
          return res.end();
        case '/typed':
          res.writeHead(200, type ? { 'content-type': type } : {});
          return res.end('x');
        case '/silent':
          // Headers never come.
          return;
        case '/broken':
          res.writeHead(200, { 'content-length': '100' });
          res.write('partial');
          setTimeout(() => res.destroy(), 20);
          return;
        default:
          res.writeHead(404);
          return res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const open = (extra = {}) => createResourceLoader({ allowPrivateNetwork: true, ...extra });
  const body = async (path: string) =>
    Buffer.from((await open().load(`${base}${path}`, 'document')).bytes).toString();

  it('fetches with GET', async () => {
    methods.length = 0;
    await open().load(`${base}/target`, 'image');
    expect(methods).toEqual(['GET']);
  });

  it('follows a Location only on a 3xx answer', async () => {
    expect(await body('/status?status=200')).toBe('own body');
    expect(await body('/status?status=299')).toBe('own body');
    expect(await body('/status?status=300')).toBe('target');
    expect(await body('/status?status=308')).toBe('target');
    expect(await body('/status?status=399')).toBe('target');
    expect(await failure(open().load(`${base}/status?status=400`, 'image'))).toMatchObject({
      reason: 'failed',
      status: 400,
      message: 'the server answered 400',
    });
  });

  it('takes 2xx as success and a 3xx without a Location as a failure', async () => {
    expect(await body('/bare?status=200')).toBe('');
    expect(await body('/bare?status=204')).toBe('');
    expect(await failure(open().load(`${base}/bare?status=300`, 'image'))).toMatchObject({
      reason: 'failed',
      status: 300,
    });
  });

  it('times out a server that never answers, saying after how long', async () => {
    expect(await failure(open({ resourceTimeoutMs: 300 }).load(`${base}/silent`, 'image'))).toEqual(
      {
        reason: 'timeout',
        message: 'timed out after 300 ms',
        url: `${base}/silent`,
        status: undefined,
      },
    );
  });

  it('reports a body broken off by the server as a failed read, not a time-out', async () => {
    const f = await failure(open().load(`${base}/broken`, 'image'));
    expect(f.reason).toBe('failed');
    expect(f.message).toMatch(/^reading the body failed: /);
    expect(f.url).toBe(`${base}/broken`);
  });

  it.each([
    ['text/css;charset=UTF-8', 'utf-8'],
    ['text/css;   charset=latin1', 'latin1'],
    ['text/css; charset="shift_jis"', 'shift_jis'],
    ['text/css; CHARSET=iso-8859-2', 'iso-8859-2'],
  ])('reads the charset of %s', async (type, charset) => {
    const res = await open().load(`${base}/typed?type=${encodeURIComponent(type)}`, 'stylesheet');
    expect(res.contentType).toBe('text/css');
    expect(res.charset).toBe(charset);
  });

  it('fetches http URLs through a loader that also reads local files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'a11ypdf-loader-'));
    try {
      writeFileSync(join(dir, 'a.css'), 'local');
      const both = createResourceLoader({ allowPrivateNetwork: true }, { files: { root: dir } });
      expect(Buffer.from((await both.load(`${base}/target`, 'image')).bytes).toString()).toBe(
        'target',
      );
      const local = await both.load(pathToFileURL(join(dir, 'a.css')).href, 'stylesheet');
      expect(Buffer.from(local.bytes).toString()).toBe('local');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('data: URIs in errors', () => {
  // An error quotes the first 64 characters of the URI, never a whole megabyte of it.
  const quoted = (uri: string, limit = 1_000_000) => {
    try {
      parseDataUri(uri, limit);
    } catch (e) {
      expect(e).toBeInstanceOf(ResourceError);
      return (e as ResourceError).url;
    }
    return null;
  };

  it('quote 64 characters of a long URI, whatever is wrong with it', () => {
    const long = 'A'.repeat(200);
    const cases = [
      `data:text/plain;${long}`, // no comma
      `data:;base64,${long}*`, // not base64
      `data:;base64,${long}`, // over the limit
      `data:,${long}%E0%A4%A`, // broken percent-encoding
      `data:,${long}`, // over the limit
    ];
    for (const uri of cases) expect(quoted(uri, 100)).toBe(uri.slice(0, 64));
  });
});
