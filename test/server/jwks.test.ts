/**
 * The JWKS key store on its own: when it fetches, what it caches, what it remembers of a
 * failure, and what it makes of a bad answer. The issuer is a loopback server whose key set
 * and status the tests change; the clock is the test's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, type KeyLike } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJwksKeyStore, JwksUnavailableError } from '../../src/server/jwks.js';

interface Issuer {
  /** What the next request gets: a status and a body. */
  answer: { status: number; body: string | Buffer; delayMs?: number };
  hits: number;
}

const issuer: Issuer = { answer: { status: 200, body: '{"keys":[]}' }, hits: 0 };
let server: Server;
let url: string;
let jwkA: JWK;
let jwkB: JWK;

beforeAll(async () => {
  const exported = async (kid: string): Promise<JWK> => {
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    return { ...(await exportJWK(publicKey as KeyLike)), kid, alg: 'RS256' };
  };
  jwkA = await exported('a');
  jwkB = await exported('b');
  server = createServer((_req, res) => {
    issuer.hits++;
    const { status, body, delayMs } = issuer.answer;
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    }, delayMs ?? 0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const serve = (...keys: JWK[]) => {
  issuer.answer = { status: 200, body: JSON.stringify({ keys }) };
};

beforeEach(() => {
  issuer.hits = 0;
  serve(jwkA);
});

/** A store on a clock the test moves by hand. */
function store(opts: { maxAgeMs?: number; cooldownMs?: number; failureTtlMs?: number } = {}) {
  const clock = { t: 1_000_000 };
  const keys = createJwksKeyStore({
    url,
    allowedPrivateRanges: ['127.0.0.1/32'],
    now: () => clock.t,
    ...opts,
  });
  const getKey = (kid: string) => keys.getKey({ alg: 'RS256', kid });
  return { keys, clock, getKey };
}

async function unavailable(p: Promise<unknown>): Promise<JwksUnavailableError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(JwksUnavailableError);
  return err as JwksUnavailableError;
}

describe('the JWKS key store', () => {
  it('fetches once and answers from the cache until the set is ten minutes old', async () => {
    const { keys, clock, getKey } = store();
    expect(await getKey('a')).toBeDefined();
    clock.t += 10 * 60_000 - 1;
    await getKey('a');
    expect(keys.fetches()).toBe(1);
    clock.t += 1;
    await getKey('a');
    expect(keys.fetches()).toBe(2);
    expect(issuer.hits).toBe(2);
  });

  it('honours a configured maximum age', async () => {
    const { keys, clock, getKey } = store({ maxAgeMs: 1000 });
    await getKey('a');
    clock.t += 999;
    await getKey('a');
    expect(keys.fetches()).toBe(1);
    clock.t += 1;
    await getKey('a');
    expect(keys.fetches()).toBe(2);
  });

  it('shares one fetch among concurrent lookups', async () => {
    issuer.answer = { ...issuer.answer, delayMs: 50 };
    const { keys, getKey } = store();
    await Promise.all([getKey('a'), getKey('a'), getKey('a')]);
    expect(keys.fetches()).toBe(1);
    expect(issuer.hits).toBe(1);
  });

  it('fetches again for an unknown key id, at most once per 30 s cooldown', async () => {
    const { keys, clock, getKey } = store();
    await getKey('a');
    serve(jwkA, jwkB);
    // Within the cooldown the rotated-in key is not looked for.
    clock.t += 30_000 - 1;
    await expect(getKey('b')).rejects.toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' });
    expect(keys.fetches()).toBe(1);
    clock.t += 1;
    expect(await getKey('b')).toBeDefined();
    expect(keys.fetches()).toBe(2);
    // The refreshed set is fresh again: an unknown id right after it is not fetched for.
    await expect(getKey('c')).rejects.toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' });
    expect(keys.fetches()).toBe(2);
  });

  it('honours a configured cooldown', async () => {
    const { keys, clock, getKey } = store({ cooldownMs: 100 });
    await getKey('a');
    serve(jwkB);
    clock.t += 100;
    expect(await getKey('b')).toBeDefined();
    expect(keys.fetches()).toBe(2);
  });

  it('does not refetch for errors other than an unknown key', async () => {
    // Two keys under one id: ambiguous, and no rotation can fix that.
    serve(jwkA, { ...jwkB, kid: 'a' });
    const { keys, clock, getKey } = store();
    clock.t += 60_000;
    await expect(getKey('a')).rejects.toMatchObject({ code: 'ERR_JWKS_MULTIPLE_MATCHING_KEYS' });
    clock.t += 60_000;
    await expect(getKey('a')).rejects.toMatchObject({ code: 'ERR_JWKS_MULTIPLE_MATCHING_KEYS' });
    expect(keys.fetches()).toBe(1);
  });

  it('remembers a failure for five seconds, then fetches again', async () => {
    issuer.answer = { status: 500, body: '{}' };
    const { keys, clock, getKey } = store();
    const first = await unavailable(getKey('a'));
    expect(first.reason).toMatch(/^failed: /);
    expect(first.message).toBe(`the issuer's key set is unavailable: ${first.reason}`);
    expect(first.name).toBe('JwksUnavailableError');
    clock.t += 4_999;
    expect(await unavailable(getKey('a'))).toBe(first);
    expect(keys.fetches()).toBe(1);
    serve(jwkA);
    clock.t += 1;
    expect(await getKey('a')).toBeDefined();
    expect(keys.fetches()).toBe(2);
    // Success forgets the failure: a forced refresh later fetches.
    clock.t += 10 * 60_000;
    await getKey('a');
    expect(keys.fetches()).toBe(3);
  });

  it('honours a configured failure time', async () => {
    issuer.answer = { status: 500, body: '{}' };
    const { keys, clock, getKey } = store({ failureTtlMs: 10 });
    await unavailable(getKey('a'));
    clock.t += 10;
    await unavailable(getKey('a'));
    expect(keys.fetches()).toBe(2);
  });

  it('keeps using a cached set while a refresh after expiry fails', async () => {
    const { clock, getKey } = store({ maxAgeMs: 1000 });
    await getKey('a');
    issuer.answer = { status: 500, body: '{}' };
    clock.t += 1000;
    await unavailable(getKey('a'));
  });

  it.each([
    ['not JSON', 'the response is not JSON', '<html>'],
    ['null', 'the response has no "keys" array of objects', 'null'],
    ['no keys', 'the response has no "keys" array of objects', '{"kty":"RSA"}'],
    ['keys not an array', 'the response has no "keys" array of objects', '{"keys":{}}'],
    ['a key that is not an object', 'the response has no "keys" array of objects', '{"keys":[1]}'],
    ['a null key', 'the response has no "keys" array of objects', '{"keys":[null]}'],
    [
      'a key that is not an object after one that is',
      'the response has no "keys" array of objects',
      '{"keys":[{"kty":"RSA"},"x"]}',
    ],
  ])('refuses a set that is %s', async (_what, reason, body) => {
    issuer.answer = { status: 200, body };
    const { getKey } = store();
    expect((await unavailable(getKey('a'))).reason).toBe(reason);
  });

  it('refuses a key set over 1 MB', async () => {
    issuer.answer = {
      status: 200,
      body: JSON.stringify({ keys: [jwkA], pad: 'x'.repeat(1024 * 1024) }),
    };
    const { getKey } = store();
    expect((await unavailable(getKey('a'))).reason).toMatch(/^limit: /);
  });

  it('accepts a key set just under 1 MB', async () => {
    const set = JSON.stringify({ keys: [jwkA], pad: '' });
    issuer.answer = {
      status: 200,
      body: set.replace('"pad":""', `"pad":"${'x'.repeat(1024 * 1024 - set.length)}"`),
    };
    const { getKey } = store();
    expect(await getKey('a')).toBeDefined();
  });

  it('gives up on a slow issuer after the time limit', async () => {
    issuer.answer = { ...issuer.answer, delayMs: 2000 };
    const keys = createJwksKeyStore({
      url,
      allowedPrivateRanges: ['127.0.0.1/32'],
      timeoutMs: 200,
    });
    const err = await unavailable(keys.getKey({ alg: 'RS256', kid: 'a' }));
    expect(err.reason).toMatch(/^timeout: /);
  });

  it('reaches private addresses only through its own allowlist', async () => {
    const keys = createJwksKeyStore({ url, allowedPrivateRanges: ['10.0.0.0/8'] });
    const err = await unavailable(keys.getKey({ alg: 'RS256', kid: 'a' }));
    expect(err.reason).toMatch(/^refused: /);
    expect(issuer.hits).toBe(0);
    expect(keys.fetches()).toBe(1);
  });
});
