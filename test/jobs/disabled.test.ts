/** Without REDIS_URL the service runs as before; /jobs says what to configure. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestService, type RunningService } from '../server/harness.js';

/** The parts of a problem document and of the OpenAPI document these tests read. */
interface Problem {
  type: string;
  status: number;
  title: string;
  detail: string;
}
interface SchemaNode {
  required?: string[];
  enum?: string[];
  const?: string;
  properties: Record<string, SchemaNode>;
  items: SchemaNode;
  allOf: { if: SchemaNode; then: SchemaNode }[];
}
interface Operation {
  tags: string[];
  parameters: { name: string }[];
  requestBody: { content: Record<string, { schema: SchemaNode }> };
  responses: Record<string, { content: Record<string, { schema: SchemaNode }> }>;
}
interface OpenApi {
  security: unknown;
  paths: Record<string, Record<string, Operation>>;
}

describe('jobs API without a queue', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ API_KEY: 'test-key-123' });
  });
  afterAll(() => svc.close());
  const auth = { authorization: 'Bearer test-key-123' };

  it('answers 503 with a problem naming REDIS_URL, after authentication', async () => {
    const unauthenticated = await postJson(`${svc.url}/jobs`, { items: [] });
    expect(unauthenticated.status).toBe(401);

    const res = await postJson(`${svc.url}/jobs`, { items: [] }, auth);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const problem = (await res.json()) as Problem;
    expect(problem).toMatchObject({
      type: 'urn:a11ypdf:problem:jobs-disabled',
      status: 503,
      title: 'The jobs API is off',
    });
    expect(problem.detail).toMatch(/set REDIS_URL/);
    expect(problem.detail).toMatch(/--role worker/);

    const get = await fetch(`${svc.url}/jobs/00000000-0000-4000-8000-000000000000`, {
      headers: auth,
    });
    expect(get.status).toBe(503);
  });

  it('still renders synchronously', async () => {
    const res = await postJson(`${svc.url}/render/html`, { html: '<p>hi</p>' }, auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
  });

  it('describes the jobs routes in the OpenAPI document, guarded like the others', async () => {
    const doc = (await (await fetch(`${svc.url}/openapi.json`)).json()) as OpenApi;
    expect(Object.keys(doc.paths['/jobs'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/jobs/{id}']).sort()).toEqual(['delete', 'get']);
    expect(doc.security).toEqual([{ bearer: [] }]);
    const post = doc.paths['/jobs'].post;
    expect(post.tags).toEqual(['jobs']);
    expect(post.parameters.map((p) => p.name)).toContain('idempotency-key');
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['202', '4XX', '5XX']));
    const item = post.requestBody.content['application/json'].schema.properties.items.items;
    expect(item.properties.route.enum).toEqual([
      '/render/html',
      '/render/url',
      '/render/template',
      '/render',
      '/validate',
    ]);
    // Each route's own body schema checks the items of that route.
    // (@fastify/swagger writes const as a one-value enum.)
    const html = item.allOf.find(
      (c) => (c.if.properties.route.const ?? c.if.properties.route.enum?.[0]) === '/render/html',
    );
    expect(html?.then.properties.body.required).toEqual(['html']);
    expect(html?.then.required).toEqual(['uploadUrl']);
    const status = doc.paths['/jobs/{id}'].get.responses['200'].content['application/json'].schema;
    expect(status.properties.counts.required).toEqual([
      'total',
      'queued',
      'running',
      'succeeded',
      'failed',
      'cancelled',
    ]);
  });
});
