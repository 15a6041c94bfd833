/**
 * Delivery of a generated document by HTTP PUT to a caller-supplied (presigned) URL, under the
 * same network policy as every fetch. The caller always learns what happened: the target's
 * status, a refusal, a time-out or an unreachable host; a failed upload is never reported as
 * delivered.
 */
import { createGuardedAgent, isSsrfRefusal, loadUndici } from './guarded-agent.js';
import { assertFetchable } from './index.js';
import type { AddressPolicy } from './address-policy.js';
import { ResourceError } from './types.js';

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    message: string,
    /** invalid: bad URL/header; refused: network policy; rejected: target answered non-2xx; unreachable; timeout. */
    readonly kind: 'invalid' | 'refused' | 'rejected' | 'unreachable' | 'timeout',
    readonly targetStatus?: number,
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

export async function uploadDocument(
  url: URL,
  body: Uint8Array,
  contentType: string,
  opts: UploadOptions,
): Promise<UploadResult> {
  const { request } = await loadUndici();
  const agent = await createGuardedAgent(opts);
  const signal = AbortSignal.timeout(opts.timeoutMs);
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
      throw new UploadError(
        `the upload target did not answer within ${opts.timeoutMs} ms`,
        'timeout',
      );
    }
    throw new UploadError(`the upload target is unreachable: ${e.message}`, 'unreachable');
  } finally {
    void agent.close();
  }
}
