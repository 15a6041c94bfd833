/**
 * The health port: liveness and readiness served by their own thread (health-thread.ts), so a
 * flood of requests on the main port, which all go through the HTTP thread, cannot delay them.
 * The HTTP thread publishes a heartbeat and its readiness to shared memory a few times a second.
 */
import { Worker } from 'node:worker_threads';
import { compiledServerFile } from './dist-file.js';
import type { HealthThreadData } from './health-thread.js';

export interface HealthListenerOptions {
  readonly port: number;
  readonly host: string;
  readonly version: string;
  /** The HTTP thread counts as stuck (liveness 503) when it has not ticked for this long. */
  readonly stallMs: number;
  readonly isReady: () => boolean;
}

export interface HealthListener {
  /** The port it listens on (the configured one, or the one chosen for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

/** How often the HTTP thread publishes its heartbeat and readiness. */
const TICK_MS = 250;

export async function startHealthListener(opts: HealthListenerOptions): Promise<HealthListener> {
  const state = new BigInt64Array(new SharedArrayBuffer(16));
  const publish = () => {
    Atomics.store(state, 0, BigInt(Date.now()));
    Atomics.store(state, 1, opts.isReady() ? 1n : 0n);
  };
  publish();
  const ticker = setInterval(publish, TICK_MS);
  ticker.unref();
  const worker = new Worker(compiledServerFile('health-thread'), {
    workerData: {
      port: opts.port,
      host: opts.host,
      version: opts.version,
      stallMs: opts.stallMs,
      state,
    } satisfies HealthThreadData,
    resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
  });
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      worker.once('message', (m: { port?: number; error?: string }) =>
        m.port !== undefined
          ? resolve(m.port)
          : reject(new Error(`health port ${opts.port}: ${m.error ?? 'failed'}`)),
      );
      worker.once('error', reject);
    });
  } catch (err) {
    clearInterval(ticker);
    await worker.terminate();
    throw err;
  }
  worker.unref();
  return {
    port,
    async close() {
      clearInterval(ticker);
      await worker.terminate();
    },
  };
}
