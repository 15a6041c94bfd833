/**
 * POST /jobs, GET /jobs/{id}, DELETE /jobs/{id}: batches of render and validation items run
 * by the worker processes. Guarded like every other work route; without REDIS_URL every jobs
 * route answers 503 saying what to configure.
 */
import { createHash, randomUUID } from 'node:crypto';
import type {
  FastifyError,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { InputError, ResourceError, assertFetchable, type FieldProblem } from '../../index.js';
import { authMode, type Authenticator } from '../auth.js';
import type { ServiceConfig } from '../config.js';
import { ajvToProblems, sendProblem } from '../problem.js';
import { htmlInput, networkPolicy, pageUrl, requireJsonBody } from '../routes/render.js';
import { itemFlavours } from './items.js';
import type { JobsMetrics } from './metrics.js';
import { itemJobId, type ItemRecord, type JobItem, type JobSubmission } from './model.js';
import { principalOf } from './principal.js';
import type { JobsBackend } from './queue.js';
import { guarded, QueueUnavailableError } from './unavailable.js';
import {
  idempotencyHeaders,
  jobIdParams,
  jobPageQuery,
  jobStatusSchema,
  jobSubmissionSchema,
  problemResponses,
} from './schemas.js';
import { itemViews, jobView } from './view.js';

export interface JobsRouteOptions {
  readonly config: ServiceConfig;
  readonly authenticate: Authenticator;
  /** null when REDIS_URL is not set. */
  readonly backend: JobsBackend | null;
  readonly metrics: JobsMetrics;
}

/** After this long, an acceptance that has not queued all its items was cut off (its process died). */
const STALE_ACCEPTANCE_MS = 60_000;
/** Most field problems reported for one submission. */
const MAX_PROBLEMS = 100;
const DEFAULT_PAGE = 100;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** A URL the service will send to (upload target, callback): absolute http(s), policy-checked. */
function targetProblem(raw: string, pointer: string, config: ServiceConfig): FieldProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { pointer, message: 'must be an absolute http(s) URL' };
  }
  try {
    assertFetchable(url, networkPolicy(config));
  } catch (err) {
    if (err instanceof ResourceError) return { pointer, message: `refused: ${err.message}` };
    throw err;
  }
  return null;
}

/** Problems of one item that its schema cannot see, with pointers into the submission. */
function itemProblems(item: JobItem, index: number, config: ServiceConfig): FieldProblem[] {
  const at = `/items/${index}`;
  const problems: FieldProblem[] = [];
  const engineCheck = (check: () => unknown) => {
    try {
      check();
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      for (const p of err.problems) problems.push({ ...p, pointer: `${at}/body${p.pointer}` });
    }
  };
  const body = item.body as Record<string, string | undefined>;
  if (item.route === '/render/html' || item.route === '/render') {
    engineCheck(() => htmlInput({ html: body.html ?? '' }, config));
  }
  if (item.route === '/render/url') engineCheck(() => pageUrl(body.url ?? ''));
  if (item.route === '/validate') {
    if ((body.pdf === undefined) === (body.url === undefined)) {
      problems.push({ pointer: `${at}/body`, message: 'give the PDF as either pdf or url' });
    } else if (body.url !== undefined) {
      const p = targetProblem(body.url, `${at}/body/url`, config);
      if (p) problems.push(p);
    } else if (!/^[A-Za-z0-9+/\s]+={0,2}\s*$/.test(body.pdf ?? '')) {
      problems.push({ pointer: `${at}/body/pdf`, message: 'must be base64' });
    }
    engineCheck(() => itemFlavours(body.flavour));
  }
  if (item.uploadUrl !== undefined) {
    const p = targetProblem(item.uploadUrl, `${at}/uploadUrl`, config);
    if (p) problems.push(p);
  }
  return problems;
}

function checkSubmission(body: JobSubmission, config: ServiceConfig): void {
  const problems: FieldProblem[] = [];
  for (let i = 0; i < body.items.length && problems.length < MAX_PROBLEMS; i++) {
    problems.push(...itemProblems(body.items[i], i, config));
  }
  if (body.callbackUrl !== undefined) {
    const p = targetProblem(body.callbackUrl, '/callbackUrl', config);
    if (p) problems.push(p);
  }
  if (problems.length === 0) return;
  const refused = problems.every((p) => p.message.startsWith('refused:'));
  throw new InputError(
    problems.length === 1
      ? `${problems[0].pointer}: ${problems[0].message}`
      : `${problems.length} fields of the submission are invalid`,
    problems.slice(0, MAX_PROBLEMS),
    refused ? 403 : 400,
  );
}

