/**
 * Service settings, all from the environment (documented in the README's configuration table).
 * Parsed once at start-up into a plain typed object; nothing else reads process.env.
 */
import { availableParallelism } from 'node:os';
import { rangeList } from '../index.js';
import { ConfigError, bool, int } from './env.js';
import {
  assertRoleFits,
  loadJobsConfig,
  parseRole,
  type JobsConfig,
  type ServiceRole,
} from './jobs/config.js';

export { ConfigError };

export interface ServiceConfig {
  readonly port: number;
  readonly host: string;
  /**
   * Port of the health listener, a thread of its own answering /health/live and /health/ready
   * whatever the load on the main port (null: off; 0: any free port).
   */
  readonly healthPort: number | null;
  /** The HTTP thread counts as stuck (liveness fails) after this long without a tick, ms. */
  readonly livenessStallMs: number;
  readonly logLevel: string;
  readonly allowPrivateNetwork: boolean;
  /** Private CIDR ranges reachable even when allowPrivateNetwork is off (intranet hosts). */
  readonly allowedPrivateRanges: readonly string[];
  /** Largest JSON body, bytes. */
  readonly jsonBodyLimit: number;
  /** Largest PDF body for /validate and /identify, bytes. */
  readonly pdfBodyLimit: number;
  /** Worker threads for CPU-bound work. */
  readonly workers: number;
  /** Requests waiting for a worker before 429. */
  readonly queueLimit: number;
  /**
   * Requests waiting, with every worker busy, past which /health/ready answers 503 (the pool is
   * saturated: a new request would wait for whole renders). Default: the number of workers.
   */
  readonly readyQueueThreshold: number;
  /** Deadline of one render or validation, milliseconds. */
  readonly requestTimeoutMs: number;
  /** Time limit of one fetched page or resource (images, stylesheets, fonts), milliseconds. */
  readonly fetchTimeoutMs: number;
  /** Largest fetched page or resource, bytes. */
  readonly fetchMaxBytes: number;
  /**
   * RESOURCE_CACHE_MB: fetched resources kept per worker thread across requests, for responses
   * that let a shared cache keep them (Cache-Control, Expires, validators), bytes; 0: none.
   */
  readonly resourceCacheBytes: number;
  /** Time limit of the PUT to X-Upload-Url, milliseconds. */
  readonly uploadTimeoutMs: number;
  /** Limits on one template request. */
  readonly templateLimits: {
    readonly maxRows: number;
    readonly maxBlocks: number;
    readonly maxTableRows: number;
  };
  /**
   * After SIGTERM: how long the requests in flight may take to finish before the service
   * closes anyway, milliseconds (keep it under the orchestrator's own grace period).
   */
  readonly shutdownGraceMs: number;
  /** Longest time a request waits for a free worker, milliseconds. */
  readonly queueTimeoutMs: number;
  /** Largest image /render produces, in device pixels. */
  readonly maxImagePixels: number;
  /** Largest PDF or image one render produces, bytes (413 over it). */
  readonly maxOutputBytes: number;
  /** Most pages of one document (413 over it). */
  readonly maxPages: number;
  /** Largest image a document may use, in decoded pixels (bigger ones are left out with a warning). */
  readonly maxInputPixels: number;
  /** Author CSS per document: rules and bytes over all sheets (413 over either). */
  readonly cssLimits: { readonly maxRules: number; readonly maxBytes: number };
  /**
   * Most elements and characters of text of one parsed document (413 over either). The
   * defaults scale with WORKER_MEMORY_MB so that a document inside them fits a worker's heap.
   */
  readonly documentLimits: {
    readonly maxHtmlChars: number;
    readonly maxElements: number;
    readonly maxTextChars: number;
  };
  /** Decoded stream bytes the validator spends on one document; past it the report is incomplete. */
  readonly validateDecodeBudget: number;
  /**
   * How much nicer (lower priority) than the process the render threads run, 0-19 (Linux), so
   * the HTTP and health threads get a core at once when renders fill them all.
   */
  readonly workerNice: number;
  /**
   * WARM_UP_MS: most time a worker thread spends rendering sample documents before it takes
   * work (new workers and replacements alike); readiness waits for it. 0: load the engine only.
   */
  readonly warmUpMs: number;
  /** Heap limit of one worker thread, MB. */
  readonly workerMemoryMb: number;
  /**
   * Young generation of one worker, MB (V8 makes 8 MB semi-spaces of 16 to 24); 0 leaves V8's
   * own size (16 MB semi-spaces, 32 MB resident per worker once a render has grown them).
   */
  readonly workerYoungGenerationMb: number;
  /**
   * How far V8 lets the old generation grow past what survived the last full GC, percent
   * (process-wide: workers and main thread); 0 leaves V8's own factor (up to about 100%).
   */
  readonly heapGrowingPercent: number;
  readonly apiKeys: readonly string[];
  readonly jwt: JwtConfig | null;
  /** What this process does (ROLE, or `serve --role`): api, worker or all. */
  readonly role: ServiceRole;
  /** Batch jobs on Redis; null when REDIS_URL is not set (then /jobs answers 503). */
  readonly jobs: JobsConfig | null;
}

