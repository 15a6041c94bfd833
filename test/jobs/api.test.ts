/**
 * The jobs API and the worker in one service process against a real redis-server: results,
 * uploads, callbacks, retries, items that fail alone, idempotency, ownership, cancel, expiry,
 * graceful drain and metrics.
 */
import { createHmac } from 'node:crypto';
import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, renderImage, validate } from '../../src/index.js';
import { postJson, startTestService, type RunningService } from '../server/harness.js';
import { REDIS_SKIP_REASON, startRedis, type TestRedis } from './redis.js';
import { startTarget, type UploadTarget } from './target.js';

const SECRET = 'callback-secret-0123456789';

interface Problem {
  type: string;
  status: number;
  detail: string;
  errors: { pointer: string; message: string }[];
}

const problemOf = async (res: Response) => (await res.json()) as Problem;

interface Job {
  id: string;
  status: string;
  counts: Record<string, number>;
  expiresAt: string | null;
  callback?: { status: string; attempts: number; targetStatus: number | null };
  items?: {
    index: number;
    status: string;
    reference?: string;
    attempts?: number;
    documentId?: string;
    contentType?: string;
    bytes?: number;
    targetStatus?: number;
    validation?: { isCompliant: boolean; failedChecks: number };
    problem?: { status: number; type: string; detail: string; errors: { pointer: string }[] };
  }[];
}

