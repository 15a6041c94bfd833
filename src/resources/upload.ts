/**
 * Delivery of a generated document by HTTP PUT to a caller-supplied (presigned) URL, under the
 * same network policy as every fetch. The caller always learns what happened: the target's
 * status, a refusal, a time-out or an unreachable host; a failed upload is never reported as
 * delivered.
 */
import { createGuardedAgent, isSsrfRefusal, loadUndici } from './guarded-agent.js';
import { assertFetchable, type AddressPolicy } from './address-policy.js';
import { ResourceError } from './types.js';

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    message: string,
    /** invalid: bad URL/header; refused: network policy; rejected: target answered non-2xx; unreachable; timeout. */
    readonly kind: 'invalid' | 'refused' | 'rejected' | 'unreachable' | 'timeout',
    readonly targetStatus?: number,
    /** How many PUTs were made. */
    readonly attempts = 1,
  ) {
    super(message);
  }
}

export interface UploadOptions extends AddressPolicy {
  readonly timeoutMs: number;
  /** PUT (default) for a document; POST for a notification such as a job's callback. */
  readonly method?: 'PUT' | 'POST';
  /** Headers besides the content type and length (a callback's signature). */
  readonly headers?: Readonly<Record<string, string>>;
  /** W3C trace context to pass on. */
  readonly traceparent?: string;
}

export interface UploadResult {
  readonly targetStatus: number;
}

/** Validates an X-Upload-Url header value; returns the parsed URL or throws UploadError('invalid'|'refused'). */
export function parseUploadUrl(raw: string, policy: AddressPolicy): URL {
  if (/[\r\n\0]/.test(raw))
    throw new UploadError('X-Upload-Url must not contain line breaks or NUL', 'invalid');
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UploadError('X-Upload-Url is not a valid absolute URL', 'invalid');
  }
  try {
    assertFetchable(url, policy);
  } catch (err) {
    if (err instanceof ResourceError)
      throw new UploadError(
        `X-Upload-Url refused: ${err.message}`,
        url.protocol.startsWith('http') ? 'refused' : 'invalid',
      );
    throw err;
  }
  return url;
}

/** Statuses worth another PUT: the target was busy or failed in passing. */
const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Most PUTs of one upload: the first and two retries. */
export const UPLOAD_ATTEMPTS = 3;

/** Pause before retry `n` (1-based): 250 ms, doubling, with jitter so retries do not align. */
function backoffMs(n: number, random: () => number): number {
  const base = 250 * 2 ** (n - 1);
  return base / 2 + random() * (base / 2);
}

/** A failed attempt: the error, and whether another PUT may succeed. */
function retryable(err: UploadError): boolean {
  if (err.kind === 'rejected') return RETRYABLE_STATUS.has(err.targetStatus ?? 0);
  return err.kind === 'unreachable' || err.kind === 'timeout';
}

/**
 * PUTs the document, retrying a failed PUT (unreachable, timed out, or a 408/429/5xx answer)
 * with backoff while the upload deadline (`timeoutMs`, for all attempts together) allows: a
 * PUT replaces the whole object, so repeating it is safe. Each attempt gets an equal share of
 * the time left, so a target that hangs still leaves time for another try.
 */
export async function uploadDocument(
  url: URL,
  body: Uint8Array,
  contentType: string,
  opts: UploadOptions & {
    /** Jitter source and pause between attempts; tests replace them to see the backoff. */
    readonly random?: () => number;
    readonly sleep?: (ms: number) => Promise<void>;
  },
): Promise<UploadResult> {
  const deadline = performance.now() + opts.timeoutMs;
  const random = opts.random ?? Math.random;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let last: UploadError | undefined;
  let made = 0;
  for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
    const left = deadline - performance.now();
    if (left <= 0) break;
    made = attempt;
    const share = left / (UPLOAD_ATTEMPTS - attempt + 1);
    try {
      return await putOnce(url, body, contentType, opts, Math.max(1, Math.round(share)));
    } catch (err) {
      if (!(err instanceof UploadError)) throw err;
      last = err;
      if (!retryable(err) || attempt === UPLOAD_ATTEMPTS) break;
      const pause = backoffMs(attempt, random);
      if (deadline - performance.now() - pause <= 0) break;
      await sleep(pause);
    }
  }
  // A time-out, or no attempt before the deadline, is told against the whole upload's deadline.
  const message =
    last === undefined || last.kind === 'timeout'
      ? `the upload target did not accept the document within ${opts.timeoutMs} ms`
      : last.message;
  throw new UploadError(
    made > 1 ? `${message} (${made} attempts)` : message,
    last?.kind ?? 'timeout',
    last?.targetStatus,
    made,
  );
}

async function putOnce(
  url: URL,
  body: Uint8Array,
  contentType: string,
  opts: UploadOptions,
  timeoutMs: number,
): Promise<UploadResult> {
  const { request } = await loadUndici();
  const agent = await createGuardedAgent({ ...opts, timeoutMs });
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(url, {
      method: opts.method ?? 'PUT',
      dispatcher: agent,
      signal,
      body,
      headers: {
        ...opts.headers,
        'content-type': contentType,
        'content-length': String(body.length),
        ...(opts.traceparent ? { traceparent: opts.traceparent } : {}),
      },
    });
    await res.body.dump();
    if (res.statusCode < 200 || res.statusCode >= 300) {
      throw new UploadError(
        `the upload target answered ${res.statusCode}`,
        'rejected',
        res.statusCode,
      );
    }
    return { targetStatus: res.statusCode };
  } catch (err) {
    if (err instanceof UploadError) throw err;
    const e = err as NodeJS.ErrnoException;
    if (isSsrfRefusal(e)) throw new UploadError(`upload refused: ${e.message}`, 'refused');
    if (signal.aborted || e.name === 'TimeoutError' || String(e.code).includes('TIMEOUT')) {
      throw new UploadError(`the upload target did not answer within ${timeoutMs} ms`, 'timeout');
    }
    throw new UploadError(`the upload target is unreachable: ${e.message}`, 'unreachable');
  } finally {
    void agent.close();
  }
}
