/**
 * Orchestration of the pipeline: input (HTML or template) -> layout -> PDF writer or raster.
 * Each stage is called through its folder's index; this file only wires them and turns caller
 * input (base64 attachments, options) into the typed values the stages take.
 */
import { randomUUID } from 'node:crypto';
import { Deadline, foldRepeatedWarnings, InputError, type Warning } from './diagnostics.js';
import {
  attachmentWarnings,
  decodeAttachments,
  type AttachmentInput,
  type WriterSettings,
  type XmpSchema,
} from './document/index.js';
import { layoutHtml, type LayoutOptions, type LayoutResult } from './layout/index.js';
import {
  layoutTemplate,
  type TemplateLimits,
  type TemplateWriterSettings,
} from './template/index.js';
import {
  clearWriterFontCaches,
  hasImportedPages,
  loadPageImporter,
  writePdf,
} from './pdf/index.js';
import { rasterizePage } from './raster/index.js';
import { createResourceLoader, type FileAccess, type ResourcePolicy } from './resources/index.js';
import { clearShapeCaches, warmUpText } from './text/index.js';
import { clearStyleCaches, type CssLimits, type UserStylesheet } from './style/index.js';
import { uuidFromSeed } from './util/index.js';
import type { DocumentLimits } from './html/limits.js';

export type RenderInput =
  | { readonly kind: 'html'; readonly html: string; readonly baseUrl?: string }
  | { readonly kind: 'template'; readonly template: unknown; readonly data?: unknown };

export type { AttachmentInput, FileAccess, UserStylesheet };

export interface CommonOptions {
  /** Allow resources from private, loopback and link-local addresses (intranets, tests). */
  readonly allowPrivateNetwork?: boolean;
  /** Override parts of the resource policy (limits, timeouts). */
  readonly resourcePolicy?: Partial<ResourcePolicy>;
  /** Fail instead of warning when a resource cannot be loaded. */
  readonly strict?: boolean;
  /**
   * Local files the document may use: file: URLs (a file: baseUrl makes relative links ones)
   * are read from inside these folders only; paths leading elsewhere (`..`, symbolic links,
   * absolute paths) are refused with a warning naming them. Absent: no file is ever read.
   */
  readonly files?: FileAccess;
  /** Style sheets added after the document's own, with author origin (WeasyPrint's -s). */
  readonly stylesheets?: readonly UserStylesheet[];
  /** Media type for @media rules and media attributes (default print). */
  readonly media?: 'print' | 'screen';
  /** Same input, same bytes: fixed clock (unless `now`), IDs from a content hash. */
  readonly deterministic?: boolean;
  readonly now?: Date;
  /**
   * Cancels the render: checked between stages and per block, page and image batch. Once it
   * has fired the render throws TimeoutError (a LimitError on 'time') naming the stage.
   */
  readonly signal?: AbortSignal;
  /**
   * Deadline in milliseconds from the call, read on the clock (so it ends synchronous layout
   * too); past it the render throws TimeoutError. Default: none.
   */
  readonly timeoutMs?: number;
  /** Told the name of each stage as the render enters it ('parse', 'style', 'layout', 'pdf'...). */
  readonly onStage?: (stage: string) => void;
  /**
   * Largest output, bytes (default 100 MB): a PDF or image over it is a LimitError on
   * 'output-bytes' (HTTP 413), never a partial file. The PDF writer checks it while it adds
   * streams, so a runaway document stops before it is all in memory.
   */
  readonly maxOutputBytes?: number;
  /** Limits on rows, blocks and table rows of one template (defaults: DEFAULT_TEMPLATE_LIMITS). */
  readonly templateLimits?: TemplateLimits;
  /**
   * Limits on author CSS per document: rules (each selector of a list counts) and bytes over
   * all <style>, <link> and @import sheets (defaults: DEFAULT_CSS_LIMITS, 50,000 and 5 MiB).
   * Over them the render is a LimitError on 'css-rules' or 'css-bytes' (HTTP 413).
   */
  readonly cssLimits?: CssLimits;
  /**
   * Most elements and characters of text of the parsed document (HTML or the HTML a template
   * becomes); over either: LimitError on 'document-elements' or 'document-text' (HTTP 413).
   * Default: none (the service sets them from its worker memory).
   */
  readonly documentLimits?: DocumentLimits;
  /** Most pages of one document (default 10,000); over it: LimitError on 'pages' (HTTP 413). */
  readonly maxPages?: number;
  /**
   * Largest image the document may use, in decoded pixels (default 40 million): a bigger one
   * is a decompression bomb to us and becomes a warning with its alt text (strict: an error).
   */
  readonly maxInputPixels?: number;
}

