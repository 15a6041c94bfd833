import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  loadPrecompiled,
  precompiledModule,
  validatorFactory,
  type ValidatorSource,
} from '../../src/server/route-validators.js';
import { startTestService } from './harness.js';

// Inside the project, so the validators' own requires (ajv's runtime, ajv-formats) resolve.
const cache = join(import.meta.dirname, '..', '..', 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(cache, 'a11ypdf-validators-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bodySchema = {
  type: 'object',
  required: ['name', 'site'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 2 },
    site: { type: 'string', format: 'uri' },
    copies: { type: 'integer', minimum: 1, default: 1 },
  },
};

/** A small app with the service's ajv options, validators from `source`. */
async function app(
  source: ValidatorSource | undefined,
  schema: object = bodySchema,
  onCompile?: (key: string) => void,
): Promise<FastifyInstance> {
  const a = Fastify({
    schemaController: { compilersFactory: { buildValidator: validatorFactory(source, onCompile) } },
    ajv: { customOptions: { allErrors: true, coerceTypes: false, useDefaults: true } },
  });
  a.post('/order', { schema: { body: schema } }, async (req) => req.body);
  await a.ready();
  return a;
}

/** Writes collected validator code where a start in `<dir>/server` finds it, and loads it. */
function install(dir: string, code: ReadonlyMap<string, string>): ValidatorSource | undefined {
  mkdirSync(join(work, dir, 'server'), { recursive: true });
  writeFileSync(join(work, dir, 'route-validators.cjs'), precompiledModule(code));
  return loadPrecompiled(pathToFileURL(join(work, dir, 'server', 'start.js')).href);
}

/** Collects the validators of `schema`'s app and loads them back the way a start does. */
async function precompiled(dir: string, schema: object = bodySchema): Promise<ValidatorSource> {
  const code = new Map<string, string>();
  await (await app({ kind: 'collect', store: (k, c) => code.set(k, c) }, schema)).close();
  const loaded = install(dir, code);
  if (!loaded) throw new Error('the precompiled validators did not load');
  return loaded;
}

const post = (a: FastifyInstance, payload: unknown) =>
  a.inject({ method: 'POST', url: '/order', payload: payload as object });

describe('route validators made at build time', () => {
  it('validate as the compiled ones do, without compiling any schema', async () => {
    const compiles: string[] = [];
    const ready = await app(await precompiled('same'), bodySchema, (k) => compiles.push(k));
    const compiled = await app(undefined);
    for (const payload of [
      { name: 'Ada', site: 'https://example.org/' },
      { name: 'A', site: 'not a url', extra: true },
      { site: 'https://example.org/', copies: 0 },
      [],
    ]) {
      const a = await post(ready, payload);
      const b = await post(compiled, payload);
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.json()).toEqual(b.json());
    }
    // Defaults are filled in as by the compiled validator.
    expect((await post(ready, { name: 'Ada', site: 'https://example.org/' })).json()).toEqual({
      name: 'Ada',
      site: 'https://example.org/',
      copies: 1,
    });
    expect((await post(ready, { name: 'A', site: 'x' })).statusCode).toBe(400);
    expect(compiles).toEqual([]);
    await ready.close();
    await compiled.close();
  });

  it('compile a schema that changed since the build, and only that one', async () => {
    const compiles: string[] = [];
    const changed = { ...bodySchema, required: ['name'] };
    const a = await app(await precompiled('changed'), changed, (k) => compiles.push(k));
    expect(compiles).toHaveLength(1);
    // The changed schema is the one in force: `site` is no longer required.
    expect((await post(a, { name: 'Ada' })).statusCode).toBe(200);
    expect((await post(a, { name: 'A' })).statusCode).toBe(400);
    await a.close();
  });

  it('are absent when running from sources, and a broken file stops the start', () => {
    const start = (dir: string) => pathToFileURL(join(work, dir, 'server', 'start.js')).href;
    expect(loadPrecompiled(start('none'))).toBeUndefined();
    mkdirSync(join(work, 'broken', 'server'), { recursive: true });
    writeFileSync(join(work, 'broken', 'route-validators.cjs'), 'this is not javascript');
    expect(() => loadPrecompiled(start('broken'))).toThrow(SyntaxError);
  });

  it('cover every route of the service, whose schemas are the same from one start to the next', async () => {
    const code = new Map<string, string>();
    const first = await startTestService(
      {},
      {},
      {
        validators: { kind: 'collect', store: (k, c) => code.set(k, c) },
      },
    );
    await first.close();
    expect(code.size).toBeGreaterThan(10);
    const compiles: string[] = [];
    const second = await startTestService(
      {},
      {},
      {
        validators: install('service', code),
        onValidatorCompile: (k) => compiles.push(k),
      },
    );
    const bad = await fetch(`${second.url}/render/template`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ template: { blocks: 'not a list' } }),
    });
    expect(bad.status).toBe(400);
    await second.close();
    expect(compiles).toEqual([]);
  }, 60_000);
});
