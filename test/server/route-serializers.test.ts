import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  loadPrecompiledSerializers,
  precompiledSerializersModule,
  serializerFactory,
  type SerializerSource,
} from '../../src/server/route-serializers.js';
import { startTestService } from './harness.js';

// Inside the project, so the serializers' own requires (fast-json-stringify's runtime) resolve.
const cache = join(import.meta.dirname, '..', '..', 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(cache, 'a11ypdf-serializers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const money = {
  $id: 'Money',
  type: 'object',
  properties: { amount: { type: 'number' }, currency: { type: 'string' } },
};

const orderSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    total: { $ref: 'Money#' },
    // A branch to pick per value: fast-json-stringify needs a schema validator for it.
    reference: {
      anyOf: [{ type: 'string' }, { type: 'object', properties: { n: { type: 'integer' } } }],
    },
    tags: { type: 'array', items: { type: 'string' } },
  },
};

/** A small app whose response goes through serializers from `source`. */
async function app(
  source: SerializerSource | undefined,
  schema: object = orderSchema,
  shared: object = money,
  onCompile?: (key: string) => void,
): Promise<FastifyInstance> {
  const a = Fastify({
    schemaController: {
      compilersFactory: { buildSerializer: serializerFactory(source, onCompile) },
    },
  });
  a.addSchema(shared);
  a.get('/order/:id', { schema: { response: { 200: schema } } }, async (req) => {
    const id = Number((req.params as { id: string }).id);
    return {
      id,
      total: { amount: 12.5 * id, currency: 'EUR', internal: 'dropped' },
      reference: id % 2 === 0 ? `R-${id}` : { n: id, secret: true },
      tags: ['a', 'b'],
      password: 'never sent',
    };
  });
  await a.ready();
  return a;
}

function install(dir: string, code: ReadonlyMap<string, string>): SerializerSource | undefined {
  mkdirSync(join(work, dir, 'server'), { recursive: true });
  writeFileSync(join(work, dir, 'route-serializers.cjs'), precompiledSerializersModule(code));
  return loadPrecompiledSerializers(pathToFileURL(join(work, dir, 'server', 'start.js')).href);
}

async function precompiled(dir: string): Promise<SerializerSource> {
  const code = new Map<string, string>();
  await (await app({ kind: 'collect', store: (k, c) => code.set(k, c) })).close();
  // GET and the HEAD route fastify adds beside it.
  expect(code.size).toBe(2);
  const loaded = install(dir, code);
  if (!loaded) throw new Error('the precompiled serializers did not load');
  return loaded;
}

describe('response serializers made at build time', () => {
  it('write what the compiled ones write, without compiling any schema', async () => {
    const compiles: string[] = [];
    const ready = await app(await precompiled('same'), orderSchema, money, (k) => compiles.push(k));
    const compiled = await app(undefined);
    for (const id of [1, 2, 7]) {
      const a = await ready.inject({ url: `/order/${id}` });
      const b = await compiled.inject({ url: `/order/${id}` });
      expect(a.statusCode).toBe(200);
      expect(a.body).toBe(b.body);
      // Only what the schema names is sent.
      expect(a.body).not.toContain('never sent');
      expect(a.json().total).toEqual({ amount: 12.5 * id, currency: 'EUR' });
    }
    expect(compiles).toEqual([]);
    await ready.close();
    await compiled.close();
  });

  it('compile a response whose schema, or a shared schema it uses, changed since the build', async () => {
    const source = await precompiled('changed');
    const compiles: string[] = [];
    const changedRoute = { ...orderSchema, properties: { id: { type: 'string' } } };
    const a = await app(source, changedRoute, money, (k) => compiles.push(k));
    expect(compiles).toHaveLength(2);
    expect((await a.inject({ url: '/order/3' })).json()).toEqual({ id: '3' });
    await a.close();

    compiles.length = 0;
    const changedShared = { ...money, properties: { amount: { type: 'string' } } };
    const b = await app(source, orderSchema, changedShared, (k) => compiles.push(k));
    expect(compiles).toHaveLength(2);
    expect((await b.inject({ url: '/order/2' })).json().total).toEqual({ amount: '25' });
    await b.close();
  });

  it('are absent when running from sources, and a broken file stops the start', () => {
    const start = (dir: string) => pathToFileURL(join(work, dir, 'server', 'start.js')).href;
    expect(loadPrecompiledSerializers(start('none'))).toBeUndefined();
    mkdirSync(join(work, 'broken', 'server'), { recursive: true });
    writeFileSync(join(work, 'broken', 'route-serializers.cjs'), 'this is not javascript');
    expect(() => loadPrecompiledSerializers(start('broken'))).toThrow(SyntaxError);
  });

  it('cover every response of the service, and answer as the compiled ones', async () => {
    const code = new Map<string, string>();
    const first = await startTestService(
      {},
      {},
      { serializers: { kind: 'collect', store: (k, c) => code.set(k, c) } },
    );
    const problemFrom = async (base: string) =>
      fetch(`${base}/render/template`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ template: { blocks: 'not a list' } }),
      });
    const expected = await problemFrom(first.url);
    const expectedBody = (await expected.json()) as Record<string, unknown>;
    await first.close();
    expect(code.size).toBeGreaterThan(20);

    const compiles: string[] = [];
    const second = await startTestService(
      {},
      {},
      { serializers: install('service', code), onSerializerCompile: (k) => compiles.push(k) },
    );
    const bad = await problemFrom(second.url);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await bad.json()) as Record<string, unknown>;
    // The same problem document, but for the per-request identifiers.
    const strip = ({ instance: _i, requestId: _r, ...rest }: Record<string, unknown>) => rest;
    expect(strip(body)).toEqual(strip(expectedBody));
    const health = await fetch(`${second.url}/health`);
    expect(health.status).toBe(200);
    await second.close();
    expect(compiles).toEqual([]);
  }, 60_000);
});
