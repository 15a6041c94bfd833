/** Secrets stay out of logs; upload URLs cannot smuggle headers; auth is checked before any work. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestService, type RunningService } from './harness.js';

const HTML = '<html lang="en"><title>S</title><p>secure</p></html>';

let svc: RunningService;
let logs = '';
let target: Server;
let targetUrl: string;
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  target = createServer((req, res) => {
    seen.push(req);
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  svc = await startTestService(
    { LOG_LEVEL: 'info', API_KEY: 'super-secret-key-123' },
    {},
    { logStream: stream },
  );
});
afterAll(async () => {
  await svc.close();
  await new Promise<void>((r) => target.close(() => r()));
});

describe('secrets', () => {
  it('never logs the bearer credential or the presigned query string', async () => {
    const res = await postJson(
      `${svc.url}/render/html?trace=abc`,
      { html: HTML },
      {
        authorization: 'Bearer super-secret-key-123',
        'x-upload-url': `${targetUrl}/put?X-Amz-Signature=topsecretsignature`,
      },
    );
    expect(res.status).toBe(200);
    const denied = await postJson(
      `${svc.url}/render/html`,
      { html: HTML },
      { authorization: 'Bearer wrong-guess-987' },
    );
    expect(denied.status).toBe(401);
    await new Promise((r) => setTimeout(r, 50));
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain('super-secret-key-123');
    expect(logs).not.toContain('wrong-guess-987');
    expect(logs).not.toContain('topsecretsignature');
  });
});

describe('upload URL injection', () => {
  it('keeps encoded CR/LF in the path and sends no injected header', async () => {
    seen.length = 0;
    const res = await postJson(
      `${svc.url}/render/html`,
      { html: HTML },
      {
        authorization: 'Bearer super-secret-key-123',
        'x-upload-url': `${targetUrl}/a%0d%0aX-Injected:%20yes`,
      },
    );
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0].headers['x-injected']).toBeUndefined();
    expect(seen[0].url).toBe('/a%0d%0aX-Injected:%20yes');
  });

  it('refuses credentials and non-http schemes in the upload URL', async () => {
    for (const url of [
      `http://user:pass@127.0.0.1:1/x`,
      'file:///etc/passwd',
      'data:text/plain,hi',
    ]) {
      const res = await postJson(
        `${svc.url}/render/html`,
        { html: HTML },
        { authorization: 'Bearer super-secret-key-123', 'x-upload-url': url },
      );
      expect([400, 403], url).toContain(res.status);
    }
  });

  it('checks credentials before looking at the upload URL or rendering', async () => {
    seen.length = 0;
    const res = await postJson(
      `${svc.url}/render/html`,
      { html: HTML },
      { 'x-upload-url': `${targetUrl}/x` },
    );
    expect(res.status).toBe(401);
    expect(seen).toHaveLength(0);
  });
});
