// Starts the compiled service (dist/cli.js serve) as a child process on a free loopback port,
// without authentication and with a deep queue, and waits until /health answers. Used by the
// load benchmarks that measure the service from outside (its RSS includes every worker).
// `waitFor: '/health/ready'` waits until the workers are warm too; `env` adds settings.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** @returns {Promise<{ base: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>} */
export async function startServiceProcess({ workers, env = {}, waitFor = '/health' }) {
  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
  // The same settings as `npm start` (a small young generation for the HTTP thread, two malloc
  // arenas); SERVICE_NODE_ARGS='' or MALLOC_ARENA_MAX='' measures without them.
  const nodeArgs = (process.env.SERVICE_NODE_ARGS ?? '--max-semi-space-size=2')
    .split(' ')
    .filter(Boolean);
  // No authentication: keys set in this shell are not passed on (a blank one stops start-up).
  const { API_KEY: _key, API_KEYS: _keys, JWT_ISSUER: _iss, ...inherited } = process.env;
  const child = spawn(process.execPath, [...nodeArgs, cli, 'serve'], {
    env: {
      MALLOC_ARENA_MAX: '2',
      ...inherited,
      HEALTH_PORT: process.env.HEALTH_PORT ?? '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: String(workers),
      LOG_LEVEL: 'warn',
      QUEUE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  };
  const base = `http://127.0.0.1:${port}`;
  // Generous: on a saturated machine loading and warming two workers has taken over a minute.
  const giveUp = Date.now() + 300_000;
  for (;;) {
    try {
      if ((await fetch(`${base}${waitFor}`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > giveUp || child.exitCode !== null) {
      await stop();
      throw new Error('the service did not start');
    }
    await sleep(25);
  }
  return { base, child, stop };
}
