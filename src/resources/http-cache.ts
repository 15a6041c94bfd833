/**
 * Responses of http(s) resources kept across the renders of one thread, the way a shared HTTP
 * cache keeps them (RFC 9111): only what the origin lets a shared cache store, served while
 * fresh, revalidated with its validators once stale. A document's logo and fonts then come
 * from memory on the next request instead of over the network each time.
 *
 * One cache per address policy and timeout (the key of the shared agents): an entry was fetched
 * under that policy, so serving it admits nothing the policy would refuse.
 */
import type { LoadedResource, ResourceKind } from './types.js';
import { keptRecent } from '../util/index.js';

/** Response headers as undici gives them. */
export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A stored response. */
export interface CachedResponse {
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly charset?: string;
  /** Until when (ms since the epoch) it may be served without asking the origin. */
  readonly freshUntil: number;
  readonly etag?: string;
  readonly lastModified?: string;
}

/** Heuristic freshness (RFC 9111 4.2.2) is a tenth of the time since the last change, at most a day. */
const HEURISTIC_SHARE = 0.1;
const HEURISTIC_MAX_MS = 24 * 60 * 60 * 1000;

const one = (v: string | string[] | undefined): string | undefined =>
  Array.isArray(v) ? v.join(', ') : v;

/** Cache-Control directives, lower-case names; a value only where one was given. */
export function cacheControl(headers: ResponseHeaders): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const part of (one(headers['cache-control']) ?? '').split(',')) {
    const [name, ...rest] = part.split('=');
    const key = name.trim().toLowerCase();
    if (key === '') continue;
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    out.set(key, rest.length > 0 ? value : undefined);
  }
  return out;
}

const seconds = (v: string | undefined): number | undefined => {
  if (v === undefined || !/^\d+$/.test(v)) return undefined;
  return Number(v);
};

const dateOf = (v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : undefined;
};

/**
 * Whether a shared cache may store this response to a plain GET: a 200 that does not forbid it
 * (no-store, private), sets no cookie, varies on nothing but the request headers this loader
 * always sends alike, and can be reused at all (fresh for a while, or with a validator).
 */
export function storable(status: number, headers: ResponseHeaders, now: number): boolean {
  if (status !== 200) return false;
  const cc = cacheControl(headers);
  if (cc.has('no-store') || cc.has('private')) return false;
  if (headers['set-cookie'] !== undefined) return false;
  const vary = (one(headers.vary) ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '');
  // The request's Accept depends on the kind, which is part of the key; nothing else varies.
  if (vary.some((v) => v !== 'accept' && v !== 'accept-encoding')) return false;
  return (
    freshnessLifetime(headers, now) > 0 ||
    headers.etag !== undefined ||
    headers['last-modified'] !== undefined
  );
}

/** How long (ms) the response stays fresh from now, by its own headers (RFC 9111 4.2). */
export function freshnessLifetime(headers: ResponseHeaders, now: number): number {
  const cc = cacheControl(headers);
  if (cc.has('no-cache')) return 0;
  const age = (seconds(one(headers.age)) ?? 0) * 1000;
  const shared = seconds(cc.get('s-maxage'));
  const max = seconds(cc.get('max-age'));
  let lifetime: number;
  if (shared !== undefined) lifetime = shared * 1000;
  else if (max !== undefined) lifetime = max * 1000;
  else {
    const date = dateOf(one(headers.date)) ?? now;
    const expires = headers.expires === undefined ? undefined : (dateOf(one(headers.expires)) ?? 0);
    if (expires !== undefined) lifetime = expires - date;
    else {
      const modified = dateOf(one(headers['last-modified']));
      lifetime =
        modified === undefined
          ? 0
          : Math.min(HEURISTIC_MAX_MS, Math.max(0, (date - modified) * HEURISTIC_SHARE));
    }
  }
  return Math.max(0, lifetime - age);
}

/**
 * An entry for `body` as of `now`: freshness and validators from the response's headers, or,
 * for validators a 304 leaves out, from the entry it renews.
 */
function entryOf(
  body: Pick<CachedResponse, 'bytes' | 'contentType' | 'charset'>,
  headers: ResponseHeaders,
  now: number,
  renews?: CachedResponse,
): CachedResponse {
  const etag = one(headers.etag) ?? renews?.etag;
  const lastModified = one(headers['last-modified']) ?? renews?.lastModified;
  return {
    bytes: body.bytes,
    contentType: body.contentType,
    ...(body.charset ? { charset: body.charset } : {}),
    freshUntil: now + freshnessLifetime(headers, now),
    ...(etag !== undefined ? { etag } : {}),
    ...(lastModified !== undefined ? { lastModified } : {}),
  };
}

/** The entry to keep for a storable response fetched at `now`. */
export function cachedResponse(
  resource: LoadedResource,
  headers: ResponseHeaders,
  now: number,
): CachedResponse {
  // A copy: the caller may hand its bytes on (a transfer detaches them).
  return entryOf({ ...resource, bytes: Buffer.from(resource.bytes) }, headers, now);
}

/** The entry after a 304 answer: the stored bytes, with the new freshness and validators. */
export function revalidated(
  entry: CachedResponse,
  headers: ResponseHeaders,
  now: number,
): CachedResponse {
  return entryOf(entry, headers, now, entry);
}

/** Request headers that ask the origin whether the stored entry is still current. */
export function validators(entry: CachedResponse): Record<string, string> {
  return {
    ...(entry.etag !== undefined ? { 'if-none-match': entry.etag } : {}),
    ...(entry.lastModified !== undefined ? { 'if-modified-since': entry.lastModified } : {}),
  };
}

/** The served copy of an entry, as the loader returns a fetched resource. */
export function servedFrom(entry: CachedResponse, url: string): LoadedResource {
  return {
    bytes: Buffer.from(entry.bytes),
    contentType: entry.contentType,
    url,
    ...(entry.charset ? { charset: entry.charset } : {}),
  };
}

/** Stored responses, least recently used first out, within a byte budget. */
export class HttpCache {
  readonly #entries = new Map<string, CachedResponse>();
  #held = 0;

  constructor(
    readonly maxBytes: number,
    /** Largest response kept: a quarter of the budget, so one file cannot empty it. */
    readonly maxEntryBytes = Math.floor(maxBytes / 4),
  ) {}

  static key(kind: ResourceKind, url: string): string {
    return `${kind} ${url}`;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  put(key: string, entry: CachedResponse): void {
    this.delete(key);
    if (entry.bytes.length > this.maxEntryBytes) return;
    for (const [k, v] of this.#entries) {
      if (this.#held + entry.bytes.length <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#held -= v.bytes.length;
    }
    this.#entries.set(key, entry);
    this.#held += entry.bytes.length;
  }

  delete(key: string): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#entries.delete(key);
    this.#held -= old.bytes.length;
  }

  /** Bytes held now. */
  get size(): number {
    return this.#held;
  }
}

/** Caches kept: one per distinct fetch policy (and budget) a thread has used. */
const SHARED_CACHES = 8;
const shared = new Map<string, HttpCache>();

/** The cache of this thread's renders under the fetch policy `policyKey`. */
export function sharedHttpCache(policyKey: string, maxBytes: number): HttpCache {
  return keptRecent(
    shared,
    `${maxBytes} ${policyKey}`,
    () => new HttpCache(maxBytes),
    SHARED_CACHES,
  );
}
