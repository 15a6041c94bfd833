/**
 * Warms a worker thread before it takes work: renders documents that use what real requests
 * use (text in the default families, regular and bold, a justified and hyphenated serif
 * paragraph, a data table, lists, links, an inline SVG chart, a raster image, a flex header, a
 * JSON template with key-value blocks, a table and a QR code), validates the first round's, and
 * goes on round after round until a round is about as fast as the one before or the time budget
 * is spent. A first request then finds its code compiled (V8 tiers a function
 * up only after it has run for a while), its fonts parsed and its caches filled, instead of
 * paying several times the steady latency.
 *
 * Each round varies its text and numbers, so caches keyed by content (shaping, barcodes, style
 * engines for identical sheets) do not turn later rounds into cache hits that warm nothing.
 * The sheet has one value the engine does not draw (a gradient interpolated in Oklab), as real
 * sheets do: telling such a value from an invalid one builds css-tree's lexer, which a first
 * request should not pay.
 */
import { render, validate, type RenderInput } from '../index.js';

/** A 4x4 PNG (RGB gradient): decoded like any logo or photo in a document. */
const PNG_4X4 =
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPUlEQVR4nGNgaPgv0PBeoeG+QcN5BoeG/QEN6xMa5hc09DM0NNRPaMhf0BC/ocGf4UCD/YUG/QcN8h8a+AFtwhfxLYKkKgAAAABJRU5ErkJggg==';

function htmlDocument(round: number): string {
  const rows = Array.from({ length: 12 }, (_, i) => {
    const qty = ((i * 7 + round) % 9) + 1;
    const price = (12.5 + i * 3.25 + round).toFixed(2);
    return `<tr><td>${i + 1}</td><td>Service item ${i + round} — consulting, “analysis”</td><td class="n">${qty}</td><td class="n">€${price}</td></tr>`;
  }).join('');
  const bars = [3, 7, 5, 9, 4]
    .map(
      (h, i) =>
        `<rect x="${i * 12}" y="${40 - h * 4}" width="10" height="${h * 4}" fill="#3b82f6"/>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Warm-up ${round}</title>
<style>
  @page { size: A4; margin: 20mm; @bottom-center { content: counter(page) " / " counter(pages) } }
  body { font-family: sans-serif; font-size: 10pt; line-height: 1.4; color: #111827 }
  header { display: flex; justify-content: space-between; align-items: center }
  h1 { font-size: 18pt; margin: 0 } h2 { font-family: serif; break-after: avoid }
  blockquote { font-family: serif; text-align: justify; hyphens: auto }
  table { width: 100%; border-collapse: collapse } th { background: #f3f4f6; text-align: left }
  td, th { border-bottom: 1px solid #e5e7eb; padding: 2mm } td.n { text-align: right }
  code { font-family: monospace } .note { border: 1pt solid #d1d5db; border-radius: 4pt; padding: 3mm }
  .note { background-image: image-set(linear-gradient(#ffffff, #f3f4f6) 1x) }
</style></head><body>
<header><h1>Invoice ${1000 + round}</h1><img src="data:image/png;base64,${PNG_4X4}" alt="Company logo" width="32" height="32"></header>
<p>Dear customer, thank you for your order no. <strong>${4711 + round}</strong> of ${round + 1} March.
Please find the <em>details</em> below and pay by <a href="https://example.org/pay/${round}">bank transfer</a>.</p>
<ul><li>Delivery: within 14 days</li><li>Reference: <code>INV-${round}</code></li></ul>
<table><thead><tr><th>#</th><th>Description</th><th>Qty</th><th>Price</th></tr></thead><tbody>${rows}</tbody></table>
<h2>Volume by month</h2>
<svg width="60" height="40" role="img" aria-label="Bar chart of volume by month">${bars}</svg>
<p class="note">Hyphenation and justification: internationalisation, accessibility, documentation.</p>
<blockquote>Terms: payment is due within thirty days; late payments accrue interest at ${2 + (round % 3)}% a month.</blockquote>
</body></html>`;
}

function templateDocument(round: number): RenderInput {
  return {
    kind: 'template',
    template: {
      version: 2,
      config: { title: `Statement ${round}` },
      rows: [
        { blocks: [{ type: 'heading', text: 'Statement', level: 1 }] },
        {
          blocks: [
            {
              type: 'key-value',
              id: 'summary',
              fields: [
                { key: 'name', label: 'Customer' },
                { key: 'total', label: 'Total' },
              ],
            },
          ],
        },
        {
          blocks: [
            {
              type: 'table',
              id: 'lines',
              columns: [
                { key: 'item', label: 'Item' },
                { key: 'amount', label: 'Amount', align: 'right' },
              ],
            },
          ],
        },
        {
          blocks: [
            { type: 'barcode', symbology: 'qr', content: `STATEMENT-${round}`, alt: 'Reference' },
          ],
        },
      ],
    },
    data: {
      summary: { name: `Customer ${round}`, total: `${(99.5 + round).toFixed(2)} EUR` },
      lines: Array.from({ length: 6 }, (_, i) => ({ item: `Line ${i + round}`, amount: i * 3 })),
    },
  };
}

/** The documents of round `n`: an HTML invoice and a JSON template. */
export function warmUpInputs(n: number): RenderInput[] {
  return [{ kind: 'html', html: htmlDocument(n) }, templateDocument(n)];
}

/**
 * One round: its documents rendered, and in the first round validated. The first pass compiles
 * the validator's code; a second one cost about 60 ms of every worker's start (a sixth of its
 * warm-up), on the cores the other workers warm on. Round 1 is thus lighter than round 0, and
 * the settling check compares like with like from round 2 on.
 */
async function round(n: number): Promise<void> {
  for (const input of warmUpInputs(n)) {
    const { pdf } = await render(input);
    if (n === 0) validate(pdf);
  }
}

export interface WarmUpResult {
  readonly rounds: number;
  readonly ms: number;
  /** Duration of the last round, ms. */
  readonly lastRoundMs: number;
}

/**
 * Runs rounds until one is within `settle` of the previous one (at least `minRounds`), or
 * `budgetMs` has passed. Never throws: a failed warm-up leaves the worker to warm on real work.
 */
export async function warmUpWorker(
  budgetMs: number,
  // Two rounds: measured on a fresh thread, the first render of documents unlike the samples
  // (gallery documents, the benchmark invoice) is no faster after four or eight rounds than
  // after two, while each further round delays readiness by its whole length.
  { minRounds = 2, settle = 1.15 }: { minRounds?: number; settle?: number } = {},
): Promise<WarmUpResult> {
  const started = performance.now();
  let previous = Infinity;
  let last = 0;
  let rounds = 0;
  try {
    while (performance.now() - started < budgetMs) {
      const t = performance.now();
      await round(rounds);
      last = performance.now() - t;
      rounds++;
      if (rounds >= minRounds && last <= previous * settle) break;
      previous = last;
    }
  } catch {
    // Rendering a fixed sample failed: the real request will show why.
  }
  return { rounds, ms: performance.now() - started, lastRoundMs: last };
}
