/**
 * The authenticator on its own, in front of one route of a bare fastify app: which tokens and
 * keys get through, and what a refused caller is told. The key set is served on loopback
 * without an `alg` member, as many issuers publish it, so only the verifier's own algorithm
 * list keeps other algorithms out.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload, type KeyLike } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMode, bearerToken, createAuthenticator } from '../../src/server/auth.js';
import { loadConfig, type ServiceConfig } from '../../src/server/config.js';

interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly reason?: string;
}

/** A one-route app behind the authenticator; the route echoes what bearerToken saw. */
async function guardedApp(
  config: ServiceConfig,
): Promise<{ app: FastifyInstance; logs: LogLine[] }> {
  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  const authenticate = createAuthenticator(config);
  app.get('/guarded', { onRequest: authenticate }, async () => ({ ok: true }));
  await app.ready();
  return { app, logs };
}

async function call(app: FastifyInstance, authorization?: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/guarded',
    headers: authorization === undefined ? {} : { authorization },
  });
  return {
    status: res.statusCode,
    challenge: res.headers['www-authenticate'],
    type: res.headers['content-type'],
    problem: res.statusCode === 200 ? null : (res.json() as { detail: string; status: number }),
  };
}

describe('authentication mode', () => {
  it('is JWT when an issuer is configured, even with static keys', () => {
    const config = loadConfig({
      JWT_ISSUER: 'https://issuer.test/',
      JWT_JWKS_URL: 'https://issuer.test/jwks.json',
      API_KEY: 'k',
    });
    expect(authMode(config)).toBe('jwt');
  });

  it('lets every request through when public', async () => {
    const { app } = await guardedApp(loadConfig({}));
    expect((await call(app)).status).toBe(200);
    expect((await call(app, 'Basic anything')).status).toBe(200);
    await app.close();
  });
});

describe('the bearer token', () => {
  const req = (rawHeaders: string[]) =>
    ({
      raw: { rawHeaders },
      headers: Object.fromEntries(
        rawHeaders.flatMap((v, i) => (i % 2 === 0 ? [[v.toLowerCase(), rawHeaders[i + 1]]] : [])),
      ),
    }) as unknown as Parameters<typeof bearerToken>[0];

  it('is read from one Authorization header, the scheme in any case', () => {
    expect(bearerToken(req(['Authorization', 'Bearer abc']))).toEqual({ token: 'abc' });
    expect(bearerToken(req(['AUTHORIZATION', 'bEaReR abc']))).toEqual({ token: 'abc' });
    expect(bearerToken(req(['Host', 'x', 'authorization', 'Bearer a.b-c_d~e+f/g==']))).toEqual({
      token: 'a.b-c_d~e+f/g==',
    });
  });

  it('says why there is none', () => {
    expect(bearerToken(req(['Host', 'authorization']))).toEqual({
      error: 'missing Authorization header',
    });
    expect(bearerToken(req(['authorization', 'Bearer a', 'Authorization', 'Bearer a']))).toEqual({
      error: 'more than one Authorization header',
    });
    for (const value of ['Basic abc', 'Bearer', 'Bearer a b', 'Bearer =abc', 'xBearer abc', ''])
      expect(bearerToken(req(['authorization', value])), value).toEqual({
        error: 'Authorization must be "Bearer <token>"',
      });
  });
});

describe('static API keys', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await guardedApp(loadConfig({ API_KEY: 'first', API_KEYS: 'second,third' })));
  });
  afterAll(() => app.close());

  it('accepts each configured key', async () => {
    for (const key of ['first', 'second', 'third'])
      expect((await call(app, `Bearer ${key}`)).status, key).toBe(200);
  });

  it('refuses a wrong key as an invalid token', async () => {
    for (const key of ['fourth', 'firs', 'first2', 'secondthird']) {
      const res = await call(app, `Bearer ${key}`);
      expect(res.status, key).toBe(401);
      expect(res.challenge).toBe('Bearer realm="a11ypdf", error="invalid_token"');
      expect(res.problem?.detail).toBe('the API key is not valid');
    }
  });

  it('refuses a missing or malformed header as an invalid request', async () => {
    const missing = await call(app);
    expect(missing.status).toBe(401);
    expect(missing.challenge).toBe('Bearer realm="a11ypdf", error="invalid_request"');
    expect(missing.type).toContain('application/problem+json');
    expect(missing.problem).toMatchObject({ status: 401, detail: 'missing Authorization header' });
    const basic = await call(app, 'Basic Zmlyc3Q=');
    expect(basic.challenge).toBe('Bearer realm="a11ypdf", error="invalid_request"');
    expect(basic.problem?.detail).toBe('Authorization must be "Bearer <token>"');
  });
});

