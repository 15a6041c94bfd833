/**
 * Builds the fastify application from a ServiceConfig. Routes are plugins; this file composes
 * them with the cross-cutting parts (request ids, problem details, auth, OpenAPI, metrics,
 * the worker pool), so tests can build an app on an ephemeral port with any configuration.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAuthenticator, authMode } from './auth.js';
import type { ServiceConfig } from './config.js';
import { setUpJobs } from './jobs/index.js';
import { createMetrics, metricsRoutes } from './metrics.js';
import { poolFromConfig, type WorkPool } from './pool.js';
import { errorToProblemInit, sendProblem } from './problem.js';
import { startHealthListener, type HealthListener } from './health-listener.js';
import { healthRoutes } from './routes/health.js';
import { renderRoutes } from './routes/render.js';
import { validateRoutes } from './routes/validate.js';
import {
  fileAttachmentSchema,
  problemSchema,
  validationResponseSchema,
  xmpSchemaSchema,
} from './schemas.js';
import { VERSION } from './version.js';
import { templateSchema } from '../index.js';
import { serializerFactory, type SerializerSource } from './route-serializers.js';
import { validatorFactory, type ValidatorSource } from './route-validators.js';

export interface Service {
  readonly app: FastifyInstance;
  readonly pool: WorkPool;
  /** The health listener on its own thread (config.healthPort), or null when it is off. */
  readonly health: HealthListener | null;
  /**
   * Stops taking work and closes: new requests get 503, every response says Connection: close,
   * idle keep-alive connections are closed at once; when the requests in flight are done, or
   * `graceMs` has passed (default: the configured grace period), the listener and the pool close.
   * `drained` says whether all work in flight finished.
   */
  shutdown(graceMs?: number): Promise<{ drained: boolean }>;
}

export interface ServiceOptions {
  /** Where JSON log lines go (default stdout); tests pass a stream to read them. */
  readonly logStream?: NodeJS.WritableStream;
  /** Route validators made at build time, or a collector of their code (the build's). */
  readonly validators?: ValidatorSource;
  /** Hears each route schema compiled at start rather than taken from `validators`. */
  readonly onValidatorCompile?: (key: string) => void;
  /** Response serializers made at build time, or a collector of their code (the build's). */
  readonly serializers?: SerializerSource;
  /** Hears each response schema compiled at start rather than taken from `serializers`. */
  readonly onSerializerCompile?: (key: string) => void;
  /**
   * The worker pool, made from the same configuration by `poolFromConfig` before the HTTP side
   * was loaded (so its threads start loading the engine meanwhile); the service owns it and
   * closes it. Default: made here.
   */
  readonly pool?: WorkPool;
}

/** The requests being answered, and a wait for none to be left. */
class InFlight {
  #count = 0;
  #waiters: (() => void)[] = [];

