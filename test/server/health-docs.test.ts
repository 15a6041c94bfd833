import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type RunningService } from './harness.js';

let svc: RunningService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('health', () => {
  it('GET /health gives status, version and uptime', async () => {
    const res = await fetch(`${svc.url}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; version: string; uptime: number };
    expect(body.status).toBe('ok');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.uptime).toBeGreaterThan(0);
  });

  it('liveness and readiness answer', async () => {
    expect((await fetch(`${svc.url}/health/live`)).status).toBe(200);
    expect((await fetch(`${svc.url}/health/ready`)).status).toBe(200);
  });

  it('echoes a valid X-Request-Id and generates one otherwise', async () => {
    const given = await fetch(`${svc.url}/health`, { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const generated = await fetch(`${svc.url}/health`, {
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('docs and metrics', () => {
  it('serves an OpenAPI 3.1 document covering every endpoint', async () => {
    const res = await fetch(`${svc.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/render/html',
      '/render/url',
      '/render/template',
      '/convert',
      '/convert-and-validate',
      '/render',
      '/validate',
      '/identify',
      '/health',
      '/health/live',
      '/health/ready',
      '/metrics',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'FileAttachment',
        'XmpSchema',
        'ValidationResponse',
        'Problem',
        'Template',
      ]),
    );
  });

  it('serves the docs UI from local assets', async () => {
    const res = await fetch(`${svc.url}/docs/`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('swagger');
    expect(html).not.toMatch(/<script[^>]+src="https?:\/\//);
  });

  it('serves the docs UI assets from the installed package, and nothing beside them', async () => {
    for (const [path, type] of [
      ['/docs/static/swagger-ui.css', 'text/css'],
      ['/docs/static/swagger-ui-bundle.js', 'javascript'],
      ['/docs/static/logo.svg', 'image/svg+xml'],
    ] as const) {
      const res = await fetch(`${svc.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain(type);
      expect((await res.arrayBuffer()).byteLength, path).toBeGreaterThan(100);
    }
    for (const path of ['/docs/..%2f..%2fpackage.json', '/docs/static/..%2f..%2fpackage.json']) {
      const res = await fetch(`${svc.url}${path}`);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(await res.text(), path).not.toContain('"dependencies"');
    }
  });

  it('exposes Prometheus metrics with request counts', async () => {
    await fetch(`${svc.url}/health`);
    const text = await (await fetch(`${svc.url}/metrics`)).text();
    expect(text).toContain(
      'a11ypdf_http_requests_total{method="GET",route="/health",status="200"}',
    );
    expect(text).toContain('a11ypdf_queue_depth');
  });

  it('answers unknown routes with a problem document', async () => {
    const res = await fetch(`${svc.url}/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = (await res.json()) as { status: number; instance: string; requestId: string };
    expect(body).toMatchObject({ status: 404, instance: '/nope' });
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
  });
});
