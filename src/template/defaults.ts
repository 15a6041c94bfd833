/**
 * How a template looks where it says nothing: the layout conventions of the reference service,
 * so a template moved from it keeps its look. Page margins 20/20/28/25 mm; body text 12 pt
 * #111827 at line height 1.35 in the template's family (Liberation Sans by default); paragraphs
 * 2 mm apart, rows 4 mm apart; headings 3 mm above what follows, line height 1.12, kept with it;
 * key-value labels semi-bold #374151 4 mm before the value; data tables full width with 2 x 2.4
 * mm cell padding, a bold #374151 header on #f3f4f6 over a #d1d5db rule and #e5e7eb rules
 * between body rows; footers 8 pt #6b7280 centred in the bottom margin; page numbers "N / M" in
 * 8 pt #9ca3af.
 */

export const DEFAULT_MARGINS_MM = { top: 20, right: 20, bottom: 28, left: 25 } as const;

export const DEFAULT_FAMILY = 'Liberation Sans';

/** Page numbers: 8 pt at line height 1.2, so their line is 9.6 pt tall. */
const PAGE_NUMBER_SIZE_PT = 8;
const PAGE_NUMBER_LINE_HEIGHT = 1.2;
export const PAGE_NUMBER_LINE_MM = (PAGE_NUMBER_SIZE_PT * PAGE_NUMBER_LINE_HEIGHT * 25.4) / 72;

/** The body document's style sheet; template and block settings are written after it. */
export const BASE_CSS = `
body { margin: 0; font-family: "${DEFAULT_FAMILY}", sans-serif; font-size: 12pt; line-height: 1.35; color: #111827; }
.tpl-row { margin: 0 0 4mm 0; }
.tpl-row:last-child { margin-bottom: 0; }
.tpl-keep { break-after: avoid; }
.tpl-flex { display: flex; flex-direction: row; gap: 6mm; align-items: flex-start; }
.tpl-cell { min-width: 0; }
.tpl-cell > :first-child, .tpl-row > :first-child { margin-top: 0; }
.tpl-cell > :last-child, .tpl-row > :last-child { margin-bottom: 0; }
p { margin: 0 0 2mm 0; }
h1, h2, h3, h4, h5, h6 { margin: 0 0 3mm 0; line-height: 1.12; font-weight: 700; break-after: avoid; }
h1 { font-size: 2em; } h2 { font-size: 1.5em; } h3 { font-size: 1.25em; } h4 { font-size: 1.1em; } h5, h6 { font-size: 1em; }
ul, ol { margin: 0 0 2mm 0; padding-left: 6mm; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 2mm 2.4mm; vertical-align: top; text-align: left; }
tr { break-inside: avoid; }
thead { display: table-header-group; }
.tpl-table thead th { font-weight: 700; color: #374151; background: #f3f4f6; border-bottom: 0.75pt solid #d1d5db; }
.tpl-table tbody td, .tpl-table tbody th { border-bottom: 0.5pt solid #e5e7eb; }
.tpl-striped tbody tr:nth-child(even) td, .tpl-striped tbody tr:nth-child(even) th { background: #f9fafb; }
.tpl-bordered th, .tpl-bordered td, .tpl-bordered thead th, .tpl-bordered tbody td, .tpl-bordered tbody th { border: 0.5pt solid #d1d5db; }
.tpl-minimal thead th { background: transparent; }
.tpl-kv { width: auto; }
.tpl-kv th, .tpl-kv td { padding: 0.75mm 0; border: none; }
.tpl-kv th { font-weight: 600; color: #374151; padding-right: 4mm; }
.tpl-image img { display: block; }
.tpl-barcode img { display: block; }
`;

/** Footer rows: small, grey and centred unless their blocks say otherwise. */
export const FOOTER_CSS = 'body { font-size: 8pt; color: #6b7280; text-align: center; }';

/** Default colour of divider blocks. */
export const DIVIDER_COLOR = '#d1d5db';

/** The @page margin-box rule of page numbers; `content` is the label (see page-labels.ts). */
export function pageNumberRule(
  position: 'left' | 'center' | 'right' | undefined,
  content: string,
  familyCss: string,
): string {
  const box =
    position === 'left' ? 'bottom-left' : position === 'center' ? 'bottom-center' : 'bottom-right';
  return `@${box} { content: ${content}; font-family: ${familyCss}; font-size: ${PAGE_NUMBER_SIZE_PT}pt; line-height: ${PAGE_NUMBER_LINE_HEIGHT}; color: #9ca3af; }`;
}
