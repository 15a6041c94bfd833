/**
 * The public library API. The CLI and the service import nothing else from src/; nothing here
 * knows about HTTP.
 *
 *   render       HTML or a JSON template  ->  tagged PDF/A-3a + PDF/UA-1 bytes
 *   renderImage  HTML or a JSON template  ->  PNG or JPEG bytes from the same layout
 *   validate     any PDF bytes            ->  ValidationResponse (PDF/A-2/3 a/b/u, PDF/UA-1)
 *
 * Importing this module does not load the rendering engine (style, text, layout, the writer,
 * about 40 MB): render() and renderImage() load it on their first call. The service's main
 * thread, which only routes requests, never does. validate() is synchronous, so the validator
 * loads with this module where validate() is imported; a caller that validates only sometimes
 * (the command line's `render --validate`) takes it through loadValidator() instead, and a
 * bundle that does so leaves the validator's set-up out of every other start.
 */
import type * as Engine from './render.js';

export type { Warning, FieldProblem, DeadlineOptions } from './diagnostics.js';
export { InputError, LimitError, TimeoutError, DEFAULT_MAX_OUTPUT_BYTES } from './diagnostics.js';
export type {
  AttachmentInput,
  FileAccess,
  UserStylesheet,
  ImageOptions,
  ImageResult,
  RenderInput,
  RenderOptions,
  RenderResult,
} from './render.js';
export {
  ATTACHMENT_RELATIONSHIPS,
  RELATIONSHIP_PATTERN,
  type AttachmentRelationship,
  type LaidOutDocument,
  type XmpProperty,
  type XmpSchema,
} from './document/index.js';
export { tuneHeapForRenders } from './util/index.js';
export { DEFAULT_CSS_LIMITS, type CssLimits } from './style/limits.js';
export { DEFAULT_TEMPLATE_LIMITS, type TemplateLimits } from './template/limits.js';
export { templateSchema } from './template/schema.js';
export { assertNesting } from './template/nesting.js';
export { assertHtmlSize, type DocumentLimits } from './html/limits.js';
export { decodeHtml, type DecodedHtml } from './html/index.js';
export {
  ResourceError,
  assertFetchable,
  assertFileRoots,
  UploadError,
  createResourceLoader,
  parseUploadUrl,
  rangeList,
  uploadDocument,
  type AddressPolicy,
  type ResourcePolicy,
} from './resources/index.js';

export {
  validate,
  identify,
  NotPdfError,
  ALL_FLAVOURS,
  DEFAULT_FLAVOURS,
  DEFAULT_DOCUMENT_DECODE_BUDGET,
  type ValidateOptions,
  type Identification,
  type ValidationResponse,
  type Flavour,
  parseFlavourList,
  formatTextReport,
} from './validate/index.js';

const engine = () => import('./render.js');

/** The validator's entry, loaded on demand (see above). */
export function loadValidator(): Promise<typeof import('./validate/index.js')> {
  return import('./validate/index.js');
}

/** HTML or a JSON template to one tagged PDF/A-3a + PDF/UA-1 document. */
export async function render(
  input: Engine.RenderInput,
  options?: Engine.RenderOptions,
): Promise<Engine.RenderResult> {
  return (await engine()).render(input, options);
}

/** HTML or a JSON template to a PNG or JPEG of one page, or of the whole continuous flow. */
export async function renderImage(
  input: Engine.RenderInput,
  options?: Engine.ImageOptions,
): Promise<Engine.ImageResult> {
  return (await engine()).renderImage(input, options);
}

/**
 * Loads the rendering engine now rather than on the first render: a long-running process does
 * it at start, so no request's deadline is spent loading code.
 */
export async function loadEngine(): Promise<void> {
  await engine();
}

/**
 * Loads the engine and runs the text stack once on the bundled default faces, so the first real
 * render of a long-running process does not pay for font parsing and cold code.
 */
export async function warmUp(): Promise<void> {
  (await engine()).warmUp();
}
