/**
 * Who owns a job: a job is visible only to the credentials that made it, and an
 * Idempotency-Key is scoped to them. Runs after the authenticator has accepted the request.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken, type AuthMode } from '../auth.js';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex').slice(0, 32);

/** The JWT claims that name a caller: its issuer and subject (the token itself changes). */
function jwtSubject(token: string): string {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    const iss = typeof payload.iss === 'string' ? payload.iss : '';
    const sub = typeof payload.sub === 'string' ? payload.sub : '';
    return `${iss}\u0000${sub}`;
  } catch {
    return '';
  }
}

/** An opaque, stable id of the caller ('public' when the service has no authentication). */
export function principalOf(req: FastifyRequest, mode: AuthMode): string {
  if (mode === 'public') return 'public';
  const t = bearerToken(req);
  if ('error' in t) return 'anonymous';
  return digest(mode === 'jwt' ? `jwt\u0000${jwtSubject(t.token)}` : `key\u0000${t.token}`);
}