async function submit(
  svc: RunningService,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Job> {
  const res = await postJson(`${svc.url}/jobs`, body, headers);
  expect(res.status, await res.clone().text()).toBe(202);
  return (await res.json()) as Job;
}

async function getJob(svc: RunningService, id: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${svc.url}/jobs/${id}?limit=1000`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as Job;
}

/** Polls until the job has ended (completed or cancelled). */
async function ended(svc: RunningService, id: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 600; i++) {
    const job = await getJob(svc, id, headers);
    if (job.status === 'completed' || job.status === 'cancelled') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not end`);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const html = (text: string) =>
  `<!doctype html><html lang="en"><head><title>${text}</title></head><body><h1>${text}</h1></body></html>`;

describe.skipIf(REDIS_SKIP_REASON !== null && process.env.CI !== 'true')(
  'jobs API with a worker, on redis-server',
  () => {
    let redis: TestRedis;
    let target: UploadTarget;
    let svc: RunningService;
    const jobsEnv = () => ({
      REDIS_URL: redis.url,
      JOBS_BACKOFF_MS: '50',
      JOBS_ATTEMPTS: '3',
      JOBS_RESULT_TTL_SECONDS: '120',
      JOBS_CALLBACK_SECRET: SECRET,
    });

    beforeAll(async () => {
      redis = await startRedis();
      target = await startTarget();
      svc = await startTestService(jobsEnv());
    });

    afterAll(async () => {
      await svc?.close();
      await target?.close();
      await redis?.stop();
    });

    it('runs items of every route, uploads their outputs and calls back when done', async () => {
      const pdf = await render({ kind: 'html', html: html('To validate') });
      target.serve('/page.html', html('Fetched page'), 'text/html; charset=utf-8');
      const job = await submit(svc, {
        items: [
          {
            route: '/render/html',
            body: { html: html('One') },
            uploadUrl: `${target.url}/a/one.pdf?X-Amz-Signature=abc`,
            deterministic: true,
            validate: true,
            reference: 'one',
          },
          {
            route: '/render/template',
            body: {
              template: {
                version: 2,
                config: { title: 'T' },
                rows: [{ blocks: [{ type: 'heading', level: 1, text: 'T' }] }],
              },
            },
            uploadUrl: `${target.url}/a/template.pdf`,
          },
          {
            route: '/render/url',
            body: { url: `${target.url}/page.html` },
            uploadUrl: `${target.url}/a/url.pdf`,
          },
          {
            route: '/render',
            body: { html: html('Image'), width: 300 },
            uploadUrl: `${target.url}/a/image.png`,
            deterministic: true,
          },
          {
            route: '/validate',
            body: { pdf: Buffer.from(pdf.pdf).toString('base64') },
            uploadUrl: `${target.url}/a/report.json`,
          },
          { route: '/validate', body: { url: `${target.url}/source.pdf`, flavour: 'pdfua-1' } },
        ],
        callbackUrl: `${target.url}/callback`,
      });
      target.serve('/source.pdf', pdf.pdf, 'application/pdf');
      expect(job.status).toMatch(/queued|running/);
      expect(job.counts.total).toBe(6);

      const done = await ended(svc, job.id);
      expect(done.status).toBe('completed');
      expect(done.counts).toEqual({
        total: 6,
        queued: 0,
        running: 0,
        succeeded: 6,
        failed: 0,
        cancelled: 0,
      });
      const [one, template, url, image, report, fetched] = done.items!;

      const expected = await render({ kind: 'html', html: html('One') }, { deterministic: true });
      expect(one).toMatchObject({
        index: 0,
        status: 'succeeded',
        reference: 'one',
        attempts: 1,
        documentId: expected.documentId,
        contentType: 'application/pdf',
        bytes: expected.pdf.length,
        targetStatus: 201,
        validation: { isCompliant: true, failedChecks: 0 },
      });
      const put = target.to('/a/one.pdf');
      expect(put).toHaveLength(1);
      expect(put[0].method).toBe('PUT');
      expect(put[0].headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(put[0].body, Buffer.from(expected.pdf))).toBe(0);

      expect(template.status).toBe('succeeded');
      expect(validate(target.to('/a/template.pdf')[0].body).isCompliant).toBe(true);
      expect(url.status).toBe('succeeded');
      expect(target.to('/a/url.pdf')[0].body.subarray(0, 5).toString()).toBe('%PDF-');

      const png = await renderImage(
        { kind: 'html', html: html('Image') },
        { width: 300, deterministic: true },
      );
      expect(image).toMatchObject({ status: 'succeeded', contentType: 'image/png' });
      expect(Buffer.compare(target.to('/a/image.png')[0].body, Buffer.from(png.image))).toBe(0);

      expect(report).toMatchObject({ status: 'succeeded', validation: { isCompliant: true } });
      const uploadedReport = JSON.parse(target.to('/a/report.json')[0].body.toString());
      expect(uploadedReport.isCompliant).toBe(true);
      expect(uploadedReport.profiles.map((p: { profile: string }) => p.profile)).toEqual([
        'PDF/A-3A',
        'PDF/UA-1',
      ]);
      expect(fetched.validation?.isCompliant).toBe(true);
      expect(fetched.targetStatus).toBeUndefined();

      // The callback: the final status, signed with the configured secret.
      await until(async () => target.to('/callback').length > 0, 'the callback');
      const [callback] = target.to('/callback');
      expect(callback.method).toBe('POST');
      const body = callback.body.toString();
      expect(JSON.parse(body)).toMatchObject({
        id: job.id,
        status: 'completed',
        counts: { succeeded: 6 },
        href: `/jobs/${job.id}`,
      });
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(
        String(callback.headers['x-a11ypdf-signature']),
      )!;
      expect(v1).toBe(createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex'));
      await until(
        async () => (await getJob(svc, job.id)).callback?.status === 'delivered',
        'the callback status',
      );
    });

    it('refuses a submission with invalid items, naming each field', async () => {
      const res = await postJson(`${svc.url}/jobs`, {
        items: [
          { route: '/render/html', body: { html: '<p>no upload</p>' } },
          { route: '/render/html', body: { html: '   ' }, uploadUrl: `${target.url}/x` },
          {
            route: '/render/html',
            body: { html: '<p>x</p>', colour: 1 },
            uploadUrl: `${target.url}/x`,
          },
          { route: '/convert', body: {} },
          { route: '/validate', body: { pdf: 'JVBERi0=', url: `${target.url}/x.pdf` } },
          { route: '/render/html', body: { html: '<p>x</p>' }, uploadUrl: 'ftp://files/x.pdf' },
        ],
      });
      expect(res.status).toBe(400);
      const problem = await problemOf(res);
      const pointers = problem.errors.map((e) => e.pointer);
      expect(pointers).toEqual(
        expect.arrayContaining(['/items/0/uploadUrl', '/items/2/body/colour', '/items/3/route']),
      );
      // Checks past the schema run once the schema holds.
      const second = await postJson(`${svc.url}/jobs`, {
        items: [
          { route: '/render/html', body: { html: '   ' }, uploadUrl: `${target.url}/x` },
          { route: '/validate', body: { pdf: 'JVBERi0=', url: `${target.url}/x.pdf` } },
          { route: '/render/html', body: { html: '<p>x</p>' }, uploadUrl: 'ftp://files/x.pdf' },
          { route: '/validate', body: { pdf: 'JVBERi0=', flavour: 'pdfz-9' } },
        ],
        callbackUrl: 'not a url',
      });
      expect(second.status).toBe(400);
      expect((await problemOf(second)).errors.map((e) => e.pointer)).toEqual([
        '/items/0/body/html',
        '/items/1/body',
        '/items/2/uploadUrl',
        '/items/3/body/flavour',
        '/callbackUrl',
      ]);
      const empty = await postJson(`${svc.url}/jobs`, { items: [] });
      expect(empty.status).toBe(400);
      const text = await fetch(`${svc.url}/jobs`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'items',
      });
      expect(text.status).toBe(415);
    });

    it('retries an upload that failed for a passing reason, and fails a refused one at once', async () => {
      // The upload itself makes three PUTs with backoff; four failures use up the item's first
      // attempt, so the item is retried and its second attempt's second PUT lands.
      target.failFirst('/r/flaky.pdf', 4, 503);
      target.failFirst('/r/gone.pdf', 5, 404);
      const job = await submit(svc, {
        items: [
          {
            route: '/render/html',
            body: { html: html('Flaky') },
            uploadUrl: `${target.url}/r/flaky.pdf`,
          },
          {
            route: '/render/html',
            body: { html: html('Gone') },
            uploadUrl: `${target.url}/r/gone.pdf`,
          },
        ],
      });
      const done = await ended(svc, job.id);
      expect(done.counts).toMatchObject({ succeeded: 1, failed: 1 });
      expect(done.items![0]).toMatchObject({ status: 'succeeded', attempts: 2, targetStatus: 201 });
      expect(target.to('/r/flaky.pdf')).toHaveLength(1);
      expect(done.items![1]).toMatchObject({
        status: 'failed',
        attempts: 1,
        problem: {
          status: 502,
          type: 'urn:a11ypdf:problem:upload-failed',
          detail: 'the upload target answered 404',
        },
      });
      const metrics = await (await fetch(`${svc.url}/metrics`)).text();
      expect(
        Number(/^a11ypdf_jobs_upload_retries_total (\d+)$/m.exec(metrics)?.[1]),
      ).toBeGreaterThanOrEqual(1);
    });

    it('fails an item the engine refuses alone, and the others succeed', async () => {
      const tooLong = `<html lang="en"><title>Long</title>${'<div style="break-after: page">page</div>'.repeat(30)}</html>`;
      // Each service with other settings has a queue of its own (JOBS_PREFIX).
      const limited = await startTestService({
        ...jobsEnv(),
        JOBS_PREFIX: 'limited',
        MAX_PAGES: '5',
      });
      try {
        const job = await submit(limited, {
          items: [
            {
              route: '/render/html',
              body: { html: html('Fine') },
              uploadUrl: `${target.url}/p/0.pdf`,
            },
            { route: '/render/html', body: { html: tooLong }, uploadUrl: `${target.url}/p/1.pdf` },
            {
              route: '/render/template',
              body: { template: { version: 2, rows: [{ blocks: [{ type: 'nope' }] }] } },
              uploadUrl: `${target.url}/p/2.pdf`,
            },
            {
              route: '/render/html',
              body: { html: html('Fine too') },
              uploadUrl: `${target.url}/p/3.pdf`,
            },
          ],
        });
        const done = await ended(limited, job.id);
        expect(done.status).toBe('completed');
        expect(done.items!.map((i) => i.status)).toEqual([
          'succeeded',
          'failed',
          'failed',
          'succeeded',
        ]);
        expect(done.items![1].problem).toMatchObject({
          status: 413,
          type: 'urn:a11ypdf:problem:limit-pages',
        });
        expect(done.items![2].problem?.status).toBe(400);
        expect(done.items![2].problem?.errors[0].pointer).toMatch(/^\/items\/2\/body\/template\//);
        expect(done.items![1].attempts).toBe(1);
        expect(target.to('/p/1.pdf')).toHaveLength(0);
      } finally {
        await limited.close();
      }
    });

    it('makes one job of submissions that share an Idempotency-Key', async () => {
      const body = {
        items: [
          {
            route: '/render/html',
            body: { html: html('Once') },
            uploadUrl: `${target.url}/i/once.pdf`,
          },
        ],
      };
      const headers = { 'idempotency-key': 'batch-2026-11' };
      const [a, b] = await Promise.all([
        postJson(`${svc.url}/jobs`, body, headers),
        postJson(`${svc.url}/jobs`, body, headers),
      ]);
      const answers = [a, b].map((r) => r.status).sort();
      // The second is either the replay or told the first is still being accepted.
      expect([
        [202, 202],
        [202, 409],
      ]).toContainEqual(answers);
      const id = ((await (a.status === 202 ? a : b).json()) as Job).id;
      const again = await postJson(`${svc.url}/jobs`, body, headers);
      expect(again.status).toBe(202);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(((await again.json()) as Job).id).toBe(id);
      await ended(svc, id);
      expect(target.to('/i/once.pdf')).toHaveLength(1);

      const different = await postJson(
        `${svc.url}/jobs`,
        { items: [{ ...body.items[0], uploadUrl: `${target.url}/i/other.pdf` }] },
        headers,
      );
      expect(different.status).toBe(422);
      expect((await problemOf(different)).errors[0].pointer).toBe('/headers/idempotency-key');
    });

    it('shows a job only to the credentials that made it', async () => {
      const keyed = await startTestService({
        ...jobsEnv(),
        JOBS_PREFIX: 'keyed',
        API_KEYS: 'key-a-123,key-b-456',
      });
      try {
        const a = { authorization: 'Bearer key-a-123' };
        const b = { authorization: 'Bearer key-b-456' };
        expect((await postJson(`${keyed.url}/jobs`, { items: [] })).status).toBe(401);
        const job = await submit(
          keyed,
          {
            items: [
              {
                route: '/render/html',
                body: { html: html('Mine') },
                uploadUrl: `${target.url}/o/m.pdf`,
              },
            ],
          },
          a,
        );
        await ended(keyed, job.id, a);
        const other = await fetch(`${keyed.url}/jobs/${job.id}`, { headers: b });
        expect(other.status).toBe(404);
        expect(
          (await fetch(`${keyed.url}/jobs/${job.id}`, { method: 'DELETE', headers: b })).status,
        ).toBe(404);
      } finally {
        await keyed.close();
      }
    });

    it('cancels the items that have not started; the one running ends as it would', async () => {
      const single = await startTestService({
        ...jobsEnv(),
        JOBS_PREFIX: 'single',
        JOBS_CONCURRENCY: '1',
      });
      try {
        const held = target.hold('/c/0.pdf');
        const job = await submit(single, {
          items: Array.from({ length: 10 }, (_, i) => ({
            route: '/render/html',
            body: { html: html(`C${i}`) },
            uploadUrl: `${target.url}/c/${i}.pdf`,
          })),
          callbackUrl: `${target.url}/c/callback`,
        });
        await until(
          async () => (await getJob(single, job.id)).items![0].status === 'running',
          'the first item to start',
        );
        const res = await fetch(`${single.url}/jobs/${job.id}`, { method: 'DELETE' });
        expect(res.status).toBe(200);
        const cancelling = (await res.json()) as Job;
        expect(cancelling.status).toBe('cancelling');
        expect(cancelling.counts).toMatchObject({ running: 1, cancelled: 9, queued: 0 });
        held.release();
        const done = await ended(single, job.id);
        expect(done.status).toBe('cancelled');
        expect(done.items!.map((i) => i.status)).toEqual([
          'succeeded',
          ...Array(9).fill('cancelled'),
        ]);
        expect(target.received.filter((r) => /^\/c\/[1-9]/.test(r.path))).toHaveLength(0);
        await until(async () => target.to('/c/callback').length === 1, 'the callback');
        expect(JSON.parse(target.to('/c/callback')[0].body.toString()).status).toBe('cancelled');
        // Cancelling a finished job changes nothing.
        const again = await fetch(`${single.url}/jobs/${job.id}`, { method: 'DELETE' });
        expect(((await again.json()) as Job).status).toBe('cancelled');
      } finally {
        await single.close();
      }
    });

    it('keeps the results of a finished job for the configured time, then forgets them', async () => {
      const job = await submit(svc, {
        items: [
          {
            route: '/render/html',
            body: { html: html('Kept') },
            uploadUrl: `${target.url}/e/k.pdf`,
          },
        ],
      });
      const done = await ended(svc, job.id);
      const left = (Date.parse(done.expiresAt!) - Date.now()) / 1000;
      expect(left).toBeGreaterThan(100);
      expect(left).toBeLessThanOrEqual(120);
      const client = new Redis(redis.url);
      try {
        const ttls = await Promise.all(
          ['', ':results', ':started'].map((s) => client.ttl(`a11ypdf:job:${job.id}${s}`)),
        );
        for (const ttl of ttls) expect(ttl).toBeGreaterThan(100);
        for (const ttl of ttls) expect(ttl).toBeLessThanOrEqual(120);
        // What expiry leaves: no such job.
        await client.del(`a11ypdf:job:${job.id}`);
      } finally {
        client.disconnect();
      }
      const gone = await fetch(`${svc.url}/jobs/${job.id}`);
      expect(gone.status).toBe(404);
      expect((await problemOf(gone)).detail).toMatch(/expired \(120 s after it finished\)/);
    });

    it('gives an item still rendering back to the queue when a worker shuts down', async () => {
      const slow = `<html lang="en"><title>Slow</title>${Array.from({ length: 2000 }, (_, i) => `<p>Paragraph ${i}: ${'lorem ipsum dolor sit amet '.repeat(8)}</p>`).join('')}</html>`;
      const env = { ...jobsEnv(), JOBS_PREFIX: 'drain' };
      const first = await startTestService({ ...env, JOBS_DRAIN_TIMEOUT_MS: '0' });
      const job = await submit(first, {
        items: [
          { route: '/render/html', body: { html: slow }, uploadUrl: `${target.url}/d/slow.pdf` },
        ],
      });
      await until(
        async () => (await getJob(first, job.id)).items![0].status === 'running',
        'the item to start',
      );
      await first.close();
      // Back in the queue, not failed, not recorded.
      const client = new Redis(redis.url);
      try {
        expect(await client.lpos('drain:items:wait', `${job.id}.0`)).not.toBeNull();
      } finally {
        client.disconnect();
      }
      expect(target.to('/d/slow.pdf')).toHaveLength(0);
      const second = await startTestService(env);
      try {
        const done = await ended(second, job.id);
        expect(done.items![0]).toMatchObject({ status: 'succeeded', attempts: 2 });
        expect(target.to('/d/slow.pdf')).toHaveLength(1);
      } finally {
        await second.close();
      }
    });

    it('records an item the queue failed after it stopped its workers, and the job ends', async () => {
      const env = { ...jobsEnv(), JOBS_PREFIX: 'poison' };
      const api = await startTestService({ ...env, ROLE: 'api' });
      try {
        const job = await submit(api, {
          items: [
            {
              route: '/render/html',
              body: { html: html('Poison') },
              uploadUrl: `${target.url}/k.pdf`,
            },
          ],
        });
        // What the queue does to an item that stopped two workers: fails it without running it.
        const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
        const killer = new Worker(
          'items',
          async () => {
            throw new UnrecoverableError('job stalled more than allowable limit');
          },
          { connection, prefix: 'poison' },
        );
        await killer.waitUntilReady();
        await until(
          async () => (await connection.zcard('poison:items:failed')) === 1,
          'the item to fail',
        );
        await killer.close();
        connection.disconnect();
        // A worker records it and the job ends.
        const workers = await startTestService({ ...env, ROLE: 'worker' });
        try {
          const done = await ended(api, job.id);
          expect(done.status).toBe('completed');
          expect(done.items![0]).toMatchObject({
            status: 'failed',
            problem: { status: 500, type: 'urn:a11ypdf:problem:worker-lost' },
          });
          expect(done.items![0].problem?.detail).toMatch(/job stalled more than allowable limit/);
          expect(target.to('/k.pdf')).toHaveLength(0);
        } finally {
          await workers.close();
        }
      } finally {
        await api.close();
      }
    });

    it('exports queue depth, items by outcome, latency and upload retries', async () => {
      const metrics = await (await fetch(`${svc.url}/metrics`)).text();
      expect(metrics).toMatch(/^a11ypdf_jobs_queue_depth 0$/m);
      expect(metrics).toMatch(/^a11ypdf_jobs_queue_up 1$/m);
      expect(metrics).toMatch(/^a11ypdf_jobs_queue_items\{state="active"\} \d+$/m);
      expect(metrics).toMatch(/^a11ypdf_jobs_items_total\{outcome="succeeded"\} \d+$/m);
      expect(metrics).toMatch(/^a11ypdf_jobs_items_total\{outcome="failed"\} \d+$/m);
      expect(metrics).toMatch(
        /^a11ypdf_jobs_item_latency_seconds_bucket\{le="1",outcome="succeeded"\} \d+$/m,
      );
      expect(metrics).toMatch(/^a11ypdf_jobs_item_processing_seconds_count \d+$/m);
      expect(metrics).toMatch(/^a11ypdf_jobs_upload_retries_total \d+$/m);
      expect(metrics).toMatch(/^a11ypdf_jobs_callbacks_total\{outcome="delivered"\} \d+$/m);
    });

    it('answers 503 with Retry-After when Redis is gone, and keeps rendering synchronously', async () => {
      await redis.stop();
      const res = await postJson(`${svc.url}/jobs`, {
        items: [
          {
            route: '/render/html',
            body: { html: html('Later') },
            uploadUrl: `${target.url}/z.pdf`,
          },
        ],
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect((await problemOf(res)).type).toBe('urn:a11ypdf:problem:queue-unavailable');
      const metrics = await (await fetch(`${svc.url}/metrics`)).text();
      expect(metrics).toMatch(/^a11ypdf_jobs_queue_up 0$/m);
      const sync = await postJson(`${svc.url}/render/html`, { html: html('Now') });
      expect(sync.status).toBe(200);
    });
  },
);
