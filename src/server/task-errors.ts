/**
 * Errors cross the worker-thread boundary as plain data (class identity does not survive
 * structured cloning) and become typed errors again on the main thread. This module imports
 * no engine code, so the main thread stays light.
 */
import {
  InputError,
  LimitError,
  ResourceError,
  TimeoutError,
  type FieldProblem,
} from '../index.js';

export interface SerializedError {
  readonly name: string;
  readonly message: string;
  readonly problems?: readonly FieldProblem[];
  readonly status?: number;
  readonly code?: string;
  readonly reason?: ResourceError['reason'];
  readonly url?: string;
  readonly limit?: string;
  /** TimeoutError: the stage that was running. */
  readonly stage?: string;
}

export type TaskOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: SerializedError };

export function serializeError(err: unknown): SerializedError {
  if (err instanceof InputError)
    return {
      name: err.name,
      message: err.message,
      problems: err.problems,
      status: err.status,
      code: err.code,
    };
  if (err instanceof TimeoutError)
    return { name: 'TimeoutError', message: err.message, status: err.status, stage: err.stage };
  if (err instanceof LimitError)
    return { name: 'LimitError', message: err.message, status: err.status, limit: err.limit };
  if (err instanceof ResourceError) {
    return {
      name: err.name,
      message: err.message,
      reason: err.reason,
      url: err.url,
      ...(err.status !== undefined ? { status: err.status } : {}),
    };
  }
  if (err instanceof Error && err.name === 'NotPdfError')
    return { name: 'NotPdfError', message: err.message };
  if (err instanceof RangeError && /call stack/i.test(err.message)) {
    return {
      name: 'LimitError',
      message: 'the input is nested too deeply',
      status: 400,
      limit: 'depth',
    };
  }
  return { name: 'Error', message: err instanceof Error ? err.message : String(err) };
}

export function deserializeError(e: SerializedError): Error {
  switch (e.name) {
    case 'InputError':
      return new InputError(
        e.message,
        e.problems ?? [],
        e.status ?? 400,
        e.code ?? 'invalid-input',
      );
    case 'LimitError':
      return new LimitError(e.message, e.limit ?? 'limit', e.status ?? 413);
    case 'TimeoutError':
      return new TimeoutError(e.message, e.stage ?? 'unknown');
    case 'ResourceError':
      return new ResourceError(e.message, e.url ?? '', e.reason ?? 'failed', e.status);
    case 'NotPdfError':
      return new InputError(
        e.message,
        [{ pointer: '', message: 'the body is not a PDF file' }],
        422,
        'not-a-pdf',
      );
    default:
      return new Error(e.message);
  }
}
