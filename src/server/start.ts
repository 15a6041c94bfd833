/** Starts the service and shuts it down gracefully on SIGTERM/SIGINT (503 new work, drain, exit). */
import { buildService } from './app.js';
import { loadConfig, type ServiceConfig } from './config.js';

export async function startService(overrides: Partial<ServiceConfig> = {}): Promise<void> {
  const config = loadConfig(process.env, overrides);
  const service = await buildService(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    service.app.log.info({ signal }, 'shutting down: draining requests');
    service.shutdown().then(
      () => process.exit(0),
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
