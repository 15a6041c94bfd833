/** `a11ypdf serve`: the REST service, loaded only for this command. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EXIT_OK } from './errors.js';
import { SERVE_HELP } from './help.js';
import type { Io } from './io.js';

interface ServiceModule {
  readonly startService: typeof import('../server/start.js').startService;
  readonly parseRole: typeof import('../server/jobs/config.js').parseRole;
}

/**
 * The service from its bundle (dist/bundle/service.cjs, built by `npm run build`: one file
 * compiled from V8's code cache, its workers started the same way), or from the compiled
 * modules (dist/server/) where there is no bundle. The path is the same from dist/cli/ and
 * from the command line's own bundle in dist/bundle/.
 */
async function loadService(): Promise<ServiceModule> {
  const bundles = new URL('../bundle/', import.meta.url);
  if (existsSync(new URL('service.cjs', bundles))) {
    const loader = createRequire(import.meta.url)(
      fileURLToPath(new URL('loader.cjs', bundles)),
    ) as {
      loadBundle(name: string): ServiceModule;
      settleCache(name: string): void;
    };
    const service = loader.loadBundle('service');
    return {
      ...service,
      // Once listening, the start-up code is compiled: a missing or stale cache is written.
      startService: async (overrides) => {
        await service.startService(overrides);
        loader.settleCache('service');
      },
    };
  }
  const [{ startService }, { parseRole }] = await Promise.all([
    import('../server/start.js'),
    import('../server/jobs/config.js'),
  ]);
  return { startService, parseRole };
}

export async function cmdServe(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    io.stdout.write(`${SERVE_HELP}\n`);
    return EXIT_OK;
  }
  const { startService, parseRole } = await loadService();
  await startService({
    ...(values.port !== undefined ? { port: Number(values.port) } : {}),
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values.role !== undefined ? { role: parseRole(values.role, '--role') } : {}),
  });
  return EXIT_OK;
}
