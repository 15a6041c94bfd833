/**
 * Rendering routes: /render/html, /render/url, /render/template, /convert,
 * /convert-and-validate and /render (images). Each hands the CPU work to the pool and then
 * delivers the result as binary, as JSON with a validation report (Accept: application/json),
 * or by PUT to X-Upload-Url.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  InputError,
  createResourceLoader,
  decodeHtml,
  parseUploadUrl,
  uploadDocument,
  UploadError,
  assertHtmlSize,
  assertNesting,
  type AddressPolicy,
  type AttachmentInput,
  type ImageOptions,
  type ImageResult,
  type RenderInput,
  type RenderOptions,
  type XmpSchema,
} from '../../index.js';
import { errorToProblemInit, makeProblem } from '../problem.js';
import type { ServiceConfig } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { WorkPool } from '../pool.js';
import {
  convertBody,
  pdfJsonResponseSchema,
  renderHtmlBody,
  renderImageBody,
  renderTemplateBody,
  renderUrlBody,
  uploadResponseSchema,
} from '../schemas.js';
import type { RenderTaskValue } from '../tasks.js';
import type { Authenticator } from '../auth.js';
import { prefersJson } from './accept.js';
import { renderReportHeaders } from './warning-headers.js';

export interface RenderRouteOptions {
  readonly config: ServiceConfig;
  readonly pool: WorkPool;
  readonly metrics: Metrics;
  readonly authenticate: Authenticator;
}

export interface ImageFields {
  format?: string;
  width?: number;
  scale?: number;
  quality?: number;
}

export interface PdfFields {
  attachments?: AttachmentInput[] | null;
  xmpSchemas?: XmpSchema[] | null;
  embedColorProfile?: boolean;
}

type Delivery = { kind: 'binary' } | { kind: 'json' } | { kind: 'upload'; url: URL };

function chooseDelivery(
  req: FastifyRequest,
  config: ServiceConfig,
  jsonAllowed: boolean,
): Delivery {
  const uploadHeader = req.headers['x-upload-url'];
  const json = jsonAllowed && prefersJson(req.headers.accept);
  if (uploadHeader !== undefined) {
    if (Array.isArray(uploadHeader)) {
      throw new InputError('X-Upload-Url was sent more than once', [
        { pointer: '/headers/x-upload-url', message: 'must be sent once' },
      ]);
    }
    if (json) {
      throw new InputError(
        'Accept: application/json and X-Upload-Url cannot be combined: choose JSON output or an upload',
        [
          { pointer: '/headers/accept', message: 'conflicts with X-Upload-Url' },
          { pointer: '/headers/x-upload-url', message: 'conflicts with Accept: application/json' },
        ],
      );
    }
    return { kind: 'upload', url: parseUploadUrl(uploadHeader, networkPolicy(config)) };
  }
  return json ? { kind: 'json' } : { kind: 'binary' };
}

/**
 * The HTML of a request body as render input; blank HTML is a 400 on the html field, HTML
 * over the size limit a 413 before it is copied to a worker.
 */
export function htmlInput(
  body: { html: string; baseUrl?: string | null },
  config: ServiceConfig,
): RenderInput {
  if (body.html.trim() === '') {
    throw new InputError('html must not be empty', [
      { pointer: '/html', message: 'must not be empty or blank' },
    ]);
  }
  assertHtmlSize(body.html, config.documentLimits);
  return { kind: 'html', html: body.html, ...(body.baseUrl ? { baseUrl: body.baseUrl } : {}) };
}

/** JSON for a header value: printable ASCII only (anything else as \\u escapes). */
function headerJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Which addresses fetches and uploads may reach. */
export function networkPolicy(config: ServiceConfig): AddressPolicy {
  return {
    allowPrivateNetwork: config.allowPrivateNetwork,
    allowedPrivateRanges: config.allowedPrivateRanges,
  };
}

/** The same policy as render options, for resources the engine loads in a worker. */
export function engineNetwork(
  config: ServiceConfig,
): Pick<RenderOptions, 'allowPrivateNetwork' | 'resourcePolicy'> {
  return {
    allowPrivateNetwork: config.allowPrivateNetwork,
    resourcePolicy: {
      allowedPrivateRanges: config.allowedPrivateRanges,
      resourceTimeoutMs: config.fetchTimeoutMs,
      maxResourceBytes: config.fetchMaxBytes,
      cacheBytes: config.resourceCacheBytes,
    },
  };
}