export interface RenderOptions extends CommonOptions {
  readonly attachments?: readonly AttachmentInput[] | null;
  readonly xmpSchemas?: readonly XmpSchema[] | null;
  /** false: PDF/UA-1 only, without the PDF/A output intent and claim. Default true. */
  readonly embedColorProfile?: boolean;
  /** Reuse a document id chosen by the caller (the service sets X-Document-Id from it). */
  readonly documentId?: string;
}

export interface RenderResult {
  readonly pdf: Uint8Array;
  readonly documentId: string;
  readonly pages: number;
  readonly title: string;
  /** Whether the document claims PDF/A-3a besides PDF/UA-1 (false: PDF/UA-1 only). */
  readonly pdfa: boolean;
  readonly warnings: readonly Warning[];
}

export interface ImageOptions extends CommonOptions {
  readonly format?: 'png' | 'jpeg';
  /** Viewport width in CSS pixels (1..4096, default 1024). */
  readonly width?: number;
  /** Device pixel ratio 1..4 (default 1). */
  readonly scale?: number;
  /** JPEG quality 1..100 (default 90). */
  readonly quality?: number;
  /** 1-based page of the paginated document; absent = one continuous page of full height. */
  readonly page?: number;
  /** Upper bound on width*height in device pixels. */
  readonly maxPixels?: number;
}

export interface ImageResult {
  readonly image: Uint8Array;
  readonly contentType: 'image/png' | 'image/jpeg';
  readonly width: number;
  readonly height: number;
  readonly warnings: readonly Warning[];
}

/** Fixed clock of deterministic mode, so the same input gives the same bytes. */
const DETERMINISTIC_EPOCH = new Date('2000-01-01T00:00:00Z');

function layoutOptions(
  options: CommonOptions,
  deadline: Deadline,
  mode: LayoutOptions['mode'],
  extra: Partial<LayoutOptions> = {},
): LayoutOptions {
  return {
    mode,
    loader: createResourceLoader(
      { allowPrivateNetwork: options.allowPrivateNetwork === true, ...options.resourcePolicy },
      options.files ? { files: options.files } : {},
    ),
    strict: options.strict === true,
    // The deadline's signal carries the caller's signal and the timeout as one TimeoutError.
    signal: deadline.signal,
    deadline,
    ...(options.cssLimits ? { cssLimits: options.cssLimits } : {}),
    ...(options.maxPages !== undefined ? { maxPages: options.maxPages } : {}),
    ...(options.documentLimits ? { documentLimits: options.documentLimits } : {}),
    ...(options.maxInputPixels !== undefined ? { maxInputPixels: options.maxInputPixels } : {}),
    ...(options.stylesheets?.length ? { userStylesheets: options.stylesheets } : {}),
    ...(options.media ? { media: options.media } : {}),
    ...extra,
  };
}

/**
 * The file's settings from the caller's options: they go to the writer directly, layout never
 * sees them. Attachments are decoded here, before any layout work, so a bad one fails fast.
 */
function writerSettings(input: RenderInput, options: RenderOptions): WriterSettings {
  const now = options.now ?? (options.deterministic ? DETERMINISTIC_EPOCH : new Date());
  const documentId =
    options.documentId ??
    (options.deterministic
      ? uuidFromSeed(JSON.stringify(input) + JSON.stringify(options.xmpSchemas ?? []))
      : // Without the entropy cache: a process started from a start-up snapshot would
        // otherwise replay the cache the snapshot was taken with.
        randomUUID({ disableEntropyCache: true }));
  return {
    documentId,
    creationDate: now,
    modDate: now,
    pdfa: options.embedColorProfile !== false,
    attachments: decodeAttachments(options.attachments),
    xmpSchemas: options.xmpSchemas ?? [],
  };
}

