/**
 * JSON schemas of the jobs routes. An item carries the body of one synchronous route, checked
 * with that route's own schema (one if/then per route), so a batch accepts exactly what the
 * routes accept and the OpenAPI document says so.
 */
import { renderHtmlBody, renderImageBody, renderTemplateBody, renderUrlBody } from '../schemas.js';
import { ITEM_ROUTES, type ItemRoute } from './model.js';

export const validateItemBody = {
  type: 'object',
  additionalProperties: false,
  description: 'The PDF to validate: inline as base64, or fetched from a URL (one of the two)',
  properties: {
    pdf: { type: 'string', minLength: 1, description: 'The PDF, base64-encoded' },
    url: { type: 'string', minLength: 1, description: 'http(s) URL the PDF is fetched from' },
    flavour: {
      type: 'string',
      description: 'Comma-separated: pdfa-2b … pdfa-3a, pdfua-1, or auto. Default pdfa-3a,pdfua-1',
    },
  },
} as const;

const BODY_SCHEMAS: Record<ItemRoute, object> = {
  '/render/html': renderHtmlBody,
  '/render/url': renderUrlBody,
  '/render/template': renderTemplateBody,
  '/render': renderImageBody,
  '/validate': validateItemBody,
};

const uploadUrl = {
  type: 'string',
  minLength: 1,
  maxLength: 8192,
  description:
    'Presigned URL the output is PUT to (the document; for /validate the full JSON report)',
};

export function jobSubmissionSchema(maxItems: number) {
  return {
    type: 'object',
    required: ['items'],
    additionalProperties: false,
    properties: {
      items: {
        type: 'array',
        minItems: 1,
        maxItems,
        items: {
          type: 'object',
          required: ['route', 'body'],
          additionalProperties: false,
          properties: {
            route: {
              type: 'string',
              enum: ITEM_ROUTES,
              description: 'The synchronous route whose body this item carries',
            },
            body: { type: 'object', description: 'The body that route takes' },
            uploadUrl,
            validate: {
              type: 'boolean',
              default: false,
              description: 'PDF routes: validate the document and report the summary',
            },
            deterministic: {
              type: 'boolean',
              default: false,
              description: 'Same input, same bytes: a fixed clock and ids from a content hash',
            },
            reference: {
              type: 'string',
              maxLength: 200,
              description: 'Your own name for the item, returned with its result',
            },
          },
          allOf: ITEM_ROUTES.map((route) => ({
            if: { required: ['route'], properties: { route: { const: route } } },
            then: {
              properties: { body: BODY_SCHEMAS[route] },
              ...(route === '/validate' ? {} : { required: ['uploadUrl'] }),
            },
          })),
        },
      },
      callbackUrl: {
        type: 'string',
        minLength: 1,
        maxLength: 8192,
        description:
          'Receives the final status of the job by POST (same network policy as uploads)',
      },
    },
  } as const;
}

const problemRef = { $ref: 'Problem#' } as const;

const validationSummary = {
  type: 'object',
  properties: {
    isCompliant: { type: 'boolean' },
    failedChecks: { type: 'integer' },
    profiles: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          profile: { type: 'string' },
          isCompliant: { type: 'boolean' },
          failedChecks: { type: 'integer' },
        },
      },
    },
  },
} as const;

const itemSchema = {
  type: 'object',
  required: ['index', 'status'],
  properties: {
    index: { type: 'integer' },
    reference: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] },
    attempts: { type: 'integer', description: 'Times a worker started the item' },
    finishedAt: { type: 'string', format: 'date-time' },
    documentId: { type: 'string' },
    contentType: { type: 'string' },
    bytes: { type: 'integer' },
    pages: { type: 'integer' },
    targetStatus: { type: 'integer', description: "The upload target's answer" },
    warnings: { type: 'integer' },
    validation: validationSummary,
    problem: problemRef,
  },
} as const;

export const jobStatusSchema = {
  type: 'object',
  required: ['id', 'status', 'counts', 'createdAt'],
  properties: {
    id: { type: 'string' },
    status: {
      type: 'string',
      enum: ['queued', 'running', 'cancelling', 'completed', 'cancelled'],
      description:
        'completed: every item ended (succeeded or failed); cancelled: it ended after a cancel',
    },
    counts: {
      type: 'object',
      required: ['total', 'queued', 'running', 'succeeded', 'failed', 'cancelled'],
      properties: {
        total: { type: 'integer' },
        queued: { type: 'integer' },
        running: { type: 'integer' },
        succeeded: { type: 'integer' },
        failed: { type: 'integer' },
        cancelled: { type: 'integer' },
      },
    },
    createdAt: { type: 'string', format: 'date-time' },
    finishedAt: { type: ['string', 'null'], format: 'date-time' },
    expiresAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When the status and results of a finished job are deleted',
    },
    callback: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
        attempts: { type: 'integer' },
        targetStatus: { type: ['integer', 'null'] },
      },
    },
    items: { type: 'array', items: itemSchema },
    page: {
      type: 'object',
      properties: {
        offset: { type: 'integer' },
        limit: { type: 'integer' },
        next: { type: ['string', 'null'], description: 'The next page of items' },
      },
    },
  },
} as const;

export const jobIdParams = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', pattern: '^[0-9a-f-]{36}$', description: 'The job id' },
  },
} as const;

/** Query strings arrive as text (the service's ajv does not coerce types). */
export const jobPageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offset: { type: 'string', pattern: '^[0-9]{1,9}$', description: 'First item index (0)' },
    limit: {
      type: 'string',
      pattern: '^[0-9]{1,4}$',
      description: 'Items per page, at most 1000 (100; 0: counts only)',
    },
  },
} as const;

export const idempotencyHeaders = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'A retried submission with the same key returns the same job',
    },
  },
} as const;

export const problemResponses = {
  '4xx': {
    description: 'Problem details',
    content: { 'application/problem+json': { schema: problemRef } },
  },
  '5xx': {
    description: 'Problem details (503: the jobs API is off or its queue is unreachable)',
    content: { 'application/problem+json': { schema: problemRef } },
  },
} as const;