export interface JwtConfig {
  readonly issuer: string;
  readonly jwksUrl: string;
  readonly audience?: string;
  /**
   * Private CIDR ranges the JWKS fetch may reach (an in-cluster identity provider). The fetch
   * is otherwise held to public addresses, whatever ALLOW_PRIVATE_NETWORK says for documents.
   */
  readonly jwksAllowedPrivateRanges: readonly string[];
}

/**
 * Elements and characters of text a worker renders per MB of its heap. Measured peaks through
 * layout and PDF writing: about 8 KB per element (a table of 40,000 cells peaked at 380 MB)
 * and 250 bytes per character (2 MB of paragraphs at 490 MB). Each default takes about 40% of
 * the heap at its limit, so a document at both limits still fits with room for the GC.
 */
const ELEMENTS_PER_WORKER_MB = 48;
/** HTML source per MB of heap: the parser peaked at 263 MB on one 8 MB word. */
const HTML_CHARS_PER_WORKER_MB = 8192;
const TEXT_CHARS_PER_WORKER_MB = 1536;

/** HEALTH_PORT: a port, or off / none / false for no health listener. */
function healthPort(env: NodeJS.ProcessEnv): number | null {
  const raw = env.HEALTH_PORT?.trim().toLowerCase();
  if (raw === 'off' || raw === 'none' || raw === 'false') return null;
  return int(env, 'HEALTH_PORT', 8081, 0, 65535);
}

function ranges(env: NodeJS.ProcessEnv, name: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    rangeList(list);
  } catch (err) {
    throw new ConfigError(`${name}: ${(err as Error).message}`);
  }
  return list;
}

/**
 * The static keys. A variable that is set must hold a key: a blank API_KEY, or an empty entry in
 * API_KEYS, is a deployment mistake (an unset variable substituted into a manifest) that would
 * otherwise leave the service public.
 */
function apiKeys(env: NodeJS.ProcessEnv): string[] {
  const keys: string[] = [];
  if (env.API_KEY !== undefined) {
    const key = env.API_KEY.trim();
    if (key === '') throw new ConfigError('API_KEY is set but blank: give it a key or unset it');
    keys.push(key);
  }
  if (env.API_KEYS !== undefined) {
    const entries = env.API_KEYS.split(',').map((k) => k.trim());
    const blank = entries.findIndex((k) => k === '');
    if (blank >= 0) {
      throw new ConfigError(
        entries.length === 1
          ? 'API_KEYS is set but blank: give it comma-separated keys or unset it'
          : `API_KEYS has a blank entry (number ${blank + 1}): remove the stray comma`,
      );
    }
    keys.push(...entries);
  }
  return [...new Set(keys)];
}

/**
 * JWT verification needs both the issuer and its key set; one without the other, or an audience
 * or JWKS allowlist without them, is a half-made configuration and stops start-up.
 */