  track(res: NodeJS.EventEmitter): void {
    this.#count++;
    // 'close' comes once the response is sent or the client went away, either way.
    res.once('close', () => {
      this.#count--;
      if (this.#count === 0) for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  /** Resolves true when nothing is in flight, false when `ms` passes first. */
  settled(ms: number): Promise<boolean> {
    if (this.#count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

/** Says once, at start, who may call the service; a public service is a warning. */
function logAuthMode(app: FastifyInstance, config: ServiceConfig): void {
  const mode = authMode(config);
  if (mode === 'public') {
    app.log.warn(
      { authMode: mode },
      'authentication is off: every route is public (set API_KEY, API_KEYS, or JWT_ISSUER with JWT_JWKS_URL)',
    );
  } else app.log.info({ authMode: mode }, `authentication: ${mode}`);
}

/**
 * Where Swagger UI's page files are. The plugin finds them beside its own code, which the
 * service's bundle moves (the bundle carries the plugin so that it loads from the code cache,
 * not from source at every start): they are located from the installed package instead.
 */
function swaggerUiFiles(): { baseDir: string; logo: { type: string; content: Buffer } } {
  const baseDir = join(
    dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')),
    'static',
  );
  return {
    baseDir,
    logo: { type: 'image/svg+xml', content: readFileSync(join(baseDir, 'logo.svg')) },
  };
}

export async function buildService(
  config: ServiceConfig,
  options: ServiceOptions = {},
): Promise<Service> {
  const app = Fastify({
    logger: {
      ...(options.logStream ? { stream: options.logStream } : {}),
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers["x-upload-url"]', 'req.headers.cookie'],
        censor: '[redacted]',
      },
      serializers: {
        // Upload URLs are presigned: their query string is a secret. Log the path only.
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          url: req.url.split('?')[0],
          id: req.id,
        }),
      },
    },
    bodyLimit: config.jsonBodyLimit,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given)
        ? given
        : crypto.randomUUID();
    },
    schemaController: {
      compilersFactory: {
        buildValidator: validatorFactory(options.validators, options.onValidatorCompile),
        buildSerializer: serializerFactory(options.serializers, options.onSerializerCompile),
      },
    },
    ajv: {
      customOptions: {
        allErrors: true,
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: true,
      },
    },
    return503OnClosing: false,
  });

  logAuthMode(app, config);

  const pool = options.pool ?? poolFromConfig(config);
  const metrics = createMetrics(
    () => pool.queueDepth,
    () => pool.inFlight,
  );
  let closing = false;
  let warm = false;
  const inFlight = new InFlight();
  // Readiness waits for the workers to load the engine and warm up on sample documents;
  // liveness does not.
  void pool.warmUp().then(() => {
    warm = true;
  });

  app.addSchema(fileAttachmentSchema);
  app.addSchema(xmpSchemaSchema);
  app.addSchema(validationResponseSchema);
  app.addSchema(problemSchema);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (closing) {
      // The client should take its next request elsewhere: no keep-alive while draining.
      reply.header('connection', 'close');
      if (req.url.startsWith('/health')) return;
      return sendProblem(req, reply, {
        status: 503,
        detail: 'the service is shutting down',
        headers: { 'retry-after': '5' },
      });
    }
    inFlight.track(reply.raw);
  });
  // Work that was in flight when the drain began ends its connection with its response.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.requestSeconds.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });

  app.setErrorHandler((err, req, reply) => {
    const init = errorToProblemInit(err);
    if (init.status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ status: init.status, detail: init.detail }, 'request refused');
    return sendProblem(req, reply, init);
  });
  app.setNotFoundHandler((req, reply) =>
    sendProblem(req, reply, {
      status: 404,
      detail: `no route ${req.method} ${req.url.split('?')[0]}`,
    }),
  );

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'a11ypdf',
        version: VERSION,
        description:
          'HTML, web pages and JSON templates to tagged PDF/A-3a + PDF/UA-1, PNG/JPEG images of the same layout, and PDF/A + PDF/UA validation. Errors are RFC 9457 problem details.',
      },
      components: {
        // The template's own JSON Schema (2020-12), published as it is; requests are checked with it.
        schemas: { Template: templateSchema as unknown as Record<string, unknown> },
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: `API key or JWT (active mode: ${authMode(config)})`,
          },
        },
      },
      ...(authMode(config) === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', ...swaggerUiFiles() });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const authenticate = createAuthenticator(config);
  // Batch jobs: /jobs on the API role, the queue worker on the worker role (both with `all`).
  const jobs = await setUpJobs(app, { config, pool, metrics, authenticate });
  const isReady = () => warm && !closing && !pool.saturated && jobs.isReady();
  await app.register(healthRoutes, { version: VERSION, isReady });
  await app.register(metricsRoutes, { metrics });
  if (config.role !== 'worker') {
    await app.register(renderRoutes, { config, pool, metrics, authenticate });
    await app.register(validateRoutes, { config, pool, metrics, authenticate });
  }

  const health =
    config.healthPort === null
      ? null
      : await startHealthListener({
          port: config.healthPort,
          host: config.host,
          version: VERSION,
          stallMs: config.livenessStallMs,
          isReady,
        });

  return {
    app,
    pool,
    health,
    async shutdown(graceMs = config.shutdownGraceMs) {
      closing = true;
      app.server.closeIdleConnections();
      // In-flight requests and items both need the pool: drain them side by side.
      const [drained] = await Promise.all([inFlight.settled(graceMs), jobs.close()]);
      const closed = app.close();
      // Past the grace period, or connections opened during the drain and left idle.
      app.server.closeAllConnections();
      await closed;
      await pool.close();
      await health?.close();
      return { drained };
    },
  };
}
