/**
 * JSON schemas of the request and response bodies. fastify validates requests with them and
 * @fastify/swagger publishes them in the OpenAPI document, so the docs cannot drift from the code.
 */
import { RELATIONSHIP_PATTERN } from '../index.js';

export const fileAttachmentSchema = {
  $id: 'FileAttachment',
  type: 'object',
  required: ['name', 'content'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 255 },
    content: { type: 'string', description: 'Base64-encoded file content' },
    mimeType: {
      type: ['string', 'null'],
      maxLength: 255,
      description:
        'Media type, parameters allowed (text/plain; charset=utf-8); /Subtype records type/subtype',
    },
    description: { type: ['string', 'null'] },
    relationship: {
      type: ['string', 'null'],
      pattern: RELATIONSHIP_PATTERN,
      description:
        'PDF/A-3 AFRelationship, any case: Source, Data, Alternative, Supplement or Unspecified (default)',
    },
  },
} as const;

export const xmpSchemaSchema = {
  $id: 'XmpSchema',
  type: 'object',
  required: ['namespace', 'prefix', 'name', 'properties'],
  additionalProperties: false,
  properties: {
    namespace: {
      type: 'string',
      minLength: 1,
      description: 'Namespace URI, e.g. urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
    },
    prefix: { type: 'string', pattern: '^[A-Za-z_][\\w.-]*$' },
    name: { type: 'string', minLength: 1 },
    properties: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'value'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', pattern: '^[A-Za-z_][\\w.-]*$' },
          value: { type: 'string' },
          valueType: { type: 'string' },
          category: { type: 'string', enum: ['external', 'internal'] },
          description: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;

const attachments = {
  type: ['array', 'null'],
  items: { $ref: 'FileAttachment#' },
  maxItems: 100,
} as const;
const xmpSchemas = {
  type: ['array', 'null'],
  items: { $ref: 'XmpSchema#' },
  maxItems: 50,
} as const;

export const renderHtmlBody = {
  type: 'object',
  required: ['html'],
  additionalProperties: false,
  properties: {
    html: { type: 'string', minLength: 1, description: 'The HTML document' },
    baseUrl: {
      type: ['string', 'null'],
      format: 'uri',
      description: 'Base for relative URLs of images, stylesheets and fonts',
    },
    attachments,
    xmpSchemas,
    embedColorProfile: {
      type: 'boolean',
      description: 'false: PDF/UA-1 only, without the PDF/A output intent',
      default: true,
    },
  },
} as const;

export const renderUrlBody = {
  type: 'object',
  required: ['url'],
  additionalProperties: false,
  properties: {
    url: { type: 'string', minLength: 1, description: 'http(s) URL of the page to render' },
    attachments,
    xmpSchemas,
    embedColorProfile: { type: 'boolean', default: true },
  },
} as const;

export const convertBody = {
  type: 'object',
  required: ['html'],
  additionalProperties: false,
  properties: {
    html: { type: 'string', minLength: 1 },
    baseUrl: { type: 'string', format: 'uri' },
    attachments: { type: 'array', items: { $ref: 'FileAttachment#' }, maxItems: 100 },
  },
} as const;

export const renderImageBody = {
  type: 'object',
  required: ['html'],
  additionalProperties: false,
  properties: {
    html: { type: 'string', minLength: 1 },
    baseUrl: { type: ['string', 'null'], format: 'uri' },
    format: {
      type: 'string',
      enum: ['png', 'jpeg', 'jpg', 'PNG', 'JPEG', 'JPG', 'image/png', 'image/jpeg'],
      default: 'png',
    },
    width: {
      type: 'integer',
      minimum: 1,
      maximum: 4096,
      default: 1024,
      description: 'Viewport width in CSS pixels',
    },
    scale: {
      type: 'integer',
      minimum: 1,
      maximum: 4,
      default: 1,
      description: 'Device pixel ratio',
    },
    quality: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 90,
      description: 'JPEG quality',
    },
  },
} as const;

export const renderTemplateBody = {
  type: 'object',
  required: ['template'],
  additionalProperties: false,
  properties: {
    template: { type: 'object', description: 'A version 2 template (see the Template schema)' },
    data: { type: 'object', description: 'Per-block overrides keyed by block id' },
  },
} as const;

const nullableString = { type: ['string', 'null'] } as const;

export const validationResponseSchema = {
  $id: 'ValidationResponse',
  type: 'object',
  required: ['isCompliant', 'profiles', 'summary'],
  properties: {
    isCompliant: { type: 'boolean' },
    profiles: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'profile',
          'specification',
          'isCompliant',
          'totalChecks',
          'passedChecks',
          'failedChecks',
        ],
        properties: {
          profile: { type: 'string' },
          specification: { type: 'string' },
          isCompliant: { type: 'boolean' },
          totalChecks: { type: 'integer' },
          passedChecks: { type: 'integer' },
          failedChecks: { type: 'integer' },
        },
      },
    },
    summary: {
      type: 'object',
      required: ['totalChecks', 'passedChecks', 'failedChecks'],
      properties: {
        totalChecks: { type: 'integer' },
        passedChecks: { type: 'integer' },
        failedChecks: { type: 'integer' },
        categories: {
          type: 'array',
          items: {
            type: 'object',
            required: ['category', 'passedChecks', 'failedChecks'],
            properties: {
              category: { type: 'string' },
              passedChecks: { type: 'integer' },
              failedChecks: { type: 'integer' },
            },
          },
        },
      },
    },
    documentInfo: {
      type: ['object', 'null'],
      properties: {
        pages: { type: 'integer' },
        tagged: { type: 'boolean' },
        language: nullableString,
        structureElements: { type: 'integer' },
        fonts: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'embedded', 'type'],
            properties: {
              name: { type: 'string' },
              embedded: { type: 'boolean' },
              type: { type: 'string' },
            },
          },
        },
        images: { type: 'integer' },
      },
    },
    failures: {
      type: 'array',
      items: {
        type: 'object',
        required: ['profile', 'clause', 'testNumber', 'category', 'message'],
        properties: {
          profile: { type: 'string' },
          clause: { type: 'string' },
          testNumber: { type: 'integer' },
          category: { type: 'string' },
          message: { type: 'string' },
          location: nullableString,
          errorDetails: nullableString,
          matterhorn: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    humanReview: {
      type: 'array',
      items: {
        type: 'object',
        required: ['conditions', 'checkpoint', 'check', 'count', 'elements'],
        properties: {
          conditions: { type: 'array', items: { type: 'string' } },
          checkpoint: { type: 'string' },
          check: { type: 'string' },
          count: { type: 'integer' },
          elements: {
            type: 'array',
            items: {
              type: 'object',
              required: ['location'],
              properties: { location: { type: 'string' }, detail: nullableString },
            },
          },
        },
      },
    },
    metadata: {
      type: ['object', 'null'],
      properties: {
        title: nullableString,
        subject: nullableString,
        author: nullableString,
        creator: nullableString,
        producer: nullableString,
        creationDate: nullableString,
      },
    },
  },
} as const;

export const problemSchema = {
  $id: 'Problem',
  type: 'object',
  description: 'RFC 9457 problem details',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    requestId: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['pointer', 'message'],
        properties: {
          pointer: { type: 'string', description: 'JSON pointer (RFC 6901) to the invalid field' },
          message: { type: 'string' },
        },
      },
    },
  },
} as const;

export const pdfJsonResponseSchema = {
  type: 'object',
  required: ['validation', 'pdf'],
  properties: {
    validation: { $ref: 'ValidationResponse#' },
    pdf: { type: 'string', description: 'The PDF, base64-encoded' },
    documentId: { type: 'string' },
    warnings: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          code: { type: 'string' },
          message: { type: 'string' },
          source: { type: 'string' },
        },
      },
    },
  },
} as const;

export const uploadResponseSchema = {
  type: 'object',
  required: ['uploaded', 'documentId', 'contentType', 'bytes', 'targetStatus'],
  properties: {
    uploaded: { type: 'boolean', const: true },
    documentId: { type: 'string' },
    contentType: { type: 'string' },
    bytes: { type: 'integer' },
    targetStatus: { type: 'integer' },
  },
} as const;
