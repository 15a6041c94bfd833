/**
 * Builds the fastify application from a ServiceConfig. Routes are plugins; this file only
 * composes them, so tests can build an app on an ephemeral port with any configuration.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServiceConfig } from './config.js';
import { healthRoutes } from './routes/health.js';
import { VERSION } from './version.js';

export async function buildApp(config: ServiceConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers["x-upload-url"]'],
        censor: '[redacted]',
      },
    },
    bodyLimit: config.jsonBodyLimit,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given)
        ? given
        : crypto.randomUUID();
    },
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  await app.register(healthRoutes, { version: VERSION, isReady: () => true });
  return app;
}
