/**
 * A validated template as an HTML document for the HTML engine, so templates and HTML share
 * one cascade, layout, tagging and writer. Every caller string is escaped; block semantics
 * map to the elements whose structure types PDF/UA expects (h1-h6, table with th scope, ul/ol,
 * img with alt).
 */
import { InputError } from '../diagnostics.js';
import { drawBarcode, EncodingError } from './barcode/encoder.js';
import type { PreparedBarcode } from './barcode/prepare.js';
import type { ValidatedTemplate } from './validate.js';
import { SYMBOLOGY_INFO } from './barcode/symbologies.js';
import { BASE_CSS, DEFAULT_FAMILY, DIVIDER_COLOR, FOOTER_CSS, pageNumberRule } from './defaults.js';
import { pageBoxMm } from './furniture.js';
import { inlineSvgSource } from './inline-svg.js';
import { cssString, escapeHtml } from './markup.js';
import { normalizeLocale, pageNumberContent } from './page-labels.js';
import type {
  BarcodeBlock,
  Block,
  BlockConfig,
  KeyValueBlock,
  Row,
  SpacingConfig,
  TableBlock,
  Template,
  TypographyConfig,
} from './types.js';

const PAGE_FORMATS = new Set(['A3', 'A4', 'A5', 'A6', 'Letter', 'Legal', 'Tabloid']);

function pageSizeCss(template: Template): string {
  const size = template.config?.page?.size;
  if (!size) return 'A4';
  if ('width' in size) return `${size.width}mm ${size.height}mm`;
  const format = size.format && PAGE_FORMATS.has(size.format) ? size.format : 'A4';
  return `${format} ${size.orientation ?? 'portrait'}`;
}

function spacingCss(
  prop: 'margin' | 'padding',
  s: SpacingConfig | undefined,
  fallbackMm: number | null,
): string {
  if (!s && fallbackMm === null) return '';
  const v = (x: number | null | undefined) =>
    x === null || x === undefined ? (fallbackMm === null ? null : `${fallbackMm}mm`) : `${x}mm`;
  const parts: string[] = [];
  for (const side of ['top', 'right', 'bottom', 'left'] as const) {
    const value = v(s?.[side]);
    if (value !== null) parts.push(`${prop}-${side}:${value}`);
  }
  return parts.join(';');
}

function familyCss(family: string): string {
  const generic = ['serif', 'sans-serif', 'monospace', 'system-ui', 'cursive', 'fantasy'];
  return generic.includes(family.toLowerCase())
    ? family.toLowerCase()
    : `${cssString(family)}, sans-serif`;
}

function typographyCss(t: TypographyConfig | undefined): string {
  if (!t) return '';
  const parts: string[] = [];
  if (t.family) parts.push(`font-family:${familyCss(t.family)}`);
  if (t.size) parts.push(`font-size:${t.size}pt`);
  if (t.weight) parts.push(`font-weight:${Number(t.weight)}`);
  if (t.align) parts.push(`text-align:${t.align}`);
  if (t.color) parts.push(`color:${t.color.replace(/[;{}<>]/g, '')}`);
  return parts.join(';');
}

function blockStyle(config: BlockConfig | undefined): string {
  const parts = [
    typographyCss(config?.typography),
    spacingCss('margin', config?.spacing, null),
  ].filter(Boolean);
  return parts.length ? ` style="${escapeHtml(parts.join(';'))}"` : '';
}

/** Text with newlines kept as line breaks. */
const textHtml = (s: string) => escapeHtml(s).replace(/\r\n|\r|\n/g, '<br>');

export interface HtmlContext {
  readonly locale: string;
  readonly data: ReadonlyMap<string, unknown>;
  /** Every barcode block, checked and encoded by validateTemplate. */
  readonly barcodes: ReadonlyMap<Block, PreparedBarcode>;
  readonly numberFormat: Intl.NumberFormat;
}

