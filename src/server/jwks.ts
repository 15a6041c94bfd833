/**
 * The issuer's key set for JWT verification, fetched under the service's address policy (public
 * addresses only, plus the JWKS's own allowlist of private ranges), cached, and refreshed when a
 * token names a key the cached set lacks. A failed fetch is remembered for a few seconds, so a
 * flood of tokens while the issuer is down costs one fetch, not one per request.
 */
import type { JSONWebKeySet, JWSHeaderParameters, FlattenedJWSInput, KeyLike } from 'jose';
import { createResourceLoader, ResourceError } from '../index.js';

export interface JwksOptions {
  readonly url: string;
  /** Private CIDR ranges the fetch may reach; everything else private is refused. */
  readonly allowedPrivateRanges: readonly string[];
  /** Time limit of one fetch. */
  readonly timeoutMs?: number;
  /** How long a fetched set is used before it is fetched again. */
  readonly maxAgeMs?: number;
  /** Shortest time between two fetches triggered by unknown key ids. */
  readonly cooldownMs?: number;
  /** How long a failed fetch is answered from memory instead of fetched again. */
  readonly failureTtlMs?: number;
  /** Clock, for tests. */
  readonly now?: () => number;
}

/** The key set could not be had; `reason` is for the log, never for the caller. */
export class JwksUnavailableError extends Error {
  override readonly name = 'JwksUnavailableError';
  constructor(readonly reason: string) {
    super(`the issuer's key set is unavailable: ${reason}`);
  }
}

type KeyLookup = (header?: JWSHeaderParameters, token?: FlattenedJWSInput) => Promise<KeyLike>;

/** The biggest key set accepted: real ones are a few kilobytes. */
const MAX_JWKS_BYTES = 1024 * 1024;

function parseKeySet(bytes: Uint8Array): JSONWebKeySet {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new JwksUnavailableError('the response is not JSON');
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'object' && k !== null))
    throw new JwksUnavailableError('the response has no "keys" array of objects');
  return parsed as JSONWebKeySet;
}

export interface JwksKeyStore {
  /** jose's key lookup: the key for a token's header, fetching the set when needed. */
  readonly getKey: KeyLookup;
  /** How many fetches were started (successful or not). */
  readonly fetches: () => number;
}

export function createJwksKeyStore(opts: JwksOptions): JwksKeyStore {
  const now = opts.now ?? Date.now;
  const maxAgeMs = opts.maxAgeMs ?? 10 * 60_000;
  const cooldownMs = opts.cooldownMs ?? 30_000;
  const failureTtlMs = opts.failureTtlMs ?? 5_000;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  let current: { lookup: KeyLookup; at: number } | null = null;
  let failure: { error: JwksUnavailableError; at: number } | null = null;
  let inFlight: Promise<KeyLookup> | null = null;
  let fetches = 0;
  const jose = import('jose');

  async function fetchSet(): Promise<KeyLookup> {
    fetches++;
    const loader = createResourceLoader({
      allowPrivateNetwork: false,
      allowedPrivateRanges: opts.allowedPrivateRanges,
      resourceTimeoutMs: timeoutMs,
      maxResourceBytes: MAX_JWKS_BYTES,
      maxTotalBytes: MAX_JWKS_BYTES * 2,
      // jose asks again when a token names a key it has not seen: the answer must be current.
      cacheBytes: 0,
    });
    let bytes: Uint8Array;
    try {
      bytes = (await loader.load(opts.url, 'document')).bytes;
    } catch (err) {
      throw new JwksUnavailableError(
        err instanceof ResourceError ? `${err.reason}: ${err.message}` : String(err),
      );
    }
    const set = parseKeySet(bytes);
    return (await jose).createLocalJWKSet(set);
  }

  /** The cached set, or a fresh one; a recent failure is thrown again without a fetch. */
  function load(force: boolean): Promise<KeyLookup> {
    const t = now();
    if (!force && current && t - current.at < maxAgeMs) return Promise.resolve(current.lookup);
    if (failure && t - failure.at < failureTtlMs) return Promise.reject(failure.error);
    inFlight ??= fetchSet().then(
      (lookup) => {
        current = { lookup, at: now() };
        failure = null;
        inFlight = null;
        return lookup;
      },
      (err: unknown) => {
        const error =
          err instanceof JwksUnavailableError ? err : new JwksUnavailableError(String(err));
        failure = { error, at: now() };
        inFlight = null;
        throw error;
      },
    );
    return inFlight;
  }

  const getKey: KeyLookup = async (header, token) => {
    const lookup = await load(false);
    try {
      return await lookup(header, token);
    } catch (err) {
      // A key rotated in since the last fetch: fetch again, at most once per cooldown.
      const code = (err as { code?: string }).code;
      if (code !== 'ERR_JWKS_NO_MATCHING_KEY' || !current || now() - current.at < cooldownMs)
        throw err;
      return (await load(true))(header, token);
    }
  };

  return { getKey, fetches: () => fetches };
}
