/**
 * RFC 9457 problem details for every error the service returns. One function maps any thrown
 * error (typed engine errors, fastify/ajv validation errors, pool errors) to a problem; no stack
 * trace ever reaches a client.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  InputError,
  LimitError,
  ResourceError,
  TimeoutError,
  UploadError,
  type FieldProblem,
} from '../index.js';
import { QueueFullError, TaskTimeoutError, WorkerCrashError } from './pool.js';

export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance: string;
  readonly requestId: string;
  readonly errors: readonly FieldProblem[];
}

/** Problem type URIs are URNs: stable identifiers that need no documentation host. */
const typeUri = (slug: string) => `urn:a11ypdf:problem:${slug}`;

const TITLES: Record<number, [string, string]> = {
  400: ['invalid-request', 'The request is invalid'],
  401: ['unauthorized', 'Missing or invalid credentials'],
  403: ['forbidden-url', 'The URL is refused by the network policy'],
  404: ['not-found', 'No such resource'],
  405: ['method-not-allowed', 'Method not allowed'],
  406: ['not-acceptable', 'No acceptable representation'],
  409: ['conflict', 'Conflicting request'],
  413: ['too-large', 'The request or the document is too large'],
  415: ['unsupported-media-type', 'Unsupported content type'],
  422: ['not-a-pdf', 'The content is not a PDF'],
  429: ['overloaded', 'Too many requests in progress'],
  500: ['render-failed', 'Processing failed'],
  502: ['bad-gateway', 'An upstream server failed'],
  503: ['unavailable', 'The service is shutting down'],
  504: ['timeout', 'The work did not finish in time'],
};

export interface ProblemInit {
  readonly status: number;
  readonly detail: string;
  readonly errors?: readonly FieldProblem[];
  readonly slug?: string;
  readonly title?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export function makeProblem(req: FastifyRequest, init: ProblemInit): Problem {
  return problemAt(req.url.split('?')[0], String(req.id), init);
}

/** A problem that no request answers with, such as the failure of one item of a batch job. */
export function problemAt(instance: string, requestId: string, init: ProblemInit): Problem {
  const [slug, title] = TITLES[init.status] ?? ['error', 'Error'];
  return {
    type: typeUri(init.slug ?? slug),
    title: init.title ?? title,
    status: init.status,
    detail: init.detail,
    instance,
    requestId,
    errors: init.errors ?? [],
  };
}

export function sendProblem(
  req: FastifyRequest,
  reply: FastifyReply,
  init: ProblemInit,
): FastifyReply {
  for (const [k, v] of Object.entries(init.headers ?? {})) reply.header(k, v);
  return reply.code(init.status).type('application/problem+json').send(makeProblem(req, init));
}

interface AjvError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** ajv errors as one JSON pointer per invalid field, relative to the request body. */
export function ajvToProblems(errors: readonly AjvError[], context = 'body'): FieldProblem[] {
  const prefix = context === 'body' ? '' : `/${context}`;
  const out: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    let pointer = prefix + (e.instancePath ?? '');
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required' && typeof e.params?.missingProperty === 'string') {
      pointer += '/' + escapePointer(e.params.missingProperty);
      message = 'is required';
    } else if (
      e.keyword === 'additionalProperties' &&
      typeof e.params?.additionalProperty === 'string'
    ) {
      pointer += '/' + escapePointer(e.params.additionalProperty);
      message = 'is not an allowed field';
    } else if (e.keyword === 'enum' && Array.isArray(e.params?.allowedValues)) {
      message = `must be one of ${(e.params.allowedValues as unknown[]).map(String).join(', ')}`;
    }
    const key = `${pointer}\u0000${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ pointer, message });
    }
  }
  return out;
}

/** Maps any error to a problem init; unknown errors become a 500 without internals. */
export function errorToProblemInit(err: unknown): ProblemInit {
  if (err instanceof InputError)
    return { status: err.status, detail: err.message, errors: err.problems };
  // The engine's own deadline and the pool's cut-off are the same problem to a client.
  if (err instanceof TimeoutError) return { status: 504, detail: err.message, slug: 'timeout' };
  if (err instanceof LimitError)
    return { status: err.status, detail: err.message, slug: `limit-${err.limit}` };
  if (err instanceof UploadError) {
    return {
      status:
        err.kind === 'timeout'
          ? 504
          : err.kind === 'refused'
            ? 403
            : err.kind === 'invalid'
              ? 400
              : 502,
      detail: err.message,
      slug: 'upload-failed',
      errors:
        err.kind === 'invalid' ? [{ pointer: '/headers/x-upload-url', message: err.message }] : [],
    };
  }
  if (err instanceof ResourceError) {
    const status =
      err.reason === 'refused'
        ? 403
        : err.reason === 'timeout'
          ? 504
          : err.reason === 'invalid'
            ? 400
            : err.reason === 'limit'
              ? 413
              : 502;
    return { status, detail: `${err.message} (${err.url})` };
  }
  if (err instanceof QueueFullError)
    return { status: 429, detail: err.message, headers: { 'retry-after': '1' } };
  if (err instanceof TaskTimeoutError) return { status: 504, detail: err.message };
  if (err instanceof WorkerCrashError)
    return { status: 500, detail: 'rendering failed: the worker stopped unexpectedly' };
  const fe = err as Partial<FastifyError> & { validation?: AjvError[]; validationContext?: string };
  if (Array.isArray(fe.validation)) {
    return {
      status: 400,
      detail: 'the request does not match the schema',
      errors: ajvToProblems(fe.validation, fe.validationContext),
    };
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const errors =
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? [{ pointer: '', message: fe.message ?? 'invalid JSON' }]
        : [];
    return { status: fe.statusCode, detail: fe.message ?? 'invalid request', errors };
  }
  return { status: 500, detail: 'processing failed; the request id identifies the log entry' };
}
