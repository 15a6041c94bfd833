/**
 * Entry of the health thread: a tiny HTTP server with its own event loop, so liveness and
 * readiness answer in milliseconds however busy the HTTP thread is with request bodies. It
 * reads the HTTP thread's heartbeat and readiness from shared memory: liveness fails only when
 * the HTTP thread has not ticked for `stallMs` (it is stuck, not busy).
 */
import { readlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

export interface HealthThreadData {
  readonly port: number;
  readonly host: string;
  readonly version: string;
  readonly stallMs: number;
  /** [0]: the HTTP thread's last tick (epoch ms); [1]: 1 when ready. */
  readonly state: BigInt64Array;
}

const { port, host, version, stallMs, state } = workerData as HealthThreadData;

/**
 * A probe must not wait for a core: where the process may (CAP_SYS_NICE), this thread runs
 * ahead of the others (Linux schedules threads as tasks); elsewhere it keeps the process's.
 */
function raisePriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, Math.max(-20, getPriority(tid) - 10));
  } catch {
    // Not permitted or not Linux: the worker threads' lower priority still helps.
  }
}
raisePriority();

const server = createServer((req, res) => {
  const path = (req.url ?? '').split('?')[0];
  const alive = Date.now() - Number(Atomics.load(state, 0)) < stallMs;
  let ok: boolean;
  if (path === '/health/live' || path === '/health') ok = alive;
  else if (path === '/health/ready') ok = alive && Atomics.load(state, 1) === 1n;
  else {
    res.writeHead(404, { 'content-type': 'application/problem+json' });
    res.end(JSON.stringify({ status: 404, title: 'No such resource', detail: `no route ${path}` }));
    return;
  }
  const body = JSON.stringify({
    status: ok ? 'ok' : 'unavailable',
    version,
    uptime: Math.round(process.uptime() * 1000) / 1000,
  });
  res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
});
server.keepAliveTimeout = 5_000;
server.on('error', (err) => parentPort?.postMessage({ error: err.message }));
server.listen(port, host, () => {
  const address = server.address();
  parentPort?.postMessage({ port: typeof address === 'object' && address ? address.port : port });
});
parentPort?.on('message', (m: unknown) => {
  if (m === 'close') server.close(() => process.exit(0));
});
