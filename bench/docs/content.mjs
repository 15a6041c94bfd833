// The benchmark documents as plain content (headings, paragraphs, lists, tables, images), so
// every engine gets the same text in its own input format (HTML, pdfkit calls, a pdfmake
// document definition, a react-pdf element tree). Text is generated deterministically.

/**
 * @typedef {{ t: 'h', level: number, text: string }
 *   | { t: 'p', text: string, small?: boolean }
 *   | { t: 'list', ordered: boolean, items: string[] }
 *   | { t: 'table', head: string[], rows: string[][], widths: number[], numeric: boolean[], caption?: string }
 *   | { t: 'img', alt: string, width: number, height: number, caption: string }
 * } Block
 * @typedef {{ name: string, title: string, lang: string, blocks: Block[] }} Doc
 */

const LEXICON = (
  'the quarterly review shows steady growth in accessible document output across every region ' +
  'while tagged structure reading order and alternative text remain the areas where teams ask ' +
  'for guidance most often and where automated checks catch the majority of defects before ' +
  'release our customers rely on archival formats for invoices statements contracts and reports ' +
  'that must stay readable for decades with embedded fonts colour profiles and metadata'
).split(' ');

/** A sentence-like string of n words, varied by seed. */
export function words(seed, n) {
  const out = [];
  for (let i = 0; i < n; i++)
    out.push(LEXICON[(seed * 17 + i * 7 + ((seed >> 3) % 5)) % LEXICON.length]);
  const s = out.join(' ');
  return s[0].toUpperCase() + s.slice(1) + '.';
}

export function paragraph(seed, sentences = 4) {
  const parts = [];
  for (let i = 0; i < sentences; i++) parts.push(words(seed * 11 + i, 14 + ((seed + i) % 9)));
  return parts.join(' ');
}

