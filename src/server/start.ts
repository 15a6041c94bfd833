/**
 * Starts the service and shuts it down gracefully on SIGTERM/SIGINT: 503 to new work, Connection:
 * close on every response, exit once the work in flight is done or SHUTDOWN_GRACE_MS has passed.
 */
import type { Service } from './app.js';
import { loadConfig, type ServiceConfig } from './config.js';
import { poolFromConfig } from './pool.js';

export async function startService(overrides: Partial<ServiceConfig> = {}): Promise<void> {
  const config = loadConfig(process.env, overrides);
  // The workers start loading and warming the engine first; the HTTP side (fastify, its
  // plugins, the routes' compilers) loads meanwhile, on the other core.
  const pool = poolFromConfig(config);
  let service: Service;
  try {
    const [{ buildService }, { loadPrecompiled }, { loadPrecompiledSerializers }] =
      await Promise.all([
        import('./app.js'),
        import('./route-validators.js'),
        import('./route-serializers.js'),
      ]);
    service = await buildService(config, {
      validators: loadPrecompiled(import.meta.url),
      serializers: loadPrecompiledSerializers(import.meta.url),
      pool,
    });
  } catch (err) {
    // A start that fails leaves no threads behind to keep the process alive.
    await pool.close();
    throw err;
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    service.app.log.info(
      { signal, graceMs: config.shutdownGraceMs },
      'shutting down: draining requests',
    );
    service.shutdown().then(
      ({ drained }) => {
        if (!drained)
          service.app.log.warn('grace period over: requests still in flight were cut off');
        process.exit(0);
      },
      (err: unknown) => {
        service.app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await service.app.listen({ port: config.port, host: config.host });
}
