/**
 * The resource loader: data: URIs and http(s) URLs under one policy (SSRF, size, time,
 * redirects), and file: URLs inside the roots a library or command-line caller names. One
 * loader per render, so the per-document byte budget is per document.
 */
import type { Agent } from 'undici';
import { fetchPolicyKey, isSsrfRefusal, loadUndici, sharedGuardedAgent } from './guarded-agent.js';
import {
  cachedResponse,
  HttpCache,
  revalidated,
  servedFrom,
  sharedHttpCache,
  storable,
  validators,
  type CachedResponse,
} from './http-cache.js';
import { assertFetchable } from './address-policy.js';
import { createFileReader, type FileAccess } from './files.js';
import {
  ResourceError,
  type LoadedResource,
  type ResourceKind,
  type ResourceLoader,
  type ResourcePolicy,
} from './types.js';

export * from './types.js';
export {
  isPrivateAddress,
  isRefusedAddress,
  assertFetchable,
  embeddedIpv4,
  rangeList,
  type AddressPolicy,
} from './address-policy.js';
export { assertFileRoots, isInside, mediaTypeOfPath, type FileAccess } from './files.js';
export {
  UploadError,
  parseUploadUrl,
  uploadDocument,
  type UploadOptions,
  type UploadResult,
} from './upload.js';

export const DEFAULT_RESOURCE_POLICY: ResourcePolicy = {
  allowPrivateNetwork: false,
  maxResourceBytes: 20 * 1024 * 1024,
  maxTotalBytes: 100 * 1024 * 1024,
  resourceTimeoutMs: 10_000,
  maxRedirects: 5,
  cacheBytes: 16 * 1024 * 1024,
};

const ACCEPT: Record<ResourceKind, string> = {
  image: 'image/*,*/*;q=0.5',
  stylesheet: 'text/css,*/*;q=0.1',
  font: 'font/*,application/font-woff,application/octet-stream,*/*;q=0.5',
  document: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  pdf: 'application/pdf,*/*;q=0.1',
};

// The scheme is case-insensitive (RFC 3986 3.1): DATA:,x is a data: URI too.
const DATA_URI = /^data:([^,]*?),(.*)$/is;

export function parseDataUri(uri: string, maxBytes: number): LoadedResource {
  const m = DATA_URI.exec(uri);
  if (!m) throw new ResourceError('malformed data: URI', uri.slice(0, 64), 'invalid');
  const params = m[1].split(';').map((p) => p.trim());
  const isBase64 = params.includes('base64');
  const contentType = (
    params[0] && params[0].includes('/') ? params[0] : 'text/plain'
  ).toLowerCase();
  let bytes: Uint8Array;
  if (isBase64) {
    const body = m[2].replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body))
      throw new ResourceError('data: URI is not valid base64', uri.slice(0, 64), 'invalid');
    if ((body.length * 3) / 4 > maxBytes)
      throw new ResourceError(
        'data: URI is larger than the resource limit',
        uri.slice(0, 64),
        'limit',
      );
    bytes = Buffer.from(body, 'base64');
  } else {
    try {
      bytes = Buffer.from(decodeURIComponent(m[2]), 'utf8');
    } catch {
      throw new ResourceError(
        'data: URI has invalid percent-encoding',
        uri.slice(0, 64),
        'invalid',
      );
    }
    if (bytes.length > maxBytes)
      throw new ResourceError(
        'data: URI is larger than the resource limit',
        uri.slice(0, 64),
        'limit',
      );
  }
  return { bytes, contentType, url: uri };
}

export interface LoaderOptions {
  /** Local files the loader may read; without it every file: URL is refused. */
  readonly files?: FileAccess;
}

