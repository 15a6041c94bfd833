/**
 * JSON templates (version 2) through the HTML engine: validate the request, turn the template
 * into HTML, then lay it out exactly like any HTML document. Template-specific settings
 * (title fallback, embedColorProfile, attachments) are applied to the layout options here.
 */
import { decodeAttachments } from '../attachments.js';
import { InputError, type Warning } from '../diagnostics.js';
import { layoutHtml } from '../layout/index.js';
import type { LayoutOptions, LayoutResult } from '../layout/options.js';
import { bundledFamily } from '../text/bundled.js';
import {
  applyFurniture,
  layoutFurniture,
  loadBackground,
  pageBoxMm,
  reservedMm,
} from './furniture.js';
import { loadBarcodeEncoder, templateToHtml } from './to-html.js';
import { allBlocks, validateTemplate } from './validate.js';
import type { TemplateLimits } from './types.js';

export { templateSchema } from './schema.js';
export { assertNesting, validateTemplate } from './validate.js';
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
  const { template: t, data: overrides } = validateTemplate(template, data, isKnownFamily, limits);
  const warnings: Warning[] = [];

  let title = t.config?.title?.trim();
  if (!title) {
    const heading = allBlocks(t).find((r) => r.block.type === 'heading');
    const override =
      heading?.block.id != null
        ? (overrides.get(heading.block.id) as { text?: string } | undefined)?.text
        : undefined;
    title = (override ?? (heading?.block.type === 'heading' ? heading.block.text : ''))?.trim();
    if (!title) {
      throw new InputError(
        'the document needs a title: set config.title or start with a heading block',
        [
          {
            pointer: '/template/config/title',
            message: 'is required when the template has no heading',
          },
        ],
      );
    }
    warnings.push({
      code: 'template.title-from-heading',
      message: `config.title is missing; the first heading '${title}' is used as the document title`,
      source: heading?.pointer,
    });
  }

  const attachments = [
    ...options.attachments,
    ...decodeAttachments(t.attachments, '/template/attachments'),
  ];
  const layoutOptions: LayoutOptions = {
    ...options,
    attachments,
    pdfa: t.config?.embedColorProfile === false ? false : options.pdfa,
  };

  if (allBlocks(t).some((r) => r.block.type === 'barcode')) await loadBarcodeEncoder();

  // Furniture first: its height is reserved in the body's margins before the body is paginated.
  const page = t.config?.page;
  const box = pageBoxMm(page);
  const draft = templateToHtml(t, overrides, title);
  const header = draft.headerHtml
    ? await layoutFurniture(draft.headerHtml, box, layoutOptions)
    : undefined;
  const footer = draft.footerHtml
    ? await layoutFurniture(draft.footerHtml, box, layoutOptions)
    : undefined;
  const background = await loadBackground(t, layoutOptions);
  const reserve = {
    top: header ? reservedMm(header.height) : 0,
    bottom: footer ? reservedMm(footer.height) : 0,
  };
  const { html } = header || footer ? templateToHtml(t, overrides, title, reserve) : draft;

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
      ...(footer ? { footer: { ...footer, repeat: page?.footer?.repeat !== false } } : {}),
      ...(background ? { background } : {}),
    },
    box,
  );
  return { document, warnings: [...warnings, ...result.warnings] };
}