const money = (cents) =>
  (cents / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** @returns {Doc} one-page invoice with a 12-line items table and totals. */
export function invoice() {
  const items = [
    'Laboratory glassware set, borosilicate',
    'Digital pipette, 10 to 100 microlitres',
    'Nitrile gloves, box of 200',
    'Calibration service on site',
    'Centrifuge tubes, pack of 500',
    'Safety goggles, anti-fog',
    'Magnetic stirrer with hot plate',
    'pH buffer solutions, set of three',
    'Analytical balance service contract',
    'Sample storage boxes, cardboard',
    'Lab coat, size M',
    'Shipping and handling',
  ];
  let subtotal = 0;
  const rows = items.map((d, i) => {
    const qty = 1 + ((i * 7) % 12);
    const unit = 450 + ((i * 3917) % 25000);
    subtotal += qty * unit;
    return [String(i + 1), d, String(qty), money(unit), money(qty * unit)];
  });
  const vat = Math.round(subtotal * 0.2);
  return {
    name: 'invoice',
    title: 'Invoice INV-2026-0147',
    lang: 'en',
    blocks: [
      { t: 'h', level: 1, text: 'Invoice INV-2026-0147' },
      {
        t: 'p',
        text: 'Northwind Traders Ltd, 88 Market Street, Leeds LS1 6DT, VAT GB 123 4567 89',
      },
      { t: 'p', text: 'Billed to: Contoso Pharmaceuticals, 12 Harbour Road, Bristol BS1 4ST' },
      {
        t: 'table',
        head: ['Invoice date', 'Due date', 'Customer no.', 'Order'],
        rows: [['14 March 2026', '13 April 2026', 'C-1187', 'PO-88213']],
        widths: [1, 1, 1, 1],
        numeric: [false, false, false, false],
      },
      {
        t: 'table',
        head: ['#', 'Description', 'Qty', 'Unit price', 'Amount'],
        rows: [
          ...rows,
          ['', 'Subtotal', '', '', money(subtotal)],
          ['', 'VAT 20%', '', '', money(vat)],
          ['', 'Total due (GBP)', '', '', money(subtotal + vat)],
        ],
        widths: [0.4, 4, 0.8, 1.3, 1.3],
        numeric: [false, false, true, true, true],
      },
      {
        t: 'p',
        text: 'Please pay by bank transfer to sort code 20-00-00, account 12345678, quoting the invoice number. Payment is due within 30 days.',
      },
      {
        t: 'p',
        small: true,
        text: 'Questions about this invoice? Write to accounts@northwind.example.',
      },
    ],
  };
}

function table40(seed, caption) {
  const rows = [];
  for (let r = 0; r < 40; r++) {
    const a = 1000 + ((seed * 131 + r * 977) % 90000);
    const b = 500 + ((seed * 71 + r * 353) % 40000);
    rows.push([
      `Region ${String.fromCharCode(65 + (r % 26))}${Math.floor(r / 26) + 1}`,
      words(seed + r, 3).slice(0, -1),
      money(a),
      money(b),
      `${((100 * (a - b)) / a).toFixed(1)}%`,
    ]);
  }
  return {
    t: 'table',
    caption,
    head: ['Region', 'Segment', 'Revenue', 'Cost', 'Margin'],
    rows,
    widths: [1, 2.2, 1.2, 1.2, 0.8],
    numeric: [false, false, true, true, true],
  };
}

/**
 * @param {number} sections about one A4 page of text each
 * @param {string} name
 * @returns {Doc} report: headings, paragraphs, lists, two 40-row tables and an image.
 */
export function report(sections, name = `report-${sections}`, { figures = true } = {}) {
  /** @type {Block[]} */
  const blocks = [
    { t: 'h', level: 1, text: 'Annual Accessibility Report' },
    { t: 'p', text: paragraph(1, 3) },
  ];
  for (let s = 0; s < sections; s++) {
    blocks.push({ t: 'h', level: 2, text: `${s + 1}. ${words(s + 40, 4).slice(0, -1)}` });
    blocks.push({ t: 'p', text: paragraph(s * 5 + 2) });
    blocks.push({ t: 'p', text: paragraph(s * 5 + 3, 5) });
    blocks.push({ t: 'h', level: 3, text: `${s + 1}.1 Findings` });
    blocks.push({
      t: 'list',
      ordered: s % 2 === 1,
      items: [0, 1, 2, 3, 4].map((i) => words(s * 9 + i, 10 + i)),
    });
    blocks.push({ t: 'p', text: paragraph(s * 5 + 4, 5) });
    blocks.push({ t: 'p', text: paragraph(s * 5 + 5, 6) });
    blocks.push({ t: 'p', text: paragraph(s * 5 + 6, 5) });
    if (!figures) continue;
    if (s === 1) blocks.push(table40(7, 'Table 1. Revenue by region, first half'));
    if (s === 2)
      blocks.push({
        t: 'img',
        alt: 'Bar chart of tagged documents per month, rising from 40 to 95 percent',
        width: 480,
        height: 240,
        caption: 'Figure 1. Share of tagged documents per month',
      });
    if (s === Math.min(sections - 1, 5))
      blocks.push(table40(13, 'Table 2. Revenue by region, second half'));
  }
  return { name, title: `Annual Accessibility Report (${sections} sections)`, lang: 'en', blocks };
}

/** @returns {Doc} bank statement with 500 transaction rows. */
export function statement(rowsCount = 500) {
  const rows = [];
  let balance = 1_250_000;
  for (let i = 0; i < rowsCount; i++) {
    const debit = i % 3 === 0 ? 0 : 500 + ((i * 7919) % 48000);
    const credit = i % 3 === 0 ? 10_000 + ((i * 104729) % 200_000) : 0;
    balance += credit - debit;
    const day = 1 + (i % 28);
    const month = 1 + Math.floor(i / 42);
    rows.push([
      `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      `TX${String(100000 + i * 37)}`,
      words(i, 4).slice(0, -1),
      debit ? money(debit) : '',
      credit ? money(credit) : '',
      money(balance),
    ]);
  }
  return {
    name: `statement-${rowsCount}`,
    title: 'Account statement 2026',
    lang: 'en',
    blocks: [
      { t: 'h', level: 1, text: 'Account statement 2026' },
      {
        t: 'p',
        text: 'Account holder: Contoso Pharmaceuticals. Account 12345678, sort code 20-00-00.',
      },
      {
        t: 'table',
        head: ['Date', 'Reference', 'Description', 'Debit', 'Credit', 'Balance'],
        rows,
        widths: [1.1, 1.1, 2.6, 1, 1, 1.2],
        numeric: [false, false, false, true, true, true],
      },
    ],
  };
}

/** The suite's documents by name. Report sizes are in sections of roughly one page each. */
export const DOCS = {
  invoice: () => invoice(),
  'report-10': () => report(8, 'report-10'),
  'report-100': () => report(118, 'report-100'),
  'statement-500': () => statement(500),
};
