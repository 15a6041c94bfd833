/** Starts the service and shuts it down gracefully on SIGTERM/SIGINT (drain, then exit). */
import { buildApp } from './app.js';
import { loadConfig, type ServiceConfig } from './config.js';

export async function startService(overrides: Partial<ServiceConfig> = {}): Promise<void> {
  const config = loadConfig(process.env, overrides);
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}
