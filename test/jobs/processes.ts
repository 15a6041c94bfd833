/** Service processes started from the built dist/, as a deployment runs them. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './redis.js';

export interface ServiceProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** The last lines the process wrote, for a failing test's message. */
  output(): string;
  /** Ends the process with a signal and waits for it to exit; resolves to its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');

export async function startServiceProcess(
  role: 'api' | 'worker' | 'all',
  env: NodeJS.ProcessEnv,
): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [CLI, 'serve', '--role', role], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      // Several services on one machine: each health listener takes a free port.
      HEALTH_PORT: '0',
      LOG_LEVEL: 'warn',
      ALLOW_PRIVATE_NETWORK: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 50));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const proc: ServiceProcess = {
    url,
    child,
    output: () => lines.join('\n'),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  // Ready: warm workers and, for a worker, a connected queue.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return proc;
    await new Promise((r) => setTimeout(r, 50));
  }
  await proc.stop('SIGKILL');
  throw new Error(`the ${role} process did not become ready:\n${proc.output()}`);
}