/** The configured limits every render gets, whatever its input and output. */
export function engineLimits(
  config: ServiceConfig,
): Pick<
  RenderOptions,
  'maxOutputBytes' | 'cssLimits' | 'maxPages' | 'maxInputPixels' | 'documentLimits'
> {
  return {
    documentLimits: config.documentLimits,
    maxOutputBytes: config.maxOutputBytes,
    cssLimits: config.cssLimits,
    maxPages: config.maxPages,
    maxInputPixels: config.maxInputPixels,
  };
}

export function renderOptions(
  body: PdfFields,
  config: ServiceConfig,
  documentId: string,
): RenderOptions {
  return {
    documentId,
    ...engineLimits(config),
    ...engineNetwork(config),
    ...(body.attachments ? { attachments: body.attachments } : {}),
    ...(body.xmpSchemas ? { xmpSchemas: body.xmpSchemas } : {}),
    ...(body.embedColorProfile === false ? { embedColorProfile: false } : {}),
  };
}

const UPLOAD_FAILURE_DOC =
  'Problem details. A failed PUT to X-Upload-Url (unreachable, timed out, or 408/429/5xx) is ' +
  'retried with backoff within UPLOAD_TIMEOUT_MS; when it fails for good the document is not ' +
  'lost: the response (502, 504 on time-out, 403 when the target resolves to a refused ' +
  'address) carries the document itself as its body (application/pdf, or the image type) and ' +
  'the problem as JSON in the X-Upload-Problem header. The bytes come back in the same ' +
  'response, so nothing is kept on the server and any replica can answer.';

/** Options of a template render: the template limits besides the common ones. */
export function templateOptions(config: ServiceConfig, documentId: string): RenderOptions {
  return {
    documentId,
    templateLimits: config.templateLimits,
    ...engineLimits(config),
    ...engineNetwork(config),
  };
}

/** The body of an image render as image options, with the defaults the schema documents. */
export function imageOptions(body: ImageFields, config: ServiceConfig): ImageOptions {
  return {
    format: /jpe?g$/i.test(body.format ?? '') ? 'jpeg' : 'png',
    width: body.width ?? 1024,
    scale: body.scale ?? 1,
    quality: body.quality ?? 90,
    maxPixels: config.maxImagePixels,
    ...engineLimits(config),
    ...engineNetwork(config),
  };
}

/** The url field of /render/url; anything but an absolute http(s) URL is a 400 on it. */
export function pageUrl(raw: string): URL {
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  throw new InputError('url must be an absolute http or https URL', [
    { pointer: '/url', message: 'must be an absolute http(s) URL' },
  ]);
}

/** Fetches a page under the network policy and decodes it by its declared charset. */
export async function loadPage(url: URL, config: ServiceConfig): Promise<RenderInput> {
  const page = await createResourceLoader({
    ...networkPolicy(config),
    resourceTimeoutMs: config.fetchTimeoutMs,
    maxResourceBytes: config.fetchMaxBytes,
    // The page asked for is fetched as it is now; the cache is for what documents share.
    cacheBytes: 0,
  }).load(url.href, 'document');
  return { kind: 'html', html: decodeHtml(page.bytes, page.charset).html, baseUrl: page.url };
}

/** A preValidation hook: a body that is not JSON is a 415 naming the content type. */
export async function requireJsonBody(req: FastifyRequest): Promise<void> {
  const type = req.headers['content-type'];
  if (type !== undefined && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new InputError(
      `send the request as application/json, not ${type.split(';')[0]}`,
      [{ pointer: '/headers/content-type', message: 'must be application/json' }],
      415,
      'unsupported-media-type',
    );
  }
}

