import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicKey, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type KeyLike } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type RunningService } from './harness.js';

/** The guarded route used to prove a request got through auth: an empty /validate body is a 400. */
async function validateEmpty(url: string, headers: Record<string, string> = {}) {
  return fetch(`${url}/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf', ...headers },
    body: '',
  });
}

function sendRawHeaders(url: string, authValues: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/validate`, { method: 'POST' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.setHeader('content-type', 'application/pdf');
    req.setHeader('authorization', authValues);
    req.on('error', reject);
    req.end();
  });
}

describe('static API keys', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ API_KEY: 'first-key', API_KEYS: 'second-key, third-key' });
  });
  afterAll(() => svc.close());

  it('refuses a missing credential with 401 and WWW-Authenticate', async () => {
    const res = await validateEmpty(svc.url);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('refuses a wrong key and other schemes', async () => {
    expect((await validateEmpty(svc.url, { authorization: 'Bearer wrong-key' })).status).toBe(401);
    expect((await validateEmpty(svc.url, { authorization: 'Basic Zmlyc3Qta2V5' })).status).toBe(
      401,
    );
    expect((await validateEmpty(svc.url, { authorization: 'Bearer first-key extra' })).status).toBe(
      401,
    );
    expect((await validateEmpty(svc.url, { authorization: 'Bearerfirst-key' })).status).toBe(401);
  });

  it('accepts every configured key (rotation), with the scheme in any case', async () => {
    for (const auth of [
      'Bearer first-key',
      'Bearer second-key',
      'bearer third-key',
      'BEARER first-key',
    ]) {
      const res = await validateEmpty(svc.url, { authorization: auth });
      expect(res.status, auth).toBe(400);
    }
  });

  it('refuses doubled Authorization headers even when one is right', async () => {
    expect(await sendRawHeaders(svc.url, ['Bearer first-key', 'Bearer first-key'])).toBe(401);
    expect(await sendRawHeaders(svc.url, ['Bearer wrong', 'Bearer first-key'])).toBe(401);
  });

  it('keeps health and docs public', async () => {
    expect((await fetch(`${svc.url}/health`)).status).toBe(200);
    expect((await fetch(`${svc.url}/openapi.json`)).status).toBe(200);
  });
});

