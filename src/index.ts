/**
 * The public library API. The CLI and the service both call these three functions; nothing
 * here knows about HTTP.
 *
 *   render       HTML or a JSON template  ->  tagged PDF/A-3a + PDF/UA-1 bytes
 *   renderImage  HTML or a JSON template  ->  PNG or JPEG bytes from the same layout
 *   validate     any PDF bytes            ->  ValidationResponse (PDF/A-2/3 a/b/u, PDF/UA-1)
 */
export type { Warning, FieldProblem } from './diagnostics.js';
export type { DeadlineOptions } from './diagnostics.js';
export { InputError, LimitError, TimeoutError, DEFAULT_MAX_OUTPUT_BYTES } from './diagnostics.js';
export type { ValidationResponse, Flavour } from './validate/report-types.js';
export { ALL_FLAVOURS, DEFAULT_FLAVOURS } from './validate/report-types.js';
export type { LaidOutDocument } from './document/index.js';
export {
  render,
  renderImage,
  type RenderInput,
  type RenderOptions,
  type RenderResult,
  type ImageOptions,
  type ImageResult,
  type AttachmentInput,
} from './render.js';
export { DEFAULT_DOCUMENT_DECODE_BUDGET } from './validate/parser/index.js';
export { DEFAULT_CSS_LIMITS, type CssLimits } from './style/index.js';
export {
  validate,
  identify,
  NotPdfError,
  type ValidateOptions,
  type Identification,
} from './validate/index.js';