describe('JWT against a key set without alg members', () => {
  const issuer = 'https://issuer.test/';
  let jwks: Server;
  let jwksUrl: string;
  let rsa: KeyLike;
  let ec: KeyLike;
  let app: FastifyInstance;
  let logs: LogLine[];

  const sign = (
    alg: string,
    key: KeyLike,
    claims: JWTPayload,
    opts: { kid?: string; exp?: number | null } = {},
  ) => {
    let jwt = new SignJWT(claims)
      .setProtectedHeader({ alg, kid: opts.kid ?? (alg.startsWith('ES') ? 'ec' : 'rsa') })
      .setIssuer(issuer)
      .setIssuedAt();
    if (opts.exp !== null) jwt = jwt.setExpirationTime(opts.exp ?? '5m');
    return jwt.sign(key);
  };

  beforeAll(async () => {
    const rsaPair = await generateKeyPair('RS256', { extractable: true });
    const ecPair = await generateKeyPair('ES256', { extractable: true });
    rsa = rsaPair.privateKey;
    ec = ecPair.privateKey;
    // No `alg` on either key: the set does not restrict which algorithm may use it.
    const keys = [
      { ...(await exportJWK(rsaPair.publicKey)), kid: 'rsa', use: 'sig' },
      { ...(await exportJWK(ecPair.publicKey)), kid: 'ec', use: 'sig' },
    ];
    jwks = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys }));
    });
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`;
    ({ app, logs } = await guardedApp(
      loadConfig({
        JWT_ISSUER: issuer,
        JWT_JWKS_URL: jwksUrl,
        JWKS_PRIVATE_NETWORK_ALLOWLIST: '127.0.0.1/32',
      }),
    ));
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((r) => jwks.close(() => r()));
  });

  it('accepts an RS256 token signed by a key of the set', async () => {
    expect((await call(app, `Bearer ${await sign('RS256', rsa, { sub: 'u' })}`)).status).toBe(200);
  });

  it('refuses PS256 and ES256 tokens signed by keys of the set: RS256 only', async () => {
    for (const token of [
      await sign('PS256', rsa, { sub: 'u' }),
      await sign('RS512', rsa, { sub: 'u' }),
      await sign('ES256', ec, { sub: 'u' }),
    ]) {
      const res = await call(app, `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.challenge).toBe('Bearer realm="a11ypdf", error="invalid_token"');
    }
  });

  it('refuses a token without an exp claim', async () => {
    const token = await sign('RS256', rsa, { sub: 'u' }, { exp: null });
    expect((await call(app, `Bearer ${token}`)).status).toBe(401);
  });

  it('allows 30 seconds of clock skew on exp, not more', async () => {
    const now = Math.floor(Date.now() / 1000);
    const late = (s: number) => sign('RS256', rsa, {}, { exp: now - s });
    expect((await call(app, `Bearer ${await late(10)}`)).status).toBe(200);
    expect((await call(app, `Bearer ${await late(90)}`)).status).toBe(401);
  });

  it('refuses another issuer', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'rsa' })
      .setIssuer('https://evil.test/')
      .setExpirationTime('5m')
      .sign(rsa);
    expect((await call(app, `Bearer ${token}`)).status).toBe(401);
  });

  it('accepts any audience when none is configured', async () => {
    const token = await sign('RS256', rsa, { aud: 'someone' });
    expect((await call(app, `Bearer ${token}`)).status).toBe(200);
  });

  it('tells the caller nothing of why, and logs the reason', async () => {
    logs.length = 0;
    const res = await call(app, `Bearer ${await sign('RS256', rsa, {}, { exp: null })}`);
    expect(res.problem?.detail).toBe('the token is not valid');
    const refused = logs.filter((l) => l.msg === 'JWT refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ level: 30, reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED' });
  });

  it('refuses a malformed header before looking at keys', async () => {
    const res = await call(app, 'Token abc');
    expect(res.status).toBe(401);
    expect(res.challenge).toBe('Bearer realm="a11ypdf", error="invalid_request"');
  });
});

describe('JWT with an audience', () => {
  let jwks: Server;
  let rsa: KeyLike;
  let app: FastifyInstance;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    rsa = pair.privateKey;
    const key = { ...(await exportJWK(pair.publicKey)), kid: 'k' };
    jwks = createServer((_req, res) => res.end(JSON.stringify({ keys: [key] })));
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    ({ app } = await guardedApp(
      loadConfig({
        JWT_ISSUER: 'https://issuer.test/',
        JWT_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/`,
        JWT_AUDIENCE: 'a11ypdf',
        JWKS_PRIVATE_NETWORK_ALLOWLIST: '127.0.0.0/8',
      }),
    ));
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((r) => jwks.close(() => r()));
  });

  const token = (aud?: string) => {
    const jwt = new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer('https://issuer.test/')
      .setExpirationTime('5m');
    return (aud ? jwt.setAudience(aud) : jwt).sign(rsa);
  };

  it('accepts the configured audience and refuses another or none', async () => {
    expect((await call(app, `Bearer ${await token('a11ypdf')}`)).status).toBe(200);
    expect((await call(app, `Bearer ${await token('other')}`)).status).toBe(401);
    expect((await call(app, `Bearer ${await token()}`)).status).toBe(401);
  });
});

describe('JWT while the key set is unavailable', () => {
  it('refuses with the same answer and logs a warning with the reason', async () => {
    const down = createServer((_req, res) => {
      res.writeHead(503);
      res.end();
    });
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
    const { app, logs } = await guardedApp(
      loadConfig({
        JWT_ISSUER: 'https://issuer.test/',
        JWT_JWKS_URL: `http://127.0.0.1:${(down.address() as AddressInfo).port}/`,
        JWKS_PRIVATE_NETWORK_ALLOWLIST: '127.0.0.1',
      }),
    );
    try {
      const { privateKey } = await generateKeyPair('RS256');
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'k' })
        .setIssuer('https://issuer.test/')
        .setExpirationTime('5m')
        .sign(privateKey);
      const res = await call(app, `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.problem?.detail).toBe('the token is not valid');
      const warned = logs.filter((l) => l.msg === 'JWKS unavailable');
      expect(warned).toHaveLength(1);
      expect(warned[0].level).toBe(40);
      expect(warned[0].reason).toMatch(/^failed: .*503/);
      expect(logs.some((l) => l.msg === 'JWT refused')).toBe(false);
    } finally {
      await app.close();
      await new Promise<void>((r) => down.close(() => r()));
    }
  });
});