function jwtConfig(env: NodeJS.ProcessEnv): JwtConfig | null {
  const given = (name: string): string | undefined => {
    const raw = env[name];
    if (raw === undefined) return undefined;
    const value = raw.trim();
    if (value === '')
      throw new ConfigError(`${name} is set but blank: give it a value or unset it`);
    return value;
  };
  const issuer = given('JWT_ISSUER');
  const jwksUrl = given('JWT_JWKS_URL');
  const audience = given('JWT_AUDIENCE');
  const allowlistSet = env.JWKS_PRIVATE_NETWORK_ALLOWLIST !== undefined;
  if (!issuer && !jwksUrl) {
    const stray = audience ? 'JWT_AUDIENCE' : allowlistSet ? 'JWKS_PRIVATE_NETWORK_ALLOWLIST' : '';
    if (stray) throw new ConfigError(`${stray} is set but JWT_ISSUER and JWT_JWKS_URL are missing`);
    return null;
  }
  if (!issuer) throw new ConfigError('JWT_JWKS_URL is set but JWT_ISSUER is missing');
  if (!jwksUrl) throw new ConfigError('JWT_ISSUER is set but JWT_JWKS_URL is missing');
  let url: URL;
  try {
    url = new URL(jwksUrl);
  } catch {
    throw new ConfigError(`JWT_JWKS_URL must be an absolute http(s) URL, got '${jwksUrl}'`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`JWT_JWKS_URL must be an http(s) URL, got '${jwksUrl}'`);
  return {
    issuer,
    jwksUrl: url.href,
    ...(audience ? { audience } : {}),
    jwksAllowedPrivateRanges: ranges(env, 'JWKS_PRIVATE_NETWORK_ALLOWLIST'),
  };
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServiceConfig> = {},
): ServiceConfig {
  const MB = 1024 * 1024;
  const workers = int(env, 'WORKERS', Math.max(1, availableParallelism()), 1, 256);
  const workerMemoryMb = int(env, 'WORKER_MEMORY_MB', 1024, 64, 65_536);
  const config: ServiceConfig = {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    healthPort: healthPort(env),
    livenessStallMs: int(env, 'LIVENESS_STALL_MS', 15_000, 1_000, 600_000),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    allowPrivateNetwork: bool(env, 'ALLOW_PRIVATE_NETWORK', false),
    allowedPrivateRanges: ranges(env, 'PRIVATE_NETWORK_ALLOWLIST'),
    jsonBodyLimit: int(env, 'JSON_BODY_LIMIT_MB', 25, 1, 1024) * MB,
    pdfBodyLimit: int(env, 'PDF_BODY_LIMIT_MB', 100, 1, 4096) * MB,
    workers,
    queueLimit: int(env, 'QUEUE_LIMIT', 64, 0, 100_000),
    readyQueueThreshold: int(env, 'READY_QUEUE_THRESHOLD', workers, 1, 100_000),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 60_000, 100, 3_600_000),
    fetchTimeoutMs: int(env, 'FETCH_TIMEOUT_MS', 15_000, 100, 600_000),
    fetchMaxBytes: int(env, 'FETCH_MAX_MB', 20, 1, 1024) * MB,
    resourceCacheBytes: int(env, 'RESOURCE_CACHE_MB', 16, 0, 1024) * MB,
    uploadTimeoutMs: int(env, 'UPLOAD_TIMEOUT_MS', 30_000, 100, 600_000),
    templateLimits: {
      maxRows: int(env, 'TEMPLATE_MAX_ROWS', 2_000, 1, 1_000_000),
      maxBlocks: int(env, 'TEMPLATE_MAX_BLOCKS', 10_000, 1, 1_000_000),
      maxTableRows: int(env, 'TEMPLATE_MAX_TABLE_ROWS', 10_000, 1, 10_000_000),
    },
    queueTimeoutMs: int(env, 'QUEUE_TIMEOUT_MS', 30_000, 100, 3_600_000),
    // 25 s: inside Kubernetes' default 30 s terminationGracePeriodSeconds, with room to exit.
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 25_000, 0, 3_600_000),
    maxImagePixels: int(env, 'MAX_IMAGE_PIXELS', 40_000_000, 1, 1_000_000_000),
    maxOutputBytes: int(env, 'MAX_OUTPUT_MB', 100, 1, 4096) * MB,
    maxPages: int(env, 'MAX_PAGES', 10_000, 1, 1_000_000),
    maxInputPixels: int(env, 'MAX_INPUT_PIXELS', 40_000_000, 1, 1_000_000_000),
    cssLimits: {
      maxRules: int(env, 'CSS_MAX_RULES', 50_000, 1, 10_000_000),
      maxBytes: int(env, 'CSS_MAX_MB', 5, 1, 1024) * MB,
    },
    documentLimits: {
      maxHtmlChars: int(
        env,
        'DOCUMENT_MAX_HTML_CHARS',
        workerMemoryMb * HTML_CHARS_PER_WORKER_MB,
        1,
        1_000_000_000,
      ),
      maxElements: int(
        env,
        'DOCUMENT_MAX_ELEMENTS',
        workerMemoryMb * ELEMENTS_PER_WORKER_MB,
        1,
        100_000_000,
      ),
      maxTextChars: int(
        env,
        'DOCUMENT_MAX_TEXT_CHARS',
        workerMemoryMb * TEXT_CHARS_PER_WORKER_MB,
        1,
        1_000_000_000,
      ),
    },
    validateDecodeBudget: int(env, 'VALIDATE_DECODE_BUDGET_MB', 512, 1, 65_536) * MB,
    workerMemoryMb,
    workerNice: int(env, 'WORKER_NICE', 10, 0, 19),
    warmUpMs: int(env, 'WARM_UP_MS', 2000, 0, 60_000),
    // 24: measured with the invoice renders, 8 MB semi-spaces take about 20 MB off each worker
    // under load for the same renders per second (scavenges are twice as many and half as long);
    // 4 MB semi-spaces (12) promote more garbage and are slower without saving more.
    workerYoungGenerationMb: int(env, 'WORKER_YOUNG_GENERATION_MB', 24, 0, 1024),
    // 20: a worker keeps about 45 MB live after a full GC on the invoice renders and V8 let its
    // heap reach 100-110 MB before collecting; with 20% it peaks at about 80 MB for twice as
    // many (incremental, mostly concurrent) full GCs and the same GC pause time per render.
    heapGrowingPercent: int(env, 'HEAP_GROWING_PERCENT', 20, 0, 1000),
    apiKeys: apiKeys(env),
    jwt: jwtConfig(env),
    role: parseRole(env.ROLE),
    jobs: loadJobsConfig(env, workers),
    ...overrides,
  };
  assertRoleFits(config.role, config.jobs);
  return config;
}