export function createResourceLoader(
  policy: Partial<ResourcePolicy> = {},
  options: LoaderOptions = {},
): ResourceLoader {
  const effective: ResourcePolicy = { ...DEFAULT_RESOURCE_POLICY, ...policy };
  let agent: Promise<Agent> | null = null;
  let totalBytes = 0;
  const readFile = options.files ? createFileReader(options.files) : null;

  const fetchPolicy = {
    allowPrivateNetwork: effective.allowPrivateNetwork,
    ...(effective.allowedPrivateRanges
      ? { allowedPrivateRanges: effective.allowedPrivateRanges }
      : {}),
    timeoutMs: effective.resourceTimeoutMs,
  };
  const getAgent = () => (agent ??= sharedGuardedAgent(fetchPolicy));
  const cacheBytes = effective.cacheBytes ?? 0;
  const cache = cacheBytes > 0 ? sharedHttpCache(fetchPolicyKey(fetchPolicy), cacheBytes) : null;

  /** Most bytes the next resource may have: its own limit, or what is left of the document's. */
  const nextLimit = (): number =>
    Math.min(effective.maxResourceBytes, effective.maxTotalBytes - totalBytes);

  /** A stored response, counted against the same limits as a fetched one. */
  function serve(entry: CachedResponse, url: URL): LoadedResource {
    const limit = nextLimit();
    if (entry.bytes.length > limit)
      throw new ResourceError(
        `resource of ${entry.bytes.length} bytes is over the limit of ${limit}`,
        url.href,
        'limit',
      );
    totalBytes += entry.bytes.length;
    return servedFrom(entry, url.href);
  }

  async function fetchHttp(start: URL, kind: ResourceKind): Promise<LoadedResource> {
    assertFetchable(start, effective);
    const cacheKey = HttpCache.key(kind, start.href);
    const stored = cache?.get(cacheKey);
    if (stored && Date.now() < stored.freshUntil) return serve(stored, start);
    const { request } = await loadUndici();
    const dispatcher = await getAgent();
    let url = start;
    const deadline = AbortSignal.timeout(effective.resourceTimeoutMs);
    for (let redirects = 0; ; redirects++) {
      assertFetchable(url, effective);
      // A stale stored response is asked about, not fetched again, when it has validators.
      const conditional = redirects === 0 && stored ? validators(stored) : {};
      let res;
      try {
        res = await request(url, {
          method: 'GET',
          dispatcher,
          signal: deadline,
          headers: { accept: ACCEPT[kind], 'user-agent': 'a11ypdf', ...conditional },
        });
      } catch (err) {
        const e = err as NodeJS.ErrnoException;
        if (isSsrfRefusal(e)) {
          throw new ResourceError(e.message, url.href, 'refused');
        }
        if (
          deadline.aborted ||
          e.name === 'TimeoutError' ||
          e.name === 'AbortError' ||
          e.code?.includes('TIMEOUT')
        ) {
          throw new ResourceError(
            `timed out after ${effective.resourceTimeoutMs} ms`,
            url.href,
            'timeout',
          );
        }
        throw new ResourceError(`could not fetch: ${e.message}`, url.href, 'failed');
      }
      if (res.statusCode === 304 && stored && redirects === 0 && cache) {
        await res.body.dump();
        const renewed = revalidated(stored, res.headers, Date.now());
        cache.put(cacheKey, renewed);
        return serve(renewed, start);
      }
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && location) {
        await res.body.dump();
        if (redirects >= effective.maxRedirects) {
          throw new ResourceError(
            `more than ${effective.maxRedirects} redirects`,
            url.href,
            'failed',
            res.statusCode,
          );
        }
        url = new URL(String(location), url);
        continue;
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump();
        throw new ResourceError(
          `the server answered ${res.statusCode}`,
          url.href,
          'failed',
          res.statusCode,
        );
      }
      const limit = nextLimit();
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > limit) {
        await res.body.dump();
        throw new ResourceError(
          `resource of ${declared} bytes is over the limit of ${limit}`,
          url.href,
          'limit',
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body) {
          size += (chunk as Buffer).length;
          if (size > limit) {
            res.body.destroy();
            throw new ResourceError(
              `resource is over the limit of ${limit} bytes`,
              url.href,
              'limit',
            );
          }
          chunks.push(chunk as Buffer);
        }
      } catch (err) {
        if (err instanceof ResourceError) throw err;
        if (deadline.aborted)
          throw new ResourceError(
            `timed out after ${effective.resourceTimeoutMs} ms`,
            url.href,
            'timeout',
          );
        throw new ResourceError(
          `reading the body failed: ${(err as Error).message}`,
          url.href,
          'failed',
        );
      }
      totalBytes += size;
      const header = String(res.headers['content-type'] ?? 'application/octet-stream');
      const type = header.split(';')[0].trim().toLowerCase();
      const charset = /;\s*charset="?([\w.:-]+)"?/i.exec(header)?.[1]?.toLowerCase();
      const loaded: LoadedResource = {
        bytes: Buffer.concat(chunks),
        contentType: type,
        url: url.href,
        ...(charset ? { charset } : {}),
      };
      if (cache) {
        // Only what was fetched from the URL asked for: a redirect's target is not stored.
        const now = Date.now();
        if (redirects === 0 && storable(res.statusCode, res.headers, now))
          cache.put(cacheKey, cachedResponse(loaded, res.headers, now));
        else cache.delete(cacheKey);
      }
      return loaded;
    }
  }

  return {
    policy: effective,
    async load(raw: string, kind: ResourceKind, base?: string): Promise<LoadedResource> {
      const trimmed = raw.trim();
      if (trimmed.toLowerCase().startsWith('data:')) {
        const res = parseDataUri(trimmed, nextLimit());
        totalBytes += res.bytes.length;
        return res;
      }
      let url: URL;
      try {
        url = base ? new URL(trimmed, base) : new URL(trimmed);
      } catch {
        throw new ResourceError(
          base ? 'not a valid URL' : 'relative URL without a base URL',
          trimmed,
          'invalid',
        );
      }
      if (url.protocol === 'data:') return this.load(url.href, kind);
      if (url.protocol === 'file:' && readFile) {
        const res = await readFile(url, nextLimit());
        totalBytes += res.bytes.length;
        return res;
      }
      return fetchHttp(url, kind);
    },
  };
}
