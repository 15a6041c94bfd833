/**
 * The work of one item: the same render or validation its synchronous route does (through the
 * worker pool, so deadlines, memory limits and crash isolation are the same), then the upload
 * of its output. Nothing here knows about the queue: the worker decides about retries.
 */
import { createHash } from 'node:crypto';
import {
  DEFAULT_FLAVOURS,
  InputError,
  type Flavour,
  type ImageResult,
  type ValidationResponse,
} from '../../index.js';
import {
  ResourceError,
  UploadError,
  createResourceLoader,
  parseFlavourList,
  uploadDocument,
} from '../../index.js';
import type { ServiceConfig } from '../config.js';
import { QueueFullError, TaskTimeoutError, type WorkPool } from '../pool.js';
import {
  htmlInput,
  imageOptions,
  loadPage,
  networkPolicy,
  pageUrl,
  renderOptions,
  templateOptions,
  type ImageFields,
  type PdfFields,
} from '../routes/render.js';
import type { RenderTaskValue, Task } from '../tasks.js';
import { summarize, type ItemRecord, type JobItem } from './model.js';

/** What a finished item reports besides its outcome. */
export type ItemOutput = Omit<ItemRecord, 'outcome' | 'attempts' | 'finishedAt'>;

export interface ItemContext {
  readonly config: ServiceConfig;
  readonly pool: WorkPool;
  readonly jobId: string;
  readonly index: number;
  /** Fires when the worker shuts down: an item still rendering is given back to the queue. */
  readonly signal: AbortSignal;
  /** Called just before the upload; throws when this worker no longer holds the item. */
  readonly beforeUpload: () => Promise<void>;
}

/** The worker is shutting down and the item had not reached its upload: it goes back. */
export class ItemReturned extends Error {
  override readonly name = 'ItemReturned';
}

/**
 * Whether another try may succeed: the upload target or the source failed in a way that
 * passes (unreachable, time-out, 408, 425, 429, 5xx), or the pool was full. What the document
 * itself causes (bad input, limits, the engine's deadline, a crashed worker) fails at once.
 */
export function isRetriable(err: unknown): boolean {
  const passing = (status: number | undefined) =>
    status === undefined || status === 408 || status === 425 || status === 429 || status >= 500;
  if (err instanceof UploadError) {
    return (
      err.kind === 'unreachable' ||
      err.kind === 'timeout' ||
      (err.kind === 'rejected' && passing(err.targetStatus))
    );
  }
  if (err instanceof ResourceError) {
    return err.reason === 'timeout' || (err.reason === 'failed' && passing(err.status));
  }
  return (
    err instanceof QueueFullError ||
    (err instanceof TaskTimeoutError && /no worker/.test(err.message))
  );
}

