/** `a11ypdf serve`: the REST service, loaded only for this command. */
import { parseArgs } from 'node:util';
import { EXIT_OK } from './errors.js';
import { SERVE_HELP } from './help.js';
import type { Io } from './io.js';

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
  const { startService } = await import('../server/start.js');
  const { parseRole } = await import('../server/jobs/config.js');
  await startService({
    ...(values.port !== undefined ? { port: Number(values.port) } : {}),
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values.role !== undefined ? { role: parseRole(values.role, '--role') } : {}),
  });
  return EXIT_OK;
}