/** Layout of either input; a template may add attachments and drop the PDF/A claim. */
async function layout(
  input: RenderInput,
  options: LayoutOptions,
  templateLimits?: TemplateLimits,
): Promise<LayoutResult & { readonly templateSettings?: TemplateWriterSettings }> {
  if (input.kind === 'html') {
    if (typeof input.html !== 'string' || input.html.trim() === '') {
      throw new InputError('html must not be empty', [
        { pointer: '/html', message: 'must be a non-empty HTML string' },
      ]);
    }
    return layoutHtml(
      { html: input.html, ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}) },
      options,
    );
  }
  const laid = await layoutTemplate(input.template, input.data, options, templateLimits);
  return { ...laid, templateSettings: laid.writerSettings };
}

export async function render(
  input: RenderInput,
  options: RenderOptions = {},
): Promise<RenderResult> {
  const deadline = new Deadline(options);
  try {
    deadline.check('start');
    const settings = writerSettings(input, options);
    const laid = await layout(
      input,
      layoutOptions(options, deadline, 'paged'),
      options.templateLimits,
    );
    deadline.check('pdf');
    const pageImporter = hasImportedPages(laid.document) ? await loadPageImporter() : undefined;
    const fromTemplate = laid.templateSettings;
    const effective = fromTemplate
      ? {
          ...settings,
          attachments: [...settings.attachments, ...fromTemplate.attachments],
          pdfa: settings.pdfa && fromTemplate.pdfa,
        }
      : settings;
    const written = writePdf(laid.document, effective, {
      deterministic: options.deterministic === true,
      deadline,
      ...(pageImporter ? { pageImporter } : {}),
      ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
    });
    return {
      pdf: written.bytes,
      documentId: settings.documentId,
      pages: laid.document.pages.length,
      title: laid.document.metadata.title,
      pdfa: effective.pdfa,
      warnings: foldRepeatedWarnings([
        ...attachmentWarnings(options.attachments),
        ...laid.warnings,
        ...written.warnings,
      ]),
    };
  } finally {
    deadline.dispose();
  }
}

export async function renderImage(
  input: RenderInput,
  options: ImageOptions = {},
): Promise<ImageResult> {
  const deadline = new Deadline(options);
  try {
    deadline.check('start');
    return await renderImageWithin(input, options, deadline);
  } finally {
    deadline.dispose();
  }
}

async function renderImageWithin(
  input: RenderInput,
  options: ImageOptions,
  deadline: Deadline,
): Promise<ImageResult> {
  const width = options.width ?? 1024;
  const scale = options.scale ?? 1;
  const paged = options.page !== undefined;
  const opts = layoutOptions(
    options,
    deadline,
    paged ? 'paged' : 'continuous',
    paged ? {} : { viewportWidthPx: width },
  );
  const laid = await layout(input, opts, options.templateLimits);
  deadline.check('raster');
  const pageIndex = (options.page ?? 1) - 1;
  const page = laid.document.pages[pageIndex];
  if (!page) {
    throw new InputError(
      `page ${options.page} does not exist; the document has ${laid.document.pages.length}`,
      [{ pointer: '/page', message: `must be between 1 and ${laid.document.pages.length}` }],
    );
  }
  const format = options.format ?? 'png';
  const raster = await rasterizePage(page, {
    format,
    scale,
    quality: options.quality ?? 90,
    ...(options.maxPixels !== undefined ? { maxPixels: options.maxPixels } : {}),
    ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
  });
  return {
    image: raster.image,
    contentType: format === 'png' ? 'image/png' : 'image/jpeg',
    width: raster.width,
    height: raster.height,
    warnings: foldRepeatedWarnings(laid.warnings),
  };
}

/** Runs the text stack once on the bundled default faces (see text/warmup.ts). */
export function warmUp(): void {
  warmUpText();
}

/**
 * Forgets what the documents rendered so far left in the per-process caches: kept style
 * engines, shaped words, encoded font subsets and CMaps. What serves any document stays: the
 * parsed bundled faces and their shaping plans, the parsed user-agent sheet, compiled code.
 */
export function forgetDocumentCaches(): void {
  clearStyleCaches();
  clearShapeCaches();
  clearWriterFontCaches();
}
