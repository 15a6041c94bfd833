/**
 * Service settings, all from the environment (documented in the README's configuration table).
 * Parsed once at start-up into a plain typed object; nothing else reads process.env.
 */
import { availableParallelism } from 'node:os';
import { rangeList } from '../resources/address-policy.js';
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
  /** Deadline of one render or validation, milliseconds. */
  readonly requestTimeoutMs: number;
  /** Time limit of one fetched page or resource (images, stylesheets, fonts), milliseconds. */
  readonly fetchTimeoutMs: number;
  /** Largest fetched page or resource, bytes. */
  readonly fetchMaxBytes: number;
  /** Time limit of the PUT to X-Upload-Url, milliseconds. */
  readonly uploadTimeoutMs: number;
  /** Limits on one template request. */
  readonly templateLimits: {
    readonly maxRows: number;
    readonly maxBlocks: number;
    readonly maxTableRows: number;
  };
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
  /** Decoded stream bytes the validator spends on one document; past it the report is incomplete. */
  readonly validateDecodeBudget: number;
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
  readonly jwt: {
    readonly issuer: string;
    readonly jwksUrl: string;
    readonly audience?: string;
  } | null;
  /** What this process does (ROLE, or `serve --role`): api, worker or all. */
  readonly role: ServiceRole;
  /** Batch jobs on Redis; null when REDIS_URL is not set (then /jobs answers 503). */
  readonly jobs: JobsConfig | null;
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

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServiceConfig> = {},
): ServiceConfig {
  const MB = 1024 * 1024;
  const issuer = env.JWT_ISSUER?.trim();
  const jwksUrl = env.JWT_JWKS_URL?.trim();
  const audience = env.JWT_AUDIENCE?.trim();
  const keys = [env.API_KEY, ...(env.API_KEYS ?? '').split(',')]
    .map((k) => k?.trim() ?? '')
    .filter((k) => k.length > 0);
  const workers = int(env, 'WORKERS', Math.max(1, availableParallelism()), 1, 256);
  const config: ServiceConfig = {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    allowPrivateNetwork: bool(env, 'ALLOW_PRIVATE_NETWORK', false),
    allowedPrivateRanges: ranges(env, 'PRIVATE_NETWORK_ALLOWLIST'),
    jsonBodyLimit: int(env, 'JSON_BODY_LIMIT_MB', 25, 1, 1024) * MB,
    pdfBodyLimit: int(env, 'PDF_BODY_LIMIT_MB', 100, 1, 4096) * MB,
    workers,
    queueLimit: int(env, 'QUEUE_LIMIT', 64, 0, 100_000),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 60_000, 100, 3_600_000),
    fetchTimeoutMs: int(env, 'FETCH_TIMEOUT_MS', 15_000, 100, 600_000),
    fetchMaxBytes: int(env, 'FETCH_MAX_MB', 20, 1, 1024) * MB,
    uploadTimeoutMs: int(env, 'UPLOAD_TIMEOUT_MS', 30_000, 100, 600_000),
    templateLimits: {
      maxRows: int(env, 'TEMPLATE_MAX_ROWS', 2_000, 1, 1_000_000),
      maxBlocks: int(env, 'TEMPLATE_MAX_BLOCKS', 10_000, 1, 1_000_000),
      maxTableRows: int(env, 'TEMPLATE_MAX_TABLE_ROWS', 10_000, 1, 10_000_000),
    },
    queueTimeoutMs: int(env, 'QUEUE_TIMEOUT_MS', 30_000, 100, 3_600_000),
    maxImagePixels: int(env, 'MAX_IMAGE_PIXELS', 40_000_000, 1, 1_000_000_000),
    maxOutputBytes: int(env, 'MAX_OUTPUT_MB', 100, 1, 4096) * MB,
    maxPages: int(env, 'MAX_PAGES', 10_000, 1, 1_000_000),
    maxInputPixels: int(env, 'MAX_INPUT_PIXELS', 40_000_000, 1, 1_000_000_000),
    cssLimits: {
      maxRules: int(env, 'CSS_MAX_RULES', 50_000, 1, 10_000_000),
      maxBytes: int(env, 'CSS_MAX_MB', 5, 1, 1024) * MB,
    },
    validateDecodeBudget: int(env, 'VALIDATE_DECODE_BUDGET_MB', 512, 1, 65_536) * MB,
    workerMemoryMb: int(env, 'WORKER_MEMORY_MB', 1024, 64, 65_536),
    // 24: measured with the invoice renders, 8 MB semi-spaces take about 20 MB off each worker
    // under load for the same renders per second (scavenges are twice as many and half as long);
    // 4 MB semi-spaces (12) promote more garbage and are slower without saving more.
    workerYoungGenerationMb: int(env, 'WORKER_YOUNG_GENERATION_MB', 24, 0, 1024),
    // 20: a worker keeps about 45 MB live after a full GC on the invoice renders and V8 let its
    // heap reach 100-110 MB before collecting; with 20% it peaks at about 80 MB for twice as
    // many (incremental, mostly concurrent) full GCs and the same GC pause time per render.
    heapGrowingPercent: int(env, 'HEAP_GROWING_PERCENT', 20, 0, 1000),
    apiKeys: [...new Set(keys)],
    jwt: issuer && jwksUrl ? { issuer, jwksUrl, ...(audience ? { audience } : {}) } : null,
    role: parseRole(env.ROLE),
    jobs: loadJobsConfig(env, workers),
    ...overrides,
  };
  assertRoleFits(config.role, config.jobs);
  return config;
}
