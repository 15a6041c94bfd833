/**
 * The loader's policy in detail: data: URIs, the per-resource and per-document byte budgets,
 * redirects re-checked at each hop, the headers it sends, and the media type it reports.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createResourceLoader,
  DEFAULT_RESOURCE_POLICY,
  parseDataUri,
  ResourceError,
  type ResourceKind,
} from '../../src/resources/index.js';

async function failure(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ResourceError);
  const r = e as ResourceError;
  return { reason: r.reason, message: r.message, url: r.url, status: r.status };
}

describe('data: URIs', () => {
  const text = (uri: string) => Buffer.from(parseDataUri(uri, 1000).bytes).toString();

  it('read the media type, lower case, text/plain when there is none', () => {
    expect(parseDataUri('data:Image/SVG+XML;charset=utf-8,<svg/>', 100).contentType).toBe(
      'image/svg+xml',
    );
    expect(parseDataUri('data:,x', 100).contentType).toBe('text/plain');
    expect(parseDataUri('data:;base64,eA==', 100).contentType).toBe('text/plain');
    expect(parseDataUri('data:charset=utf-8,x', 100).contentType).toBe('text/plain');
    expect(parseDataUri('data:,x', 100).url).toBe('data:,x');
  });

  it('decode base64 with white space, URL-safe letters and padding', () => {
    expect(text('data:text/plain;base64,aGVs\n bG8=')).toBe('hello');
    expect(text('data:text/plain ; base64 ,aGk')).toBe('hi');
    expect([...parseDataUri('data:;base64,-_8=', 10).bytes]).toEqual([0xfb, 0xff]);
    expect(text('data:text/plain;charset=utf-8,a%2Cb,c')).toBe('a,b,c');
  });

  it.each([
    ['data:;base64,a===', 'data: URI is not valid base64'],
    ['data:;base64,a=b', 'data: URI is not valid base64'],
    ['data:;base64,a*b', 'data: URI is not valid base64'],
    ['data:,%E0%A4%A', 'data: URI has invalid percent-encoding'],
    ['data:text/plain', 'malformed data: URI'],
  ])('refuse %s', (uri, message) => {
    expect(() => parseDataUri(uri, 1000)).toThrow(ResourceError);
    try {
      parseDataUri(uri, 1000);
    } catch (e) {
      expect((e as ResourceError).message).toBe(message);
      expect((e as ResourceError).reason).toBe('invalid');
      expect((e as ResourceError).url).toBe(uri.slice(0, 64));
    }
  });

  it('keep to the size limit exactly', () => {
    // Base64: 8 characters are 6 bytes.
    expect(parseDataUri('data:;base64,AAAAAAAA', 6).bytes).toHaveLength(6);
    expect(() => parseDataUri('data:;base64,AAAAAAAA', 5)).toThrow(/larger than the resource/);
    expect(parseDataUri('data:,abcdef', 6).bytes).toHaveLength(6);
    expect(() => parseDataUri('data:,abcdefg', 6)).toThrow(/larger than the resource/);
    try {
      parseDataUri(`data:,${'x'.repeat(100)}`, 6);
    } catch (e) {
      expect(e).toMatchObject({ reason: 'limit', url: `data:,${'x'.repeat(58)}` });
    }
  });

  it('count against the document budget', async () => {
    const loader = createResourceLoader({ maxTotalBytes: 10 });
    await loader.load('data:,123456', 'image');
    await expect(loader.load('data:,12345', 'image')).rejects.toMatchObject({ reason: 'limit' });
    expect((await loader.load('data:,1234', 'image')).bytes).toHaveLength(4);
    await expect(loader.load('data:,1', 'image')).rejects.toMatchObject({ reason: 'limit' });
  });

  it('are recognised in any case and with spaces around, and after URL clean-up', async () => {
    const loader = createResourceLoader();
    expect(Buffer.from((await loader.load('  DATA:,hi ', 'image')).bytes).toString()).toBe('hi');
    expect(Buffer.from((await loader.load('da\nta:,hi', 'image')).bytes).toString()).toBe('hi');
  });
});

describe('URLs', () => {
  it('need a base when relative, and must parse', async () => {
    const loader = createResourceLoader();
    expect(await failure(loader.load('img.png', 'image'))).toMatchObject({
      reason: 'invalid',
      message: 'relative URL without a base URL',
      url: 'img.png',
    });
    expect(await failure(loader.load('http://[x', 'image', 'https://example.org/'))).toMatchObject({
      reason: 'invalid',
      message: 'not a valid URL',
    });
  });

  it('has a default policy that is closed and bounded', () => {
    expect(DEFAULT_RESOURCE_POLICY).toEqual({
      allowPrivateNetwork: false,
      maxResourceBytes: 20 * 1024 * 1024,
      maxTotalBytes: 100 * 1024 * 1024,
      resourceTimeoutMs: 10_000,
      maxRedirects: 5,
      cacheBytes: 16 * 1024 * 1024,
    });
    expect(createResourceLoader({ maxRedirects: 1 }).policy).toEqual({
      ...DEFAULT_RESOURCE_POLICY,
      maxRedirects: 1,
    });
  });
});

describe('http(s) resources', () => {
  let server: Server;
  let base: string;
  let seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      const url = new URL(req.url ?? '/', 'http://x');
      const hops = Number(url.searchParams.get('hops') ?? 0);
      switch (url.pathname) {
        case '/typed':
          res.writeHead(200, { 'content-type': 'Text/CSS; Charset="UTF-8"' });
          return res.end('p{}');
        case '/untyped':
          res.writeHead(200);
          return res.end('x');
        case '/bytes': {
          const n = Number(url.searchParams.get('n'));
          res.writeHead(200, {
            'content-type': 'application/octet-stream',
            'content-length': String(n),
          });
          return res.end(Buffer.alloc(n));
        }
        case '/chunked': {
          const n = Number(url.searchParams.get('n'));
          res.writeHead(200, { 'transfer-encoding': 'chunked' });
          for (let i = 0; i < n; i += 100) res.write(Buffer.alloc(Math.min(100, n - i)));
          return res.end();
        }
        case '/hop':
          res.writeHead(302, { location: hops > 0 ? `/hop?hops=${hops - 1}` : '/typed' });
          return res.end();
        case '/to-private':
          res.writeHead(301, { location: 'http://10.255.255.1/secret' });
          return res.end();
        case '/no-location':
          res.writeHead(302);
          return res.end();
        case '/stall':
          res.writeHead(200, { 'content-length': '10' });
          res.write('12345');
          return;
        default:
          res.writeHead(500);
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

  it('report the media type without parameters, and the charset', async () => {
    const res = await open().load(`${base}/typed`, 'stylesheet');
    expect(res).toMatchObject({ contentType: 'text/css', charset: 'utf-8', url: `${base}/typed` });
    const bare = await open().load(`${base}/untyped`, 'image');
    expect(bare.contentType).toBe('application/octet-stream');
    expect('charset' in bare).toBe(false);
  });

  it.each([
    ['image', 'image/*,*/*;q=0.5'],
    ['stylesheet', 'text/css,*/*;q=0.1'],
    ['font', 'font/*,application/font-woff,application/octet-stream,*/*;q=0.5'],
    ['document', 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1'],
    ['pdf', 'application/pdf,*/*;q=0.1'],
  ])('ask for a %s with Accept %s', async (kind, accept) => {
    seen = [];
    await open().load(`${base}/typed`, kind as ResourceKind);
    expect(seen[0].accept).toBe(accept);
    expect(seen[0]['user-agent']).toBe('a11ypdf');
  });

  it('keep each resource within its limit, declared or streamed', async () => {
    const loader = open({ maxResourceBytes: 500 });
    expect((await loader.load(`${base}/bytes?n=500`, 'image')).bytes).toHaveLength(500);
    expect(await failure(loader.load(`${base}/bytes?n=501`, 'image'))).toMatchObject({
      reason: 'limit',
      message: 'resource of 501 bytes is over the limit of 500',
    });
    expect((await loader.load(`${base}/chunked?n=500`, 'image')).bytes).toHaveLength(500);
    expect(await failure(loader.load(`${base}/chunked?n=501`, 'image'))).toMatchObject({
      reason: 'limit',
      message: 'resource is over the limit of 500 bytes',
      url: `${base}/chunked?n=501`,
    });
  });

  it('keep the document within its total budget', async () => {
    const loader = open({ maxTotalBytes: 1000 });
    await loader.load(`${base}/bytes?n=600`, 'image');
    expect(await failure(loader.load(`${base}/bytes?n=401`, 'image'))).toMatchObject({
      reason: 'limit',
      message: 'resource of 401 bytes is over the limit of 400',
    });
    await loader.load(`${base}/chunked?n=400`, 'image');
    expect(await failure(loader.load(`${base}/chunked?n=1`, 'image'))).toMatchObject({
      reason: 'limit',
    });
  });

  it('follow up to the redirect limit and no further', async () => {
    const loader = open({ maxRedirects: 3 });
    const res = await loader.load(`${base}/hop?hops=2`, 'stylesheet');
    expect(res.url).toBe(`${base}/typed`);
    expect(await failure(loader.load(`${base}/hop?hops=3`, 'stylesheet'))).toEqual({
      reason: 'failed',
      message: 'more than 3 redirects',
      url: `${base}/typed`.replace('/typed', '/hop?hops=0'),
      status: 302,
    });
  });

  it('re-check every redirect against the policy', async () => {
    const loader = createResourceLoader({
      allowPrivateNetwork: false,
      allowedPrivateRanges: ['127.0.0.0/8'],
    });
    expect((await loader.load(`${base}/typed`, 'stylesheet')).contentType).toBe('text/css');
    expect(await failure(loader.load(`${base}/to-private`, 'stylesheet'))).toMatchObject({
      reason: 'refused',
      url: 'http://10.255.255.1/secret',
    });
  });

  it('treat a redirect without a location as a failure', async () => {
    expect(await failure(open().load(`${base}/no-location`, 'image'))).toMatchObject({
      reason: 'failed',
      status: 302,
      message: 'the server answered 302',
    });
  });

  it('time out a body that stops coming', async () => {
    const loader = open({ resourceTimeoutMs: 300 });
    expect(await failure(loader.load(`${base}/stall`, 'image'))).toMatchObject({
      reason: 'timeout',
      message: 'timed out after 300 ms',
    });
  });

  it('report a refused connection as a failed fetch', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const f = await failure(open().load(`http://127.0.0.1:${port}/x`, 'image'));
    expect(f.reason).toBe('failed');
    expect(f.message).toMatch(/^could not fetch: /);
  });

  it('refuse host names that resolve to private addresses, naming the host', async () => {
    const url = `${base.replace('127.0.0.1', 'localhost')}/typed`;
    expect(await failure(createResourceLoader().load(url, 'stylesheet'))).toEqual({
      reason: 'refused',
      message: 'localhost resolves only to private or reserved addresses',
      url,
      status: undefined,
    });
    const allowed = createResourceLoader({ allowedPrivateRanges: ['127.0.0.0/8', '::1'] });
    expect((await allowed.load(url, 'stylesheet')).contentType).toBe('text/css');
  });
});
