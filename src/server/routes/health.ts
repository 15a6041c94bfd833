/** Liveness, readiness and the summary health document. Public and cheap: no engine work. */
import type { FastifyPluginAsync } from 'fastify';

export interface HealthOptions {
  readonly version: string;
  /** Whether the service can take work now (warm and not saturated). */
  readonly isReady: () => boolean;
}

const healthSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    version: { type: 'string' },
    uptime: { type: 'number', description: 'Seconds since the service started' },
  },
  required: ['status', 'version', 'uptime'],
} as const;

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, opts) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Service status', response: { 200: healthSchema } } },
    async () => ({
      status: 'ok',
      version: opts.version,
      uptime: Math.round(process.uptime() * 1000) / 1000,
    }),
  );
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: healthSchema },
      },
    },
    async () => ({ status: 'ok', version: opts.version, uptime: process.uptime() }),
  );
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: warm and not saturated (503 otherwise)',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_req, reply) => {
      const ready = opts.isReady();
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ok' : 'unavailable',
        version: opts.version,
        uptime: process.uptime(),
      });
    },
  );
};
