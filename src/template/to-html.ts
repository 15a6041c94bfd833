/**
 * A validated template as an HTML document for the HTML engine, so templates and HTML share
 * one cascade, layout, tagging and writer. Every caller string is escaped; block semantics
 * map to the elements whose structure types PDF/UA expects (h1-h6, table with th scope, ul/ol,
 * img with alt).
 */
import type BwipJs from 'bwip-js';
import { InputError } from '../diagnostics.js';
import { pageBoxMm } from './furniture.js';
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

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** CSS string literal (for content: and font-family). */
const cssString = (s: string) =>
  `"${s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[\n\r\f]/g, ' ')}"`;

/** POSIX (de_DE, en_US.UTF-8) or BCP 47 input to a canonical BCP 47 tag. */
export function normalizeLocale(raw: string): string {
  const cleaned = raw.split('.')[0].split('@')[0].replace(/_/g, '-');
  try {
    const [canonical] = Intl.getCanonicalLocales(cleaned);
    if (canonical) return canonical;
  } catch {
    // fall through to the error below
  }
  throw new InputError(`'${raw}' is not a valid locale`, [
    {
      pointer: '/template/config/page/locale',
      message: 'must be a BCP 47 tag such as de-DE (or POSIX de_DE)',
    },
  ]);
}

/** "Page X of Y" in the document's language; English when the language is not known. */
const PAGE_LABELS: Record<string, [string, string]> = {
  en: ['Page ', ' of '],
  de: ['Seite ', ' von '],
  fr: ['Page ', ' sur '],
  es: ['Página ', ' de '],
  it: ['Pagina ', ' di '],
  pt: ['Página ', ' de '],
  nl: ['Pagina ', ' van '],
  sv: ['Sida ', ' av '],
  da: ['Side ', ' af '],
  nb: ['Side ', ' av '],
  no: ['Side ', ' av '],
  fi: ['Sivu ', ' / '],
  pl: ['Strona ', ' z '],
  cs: ['Strana ', ' z '],
  sk: ['Strana ', ' z '],
  hu: ['', '. oldal / '],
  ro: ['Pagina ', ' din '],
  tr: ['Sayfa ', ' / '],
  el: ['Σελίδα ', ' από '],
  ru: ['Страница ', ' из '],
  uk: ['Сторінка ', ' з '],
  ar: ['صفحة ', ' من '],
  he: ['עמוד ', ' מתוך '],
  ja: ['', ' / '],
  zh: ['第 ', ' 页，共 '],
};

export function pageLabelContent(locale: string): string {
  const lang = locale.split('-')[0].toLowerCase();
  const [before, between] = PAGE_LABELS[lang] ?? PAGE_LABELS.en;
  const after = lang === 'zh' ? ' 页' : lang === 'hu' ? '' : '';
  return `${cssString(before)} counter(page) ${cssString(between)} counter(pages)${after ? ' ' + cssString(after) : ''}`;
}

const PAGE_FORMATS = new Set(['A3', 'A4', 'A5', 'A6', 'Letter', 'Legal', 'Tabloid']);

