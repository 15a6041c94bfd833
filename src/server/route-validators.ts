/**
 * The routes' request validators, compiled once at build time instead of at every start.
 *
 * fastify compiles each route's JSON schemas with ajv when the service starts; ajv generates
 * and compiles JavaScript for every schema (the template schema is large), which was about a
 * third of the HTTP thread's start-up and cannot come from V8's code cache (it is made with
 * `new Function`). `npm run build` starts the service once with a `collect` source, which keeps
 * ajv's standalone code of every validator, and writes them to dist/route-validators.cjs
 * (scripts/route-validators.mjs). A later start takes each route's validator from that file
 * when the route, its part and its schema are exactly those it was made for, and compiles
 * the schema as before when not (a schema changed since the build, or no file).
 */
import { AjvCompiler, StandaloneValidator } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import { entryKey, loadBuildOutput } from './build-output.js';

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

/** What fastify asks a validator for: one part (body, querystring...) of one route. */
interface RouteSchema {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly httpPart?: string | undefined;
  readonly schema?: unknown;
}

/** A validator as ajv makes it: true or false, with the failures left in `errors`. */
type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/** Validators made at build time, by key. */
export interface PrecompiledValidators {
  get(key: string): Validate | undefined;
}

/** Where validators come from: the build's file, or made here and their code collected. */
export type ValidatorSource =
  | { readonly kind: 'precompiled'; readonly validators: PrecompiledValidators }
  | { readonly kind: 'collect'; readonly store: (key: string, code: string) => void };

/** Names a route part and the exact schema it validates against. */
export function validatorKey(route: RouteSchema): string {
  return entryKey([route.method, route.url, route.httpPart, route.schema ?? null]);
}

/**
 * The validator factory for fastify's schemaController. Without a source it is fastify's own;
 * `onCompile` hears every schema compiled at start (tests count them).
 */
export function validatorFactory(
  source: ValidatorSource | undefined,
  onCompile?: (key: string) => void,
): ValidatorFactory {
  if (source?.kind === 'collect') {
    return StandaloneValidator({
      readMode: false,
      storeFunction: (route, code) => source.store(validatorKey(route), code),
    });
  }
  const compiling = AjvCompiler();
  const factory = (...args: Parameters<typeof compiling>) => {
    // ajv itself is made only if some schema has no precompiled validator.
    let compile: ReturnType<typeof compiling> | undefined;
    return (route: RouteSchema): Validate => {
      const key = validatorKey(route);
      const made = source?.validators.get(key);
      if (made) return made;
      onCompile?.(key);
      compile ??= compiling(...args);
      return (compile as unknown as (r: RouteSchema) => Validate)(route);
    };
  };
  return factory as unknown as ValidatorFactory;
}

/** What a precompiled module's header says it holds and where its loader is. */
export interface PrecompiledHeader {
  readonly made: string;
  readonly see: string;
}

const VALIDATORS_HEADER: PrecompiledHeader = {
  made: "ajv standalone code of the service's route validators",
  see: 'src/server/route-validators.ts',
};

/**
 * Module text holding collected code by key (validators here, loaded by `loadPrecompiled`), each
 * piece a CommonJS module body run on first use.
 */
export function precompiledModule(
  code: ReadonlyMap<string, string>,
  header: PrecompiledHeader = VALIDATORS_HEADER,
): string {
  const entries = [...code]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([key, source]) =>
        `  ${JSON.stringify(key)}: function (module, exports, require) {\n${source}\n  },`,
    );
  return [
    `// Made by scripts/route-validators.mjs during \`npm run build\` (${header.made});`,
    `// see ${header.see}.`,
    "'use strict';",
    'const sources = {',
    ...entries,
    '};',
    'const made = new Map();',
    'exports.has = (key) => Object.prototype.hasOwnProperty.call(sources, key);',
    'exports.get = (key) => {',
    '  if (!Object.prototype.hasOwnProperty.call(sources, key)) return undefined;',
    '  let v = made.get(key);',
    '  if (v === undefined) {',
    '    const m = { exports: {} };',
    '    sources[key](m, m.exports, require);',
    '    v = m.exports.default ?? m.exports;',
    '    made.set(key, v);',
    '  }',
    '  return v;',
    '};',
    '',
  ].join('\n');
}

/** The build's validators beside dist/ (`../route-validators.cjs` from dist/server and dist/bundle). */
export function loadPrecompiled(fromUrl: string): ValidatorSource | undefined {
  // A file that is there but does not load (a module it requires included) is a broken
  // build, which start-up reports.
  const validators = loadBuildOutput(fromUrl, 'route-validators.cjs')?.exports as
    PrecompiledValidators | undefined;
  return typeof validators?.get === 'function' ? { kind: 'precompiled', validators } : undefined;
}
