/**
 * JSON templates (version 2) through the HTML engine: validate the request, turn the template
 * into HTML, then lay it out exactly like any HTML document. Template-specific settings
 * (title fallback, embedColorProfile, attachments) are applied to the layout options here.
 */
import { attachmentWarnings, decodeAttachments } from '../attachments.js';
import type { Warning } from '../diagnostics.js';
import { layoutHtml } from '../layout/index.js';
import type { LayoutOptions, LayoutResult } from '../layout/options.js';
import { bundledFamily } from '../text/bundled.js';
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
import type { TemplateLimits } from './types.js';

export { templateSchema } from './schema.js';
export { validateTemplate } from './validate.js';
export type { Template, TemplateLimits } from './types.js';
export { DEFAULT_TEMPLATE_LIMITS } from './types.js';

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

export async function layoutTemplate(
  template: unknown,
  data: unknown,
  options: LayoutOptions,
  limits?: TemplateLimits,
): Promise<LayoutResult> {
  const validated = validateTemplate(template, data, isKnownFamily, limits);
  const { template: t, data: overrides } = validated;
  const warnings: Warning[] = [...attachmentWarnings(t.attachments, '/template/attachments')];

  const { title, warning } = templateTitle(t, overrides);
  if (warning) warnings.push(warning);

  const attachments = [
    ...options.attachments,
    ...decodeAttachments(t.attachments, '/template/attachments'),
  ];
  const layoutOptions: LayoutOptions = {
    ...options,
    attachments,
    pdfa: t.config?.embedColorProfile === false ? false : options.pdfa,
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
  return { document, warnings: [...warnings, ...result.warnings] };
}
