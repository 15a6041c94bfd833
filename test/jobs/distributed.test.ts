/**
 * The jobs end to end, as deployed: a redis-server, an API process and two worker processes
 * started from dist/. A job of 1,000 items runs while one worker is killed with SIGKILL
 * halfway; every item must end exactly once, each upload target must hold the bytes a
 * synchronous deterministic render of its item gives, and the counts must add up. A retried
 * submission with the same Idempotency-Key must make one job.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../src/index.js';
import { startServiceProcess, type ServiceProcess } from './processes.js';
import { REDIS_SKIP_REASON, startRedis, type TestRedis } from './redis.js';
import { startTarget, type UploadTarget } from './target.js';

const ITEMS = 1000;
const KILL_AFTER = ITEMS / 2;

function itemHtml(i: number): string {
  return `<!doctype html><html lang="en"><head><title>Statement ${i}</title></head><body><h1>Statement ${i}</h1><p>Balance: ${(i * 7.31).toFixed(2)} EUR.</p></body></html>`;
}

interface ItemResult {
  index: number;
  status: string;
  attempts?: number;
  bytes?: number;
  documentId?: string;
}

interface JobResult {
  id: string;
  status: string;
  counts: Record<'total' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled', number>;
  items?: ItemResult[];
}

async function job(api: ServiceProcess, id: string, query = '?limit=0'): Promise<JobResult> {
  const res = await fetch(`${api.url}/jobs/${id}${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as JobResult;
}

describe.skipIf(REDIS_SKIP_REASON !== null && process.env.CI !== 'true')(
  'jobs across processes (redis-server, an API, two workers)',
  () => {
    let redis: TestRedis;
    let target: UploadTarget;
    let api: ServiceProcess;
    let workers: ServiceProcess[] = [];

    beforeAll(async () => {
      redis = await startRedis();
      target = await startTarget();
      const env = {
        REDIS_URL: redis.url,
        WORKERS: '1',
        // A short lease: the killed worker's items are taken again within a few seconds.
        JOBS_LEASE_MS: '2000',
        JOBS_CONCURRENCY: '2',
        JOBS_BACKOFF_MS: '100',
      };
      [api, ...workers] = await Promise.all([
        startServiceProcess('api', env),
        startServiceProcess('worker', env),
        startServiceProcess('worker', env),
      ]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([api, ...workers].filter(Boolean).map((p) => p.stop('SIGKILL')));
      await target?.close();
      await redis?.stop();
    });

    it('ends every item exactly once though a worker is killed halfway', async () => {
      const submission = {
        items: Array.from({ length: ITEMS }, (_, i) => ({
          route: '/render/html',
          body: { html: itemHtml(i) },
          uploadUrl: `${target.url}/out/${i}.pdf`,
          deterministic: true,
          reference: `statement-${i}`,
        })),
      };
      const post = () =>
        fetch(`${api.url}/jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'month-11' },
          body: JSON.stringify(submission),
        });
      const first = await post();
      expect(first.status).toBe(202);
      const { id } = (await first.json()) as JobResult;
      expect(first.headers.get('location')).toBe(`/jobs/${id}`);

      // The client did not see the answer and sends the batch again: the same job.
      const retried = await post();
      expect(retried.status).toBe(202);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect(((await retried.json()) as JobResult).id).toBe(id);

      const victim = workers[1];
      let killed = false;
      const deadline = Date.now() + 150_000;
      let state = await job(api, id);
      while (state.status !== 'completed' && Date.now() < deadline) {
        if (!killed && state.counts.succeeded >= KILL_AFTER) {
          victim.child.kill('SIGKILL');
          killed = true;
        }
        await new Promise((r) => setTimeout(r, 200));
        state = await job(api, id);
      }
      expect(killed).toBe(true);
      expect(await victim.stop()).toBeNull(); // ended by the signal
      expect(state.status, `job did not finish: ${JSON.stringify(state)}`).toBe('completed');
      expect(state.counts).toEqual({
        total: ITEMS,
        queued: 0,
        running: 0,
        succeeded: ITEMS,
        failed: 0,
        cancelled: 0,
      });

      // Every item's result, exactly once, in order.
      const items: ItemResult[] = [];
      for (let offset = 0; offset < ITEMS; offset += 1000) {
        items.push(...((await job(api, id, `?offset=${offset}&limit=1000`)).items ?? []));
      }
      expect(items.map((it) => it.index)).toEqual(Array.from({ length: ITEMS }, (_, i) => i));
      expect(items.every((it) => it.status === 'succeeded')).toBe(true);
      // The killed worker's items were started again by the other.
      const restarted = items.filter((it) => (it.attempts ?? 0) > 1);
      expect(restarted.length).toBeGreaterThan(0);

      // Each target got its document; a second PUT (the same bytes) only for an item the
      // killed worker had uploaded but not yet recorded, so it was run again.
      const byPath = new Map<string, string[]>();
      for (const r of target.received) {
        expect(r.method).toBe('PUT');
        byPath.set(r.path, [...(byPath.get(r.path) ?? []), r.sha256]);
      }
      expect(byPath.size).toBe(ITEMS);
      const redelivered = [...byPath].filter(([, shas]) => shas.length > 1);
      for (const [path, shas] of redelivered) {
        expect(new Set(shas).size, path).toBe(1);
        const index = Number(/\/out\/(\d+)\.pdf/.exec(path)![1]);
        expect(items[index].attempts, path).toBeGreaterThan(1);
      }
      expect(redelivered.length).toBeLessThanOrEqual(restarted.length);

      // The bytes are those of a synchronous deterministic render of the same item.
      for (let i = 0; i < ITEMS; i++) {
        const expected = await render({ kind: 'html', html: itemHtml(i) }, { deterministic: true });
        const sha = createHash('sha256').update(expected.pdf).digest('hex');
        const got = byPath.get(`/out/${i}.pdf`);
        expect(got?.[0], `item ${i}`).toBe(sha);
        expect(items[i].bytes).toBe(expected.pdf.length);
        expect(items[i].documentId).toBe(expected.documentId);
      }

      // The surviving processes' metrics: the queue is empty.
      const metrics = await (await fetch(`${workers[0].url}/metrics`)).text();
      expect(metrics).toMatch(/^a11ypdf_jobs_queue_depth 0$/m);
      expect(metrics).toMatch(/^a11ypdf_jobs_items_total\{outcome="succeeded"\} \d+$/m);
    }, 240_000);
  },
);