export const renderRoutes: FastifyPluginAsync<RenderRouteOptions> = async (app, opts) => {
  const { config, pool, metrics } = opts;

  // fastify parses text/plain too; these routes take JSON only.
  app.addHook('preValidation', requireJsonBody);

  async function renderPdf(
    req: FastifyRequest,
    input: RenderInput,
    options: RenderOptions,
    validate: boolean,
  ) {
    const started = performance.now();
    const value = await pool.run<RenderTaskValue>({ kind: 'render', input, options, validate });
    metrics.observeRender(performance.now() - started, value.pages);
    if (value.validation && !value.validation.isCompliant) {
      metrics.nonCompliant.inc();
      req.log.warn(
        { documentId: value.documentId, failures: value.validation.failures?.length },
        'rendered document is not compliant',
      );
    }
    return value;
  }

  /**
   * PUTs the document to the caller's URL (retried within the upload deadline). When the upload
   * fails for good, the document is not lost: it is the body of the error response (502, or 504
   * on time-out), with the problem document as JSON in the X-Upload-Problem header.
   */
  async function deliverUpload(
    req: FastifyRequest,
    reply: FastifyReply,
    url: URL,
    documentId: string,
    bytes: Uint8Array,
    contentType: string,
  ) {
    try {
      const upload = await uploadDocument(url, bytes, contentType, {
        ...networkPolicy(config),
        timeoutMs: config.uploadTimeoutMs,
        ...(typeof req.headers.traceparent === 'string'
          ? { traceparent: req.headers.traceparent }
          : {}),
      });
      return reply.send({
        uploaded: true,
        documentId,
        contentType,
        bytes: bytes.length,
        targetStatus: upload.targetStatus,
      });
    } catch (err) {
      if (!(err instanceof UploadError) || err.kind === 'invalid') throw err;
      const init = errorToProblemInit(err);
      req.log.warn(
        { kind: err.kind, attempts: err.attempts, targetStatus: err.targetStatus },
        'upload failed: the document is returned in the response',
      );
      const extension = contentType.split('/')[1];
      return reply
        .code(init.status)
        .type(contentType)
        .header('x-upload-problem', headerJson(makeProblem(req, init)))
        .header('content-disposition', `attachment; filename="document.${extension}"`)
        .send(Buffer.from(bytes));
    }
  }

  async function deliverPdf(
    req: FastifyRequest,
    reply: FastifyReply,
    delivery: Delivery,
    value: RenderTaskValue,
  ) {
    reply.header('x-document-id', value.documentId);
    reply.headers(renderReportHeaders(value.warnings, value.title));
    if (delivery.kind === 'upload')
      return deliverUpload(
        req,
        reply,
        delivery.url,
        value.documentId,
        value.pdf,
        'application/pdf',
      );
    if (delivery.kind === 'json') {
      return reply.send({
        validation: value.validation,
        pdf: Buffer.from(value.pdf).toString('base64'),
        documentId: value.documentId,
        warnings: value.warnings,
      });
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="document.pdf"')
      .send(Buffer.from(value.pdf));
  }

  const pdfResponses = {
    200: {
      description:
        'The PDF (application/pdf), the JSON variant (Accept: application/json), or the upload report (X-Upload-Url)',
      content: {
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
        'application/json': { schema: { oneOf: [pdfJsonResponseSchema, uploadResponseSchema] } },
      },
    },
    '4xx': {
      description: 'Problem details',
      content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
    },
    '5xx': {
      description: UPLOAD_FAILURE_DOC,
      content: {
        'application/problem+json': { schema: { $ref: 'Problem#' } },
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
      },
    },
  };
  const guarded = { onRequest: opts.authenticate };
  const headers = {
    type: 'object',
    properties: {
      'x-upload-url': {
        type: 'string',
        description: `Presigned URL the document is PUT to. ${UPLOAD_FAILURE_DOC}`,
      },
      accept: { type: 'string' },
    },
  };

  app.post<{ Body: PdfFields & { html: string; baseUrl?: string | null } }>(
    '/render/html',
    {
      ...guarded,
      schema: {
        tags: ['render'],
        summary: 'HTML to PDF/A-3a + PDF/UA-1',
        body: renderHtmlBody,
        headers,
        response: pdfResponses,
      },
    },
    async (req, reply) => {
      const input = htmlInput(req.body, config);
      const delivery = chooseDelivery(req, config, true);
      const value = await renderPdf(
        req,
        input,
        renderOptions(req.body, config, randomUUID()),
        delivery.kind === 'json',
      );
      return deliverPdf(req, reply, delivery, value);
    },
  );

  app.post<{ Body: PdfFields & { url: string } }>(
    '/render/url',
    {
      ...guarded,
      schema: {
        tags: ['render'],
        summary: 'Fetch a page and render it to PDF/A-3a + PDF/UA-1',
        body: renderUrlBody,
        headers,
        response: pdfResponses,
      },
    },
    async (req, reply) => {
      const url = pageUrl(req.body.url);
      const delivery = chooseDelivery(req, config, true);
      const input = await loadPage(url, config);
      const value = await renderPdf(
        req,
        input,
        renderOptions(req.body, config, randomUUID()),
        delivery.kind === 'json',
      );
      return deliverPdf(req, reply, delivery, value);
    },
  );

  app.post<{ Body: { template: unknown; data?: unknown } }>(
    '/render/template',
    {
      ...guarded,
      schema: {
        tags: ['render'],
        summary: 'JSON template (version 2) to PDF/A-3a + PDF/UA-1',
        body: renderTemplateBody,
        headers,
        response: pdfResponses,
      },
    },
    async (req, reply) => {
      // Before the copy to a worker, whose structured clone overflows on very deep JSON.
      assertNesting(req.body.template, req.body.data);
      const delivery = chooseDelivery(req, config, true);
      const input: RenderInput = {
        kind: 'template',
        template: req.body.template,
        ...(req.body.data !== undefined ? { data: req.body.data } : {}),
      };
      const value = await renderPdf(
        req,
        input,
        templateOptions(config, randomUUID()),
        delivery.kind === 'json',
      );
      return deliverPdf(req, reply, delivery, value);
    },
  );

  // The convert pair differs only in what it answers: the PDF alone, or the PDF with the
  // validator's report on it as JSON.
  const convertRoutes = [
    { path: '/convert', summary: 'HTML to PDF (binary only)', validate: false },
    {
      path: '/convert-and-validate',
      summary: 'HTML to PDF plus its validation report',
      validate: true,
    },
  ] as const;
  for (const route of convertRoutes) {
    app.post<{ Body: { html: string; baseUrl?: string; attachments?: AttachmentInput[] } }>(
      route.path,
      {
        ...guarded,
        schema: {
          tags: ['convert'],
          summary: route.summary,
          body: convertBody,
          response: {
            200: route.validate ? pdfJsonResponseSchema : pdfResponses[200],
            '4xx': pdfResponses['4xx'],
          },
        },
      },
      async (req, reply) => {
        const value = await renderPdf(
          req,
          htmlInput(req.body, config),
          renderOptions(req.body, config, randomUUID()),
          route.validate,
        );
        return deliverPdf(req, reply, { kind: route.validate ? 'json' : 'binary' }, value);
      },
    );
  }

  app.post<{
    Body: {
      html: string;
      baseUrl?: string | null;
      format?: string;
      width?: number;
      scale?: number;
      quality?: number;
    };
  }>(
    '/render',
    {
      ...guarded,
      schema: {
        tags: ['render'],
        summary: 'HTML to a PNG or JPEG image of the full laid-out height',
        body: renderImageBody,
        headers,
        response: {
          200: {
            description: 'The image, or the upload report when X-Upload-Url is given',
            content: {
              'image/png': { schema: { type: 'string', format: 'binary' } },
              'image/jpeg': { schema: { type: 'string', format: 'binary' } },
              'application/json': { schema: uploadResponseSchema },
            },
          },
          '4xx': pdfResponses['4xx'],
        },
      },
    },
    async (req, reply) => {
      const input = htmlInput(req.body, config);
      const delivery = chooseDelivery(req, config, false);
      const started = performance.now();
      const result = await pool.run<ImageResult>({
        kind: 'image',
        input,
        options: imageOptions(req.body, config),
      });
      metrics.observeRender(performance.now() - started, 1);
      const documentId = randomUUID();
      reply.header('x-document-id', documentId);
      reply.headers(renderReportHeaders(result.warnings));
      if (delivery.kind === 'upload') {
        return deliverUpload(
          req,
          reply,
          delivery.url,
          documentId,
          result.image,
          result.contentType,
        );
      }
      return reply.type(result.contentType).send(Buffer.from(result.image));
    },
  );
};
