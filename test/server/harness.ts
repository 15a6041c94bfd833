/** Starts real service instances on loopback for the integration tests. */
import type { AddressInfo } from 'node:net';
import { buildService, type Service, type ServiceOptions } from '../../src/server/app.js';
import { loadConfig, type ServiceConfig } from '../../src/server/config.js';

/**
 * Document limits far past what a worker holds, for tests about what lies behind them: the
 * deadline of a runaway render, the out-of-memory backstop.
 */
export const UNLIMITED_DOCUMENTS: NodeJS.ProcessEnv = {
  DOCUMENT_MAX_HTML_CHARS: '100000000',
  DOCUMENT_MAX_ELEMENTS: '10000000',
  DOCUMENT_MAX_TEXT_CHARS: '100000000',
};

export interface RunningService {
  readonly url: string;
  readonly service: Service;
  close(): Promise<void>;
}

export async function startTestService(
  env: NodeJS.ProcessEnv = {},
  overrides: Partial<ServiceConfig> = {},
  options: ServiceOptions = {},
): Promise<RunningService> {
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      WORKERS: '1',
      ALLOW_PRIVATE_NETWORK: 'true',
      // Tests start many services; the warm-up has its own tests.
      WARM_UP_MS: '0',
      ...env,
    },
    // No health listener unless a test asks for one (HEALTH_PORT), so services do not collide.
    { port: 0, host: '127.0.0.1', ...(env.HEALTH_PORT ? {} : { healthPort: null }), ...overrides },
  );
  const service = await buildService(config, options);
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = service.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  // Start tests with warm workers, as a load balancer would (readiness gates traffic).
  for (let i = 0; i < 600; i++) {
    if ((await fetch(`${url}/health/ready`)).status === 200) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    service,
    close: async () => {
      await service.shutdown();
    },
  };
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
