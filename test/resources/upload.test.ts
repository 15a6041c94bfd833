/**
 * Delivery by PUT to a caller's URL: the header is checked first, then the document is sent
 * with its type and length, retried when the target fails in passing, and every failure comes
 * back typed with how many PUTs were made.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseUploadUrl, uploadDocument, UploadError } from '../../src/resources/index.js';

describe('the X-Upload-Url header', () => {
  const open = { allowPrivateNetwork: true };
  const closed = { allowPrivateNetwork: false };
  const failure = (raw: string, policy = closed) => {
    try {
      parseUploadUrl(raw, policy);
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(UploadError);
      return { kind: (e as UploadError).kind, message: (e as UploadError).message };
    }
  };

  it('gives the URL, trimmed', () => {
    expect(parseUploadUrl('  https://bucket.example/doc.pdf?sig=1 ', closed).href).toBe(
      'https://bucket.example/doc.pdf?sig=1',
    );
    expect(parseUploadUrl('http://127.0.0.1:9/x', open).port).toBe('9');
  });

  it('refuses line breaks and NUL', () => {
    for (const raw of [
      'https://a.example/\r\nX: y',
      'https://a.example/\n',
      'https://a.example/\0',
    ])
      expect(failure(raw)).toEqual({
        kind: 'invalid',
        message: 'X-Upload-Url must not contain line breaks or NUL',
      });
  });

  it('refuses what is not an absolute URL', () => {
    expect(failure('/relative/path')).toEqual({
      kind: 'invalid',
      message: 'X-Upload-Url is not a valid absolute URL',
    });
  });

  it('calls another scheme invalid and a private address refused', () => {
    expect(failure('ftp://files.example/x')).toEqual({
      kind: 'invalid',
      message: 'X-Upload-Url refused: only http and https URLs can be fetched, not ftp:',
    });
    expect(failure('http://10.0.0.1/x')).toEqual({
      kind: 'refused',
      message: 'X-Upload-Url refused: address 10.0.0.1 is private or reserved',
    });
    expect(failure('https://user:pw@bucket.example/x')?.kind).toBe('refused');
  });
});

describe('uploading', () => {
  interface Received {
    method: string;
    headers: IncomingMessage['headers'];
    body: Buffer;
  }
  /** Statuses the target answers with, one per request; then 201. `hang` never answers. */
  let script: (number | 'hang')[] = [];
  let received: Received[] = [];
  let server: Server;
  let base: string;
  const hanging: IncomingMessage[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        const next = script.shift() ?? 201;
        if (next === 'hang') {
          hanging.push(req);
          return;
        }
        res.writeHead(next);
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  beforeEach(() => {
    script = [];
    received = [];
  });

  const body = new Uint8Array([37, 80, 68, 70]);
  const opts = { allowPrivateNetwork: true, timeoutMs: 5_000, random: () => 0 };
  const failed = async (p: Promise<unknown>): Promise<UploadError> => {
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(UploadError);
    return e as UploadError;
  };

  it('PUTs the document with its type, length and trace context', async () => {
    const result = await uploadDocument(new URL(`${base}/doc.pdf`), body, 'application/pdf', {
      ...opts,
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      headers: { 'x-signature': 'abc', 'content-type': 'text/plain' },
    });
    expect(result).toEqual({ targetStatus: 201 });
    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r.method).toBe('PUT');
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-length']).toBe('4');
    expect(r.headers.traceparent).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(r.headers['x-signature']).toBe('abc');
    expect([...r.body]).toEqual([...body]);
  });

  it('POSTs when asked, without a trace header when none is given', async () => {
    await uploadDocument(new URL(`${base}/hook`), body, 'application/json', {
      ...opts,
      method: 'POST',
    });
    expect(received[0].method).toBe('POST');
    expect(received[0].headers.traceparent).toBeUndefined();
  });

  it('reports a refusal by the target at once', async () => {
    script = [403];
    const e = await failed(uploadDocument(new URL(`${base}/x`), body, 'application/pdf', opts));
    expect(e).toMatchObject({
      kind: 'rejected',
      targetStatus: 403,
      attempts: 1,
      message: 'the upload target answered 403',
    });
    expect(received).toHaveLength(1);
  });

  it.each([408, 425, 429, 500, 502, 503, 504])('tries again after a %i', async (status) => {
    script = [status];
    const result = await uploadDocument(new URL(`${base}/x`), body, 'application/pdf', opts);
    expect(result.targetStatus).toBe(201);
    expect(received).toHaveLength(2);
  });

  it.each([400, 404, 409, 413, 501, 505])('does not try again after a %i', async (status) => {
    script = [status];
    const e = await failed(uploadDocument(new URL(`${base}/x`), body, 'application/pdf', opts));
    expect(e.attempts).toBe(1);
    expect(received).toHaveLength(1);
  });

  it('gives up after three PUTs, saying so', async () => {
    script = [503, 503, 503, 201];
    const e = await failed(uploadDocument(new URL(`${base}/x`), body, 'application/pdf', opts));
    expect(e).toMatchObject({
      kind: 'rejected',
      targetStatus: 503,
      attempts: 3,
      message: 'the upload target answered 503 (3 attempts)',
    });
    expect(received).toHaveLength(3);
  });

  it('tries an unreachable target again, then reports it unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const e = await failed(
      uploadDocument(new URL(`http://127.0.0.1:${port}/x`), body, 'application/pdf', opts),
    );
    expect(e.kind).toBe('unreachable');
    expect(e.attempts).toBe(3);
    expect(e.message).toMatch(/^the upload target is unreachable: .* \(3 attempts\)$/);
  });

  it('reports a target that never answers as a time-out within the deadline', async () => {
    script = ['hang', 'hang', 'hang'];
    const e = await failed(
      uploadDocument(new URL(`${base}/x`), body, 'application/pdf', { ...opts, timeoutMs: 900 }),
    );
    expect(e.kind).toBe('timeout');
    expect(e.targetStatus).toBeUndefined();
    expect(e.attempts).toBeGreaterThan(1);
    expect(e.message).toMatch(
      /^the upload target did not accept the document within 900 ms \(\d attempts\)$/,
    );
  });

  it('does not start after its deadline', async () => {
    const e = await failed(
      uploadDocument(new URL(`${base}/x`), body, 'application/pdf', { ...opts, timeoutMs: 0 }),
    );
    expect(e).toMatchObject({ kind: 'timeout', attempts: 0 });
    expect(e.message).toBe('the upload target did not accept the document within 0 ms');
    expect(received).toHaveLength(0);
  });

  it('refuses a host name that resolves to a private address, once', async () => {
    const url = new URL(`${base.replace('127.0.0.1', 'localhost')}/x`);
    const e = await failed(
      uploadDocument(url, body, 'application/pdf', { ...opts, allowPrivateNetwork: false }),
    );
    expect(e.kind).toBe('refused');
    expect(e.attempts).toBe(1);
    expect(e.message).toBe(
      'upload refused: localhost resolves only to private or reserved addresses',
    );
    expect(received).toHaveLength(0);
  });

  it('takes any 2xx as delivered and anything else, 200 to 300 excepted, as refused', async () => {
    script = [200];
    expect(await uploadDocument(new URL(`${base}/x`), body, 'application/pdf', opts)).toEqual({
      targetStatus: 200,
    });
    script = [299];
    expect(await uploadDocument(new URL(`${base}/x`), body, 'application/pdf', opts)).toEqual({
      targetStatus: 299,
    });
    script = [300];
    const e = await failed(uploadDocument(new URL(`${base}/x`), body, 'application/pdf', opts));
    expect(e).toMatchObject({ name: 'UploadError', kind: 'rejected', targetStatus: 300 });
  });

  it('pauses 125-250 ms before the first retry and twice that before the second', async () => {
    for (const [jitter, expected] of [
      [0, [125, 250]],
      [0.5, [187.5, 375]],
      [1, [250, 500]],
    ] as const) {
      script = [503, 503, 503];
      const pauses: number[] = [];
      const e = await failed(
        uploadDocument(new URL(`${base}/x`), body, 'application/pdf', {
          ...opts,
          random: () => jitter,
          sleep: async (ms) => void pauses.push(ms),
        }),
      );
      // No pause after the last attempt: there is nothing left to wait for.
      expect(pauses).toEqual(expected);
      expect(e.attempts).toBe(3);
    }
  });

  it('does not retry when the pause would pass the deadline', async () => {
    // 240 ms in all: the first pause (250 ms with this jitter) cannot fit, however fast the
    // first answer comes.
    script = [503, 201];
    const pauses: number[] = [];
    const e = await failed(
      uploadDocument(new URL(`${base}/x`), body, 'application/pdf', {
        ...opts,
        timeoutMs: 240,
        random: () => 1,
        sleep: async (ms) => void pauses.push(ms),
      }),
    );
    expect(pauses).toEqual([]);
    expect(e.attempts).toBe(1);
    expect(received).toHaveLength(1);
  });

  it('reaches a private host name through the allowlist', async () => {
    const url = new URL(`${base.replace('127.0.0.1', 'localhost')}/x`);
    const result = await uploadDocument(url, body, 'application/pdf', {
      ...opts,
      allowPrivateNetwork: false,
      allowedPrivateRanges: ['127.0.0.0/8', '::1/128'],
    });
    expect(result.targetStatus).toBe(201);
  });
});
