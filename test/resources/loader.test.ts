import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createResourceLoader,
  embeddedIpv4,
  isPrivateAddress,
  ResourceError,
} from '../../src/resources/index.js';
import { isSsrfRefusal, SSRF_REFUSED } from '../../src/resources/guarded-agent.js';

describe('address policy', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:0101::1',
    '[::1]',
    'not-an-ip',
  ])('refuses %s', (addr) => {
    expect(isPrivateAddress(addr)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows public %s',
    (addr) => {
      expect(isPrivateAddress(addr)).toBe(false);
    },
  );

  it('finds IPv4 inside IPv6 forms', () => {
    expect(embeddedIpv4('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIpv4('64:ff9b::0a00:0001')).toBe('10.0.0.1');
    expect(embeddedIpv4('2001:4860::1')).toBeNull();
  });
});

describe('data: URIs', () => {
  const loader = createResourceLoader();

  it('decodes base64 and percent-encoded data', async () => {
    const a = await loader.load(
      'data:text/css;base64,' + Buffer.from('p{color:red}').toString('base64'),
      'stylesheet',
    );
    expect(Buffer.from(a.bytes).toString()).toBe('p{color:red}');
    expect(a.contentType).toBe('text/css');
    const b = await loader.load('data:,hello%20world', 'stylesheet');
    expect(Buffer.from(b.bytes).toString()).toBe('hello world');
    expect(b.contentType).toBe('text/plain');
  });

  it('rejects base64 that is not base64', async () => {
    await expect(
      loader.load('data:image/png;base64,@@@not base64!!', 'image'),
    ).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('enforces the size limit', async () => {
    const small = createResourceLoader({ maxResourceBytes: 10 });
    await expect(
      small.load('data:;base64,' + Buffer.alloc(100).toString('base64'), 'image'),
    ).rejects.toMatchObject({
      reason: 'limit',
    });
  });
});

describe('http(s) fetching', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/style.css') {
        res.writeHead(200, { 'content-type': 'text/css; charset=utf-8' });
        res.end('h1{color:blue}');
      } else if (req.url === '/redirect') {
        res.writeHead(302, { location: '/style.css' });
        res.end();
      } else if (req.url === '/loop') {
        res.writeHead(302, { location: '/loop' });
        res.end();
      } else if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.alloc(5000));
      } else if (req.url === '/odd-type') {
        res.writeHead(200, { 'content-type': 'Text/CSS ; Charset="UTF-8"' });
        res.end('p{}');
      } else if (req.url === '/choices') {
        res.writeHead(300);
        res.end('pick one');
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2000);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses loopback by default', async () => {
    await expect(
      createResourceLoader().load('style.css', 'stylesheet', base),
    ).rejects.toMatchObject({ reason: 'refused' });
    await expect(
      createResourceLoader().load('http://localhost:1/x', 'image'),
    ).rejects.toMatchObject({ reason: 'refused' });
  });

  it('refuses other schemes', async () => {
    await expect(
      createResourceLoader().load('file:///etc/passwd', 'stylesheet'),
    ).rejects.toMatchObject({ reason: 'refused' });
    await expect(
      createResourceLoader().load('ftp://example.org/x', 'stylesheet'),
    ).rejects.toBeInstanceOf(ResourceError);
  });

  it('loads relative URLs and follows redirects when private addresses are allowed', async () => {
    const loader = createResourceLoader({ allowPrivateNetwork: true });
    const res = await loader.load('redirect', 'stylesheet', base);
    expect(Buffer.from(res.bytes).toString()).toBe('h1{color:blue}');
    expect(res.url).toBe(base + 'style.css');
    expect(res.contentType).toBe('text/css');
  });

  it('gives the media type and charset lower-cased, without parameters or spaces', async () => {
    const loader = createResourceLoader({ allowPrivateNetwork: true });
    const res = await loader.load('odd-type', 'stylesheet', base);
    expect(res.contentType).toBe('text/css');
    expect(res.charset).toBe('utf-8');
  });

  it('takes a 3xx answer without a Location as a failure, not as the resource', async () => {
    const loader = createResourceLoader({ allowPrivateNetwork: true });
    await expect(loader.load('choices', 'document', base)).rejects.toMatchObject({
      reason: 'failed',
      status: 300,
    });
  });

  it('reports HTTP errors, redirect loops, size and time limits', async () => {
    // The default time limit for the answers that fail at once: a loaded machine can take
    // more than a short limit just to connect. Only the slow answer gets 300 ms.
    const loader = createResourceLoader({ allowPrivateNetwork: true, maxResourceBytes: 1000 });
    await expect(loader.load('missing', 'image', base)).rejects.toMatchObject({
      reason: 'failed',
      status: 404,
    });
    await expect(loader.load('loop', 'image', base)).rejects.toMatchObject({ reason: 'failed' });
    await expect(loader.load('big', 'image', base)).rejects.toMatchObject({ reason: 'limit' });
    const impatient = createResourceLoader({ allowPrivateNetwork: true, resourceTimeoutMs: 300 });
    await expect(impatient.load('slow', 'image', base)).rejects.toMatchObject({
      reason: 'timeout',
    });
  });
});

describe('policy refusals from the guarded lookup', () => {
  it('are told apart from other errors, also when wrapped as a cause', () => {
    expect(isSsrfRefusal({ code: SSRF_REFUSED })).toBe(true);
    expect(isSsrfRefusal(new Error('connect failed', { cause: { code: SSRF_REFUSED } }))).toBe(
      true,
    );
    expect(isSsrfRefusal(new Error('ECONNREFUSED'))).toBe(false);
    expect(isSsrfRefusal({ cause: null })).toBe(false);
    expect(isSsrfRefusal(null)).toBe(false);
    expect(isSsrfRefusal(undefined)).toBe(false);
  });
});
