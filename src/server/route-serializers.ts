/**
 * The routes' response serializers, compiled once at build time instead of at every start.
 *
 * fastify builds a fast-json-stringify serializer for every response schema of every route
 * when the service starts: it generates JavaScript per schema and compiles it with
 * `new Function`, which V8's code cache cannot keep. That was the largest single piece of the
 * HTTP thread's start-up, on the same cores where the workers load and warm the engine. As for
 * the request validators (route-validators.ts), `npm run build` starts the service once with a
 * `collect` source and writes fast-json-stringify's standalone code of every serializer to
 * dist/route-serializers.cjs; a later start takes each serializer from there when the route,
 * status, content type, schema and shared schemas are exactly those it was made for, and
 * compiles as before when not.
 */
import { createRequire } from 'node:module';
import { SerializerSelector, StandaloneSerializer } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { entryKey, loadBuildOutput } from './build-output.js';
import { precompiledModule } from './route-validators.js';

type SerializerFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];

/** What fastify asks a serializer for: one status and content type of one route. */
interface RouteResponse {
  readonly schema?: unknown;
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly httpStatus?: string | undefined;
  readonly contentType?: string | undefined;
}

type Serialize = (data: unknown) => string;

/** Serializers made at build time, by key. */
export interface PrecompiledSerializers {
  has(key: string): boolean;
  get(key: string): Serialize | undefined;
}

/** Where serializers come from: the build's file, or made here and their code collected. */
export type SerializerSource =
  | { readonly kind: 'precompiled'; readonly serializers: PrecompiledSerializers }
  | { readonly kind: 'collect'; readonly store: (key: string, code: string) => void };

/**
 * Names one response of a route with everything its serializer's code depends on: the schema
 * and the shared schemas it may reference (`$ref: 'Problem#'`), whose hash is `sharedHash`.
 */
export function serializerKey(route: RouteResponse, sharedHash: string): string {
  return entryKey([
    route.method,
    route.url,
    route.httpStatus,
    route.contentType,
    route.schema ?? null,
    sharedHash,
  ]);
}

/**
 * The serializer factory for fastify's schemaController. Without a source it is fastify's own;
 * `onCompile` hears every response schema compiled at start (tests count them).
 */
export function serializerFactory(
  source: SerializerSource | undefined,
  onCompile?: (key: string) => void,
): SerializerFactory {
  const compiling = SerializerSelector();
  const factory = (externalSchemas: unknown, serializerOpts: unknown) => {
    const shared = entryKey(externalSchemas ?? null);
    let compile: ((route: RouteResponse) => Serialize) | undefined;
    const compiled = (route: RouteResponse): Serialize => {
      compile ??= compiling(externalSchemas as never, serializerOpts as never) as unknown as (
        route: RouteResponse,
      ) => Serialize;
      return compile(route);
    };
    if (source?.kind === 'collect') {
      // Standalone code for the file, and a serializer compiled as usual for this process:
      // the build's own start answers requests too (tests make some). Schemas with anyOf or
      // oneOf need ajv to pick a branch: inlineValidators puts ajv's standalone code for them
      // in the file too, so a start neither loads nor runs ajv.
      const standaloneOpts = { ...(serializerOpts as object), inlineValidators: true };
      const standalone = StandaloneSerializer({
        readMode: false,
        storeFunction: (route, code) =>
          source.store(serializerKey(route as RouteResponse, shared), code),
      })(externalSchemas as never, standaloneOpts as never) as unknown as (
        route: RouteResponse,
      ) => unknown;
      return (route: RouteResponse): Serialize => {
        standalone(route);
        return compiled(route);
      };
    }
    return (route: RouteResponse): Serialize => {
      const key = serializerKey(route, shared);
      const serializers = source?.serializers;
      if (serializers?.has(key)) {
        // Its code runs on the first response that needs it: most routes' error answers
        // never occur in a process's life.
        let made: Serialize | undefined;
        return (data) => (made ??= serializers.get(key) as Serialize)(data);
      }
      onCompile?.(key);
      return compiled(route);
    };
  };
  return factory as unknown as SerializerFactory;
}

/** Module text holding collected serializer code, loaded by `loadPrecompiledSerializers`. */
export function precompiledSerializersModule(code: ReadonlyMap<string, string>): string {
  return precompiledModule(code, {
    made: "fast-json-stringify's standalone code of the service's response serializers",
    see: 'src/server/route-serializers.ts',
  });
}

/** The build's serializers beside dist/ (`../route-serializers.cjs` from dist/server and dist/bundle). */
export function loadPrecompiledSerializers(fromUrl: string): SerializerSource | undefined {
  const built = loadBuildOutput(fromUrl, 'route-serializers.cjs');
  if (!built) return undefined;
  // A file whose serializers' runtime cannot be found is a broken build too, which start-up
  // reports (their code itself runs on first use).
  createRequire(built.file).resolve('fast-json-stringify/lib/serializer');
  const serializers = built.exports as PrecompiledSerializers;
  return typeof serializers.get === 'function' && typeof serializers.has === 'function'
    ? { kind: 'precompiled', serializers }
    : undefined;
}
