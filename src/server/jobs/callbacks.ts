/**
 * The callback of a finished job: its final status POSTed to the caller's URL under the same
 * network policy as uploads, signed when a secret is configured so the receiver can tell it
 * from a forgery: X-A11ypdf-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">.
 */
import { createHmac } from 'node:crypto';
import { uploadDocument } from '../../index.js';
import type { ServiceConfig } from '../config.js';
import { networkPolicy } from '../routes/render.js';
import type { JobView } from './view.js';

export const SIGNATURE_HEADER = 'x-a11ypdf-signature';

export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Sends the callback; returns the target's status, throws UploadError when it fails. */
export async function sendCallback(
  url: string,
  view: JobView,
  config: ServiceConfig,
  secret: string | null,
): Promise<number> {
  const body = JSON.stringify({ ...view, href: `/jobs/${view.id}` });
  const headers: Record<string, string> = { 'x-a11ypdf-job-id': view.id };
  if (secret !== null) {
    headers[SIGNATURE_HEADER] = signature(secret, body, Math.floor(Date.now() / 1000));
  }
  const result = await uploadDocument(new URL(url), Buffer.from(body), 'application/json', {
    ...networkPolicy(config),
    timeoutMs: config.uploadTimeoutMs,
    method: 'POST',
    headers,
  });
  return result.targetStatus;
}