/** A document id fixed by job and item, so every attempt of an item names its output alike. */
export function itemDocumentId(jobId: string, index: number): string {
  const h = createHash('sha256').update(`${jobId}/${index}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Rejects when the signal fires, so a render can be left behind at shutdown. */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new ItemReturned('the worker is shutting down'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ItemReturned('the worker is shutting down'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function upload(
  item: JobItem,
  ctx: ItemContext,
  bytes: Uint8Array,
  contentType: string,
): Promise<number | undefined> {
  if (item.uploadUrl === undefined) return undefined;
  await ctx.beforeUpload();
  const result = await uploadDocument(new URL(item.uploadUrl), bytes, contentType, {
    ...networkPolicy(ctx.config),
    timeoutMs: ctx.config.uploadTimeoutMs,
  });
  return result.targetStatus;
}

async function renderPdf(item: JobItem, ctx: ItemContext): Promise<ItemOutput> {
  const { config } = ctx;
  const body = item.body as PdfFields & { html?: string; baseUrl?: string | null; url?: string };
  const documentId = itemDocumentId(ctx.jobId, ctx.index);
  const input =
    item.route === '/render/html'
      ? htmlInput({ html: body.html ?? '', baseUrl: body.baseUrl ?? null }, config)
      : item.route === '/render/url'
        ? await unlessAborted(loadPage(pageUrl(body.url ?? ''), config), ctx.signal)
        : {
            kind: 'template' as const,
            template: item.body.template,
            ...(item.body.data !== undefined ? { data: item.body.data } : {}),
          };
  const { documentId: _stable, ...common } =
    item.route === '/render/template'
      ? templateOptions(config, documentId)
      : renderOptions(body, config, documentId);
  const task: Task = {
    kind: 'render',
    input,
    // Deterministic: the id comes from the content, as a synchronous deterministic render's.
    options: item.deterministic ? { ...common, deterministic: true } : { ...common, documentId },
    validate: item.validate === true,
  };
  const value = await unlessAborted(ctx.pool.run<RenderTaskValue>(task), ctx.signal);
  const targetStatus = await upload(item, ctx, value.pdf, 'application/pdf');
  return {
    documentId: value.documentId,
    contentType: 'application/pdf',
    bytes: value.pdf.length,
    pages: value.pages,
    ...(targetStatus !== undefined ? { targetStatus } : {}),
    ...(value.validation ? { validation: summarize(value.validation) } : {}),
    warnings: value.warnings.length,
  };
}

async function renderImage(item: JobItem, ctx: ItemContext): Promise<ItemOutput> {
  const body = item.body as ImageFields & { html?: string; baseUrl?: string | null };
  const task: Task = {
    kind: 'image',
    input: htmlInput({ html: body.html ?? '', baseUrl: body.baseUrl ?? null }, ctx.config),
    options: {
      ...imageOptions(body, ctx.config),
      ...(item.deterministic ? { deterministic: true } : {}),
    },
  };
  const result = await unlessAborted(ctx.pool.run<ImageResult>(task), ctx.signal);
  const targetStatus = await upload(item, ctx, result.image, result.contentType);
  return {
    documentId: itemDocumentId(ctx.jobId, ctx.index),
    contentType: result.contentType,
    bytes: result.image.length,
    ...(targetStatus !== undefined ? { targetStatus } : {}),
    warnings: result.warnings.length,
  };
}

/** The flavours of a validation item (the default pair when none is named). */
export function itemFlavours(raw: unknown): Flavour[] | 'auto' {
  if (raw === undefined) return [...DEFAULT_FLAVOURS];
  try {
    return parseFlavourList(String(raw));
  } catch (err) {
    throw new InputError((err as Error).message, [
      { pointer: '/flavour', message: (err as Error).message },
    ]);
  }
}

async function validateItem(item: JobItem, ctx: ItemContext): Promise<ItemOutput> {
  const { config } = ctx;
  const body = item.body as { pdf?: string; url?: string; flavour?: string };
  let pdf: Uint8Array;
  if (body.pdf !== undefined) {
    pdf = Buffer.from(body.pdf, 'base64');
  } else {
    const source = await unlessAborted(
      createResourceLoader({
        ...networkPolicy(config),
        resourceTimeoutMs: config.fetchTimeoutMs,
        maxResourceBytes: config.pdfBodyLimit,
        maxTotalBytes: config.pdfBodyLimit,
        // The file to check is fetched as it is now; the cache is for what documents share.
        cacheBytes: 0,
      }).load(pageUrl(body.url ?? '').href, 'pdf'),
      ctx.signal,
    );
    pdf = source.bytes;
  }
  const report = await unlessAborted(
    ctx.pool.run<ValidationResponse>({
      kind: 'validate',
      pdf,
      flavours: itemFlavours(body.flavour),
      decodeBudget: config.validateDecodeBudget,
    }),
    ctx.signal,
  );
  const targetStatus = await upload(
    item,
    ctx,
    Buffer.from(JSON.stringify(report)),
    'application/json',
  );
  return {
    ...(targetStatus !== undefined ? { targetStatus } : {}),
    ...(report.documentInfo?.pages !== undefined ? { pages: report.documentInfo.pages } : {}),
    validation: summarize(report),
  };
}

/** Runs one item to its end: the output's description, or the error that stopped it. */
export async function runItem(item: JobItem, ctx: ItemContext): Promise<ItemOutput> {
  switch (item.route) {
    case '/render/html':
    case '/render/url':
    case '/render/template':
      return renderPdf(item, ctx);
    case '/render':
      return renderImage(item, ctx);
    case '/validate':
      return validateItem(item, ctx);
  }
}