/** The schema's findings, without ajv's "must match then schema" echo of each if/then. */
function schemaError(err: FastifySchemaValidationError[], context: string): InputError {
  const problems = ajvToProblems(
    err.filter((e) => e.keyword !== 'if'),
    context,
  );
  return new InputError('the request does not match the schema', problems);
}

function pageNumber(raw: string | undefined, fallback: number, max: number): number {
  return raw === undefined ? fallback : Math.min(Number(raw), max);
}

export const jobsRoutes: FastifyPluginAsync<JobsRouteOptions> = async (app, opts) => {
  const { config, backend, metrics } = opts;
  const jobs = config.jobs;
  const mode = authMode(config);

  app.addHook('preValidation', requireJsonBody);
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof QueueUnavailableError) {
      req.log.warn({ reason: err.message }, 'job queue unavailable');
      return sendProblem(req, reply, {
        status: 503,
        slug: 'queue-unavailable',
        title: 'The job queue is unavailable',
        detail: err.message,
        headers: { 'retry-after': '5' },
      });
    }
    // Everything else is answered as on every other route.
    throw err;
  });

  const available = async (req: FastifyRequest, reply: FastifyReply) => {
    if (backend === null) {
      return sendProblem(req, reply, {
        status: 503,
        slug: 'jobs-disabled',
        title: 'The jobs API is off',
        detail:
          'batch jobs need a queue: set REDIS_URL (redis://host:6379) on this service and run workers with the same REDIS_URL (a11ypdf serve --role worker)',
      });
    }
    if (!backend.connected) {
      throw new QueueUnavailableError('the job queue (Redis) is not connected; retry later');
    }
  };
  const onRequest = [opts.authenticate, available];

  const notFound = (id: string) =>
    new InputError(
      `no job ${id}: it does not exist, belongs to other credentials, or its results expired (${jobs?.resultTtlSeconds ?? 0} s after it finished)`,
      [],
      404,
      'not-found',
    );

  async function ownedJob(req: FastifyRequest, id: string) {
    const record = await guarded(backend!.store.get(id));
    if (!record || record.owner !== principalOf(req, mode)) throw notFound(id);
    return record;
  }

  async function statusReply(reply: FastifyReply, id: string, code: number) {
    const record = await guarded(backend!.store.get(id));
    if (!record) throw notFound(id);
    const ttl = await guarded(backend!.store.ttl(id));
    return reply.code(code).header('location', `/jobs/${id}`).send(jobView(record, ttl));
  }

  /** Queues the items of an accepted job and opens it; on failure a retry can take over. */
  async function accept(id: string, items: readonly JobItem[], keyed: boolean): Promise<void> {
    try {
      await guarded(backend!.enqueue(id, items));
    } catch (err) {
      // With a key, a retry finds the job and queues the rest; without one nobody knows the
      // id, so the job is dropped and its queued items end without running.
      await (keyed ? backend!.store.releaseAcceptance(id) : backend!.store.drop(id)).catch(
        () => {},
      );
      throw err;
    }
    await guarded(backend!.store.open(id));
  }

  app.post<{ Body: JobSubmission; Headers: { 'idempotency-key'?: string } }>(
    '/jobs',
    {
      onRequest,
      bodyLimit: jobs?.bodyLimit ?? config.jsonBodyLimit,
      attachValidation: true,
      schema: {
        tags: ['jobs'],
        summary: 'Submit a batch of render or validation items; 202 with the job',
        description:
          'Each item carries the body of a synchronous route and where its output goes (a presigned PUT URL). Items run on the worker processes, are retried with backoff when their upload target fails, and end once each. A retried submission with the same Idempotency-Key returns the same job.',
        body: jobSubmissionSchema(jobs?.maxItems ?? 10_000),
        headers: idempotencyHeaders,
        response: {
          202: {
            description: 'The job (Location: /jobs/{id})',
            content: { 'application/json': { schema: jobStatusSchema } },
          },
          ...problemResponses,
        },
      },
    },
    async (req, reply) => {
      if (req.validationError) {
        const { validation, validationContext } = req.validationError;
        throw schemaError(validation as FastifySchemaValidationError[], validationContext);
      }
      const body = req.body;
      checkSubmission(body, config);
      const key = req.headers['idempotency-key'];
      const keyHash = key === undefined ? null : sha256(key);
      const bodyHash = sha256(JSON.stringify(body));
      const outcome = await guarded(
        backend!.store.create({
          id: randomUUID(),
          owner: principalOf(req, mode),
          total: body.items.length,
          callbackUrl: body.callbackUrl ?? null,
          bodyHash,
          keyHash,
          references: new Map(
            body.items.flatMap((item, i) =>
              item.reference !== undefined ? [[i, item.reference] as const] : [],
            ),
          ),
        }),
      );
      if (outcome.created) {
        await accept(outcome.id, body.items, keyHash !== null);
        metrics.submitted.inc();
        req.log.info({ jobId: outcome.id, items: body.items.length }, 'job accepted');
        return statusReply(reply, outcome.id, 202);
      }
      // The key made a job before: the same job again, or a refusal when the body differs.
      const earlier = await guarded(backend!.store.get(outcome.id));
      if (!earlier) {
        throw new InputError(
          'the job this Idempotency-Key made has expired; send the batch with a new key',
          [{ pointer: '/headers/idempotency-key', message: 'expired' }],
          409,
        );
      }
      if (earlier.bodyHash !== bodyHash) {
        throw new InputError(
          'this Idempotency-Key was used with a different body; a new batch needs a new key',
          [{ pointer: '/headers/idempotency-key', message: 'already used with another body' }],
          422,
        );
      }
      if (earlier.state === 'accepting') {
        if (!(await guarded(backend!.store.takeOver(earlier.id, STALE_ACCEPTANCE_MS)))) {
          reply.header('retry-after', '5');
          throw new InputError(
            'a submission with this Idempotency-Key is still being accepted; retry shortly',
            [{ pointer: '/headers/idempotency-key', message: 'in progress' }],
            409,
          );
        }
        await accept(earlier.id, body.items, true);
      }
      reply.header('idempotent-replayed', 'true');
      return statusReply(reply, earlier.id, 202);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { offset?: string; limit?: string } }>(
    '/jobs/:id',
    {
      onRequest,
      schema: {
        tags: ['jobs'],
        summary: 'Status, counts and per-item results of a job (paged)',
        params: jobIdParams,
        querystring: jobPageQuery,
        response: {
          200: {
            description: 'The job',
            content: { 'application/json': { schema: jobStatusSchema } },
          },
          ...problemResponses,
        },
      },
    },
    async (req, reply) => {
      const record = await ownedJob(req, req.params.id);
      const offset = pageNumber(req.query.offset, 0, record.total);
      const limit = pageNumber(req.query.limit, DEFAULT_PAGE, 1000);
      const count = Math.min(limit, record.total - offset);
      const [states, ttl] = await guarded(
        Promise.all([
          backend!.store.items(record.id, offset, count),
          backend!.store.ttl(record.id),
        ]),
      );
      const nextOffset = offset + count;
      return reply.send({
        ...jobView(record, ttl),
        items: itemViews(offset, states),
        page: {
          offset,
          limit,
          next:
            limit > 0 && nextOffset < record.total
              ? `/jobs/${record.id}?offset=${nextOffset}&limit=${limit}`
              : null,
        },
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/jobs/:id',
    {
      onRequest,
      schema: {
        tags: ['jobs'],
        summary: 'Cancel the items of a job that have not started',
        description:
          'Items already running end as they would; the others end as cancelled. A finished job is left as it is.',
        params: jobIdParams,
        response: {
          200: {
            description: 'The job after the cancel',
            content: { 'application/json': { schema: jobStatusSchema } },
          },
          ...problemResponses,
        },
      },
    },
    async (req, reply) => {
      const record = await ownedJob(req, req.params.id);
      if ((await guarded(backend!.store.cancel(record.id))) === 'ok') {
        await guarded(cancelWaiting(backend!, metrics, record.id, record.total, record.createdAt));
        req.log.info({ jobId: record.id }, 'job cancelled');
      }
      return statusReply(reply, record.id, 200);
    },
  );
};

/**
 * Takes the job's items that no worker holds out of the queue and records them as cancelled.
 * An item a worker holds cannot be removed and ends as it would; an item the workers take
 * later (still being queued) sees the cancel and ends as cancelled too.
 */
async function cancelWaiting(
  backend: JobsBackend,
  metrics: JobsMetrics,
  jobId: string,
  total: number,
  createdAt: number,
): Promise<void> {
  const CHUNK = 500;
  for (let start = 0; start < total; start += CHUNK) {
    const states = await backend.store.items(jobId, start, Math.min(CHUNK, total - start));
    const open = states.results.flatMap((r, i) => (r === null ? [start + i] : []));
    await Promise.all(
      open.map(async (index) => {
        if ((await backend.items.remove(itemJobId(jobId, index))) !== 1) return;
        const record: ItemRecord = {
          outcome: 'cancelled',
          attempts: states.started[index - start],
          finishedAt: new Date().toISOString(),
        };
        await backend.end(jobId, index, record, (o) => metrics.itemEnded(o, createdAt));
      }),
    );
  }
}
