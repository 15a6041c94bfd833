/** The rendering routes over real HTTP, with an upload target and a small site on loopback. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestService, type RunningService } from './harness.js';

const HTML =
  '<!DOCTYPE html><html lang="en"><head><title>Service &amp; test</title></head><body><h1>Hello</h1><p>From the service.</p></body></html>';

interface Received {
  method: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let svc: RunningService;
let target: { server: Server; url: string };
let site: { server: Server; url: string };
const received: Received[] = [];

beforeAll(async () => {
  const seen = new Map<string, number>();
  target = await listen((req, res, body) => {
    received.push({ method: req.method ?? '', headers: req.headers, body });
    const nth = (seen.get(req.url ?? '') ?? 0) + 1;
    seen.set(req.url ?? '', nth);
    if (req.url?.startsWith('/flaky') && nth === 1) res.writeHead(503).end('busy');
    // Takes every byte, then does not answer in time: the lost-document case.
    else if (req.url?.startsWith('/hangs-once') && nth === 1)
      setTimeout(() => res.writeHead(200).end(), 3000);
    else if (req.url === '/forbidden') res.writeHead(403).end('no');
    else if (req.url === '/broken') res.writeHead(500).end('oops');
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(), 3000);
    else res.writeHead(201).end();
  });
  site = await listen((req, res) => {
    if (req.url === '/page')
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<html lang="de"><title>Seite</title><h1>Grüße</h1><img src="/logo.svg" alt="Logo"></html>',
        );
    else if (req.url === '/logo.svg')
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end(
          '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="red"/></svg>',
        );
    else if (req.url === '/moved') res.writeHead(302, { location: '/page' }).end();
    else if (req.url === '/to-private')
      res.writeHead(302, { location: 'http://127.0.0.2:9/secret' }).end();
    else if (req.url === '/slow')
      setTimeout(
        () => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>late</p>'),
        3000,
      );
    else if (req.url === '/huge')
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<p>' + 'x'.repeat(3 * 1024 * 1024) + '</p>');
    else res.writeHead(404).end();
  });
  // Loopback 127.0.0.1 is allowed by an allowlist entry; every other private address stays refused.
  svc = await startTestService({
    ALLOW_PRIVATE_NETWORK: 'false',
    PRIVATE_NETWORK_ALLOWLIST: '127.0.0.1/32',
    FETCH_TIMEOUT_MS: '1000',
    FETCH_MAX_MB: '2',
    UPLOAD_TIMEOUT_MS: '1000',
  });
});

afterAll(async () => {
  await svc.close();
  await new Promise<void>((r) => target.server.close(() => r()));
  await new Promise<void>((r) => site.server.close(() => r()));
});

describe('PDF output', () => {
  it('renders HTML to a PDF with a document id', async () => {
    const res = await postJson(`${svc.url}/render/html`, { html: HTML });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const id = res.headers.get('x-document-id');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.7');
    // The id is inside the document and /identify reads it back.
    const ident = await fetch(`${svc.url}/identify`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: pdf,
    });
    expect(await ident.json()).toMatchObject({
      documentId: id,
      pdfa: { part: 3, conformance: 'A' },
      pdfua: { part: 1 },
      title: 'Service & test',
      pages: 1,
    });
  });

  it('returns the JSON variant with a compliant validation report', async () => {
    const res = await postJson(
      `${svc.url}/render/html`,
      { html: HTML },
      { accept: 'application/json' },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      pdf: string;
      validation: { isCompliant: boolean; profiles: { profile: string }[]; failures: unknown[] };
    };
    expect(Buffer.from(body.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.validation.failures).toEqual([]);
    expect(body.validation.isCompliant).toBe(true);
    expect(body.validation.profiles.map((p) => p.profile).sort()).toEqual(['PDF/A-3A', 'PDF/UA-1']);
  });

  it('answers JSON only when application/json is listed at least as high as the PDF', async () => {
    const variant = async (accept: string) =>
      (await postJson(`${svc.url}/render/html`, { html: HTML }, { accept })).headers.get(
        'content-type',
      );
    expect(await variant('application/pdf, application/json')).toContain('application/json');
    expect(await variant('application/pdf, application/json;q=0.8')).toBe('application/pdf');
    expect(await variant('*/*')).toBe('application/pdf');
  });

  it('writes PDF/UA-1 only when embedColorProfile is false', async () => {
    const res = await postJson(
      `${svc.url}/render/html`,
      { html: HTML, embedColorProfile: false },
      { accept: 'application/json' },
    );
    const body = (await res.json()) as {
      pdf: string;
      validation: { isCompliant: boolean; profiles: { profile: string }[] };
    };
    expect(body.validation.profiles.map((p) => p.profile)).toEqual(['PDF/UA-1']);
    const ident = await fetch(`${svc.url}/identify`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: Buffer.from(body.pdf, 'base64'),
    });
    expect(await ident.json()).toMatchObject({ pdfa: null, pdfua: { part: 1 } });
  });

  it('renders templates, /convert and /convert-and-validate', async () => {
    const template = {
      version: 2,
      config: { title: 'T' },
      rows: [
        {
          blocks: [
            { type: 'heading', text: 'Template', level: 1 },
            { type: 'text', id: 'body', text: 'x' },
          ],
        },
      ],
    };
    const t = await postJson(`${svc.url}/render/template`, {
      template,
      data: { body: { text: 'overridden' } },
    });
    expect(t.status).toBe(200);
    expect(t.headers.get('content-type')).toBe('application/pdf');
    const c = await postJson(`${svc.url}/convert`, { html: HTML });
    expect(c.headers.get('content-type')).toBe('application/pdf');
    const cv = await postJson(`${svc.url}/convert-and-validate`, { html: HTML });
    const body = (await cv.json()) as { pdf: string; validation: { isCompliant: boolean } };
    expect(body.validation.isCompliant).toBe(true);
  });

  it('validates uploaded PDFs and refuses bytes that are not a PDF', async () => {
    const pdf = Buffer.from(
      await (await postJson(`${svc.url}/render/html`, { html: HTML })).arrayBuffer(),
    );
    const ok = await fetch(`${svc.url}/validate?flavour=pdfa-3a,pdfua-1`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: pdf,
    });
    expect(((await ok.json()) as { isCompliant: boolean }).isCompliant).toBe(true);
    const garbage = await fetch(`${svc.url}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: 'this is not a pdf at all',
    });
    expect(garbage.status).toBe(422);
    expect(garbage.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('image output', () => {
  it('renders PNG at the viewport width and JPEG on request', async () => {
    const png = await postJson(`${svc.url}/render`, { html: HTML, width: 600 });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect(meta.width).toBe(600);
    const jpeg = await postJson(`${svc.url}/render`, {
      html: HTML,
      format: 'jpg',
      width: 300,
      scale: 2,
    });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).width).toBe(600);
  });

  it('refuses an image over the pixel limit', async () => {
    const tall = `<html lang="en"><title>t</title><div style="height:200000px">x</div></html>`;
    const res = await postJson(`${svc.url}/render`, { html: tall, width: 4096, scale: 4 });
    expect(res.status).toBe(400);
  });
});

describe('upload delivery', () => {
  it('PUTs the document to X-Upload-Url and reports it', async () => {
    received.length = 0;
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const res = await postJson(
      `${svc.url}/render/html`,
      { html: HTML },
      { 'x-upload-url': `${target.url}/bucket/doc.pdf?sig=secret`, traceparent },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      uploaded: boolean;
      documentId: string;
      contentType: string;
      bytes: number;
      targetStatus: number;
    };
    expect(body).toMatchObject({
      uploaded: true,
      contentType: 'application/pdf',
      targetStatus: 201,
    });
    expect(body.documentId).toBe(res.headers.get('x-document-id'));
    expect(received).toHaveLength(1);
    expect(received[0].method).toBe('PUT');
    expect(received[0].headers['content-type']).toBe('application/pdf');
    expect(Number(received[0].headers['content-length'])).toBe(body.bytes);
    expect(received[0].body.length).toBe(body.bytes);
    expect(received[0].body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(received[0].headers.traceparent).toBe(traceparent);
  });

  it('uploads images too', async () => {
    const res = await postJson(
      `${svc.url}/render`,
      { html: HTML },
      { 'x-upload-url': `${target.url}/img.png` },
    );
    expect(await res.json()).toMatchObject({
      uploaded: true,
      contentType: 'image/png',
      targetStatus: 201,
    });
  });

  /** The problem in X-Upload-Problem, and the document that came back as the body. */
  async function failedUpload(res: Response) {
    const problem = JSON.parse(res.headers.get('x-upload-problem') ?? 'null') as {
      status: number;
      detail: string;
      type: string;
    } | null;
    return { problem, body: Buffer.from(await res.arrayBuffer()) };
  }

  it('retries a PUT that failed in passing: a 503, or a target that took the bytes and hung', async () => {
    for (const path of ['/flaky-1', '/hangs-once-1']) {
      received.length = 0;
      const res = await postJson(
        `${svc.url}/render/html`,
        { html: HTML },
        { 'x-upload-url': `${target.url}${path}` },
      );
      expect(res.status, path).toBe(200);
      expect(await res.json()).toMatchObject({ uploaded: true, targetStatus: 201 });
      expect(received.map((r) => r.method)).toEqual(['PUT', 'PUT']);
      expect(received[1].body.equals(received[0].body)).toBe(true);
    }
  });

  it('answers 502 with the document as the body and the problem in a header when the target rejects it', async () => {
    for (const [path, status, puts] of [
      ['/forbidden', 403, 1],
      ['/broken', 500, 3],
    ] as const) {
      received.length = 0;
      const res = await postJson(
        `${svc.url}/render/html`,
        { html: HTML },
        { 'x-upload-url': `${target.url}${path}` },
      );
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const { problem, body } = await failedUpload(res);
      expect(problem).toMatchObject({ status: 502, type: 'urn:a11ypdf:problem:upload-failed' });
      expect(problem?.detail).toContain(String(status));
      expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      // A 403 will not change by asking again; a 500 might.
      expect(received, path).toHaveLength(puts);
      expect(received[0].body.equals(body)).toBe(true);
    }
  });

  it('answers 502 when the target is unreachable and 504 when it is too slow, with the document', async () => {
    const closed = await listen(() => undefined);
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.server.close(() => r()));
    const unreachable = await postJson(
      `${svc.url}/render/html`,
      { html: HTML },
      { 'x-upload-url': `http://127.0.0.1:${port}/x` },
    );
    expect(unreachable.status).toBe(502);
    const lost = await failedUpload(unreachable);
    expect(lost.problem?.detail).toMatch(/unreachable.*\(3 attempts\)/);
    expect(lost.body.subarray(0, 5).toString()).toBe('%PDF-');
    const slow = await postJson(
      `${svc.url}/render`,
      { html: HTML },
      { 'x-upload-url': `${target.url}/slow` },
    );
    expect(slow.status).toBe(504);
    expect(slow.headers.get('content-type')).toBe('image/png');
    const late = await failedUpload(slow);
    expect(late.problem?.detail).toMatch(/within 1000 ms/);
    expect(late.body.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses upload targets on private addresses outside the allowlist', async () => {
    const res = await postJson(
      `${svc.url}/render/html`,
      { html: HTML },
      { 'x-upload-url': 'http://10.0.0.1/x' },
    );
    expect(res.status).toBe(403);
    const v6 = await postJson(
      `${svc.url}/render/html`,
      { html: HTML },
      { 'x-upload-url': 'http://[::ffff:169.254.169.254]/x' },
    );
    expect(v6.status).toBe(403);
  });
});