function pageSizeCss(template: Template): string {
  const size = template.config?.page?.size;
  if (!size) return 'A4';
  if ('format' in size) {
    if (!PAGE_FORMATS.has(size.format)) return 'A4';
    return `${size.format} ${size.orientation ?? 'portrait'}`;
  }
  return `${size.width}mm ${size.height}mm`;
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
  const cls = `tpl-table tpl-${block.style ?? 'minimal'}`;
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

const BWIP_NAMES: Record<BarcodeBlock['symbology'], string> = {
  qr: 'qrcode',
  code128: 'code128',
  ean13: 'ean13',
  ean8: 'ean8',
  upca: 'upca',
  code39: 'code39',
  datamatrix: 'datamatrix',
  pdf417: 'pdf417',
  itf14: 'itf14',
};

const SYMBOLOGY_LABELS: Record<BarcodeBlock['symbology'], string> = {
  qr: 'QR code',
  code128: 'Code 128 barcode',
  ean13: 'EAN-13 barcode',
  ean8: 'EAN-8 barcode',
  upca: 'UPC-A barcode',
  code39: 'Code 39 barcode',
  datamatrix: 'Data Matrix code',
  pdf417: 'PDF417 barcode',
  itf14: 'ITF-14 barcode',
};

/**
 * bwip-js (about 2 MB of source, much more once compiled) is loaded by the first template that
 * draws a barcode, not by every worker at start-up; templateToHtml stays synchronous, so the
 * caller awaits this first (layoutTemplate does when the template has a barcode block).
 */
let bwipjs: typeof BwipJs | null = null;
let bwipLoading: Promise<typeof BwipJs> | null = null;

export async function loadBarcodeEncoder(): Promise<void> {
  bwipjs ??= await (bwipLoading ??= import('bwip-js').then((m) => m.default));
}

/**
 * Encoded barcodes as data: URIs, by symbology and content. Encoding a QR code costs about as
 * much as laying out a whole invoice, and services render the same codes (payment references,
 * links) again and again. Bounded: the oldest entries go first.
 */
const BARCODE_CACHE_ENTRIES = 256;
const barcodeCache = new Map<string, string>();

function barcodeDataUri(
  encoder: typeof BwipJs,
  symbology: BarcodeBlock['symbology'],
  content: string,
): string {
  const key = `${symbology}\u0000${content}`;
  const hit = barcodeCache.get(key);
  if (hit !== undefined) return hit;
  const svg = encoder.toSVG({
    bcid: BWIP_NAMES[symbology],
    text: content,
    scale: 1,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  });
  const uri = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  // Only short contents are kept, so the cache stays small whatever callers send.
  if (content.length <= 2048) {
    if (barcodeCache.size >= BARCODE_CACHE_ENTRIES) {
      barcodeCache.delete(barcodeCache.keys().next().value as string);
    }
    barcodeCache.set(key, uri);
  }
  return uri;
}

function barcodeHtml(block: BarcodeBlock, ctx: HtmlContext, pointer: string): string {
  const content = overrideOf<{ content?: string }>(block, ctx)?.content ?? block.content;
  // A programming error, not the caller's content: not turned into an InputError below.
  if (bwipjs === null) throw new Error('the barcode encoder is not loaded (loadBarcodeEncoder)');
  let src: string;
  try {
    src = barcodeDataUri(bwipjs, block.symbology, content);
  } catch (err) {
    throw new InputError(`the ${block.symbology} barcode cannot encode this content`, [
      {
        pointer: `${pointer}/content`,
        message: String((err as Error).message ?? err).replace(/^\w+:\s*/, ''),
      },
    ]);
  }
  const alt = block.alt ?? `${SYMBOLOGY_LABELS[block.symbology]}: ${content}`;
  const twoD = block.symbology === 'qr' || block.symbology === 'datamatrix';
  const height = block.height ?? (twoD ? '30mm' : '15mm');
  return `<div class="tpl-barcode"${blockStyle(block.config)}><img src="${src}" alt="${escapeHtml(alt)}" style="height:${escapeHtml(height)}${twoD ? `;width:${escapeHtml(height)}` : ''}"></div>`;
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
      const src = o?.src ?? block.src;
      const alt = o?.alt ?? block.alt;
      const maxHeight = block.maxHeight ? `max-height:${escapeHtml(block.maxHeight)};` : '';
      return `<div class="tpl-image"${style}><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" style="${maxHeight}max-width:100%"></div>`;
    }
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}${style}>${block.items.map((i) => `<li>${textHtml(i)}</li>`).join('')}</${tag}>`;
    }
    case 'divider': {
      const kind = block.style ?? 'solid';
      const thickness = block.thickness ?? 0.75;
      const color = (block.lineColor ?? '#999999').replace(/[;{}<>"]/g, '');
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
          ? `<div class="tpl-row"><div style="${align}">${inner}</div></div>`
          : `<div class="tpl-row">${inner}</div>`;
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
      return `<div class="tpl-row tpl-flex">${cells}</div>`;
    })
    .join('\n');
}

const BASE_CSS = `
body { margin: 0; font-family: "Liberation Sans", sans-serif; font-size: 10pt; line-height: 1.35; color: #1a1a1a; }
.tpl-row { margin: 0 0 3mm 0; }
.tpl-flex { display: flex; flex-direction: row; gap: 6mm; align-items: flex-start; }
.tpl-cell { min-width: 0; }
.tpl-cell > :first-child, .tpl-row > :first-child { margin-top: 0; }
.tpl-cell > :last-child, .tpl-row > :last-child { margin-bottom: 0; }
p { margin: 0 0 2mm 0; }
h1 { font-size: 20pt; margin: 0 0 4mm 0; } h2 { font-size: 15pt; margin: 0 0 3mm 0; } h3 { font-size: 12.5pt; margin: 0 0 2mm 0; }
h4, h5, h6 { font-size: 11pt; margin: 0 0 2mm 0; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 1.2mm 2mm; vertical-align: top; text-align: left; }
tr { break-inside: avoid; }
thead { display: table-header-group; }
.tpl-table thead th { border-bottom: 1pt solid #444; font-weight: 700; }
.tpl-striped tbody tr:nth-child(even) td, .tpl-striped tbody tr:nth-child(even) th { background: #f2f4f7; }
.tpl-bordered th, .tpl-bordered td { border: 0.5pt solid #888; }
.tpl-minimal tbody td, .tpl-minimal tbody th { border-bottom: 0.25pt solid #ddd; }
.tpl-kv { width: auto; }
.tpl-kv th { font-weight: 700; padding-left: 0; }
.tpl-kv td { padding-left: 2mm; }
.tpl-image img { display: block; }
`;

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
  template: Template,
  data: ReadonlyMap<string, unknown>,
  title: string | undefined,
  reserve: Reserve = { top: 0, bottom: 0 },
): TemplateHtml {
  const page = template.config?.page;
  const lang = page?.locale ? normalizeLocale(page.locale) : 'en';
  const ctx: HtmlContext = {
    locale: lang,
    data,
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
    const where =
      page.pageNumbers.position === 'left'
        ? 'bottom-left'
        : page.pageNumbers.position === 'center'
          ? 'bottom-center'
          : 'bottom-right';
    // At the foot of the bottom margin, below a footer when there is one.
    const family = template.config?.typography?.family;
    const font = family
      ? `font-family: ${familyCss(family)}; `
      : 'font-family: "Liberation Sans", sans-serif; ';
    pageRules.push(
      `@${where} { content: ${pageLabelContent(lang)}; ${font}font-size: 8pt; color: #555; vertical-align: bottom; }`,
    );
  }
  const body = documentHtml(
    lang,
    title,
    [...shared, `@page { ${pageRules.join('; ')} }`],
    `<main>${rowsHtml(template.rows, ctx, '/template/rows')}</main>`,
  );

  const fragment = (rows: readonly Row[] | undefined, pointer: string) =>
    rows?.length
      ? documentHtml(
          lang,
          title,
          [...shared, 'html, body { margin: 0; padding: 0; background: transparent; }'],
          rowsHtml(rows, ctx, pointer),
        )
      : undefined;
  const headerHtml = fragment(page?.header?.rows, '/template/config/page/header/rows');
  const footerHtml = fragment(page?.footer?.rows, '/template/config/page/footer/rows');
  return {
    html: body,
    lang,
    ...(headerHtml ? { headerHtml } : {}),
    ...(footerHtml ? { footerHtml } : {}),
  };
}
