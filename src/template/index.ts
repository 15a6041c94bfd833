/**
 * JSON templates (version 2) through the HTML engine: validate the request, turn the template
 * into HTML, then lay it out exactly like any HTML document. The title fallback is applied
 * here; what the template asks of the file (attachments, no PDF/A claim) is returned beside the
 * layout for the caller to hand to the writer.
 */
import { attachmentWarnings, decodeAttachments, type Attachment } from '../document/index.js';
import type { Warning } from '../diagnostics.js';
import { layoutHtml } from '../layout/index.js';
import type { LayoutOptions, LayoutResult } from '../layout/index.js';
import { bundledFamily } from '../text/index.js';
import { loadBarcodeEncoder } from './barcode/encoder.js';
import {
  applyFurniture,
  footerPlacement,
  layoutFurniture,
  loadBackground,
  pageBoxMm,
  reservedMm,
} from './furniture.js';
import { templateToHtml } from './to-html.js';
import { templateTitle } from './title.js';
import { validateTemplate } from './validate.js';
import type { TemplateLimits } from './limits.js';

export { templateSchema } from './schema.js';
export { validateTemplate } from './validate.js';
export { assertNesting } from './nesting.js';
export type { Template } from './types.js';
export { DEFAULT_TEMPLATE_LIMITS, type TemplateLimits } from './limits.js';

const GENERIC_FAMILIES = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'system-ui',
  'cursive',
  'fantasy',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
]);

export function isKnownFamily(family: string): boolean {
  return GENERIC_FAMILIES.has(family.toLowerCase()) || bundledFamily(family) !== undefined;
}

/** The writer settings a template contributes: its attachments and its embedColorProfile. */
export interface TemplateWriterSettings {
  readonly attachments: readonly Attachment[];
  /** false when the template sets embedColorProfile to false: PDF/UA-1 only. */
  readonly pdfa: boolean;
}

export interface TemplateLayoutResult extends LayoutResult {
  readonly writerSettings: TemplateWriterSettings;
}

export async function layoutTemplate(
  template: unknown,
  data: unknown,
  layoutOptions: LayoutOptions,
  limits?: TemplateLimits,
): Promise<TemplateLayoutResult> {
  const validated = validateTemplate(template, data, isKnownFamily, limits);
  const { template: t, data: overrides } = validated;
  const warnings: Warning[] = [...attachmentWarnings(t.attachments, '/template/attachments')];

  const { title, warning } = templateTitle(t, overrides);
  if (warning) warnings.push(warning);

  const writerSettings: TemplateWriterSettings = {
    attachments: decodeAttachments(t.attachments, '/template/attachments'),
    pdfa: t.config?.embedColorProfile !== false,
  };

  if (validated.barcodes.size > 0) await loadBarcodeEncoder();

  // Furniture first: its height is reserved in the body's margins before the body is paginated.
  const page = t.config?.page;
  const box = pageBoxMm(page);
  const draft = templateToHtml(validated, title);
  const header = draft.headerHtml
    ? await layoutFurniture(draft.headerHtml, box, layoutOptions)
    : undefined;
  const footer = draft.footerHtml
    ? await layoutFurniture(draft.footerHtml, box, layoutOptions)
    : undefined;
  const background = await loadBackground(t, layoutOptions);
  const placement = footer
    ? footerPlacement(box.bottom, footer.height, page?.pageNumbers?.enabled === true)
    : undefined;
  const reserve = {
    top: header ? reservedMm(header.height) : 0,
    bottom: placement?.reserveMm ?? 0,
  };
  const { html } =
    reserve.top > 0 || reserve.bottom > 0 ? templateToHtml(validated, title, reserve) : draft;

  const result = await layoutHtml({ html }, layoutOptions);
  const document = applyFurniture(
    result.document,
    {
      ...(header
        ? {
            header: {
              ...header,
              repeat: page?.header?.repeat !== false,
              skipFirstPage: page?.header?.skipFirstPage === true,
            },
          }
        : {}),
      ...(footer && placement
        ? {
            footer: {
              ...footer,
              repeat: page?.footer?.repeat !== false,
              bottomMm: placement.bottomMm,
            },
          }
        : {}),
      ...(background ? { background } : {}),
    },
    box,
  );
  return { document, warnings: [...warnings, ...result.warnings], writerSettings };
}
