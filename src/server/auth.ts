/**
 * Authentication: exactly one mechanism, chosen by configuration.
 *   JWT (JWT_ISSUER + JWT_JWKS_URL): RS256 only, verified against a cached remote JWKS fetched
 *   under the address policy (jwks.ts);
 *   static keys (API_KEY / API_KEYS): compared in constant time;
 *   otherwise public.
 * A failed check answers 401 with WWW-Authenticate before the request reaches any engine.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceConfig } from './config.js';
import { createJwksKeyStore, JwksUnavailableError } from './jwks.js';
import { sendProblem } from './problem.js';

export type Authenticator = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type AuthMode = 'jwt' | 'api-key' | 'public';

export function authMode(config: ServiceConfig): AuthMode {
  if (config.jwt) return 'jwt';
  if (config.apiKeys.length > 0) return 'api-key';
  return 'public';
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant-time membership: every configured key is compared, whatever matches first. */
function keyMatches(given: string, keys: readonly Buffer[]): boolean {
  const g = digest(given);
  let ok = false;
  for (const k of keys) ok = timingSafeEqual(g, k) || ok;
  return ok;
}

/** The bearer token, or an explanation of why there is none. Doubled headers are refused. */
export function bearerToken(req: FastifyRequest): { token: string } | { error: string } {
  const raw = req.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === 'authorization') count++;
  if (count === 0) return { error: 'missing Authorization header' };
  if (count > 1) return { error: 'more than one Authorization header' };
  const value = req.headers.authorization ?? '';
  const m = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(value);
  if (!m) return { error: 'Authorization must be "Bearer <token>"' };
  return { token: m[1] };
}

export function createAuthenticator(config: ServiceConfig): Authenticator {
  const mode = authMode(config);
  if (mode === 'public') return async () => {};

  const deny = (
    req: FastifyRequest,
    reply: FastifyReply,
    detail: string,
    error = 'invalid_token',
  ) => {
    reply.header('www-authenticate', `Bearer realm="a11ypdf", error="${error}"`);
    return sendProblem(req, reply, { status: 401, detail });
  };

  if (mode === 'api-key') {
    const keys = config.apiKeys.map(digest);
    return async (req, reply) => {
      const t = bearerToken(req);
      if ('error' in t) return void deny(req, reply, t.error, 'invalid_request');
      if (!keyMatches(t.token, keys)) return void deny(req, reply, 'the API key is not valid');
    };
  }

  const jwt = config.jwt!;
  const keys = createJwksKeyStore({
    url: jwt.jwksUrl,
    allowedPrivateRanges: jwt.jwksAllowedPrivateRanges,
  });
  // jose is some 300 modules: loaded only by a service that verifies tokens.
  const jose = import('jose');
  // A failed load is reported to the request that awaits it, not as an unhandled rejection.
  jose.catch(() => {});
  return async (req, reply) => {
    const t = bearerToken(req);
    if ('error' in t) return void deny(req, reply, t.error, 'invalid_request');
    try {
      const { jwtVerify } = await jose;
      await jwtVerify(t.token, keys.getKey, {
        algorithms: ['RS256'],
        issuer: jwt.issuer,
        ...(jwt.audience ? { audience: jwt.audience } : {}),
        clockTolerance: 30,
        requiredClaims: ['exp'],
      });
    } catch (err) {
      // Why a token failed (an expired claim, a JWKS fetch that timed out) is for the log: a
      // caller without valid credentials learns nothing about the issuer or the key set.
      const reason =
        err instanceof JwksUnavailableError
          ? err.reason
          : ((err as { code?: string }).code ?? 'invalid');
      if (err instanceof JwksUnavailableError) req.log.warn({ reason }, 'JWKS unavailable');
      else req.log.info({ reason }, 'JWT refused');
      return void deny(req, reply, 'the token is not valid');
    }
  };
}