describe('JWT against a JWKS', () => {
  let jwks: Server;
  let svc: RunningService;
  let issuer: string;
  let key: KeyLike;
  let otherKey: KeyLike;
  let publicPem: string;
  const kid = 'k1';

  const sign = (
    claims: Record<string, unknown>,
    opts: {
      key?: KeyLike;
      kid?: string;
      iss?: string;
      aud?: string;
      exp?: string | number;
      nbf?: number;
    } = {},
  ) => {
    let jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? kid })
      .setIssuer(opts.iss ?? issuer)
      .setAudience(opts.aud ?? 'a11ypdf')
      .setIssuedAt();
    jwt = jwt.setExpirationTime(opts.exp ?? '5m');
    if (opts.nbf !== undefined) jwt = jwt.setNotBefore(opts.nbf);
    return jwt.sign(opts.key ?? key);
  };

  beforeAll(async () => {
    ({ privateKey: key } = await generateKeyPair('RS256'));
    const pair = await generateKeyPair('RS256');
    otherKey = pair.privateKey;
    // The public half of `key`, served by the JWKS endpoint.
    const pub = createPublicKey(key as unknown as KeyObject);
    publicPem = await exportSPKI(pub as unknown as KeyLike);
    const jwk = { ...(await exportJWK(pub as unknown as KeyLike)), kid, alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    const jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
    issuer = 'https://issuer.test/';
    svc = await startTestService({
      JWT_ISSUER: issuer,
      JWT_JWKS_URL: jwksUrl,
      JWT_AUDIENCE: 'a11ypdf',
      API_KEY: 'ignored-when-jwt',
      JWKS_PRIVATE_NETWORK_ALLOWLIST: '127.0.0.1/32',
    });
  });
  afterAll(async () => {
    await svc.close();
    await new Promise<void>((r) => jwks.close(() => r()));
  });

  const status = async (token: string) =>
    (await validateEmpty(svc.url, { authorization: `Bearer ${token}` })).status;

  it('accepts a valid token', async () => {
    expect(await status(await sign({ sub: 'user' }))).toBe(400);
  });

  it('prefers JWT over the static key', async () => {
    expect(await status('ignored-when-jwt')).toBe(401);
  });

  it('refuses expired, not-yet-valid, wrong issuer and wrong audience tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await status(await sign({}, { exp: now - 3600 }))).toBe(401);
    expect(await status(await sign({}, { nbf: now + 3600 }))).toBe(401);
    expect(await status(await sign({}, { iss: 'https://evil.test/' }))).toBe(401);
    expect(await status(await sign({}, { aud: 'someone-else' }))).toBe(401);
  });

  it('refuses a token signed by another key, an unknown kid, and unknown critical headers', async () => {
    expect(await status(await sign({}, { key: otherKey }))).toBe(401);
    expect(await status(await sign({}, { kid: 'unknown' }))).toBe(401);
    // jose will not sign an unknown critical header, so build that token by hand.
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const input = `${b64({ alg: 'RS256', kid, crit: ['x-custom'], 'x-custom': 1 })}.${b64({ iss: issuer, aud: 'a11ypdf', exp: now + 300 })}`;
    const signature = cryptoSign(
      'sha256',
      Buffer.from(input),
      key as unknown as KeyObject,
    ).toString('base64url');
    expect(await status(`${input}.${signature}`)).toBe(401);
  });

  it('refuses alg none and HS256 signed with the public key', async () => {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: issuer, aud: 'a11ypdf', exp: now + 300, iat: now };
    expect(await status(`${b64({ alg: 'none', kid })}.${b64(payload)}.`)).toBe(401);
    const hs = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', kid })
      .sign(new TextEncoder().encode(publicPem));
    expect(await status(hs)).toBe(401);
  });
});

describe('the JWKS fetch', () => {
  /** A JWKS endpoint that counts its requests and answers with `status`. */
  async function jwksServer(status: number) {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? JSON.stringify({ keys: [] }) : '{"error":"down"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
    return {
      url,
      hits: () => hits,
      close: () => new Promise<void>((r) => server.close(() => r())),
    };
  }

  async function token(): Promise<string> {
    const { privateKey } = await generateKeyPair('RS256');
    return new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://issuer.test/')
      .setExpirationTime('5m')
      .sign(privateKey);
  }

  it('does not reach a private address that is not in its own allowlist', async () => {
    const jwksEndpoint = await jwksServer(200);
    // ALLOW_PRIVATE_NETWORK (set by the harness) is for documents, not for the key set.
    const svc = await startTestService({
      JWT_ISSUER: 'https://issuer.test/',
      JWT_JWKS_URL: jwksEndpoint.url,
    });
    try {
      const res = await validateEmpty(svc.url, { authorization: `Bearer ${await token()}` });
      expect(res.status).toBe(401);
      expect(jwksEndpoint.hits()).toBe(0);
    } finally {
      await svc.close();
      await jwksEndpoint.close();
    }
  });

  it('remembers a failed fetch briefly and shows no client error code to the caller', async () => {
    const jwksEndpoint = await jwksServer(500);
    const svc = await startTestService({
      JWT_ISSUER: 'https://issuer.test/',
      JWT_JWKS_URL: jwksEndpoint.url,
      JWKS_PRIVATE_NETWORK_ALLOWLIST: '127.0.0.0/8',
    });
    try {
      const auth = { authorization: `Bearer ${await token()}` };
      for (let i = 0; i < 5; i++) {
        const res = await validateEmpty(svc.url, auth);
        expect(res.status).toBe(401);
        const problem = (await res.json()) as { detail: string };
        expect(problem.detail).toBe('the token is not valid');
        expect(problem.detail).not.toMatch(/ERR_|JWKS|500/);
      }
      expect(jwksEndpoint.hits()).toBe(1);
    } finally {
      await svc.close();
      await jwksEndpoint.close();
    }
  });
});
