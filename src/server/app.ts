/**
 * Builds the fastify application from a ServiceConfig. Routes are plugins; this file composes
 * them with the cross-cutting parts (request ids, problem details, auth, OpenAPI, metrics,
 * the worker pool), so tests can build an app on an ephemeral port with any configuration.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAuthenticator, authMode } from './auth.js';
import type { ServiceConfig } from './config.js';
import { setUpJobs } from './jobs/index.js';
import { createMetrics, metricsRoutes } from './metrics.js';
import { WorkPool } from './pool.js';
import { errorToProblemInit, sendProblem } from './problem.js';
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
import { templateSchema } from '../template/schema.js';

export interface Service {
  readonly app: FastifyInstance;
  readonly pool: WorkPool;
  /** Stop taking work (503), drain, close the pool. */
  shutdown(): Promise<void>;
}

export interface ServiceOptions {
  /** Where JSON log lines go (default stdout); tests pass a stream to read them. */
  readonly logStream?: NodeJS.WritableStream;
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

  const pool = new WorkPool({
    workers: config.workers,
    queueLimit: config.queueLimit,
    timeoutMs: config.requestTimeoutMs,
    queueTimeoutMs: config.queueTimeoutMs,
    workerMemoryMb: config.workerMemoryMb,
    ...(config.workerYoungGenerationMb > 0
      ? { workerYoungGenerationMb: config.workerYoungGenerationMb }
      : {}),
    heapGrowingPercent: config.heapGrowingPercent,
  });
  const metrics = createMetrics(
    () => pool.queueDepth,
    () => pool.inFlight,
  );
  let closing = false;
  let warm = false;
  // Readiness waits for the workers to parse fonts; liveness does not.
  void pool.warmUp().then(() => {
    warm = true;
  });

  app.addSchema(fileAttachmentSchema);
  app.addSchema(xmpSchemaSchema);
  app.addSchema(validationResponseSchema);
  app.addSchema(problemSchema);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (closing && !req.url.startsWith('/health')) {
      return sendProblem(req, reply, {
        status: 503,
        detail: 'the service is shutting down',
        headers: { 'retry-after': '5' },
      });
    }
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
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const authenticate = createAuthenticator(config);
  // Batch jobs: /jobs on the API role, the queue worker on the worker role (both with `all`).
  const jobs = await setUpJobs(app, { config, pool, metrics, authenticate });
  await app.register(healthRoutes, {
    version: VERSION,
    isReady: () => warm && !closing && !pool.saturated && jobs.isReady(),
  });
  await app.register(metricsRoutes, { metrics });
  if (config.role !== 'worker') {
    await app.register(renderRoutes, { config, pool, metrics, authenticate });
    await app.register(validateRoutes, { config, pool, metrics, authenticate });
  }

  return {
    app,
    pool,
    async shutdown() {
      closing = true;
      // In-flight requests and items both need the pool: drain them side by side, then close it.
      await Promise.all([app.close(), jobs.close()]);
      await pool.close();
    },
  };
}