function cellText(value: unknown, ctx: HtmlContext): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return escapeHtml(ctx.numberFormat.format(value));
  if (typeof value === 'boolean') return value ? '✓' : '–';
  return textHtml(String(value));
}

function overrideOf<T>(block: Block, ctx: HtmlContext): T | undefined {
  return block.id != null ? (ctx.data.get(block.id) as T | undefined) : undefined;
}

function tableHtml(block: TableBlock, ctx: HtmlContext): string {
  const rows = overrideOf<readonly Record<string, unknown>[]>(block, ctx) ?? block.rows ?? [];
  const cls = block.style ? `tpl-table tpl-${block.style}` : 'tpl-table';
  const align = (a: string | undefined) => (a && a !== 'left' ? ` style="text-align:${a}"` : '');
  const cols = block.columns.map((c) =>
    c.width ? `<col style="width:${escapeHtml(c.width)}">` : '<col>',
  );
  const head = [
    block.numberRows ? '<th scope="col">#</th>' : '',
    ...block.columns.map((c) => `<th scope="col"${align(c.align)}>${textHtml(c.label)}</th>`),
  ].join('');
  const body = rows
    .map((row, i) => {
      const cells = block.columns
        .map((c) => `<td${align(c.align)}>${cellText(row[c.key], ctx)}</td>`)
        .join('');
      return `<tr>${block.numberRows ? `<th scope="row">${ctx.numberFormat.format(i + 1)}</th>` : ''}${cells}</tr>`;
    })
    .join('');
  const caption = block.caption ? `<caption>${textHtml(block.caption)}</caption>` : '';
  return `<table class="${cls}"${blockStyle(block.config)}>${caption}<colgroup>${block.numberRows ? '<col style="width:2.5em">' : ''}${cols.join('')}</colgroup><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

function keyValueHtml(block: KeyValueBlock, ctx: HtmlContext): string {
  const values = overrideOf<Record<string, unknown>>(block, ctx) ?? block.values ?? {};
  const width = escapeHtml(block.labelWidth ?? '30mm');
  const rows = block.fields
    .map(
      (f) =>
        `<tr><th scope="row" style="width:${width}">${textHtml(f.label)}</th><td>${cellText(values[f.key], ctx)}</td></tr>`,
    )
    .join('');
  return `<table class="tpl-kv"${blockStyle(block.config)}><tbody>${rows}</tbody></table>`;
}

function barcodeHtml(block: BarcodeBlock, ctx: HtmlContext, pointer: string): string {
  const prepared = ctx.barcodes.get(block);
  // validateTemplate prepares every barcode; a missing one is a programming error.
  if (!prepared) throw new Error(`the barcode at ${pointer} was not prepared`);
  let drawn;
  try {
    drawn = drawBarcode(prepared.symbology, prepared.data);
  } catch (err) {
    if (!(err instanceof EncodingError)) throw err;
    throw new InputError(`the ${prepared.symbology} barcode cannot encode this content`, [
      { pointer: prepared.pointer, message: err.message },
    ]);
  }
  const info = SYMBOLOGY_INFO[prepared.symbology];
  const alt = overrideOf<{ alt?: string }>(block, ctx)?.alt ?? block.alt ?? prepared.alt;
  const height = block.height ?? info.defaultHeight;
  // Bars are as wide as their modules at the symbology's bar width, and stretch to the height;
  // a grid keeps its proportions.
  const size =
    drawn.modules !== undefined
      ? `height:${height};width:${(drawn.modules * (info.moduleMm ?? 0.33)).toFixed(2)}mm;max-width:100%`
      : `height:${height};width:auto`;
  return `<div class="tpl-barcode"${blockStyle(block.config)}><img src="${drawn.src}" alt="${escapeHtml(alt)}" style="${escapeHtml(size)}"></div>`;
}

function blockHtml(block: Block, ctx: HtmlContext, pointer: string): string {
  const style = blockStyle(block.config);
  switch (block.type) {
    case 'text': {
      const text = overrideOf<{ text?: string }>(block, ctx)?.text ?? block.text;
      return `<p${style}>${textHtml(text)}</p>`;
    }
    case 'heading': {
      const text = overrideOf<{ text?: string }>(block, ctx)?.text ?? block.text;
      const level = Math.min(6, Math.max(1, block.level ?? 2));
      return `<h${level}${style}>${textHtml(text)}</h${level}>`;
    }
    case 'table':
      return tableHtml(block, ctx);
    case 'key-value':
      return keyValueHtml(block, ctx);
    case 'image': {
      const o = overrideOf<{ src?: string; alt?: string }>(block, ctx);
      const given = o?.src ?? block.src;
      // Inline SVG markup becomes a data: URI, drawn like any SVG image with the block's alt;
      // without a width of its own it fills the block's width.
      const inline = inlineSvgSource(given);
      const alt = o?.alt ?? block.alt;
      const maxHeight = block.maxHeight ? `max-height:${escapeHtml(block.maxHeight)};` : '';
      const fill = inline && !inline.sized ? 'width:100%;' : '';
      return `<div class="tpl-image"${style}><img src="${escapeHtml(inline?.src ?? given)}" alt="${escapeHtml(alt)}" style="${fill}${maxHeight}max-width:100%"></div>`;
    }
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const items = overrideOf<{ items?: readonly string[] }>(block, ctx)?.items ?? block.items;
      return `<${tag}${style}>${items.map((i) => `<li>${textHtml(i)}</li>`).join('')}</${tag}>`;
    }
    case 'divider': {
      const kind = block.style ?? 'solid';
      const thickness = block.thickness ?? 0.75;
      const color = (block.lineColor ?? DIVIDER_COLOR).replace(/[;{}<>"]/g, '');
      const line =
        kind === 'none'
          ? 'none'
          : `${kind === 'double' ? Math.max(thickness * 3, 2.25) : thickness}pt ${kind} ${color}`;
      return `<div class="tpl-divider" role="presentation" style="border-top:${line};${spacingCss('margin', block.config?.spacing, null) || 'margin:3mm 0'}"></div>`;
    }
    case 'spacer': {
      const h = typeof block.height === 'number' ? `${block.height}mm` : (block.height ?? '5mm');
      return `<div class="tpl-spacer" role="presentation" style="height:${escapeHtml(h)}"></div>`;
    }
    case 'pageBreak':
      return '<div class="tpl-break" role="presentation" style="break-after:page"></div>';
    case 'barcode':
      return barcodeHtml(block, ctx, pointer);
    case 'html': {
      const html = overrideOf<{ html?: string }>(block, ctx)?.html ?? block.html;
      return `<div class="tpl-html"${style}>${html}</div>`;
    }
  }
}

function alignCss(align: BlockConfig['align']): string {
  if (align === 'center') return 'margin-left:auto;margin-right:auto';
  if (align === 'right') return 'margin-left:auto';
  return '';
}

/** A row holding a heading stays on the page of the row after it. */
const rowClass = (row: Row) =>
  row.blocks.some((b) => b.type === 'heading') ? 'tpl-row tpl-keep' : 'tpl-row';

export function rowsHtml(rows: readonly Row[] | undefined, ctx: HtmlContext, base: string): string {
  return (rows ?? [])
    .map((row, r) => {
      if (
        row.blocks.length === 1 &&
        (row.blocks[0].type === 'pageBreak' || !row.blocks[0].config?.width)
      ) {
        const b = row.blocks[0];
        const align = alignCss(b.config?.align);
        const inner = blockHtml(b, ctx, `${base}/${r}/blocks/0`);
        return align && b.config?.width
          ? `<div class="${rowClass(row)}"><div style="${align}">${inner}</div></div>`
          : `<div class="${rowClass(row)}">${inner}</div>`;
      }
      const cells = row.blocks
        .map((b, i) => {
          const width =
            b.config?.width && b.config.width !== 'auto'
              ? `flex:0 0 ${escapeHtml(b.config.width)};width:${escapeHtml(b.config.width)}`
              : 'flex:1 1 0';
          // In a row, align places the cell itself (auto margins), and its text follows.
          const align = b.config?.align
            ? `;text-align:${b.config.align};${alignCss(b.config.align)}`
            : '';
          return `<div class="tpl-cell" style="${width}${align}">${blockHtml(b, ctx, `${base}/${r}/blocks/${i}`)}</div>`;
        })
        .join('');
      return `<div class="${rowClass(row)} tpl-flex">${cells}</div>`;
    })
    .join('\n');
}

export interface TemplateHtml {
  /** The body document. */
  readonly html: string;
  /** Header and footer as documents of their own (laid out first to reserve their height). */
  readonly headerHtml?: string;
  readonly footerHtml?: string;
  readonly lang: string;
}

/** Extra top and bottom page margin (mm) the body leaves for header and footer. */
export interface Reserve {
  readonly top: number;
  readonly bottom: number;
}

function documentHtml(
  lang: string,
  title: string | undefined,
  css: readonly string[],
  body: string,
): string {
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    (title ? `<title>${escapeHtml(title)}</title>` : '') +
    `<style>${css.join('\n')}</style></head><body>${body}</body></html>`
  );
}

/** The template as HTML: the body document, plus header and footer fragments when present. */
export function templateToHtml(
  validated: ValidatedTemplate,
  title: string | undefined,
  reserve: Reserve = { top: 0, bottom: 0 },
): TemplateHtml {
  const { template, data, barcodes } = validated;
  const page = template.config?.page;
  const lang = page?.locale ? normalizeLocale(page.locale) : 'en';
  const ctx: HtmlContext = {
    locale: lang,
    data,
    barcodes,
    numberFormat: new Intl.NumberFormat(lang, { maximumFractionDigits: 6 }),
  };
  const shared: string[] = [BASE_CSS];
  for (const [family, face] of Object.entries(template.fonts ?? {})) {
    const weights = (face.weight ?? '400').trim().split(/\s+/);
    // Two weights are a range; more are separate faces of the same file.
    const faces = weights.length === 2 ? [`${weights[0]} ${weights[1]}`] : weights;
    for (const w of faces) {
      shared.push(
        `@font-face { font-family: ${cssString(family)}; src: url(${cssString(face.src)}); font-weight: ${w}; font-style: ${face.style ?? 'normal'}; }`,
      );
    }
  }
  const typography = typographyCss(template.config?.typography);
  if (typography) shared.push(`body { ${typography} }`);

  const box = pageBoxMm(page);
  const pageRules: string[] = [
    `size: ${pageSizeCss(template)}`,
    `margin: ${box.top + reserve.top}mm ${box.right}mm ${box.bottom + reserve.bottom}mm ${box.left}mm`,
  ];
  if (page?.pageNumbers?.enabled) {
    const family = template.config?.typography?.family;
    pageRules.push(
      pageNumberRule(
        page.pageNumbers.position,
        pageNumberContent(page.pageNumbers.format, lang),
        familyCss(family || DEFAULT_FAMILY),
      ),
    );
  }
  const body = documentHtml(
    lang,
    title,
    [...shared, `@page { ${pageRules.join('; ')} }`],
    `<main>${rowsHtml(template.rows, ctx, '/template/rows')}</main>`,
  );

  const fragment = (rows: readonly Row[] | undefined, pointer: string, css: readonly string[]) =>
    rows?.length
      ? documentHtml(
          lang,
          title,
          [...shared, ...css, 'html, body { margin: 0; padding: 0; background: transparent; }'],
          rowsHtml(rows, ctx, pointer),
        )
      : undefined;
  const headerHtml = fragment(page?.header?.rows, '/template/config/page/header/rows', []);
  const footerHtml = fragment(page?.footer?.rows, '/template/config/page/footer/rows', [
    FOOTER_CSS,
  ]);
  return {
    html: body,
    lang,
    ...(headerHtml ? { headerHtml } : {}),
    ...(footerHtml ? { footerHtml } : {}),
  };
}
