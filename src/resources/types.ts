/** The one resource loader every stage uses for images, stylesheets, fonts and pages. */

export type ResourceKind = 'image' | 'stylesheet' | 'font' | 'document' | 'pdf';

export interface ResourcePolicy {
  /** Allow private, loopback, link-local, CGNAT and ULA addresses (off by default: SSRF). */
  readonly allowPrivateNetwork: boolean;
  /** Private ranges (CIDR, e.g. 10.1.0.0/16) that stay reachable while allowPrivateNetwork is off. */
  readonly allowedPrivateRanges?: readonly string[];
  /** Largest single resource in bytes. */
  readonly maxResourceBytes: number;
  /** Total bytes loaded for one document. */
  readonly maxTotalBytes: number;
  /** Time limit for one resource, milliseconds. */
  readonly resourceTimeoutMs: number;
  /** Most redirects followed, each re-checked against the policy. */
  readonly maxRedirects: number;
  /**
   * Bytes of http(s) responses kept across the renders of a thread that share this policy,
   * for responses that let a shared cache keep them (Cache-Control, Expires, validators; see
   * http-cache.ts); 0 keeps none. Default 16 MB.
   */
  readonly cacheBytes?: number;
}

export interface LoadedResource {
  readonly bytes: Uint8Array;
  /** Media type from the data: URI or the response (lower case, no parameters). */
  readonly contentType: string;
  /** charset parameter of the media type, when one was given. */
  readonly charset?: string;
  /** Final URL after redirects (the data: URI itself for inline data). */
  readonly url: string;
}

export interface ResourceLoader {
  readonly policy: ResourcePolicy;
  /**
   * Loads an http(s) or data: URL, resolving `url` against `base` when relative. Throws
   * ResourceError (with the URL and the reason) on refusal, failure, size or time limit.
   */
  load(url: string, kind: ResourceKind, base?: string): Promise<LoadedResource>;
}

export class ResourceError extends Error {
  override readonly name = 'ResourceError';
  constructor(
    message: string,
    readonly url: string,
    /** refused: policy (SSRF, scheme); failed: network or HTTP status; limit: size; timeout. */
    readonly reason: 'refused' | 'failed' | 'limit' | 'timeout' | 'invalid',
    readonly status?: number,
  ) {
    super(message);
  }
}
