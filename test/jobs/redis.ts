/**
 * A private redis-server for the jobs tests: a free port on loopback, a temporary directory,
 * no persistence, stopped at the end. Where redis-server is not installed the tests are
 * skipped with a message, except in CI (CI=true), which installs it: there they fail.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REDIS_SERVER_INSTALLED =
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** Why the jobs tests do not run here, or null when they do. */
export const REDIS_SKIP_REASON = REDIS_SERVER_INSTALLED
  ? null
  : 'redis-server is not installed (apt-get install redis-server): the jobs tests are skipped';

if (REDIS_SKIP_REASON && process.env.CI !== 'true') console.warn(REDIS_SKIP_REASON);

export interface TestRedis {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startRedis(): Promise<TestRedis> {
  if (!REDIS_SERVER_INSTALLED) throw new Error(REDIS_SKIP_REASON!);
  const dir = await mkdtemp(join(tmpdir(), 'a11ypdf-redis-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100 && !(await answersPing(port)); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!(await answersPing(port))) {
    child.kill('SIGKILL');
    throw new Error(`redis-server did not start on port ${port}`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
