/** /validate and /identify: raw PDF bytes in, JSON out. */
import type { FastifyPluginAsync } from 'fastify';
import {
  DEFAULT_FLAVOURS,
  parseFlavourList,
  type Flavour,
  type ValidationResponse,
  InputError,
} from '../../index.js';
import type { Authenticator } from '../auth.js';
import type { ServiceConfig } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { WorkPool } from '../pool.js';

export interface ValidateRouteOptions {
  readonly config: ServiceConfig;
  readonly pool: WorkPool;
  readonly metrics: Metrics;
  readonly authenticate: Authenticator;
}

function requirePdf(body: unknown): Uint8Array {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new InputError('PDF content is empty', [
      { pointer: '', message: 'the request body must be the PDF file' },
    ]);
  }
  return body;
}

export const validateRoutes: FastifyPluginAsync<ValidateRouteOptions> = async (app, opts) => {
  const { pool, metrics } = opts;
  // PDF bodies arrive raw; everything else on these routes is a 415.
  app.addContentTypeParser(
    ['application/pdf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: opts.config.pdfBodyLimit },
    (_req, body, done) => done(null, body),
  );

  // Only PDF bytes are accepted here, even though JSON would parse: a JSON body is a client error.
  app.addHook('preValidation', async (req) => {
    const type = req.headers['content-type'];
    if (type !== undefined && !/^application\/(pdf|octet-stream)\s*(;|$)/i.test(type)) {
      throw new InputError(
        `send the PDF as application/pdf, not ${type.split(';')[0]}`,
        [{ pointer: '/headers/content-type', message: 'must be application/pdf' }],
        415,
        'unsupported-media-type',
      );
    }
  });

  app.post<{ Querystring: { flavour?: string } }>(
    '/validate',
    {
      onRequest: opts.authenticate,
      bodyLimit: opts.config.pdfBodyLimit,
      schema: {
        tags: ['validate'],
        summary: 'Validate a PDF against PDF/A-2/3 (a, b, u) and PDF/UA-1',
        querystring: {
          type: 'object',
          properties: {
            flavour: {
              type: 'string',
              description:
                'Comma-separated: pdfa-2b … pdfa-3a, pdfua-1, or auto. Default pdfa-3a,pdfua-1',
            },
          },
        },
        consumes: ['application/pdf'],
        response: { 200: { $ref: 'ValidationResponse#' }, '4xx': { $ref: 'Problem#' } },
      } as never,
    },
    async (req) => {
      let flavours: Flavour[] | 'auto' = [...DEFAULT_FLAVOURS];
      if (req.query.flavour !== undefined) {
        try {
          flavours = parseFlavourList(req.query.flavour);
        } catch (err) {
          throw new InputError((err as Error).message, [
            { pointer: '/query/flavour', message: (err as Error).message },
          ]);
        }
      }
      const pdf = requirePdf(req.body);
      const started = performance.now();
      const report = await pool.run<ValidationResponse>({
        kind: 'validate',
        pdf,
        flavours,
        decodeBudget: opts.config.validateDecodeBudget,
      });
      metrics.validationSeconds.observe((performance.now() - started) / 1000);
      return report;
    },
  );

  app.post(
    '/identify',
    {
      onRequest: opts.authenticate,
      bodyLimit: opts.config.pdfBodyLimit,
      schema: {
        tags: ['validate'],
        summary: 'What a PDF claims to be: document id, PDF/A and PDF/UA parts, title, pages',
        consumes: ['application/pdf'],
        response: {
          200: {
            type: 'object',
            properties: {
              documentId: { type: ['string', 'null'] },
              pdfa: {
                type: ['object', 'null'],
                properties: { part: { type: 'integer' }, conformance: { type: 'string' } },
              },
              pdfua: { type: ['object', 'null'], properties: { part: { type: 'integer' } } },
              title: { type: ['string', 'null'] },
              pages: { type: 'integer' },
            },
          },
          '4xx': { $ref: 'Problem#' },
        },
      } as never,
    },
    async (req) => pool.run({ kind: 'identify', pdf: requirePdf(req.body) }),
  );
};