describe('/render/url', () => {
  it('fetches the page, follows redirects and renders it', async () => {
    const res = await postJson(
      `${svc.url}/render/url`,
      { url: `${site.url}/moved` },
      { accept: 'application/json' },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      validation: { isCompliant: boolean; metadata: { title: string } };
    };
    expect(body.validation.metadata.title).toBe('Seite');
    expect(body.validation.isCompliant).toBe(true);
  });

  it('refuses a redirect to a private address', async () => {
    const res = await postJson(`${svc.url}/render/url`, { url: `${site.url}/to-private` });
    expect(res.status).toBe(403);
  });

  it('reports missing, slow and huge pages', async () => {
    expect((await postJson(`${svc.url}/render/url`, { url: `${site.url}/missing` })).status).toBe(
      502,
    );
    expect((await postJson(`${svc.url}/render/url`, { url: `${site.url}/slow` })).status).toBe(504);
    expect((await postJson(`${svc.url}/render/url`, { url: `${site.url}/huge` })).status).toBe(413);
  });

  it('refuses private targets given directly', async () => {
    expect(
      (await postJson(`${svc.url}/render/url`, { url: 'http://169.254.169.254/latest/meta-data' }))
        .status,
    ).toBe(403);
    expect((await postJson(`${svc.url}/render/url`, { url: 'http://[::1]:8080/' })).status).toBe(
      403,
    );
  });
});
