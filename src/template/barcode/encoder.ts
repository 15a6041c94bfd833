/**
 * Encoding with bwip-js (Barcode Writer in Pure PostScript): the modules or bars of a symbol,
 * drawn by svg.ts as an SVG data: URI the HTML engine lays out like any image.
 */
import type BwipJs from 'bwip-js';
import { symbolSvg, type EncodedSymbol } from './svg.js';
import { SYMBOLOGY_INFO, type Symbology } from './symbologies.js';

/**
 * bwip-js (about 2 MB of source, much more once compiled) is loaded by the first template that
 * draws a barcode, not by every worker at start-up; the HTML stage stays synchronous, so the
 * caller awaits this first.
 */
let bwipjs: typeof BwipJs | null = null;
let bwipLoading: Promise<typeof BwipJs> | null = null;

export async function loadBarcodeEncoder(): Promise<void> {
  bwipjs ??= await (bwipLoading ??= import('bwip-js').then((m) => m.default));
}

/** Why bwip-js refused the data, without its internal error code prefix. */
export class EncodingError extends Error {
  override readonly name = 'EncodingError';
}

function encode(symbology: Symbology, data: string): EncodedSymbol {
  // A programming error, not the caller's content.
  if (bwipjs === null) throw new Error('the barcode encoder is not loaded (loadBarcodeEncoder)');
  const info = SYMBOLOGY_INFO[symbology];
  let raw;
  try {
    raw = bwipjs.raw({ bcid: info.bcid, text: data, ...info.options });
  } catch (err) {
    const message = String((err as Error)?.message ?? err);
    throw new EncodingError(message.replace(/^bwipp\.\w+#\d+:\s*/, '').replace(/^\w+:\s*/, ''));
  }
  const [first] = raw;
  if ('pixs' in first) {
    const rows = first.pixs.length / first.pixx;
    // Row height in module widths from the symbol's drawn proportions (3 for PDF417).
    const rowHeight = first.width > 0 ? ((first.height / first.width) * first.pixx) / rows : 1;
    return { kind: 'grid', columns: first.pixx, modules: first.pixs, rowHeight };
  }
  return { kind: 'bars', widths: first.sbs, heights: first.bhs, lifts: first.bbs };
}

/**
 * Drawn symbols as data: URIs, by symbology and data. Encoding a QR code costs about as much as
 * laying out a whole invoice, and services render the same codes (payment references, links)
 * again and again. Bounded: the oldest entries go first, and long data is not kept.
 */
const CACHE_ENTRIES = 256;
const MAX_CACHED_DATA = 2048;
const cache = new Map<string, DrawnBarcode>();

export interface DrawnBarcode {
  readonly src: string;
  /** Bars: the symbol's width in modules (its drawn width follows the module width). */
  readonly modules?: number;
}

/** The symbol as an SVG data: URI; throws EncodingError when the symbology refuses the data. */
export function drawBarcode(symbology: Symbology, data: string): DrawnBarcode {
  const key = `${symbology}\u0000${data}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const symbol = encode(symbology, data);
  const svg = symbolSvg(symbol, { swissCross: symbology === 'swiss-qr' });
  const drawn: DrawnBarcode = {
    src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    ...(symbol.kind === 'bars' ? { modules: symbol.widths.reduce((a, b) => a + b, 0) } : {}),
  };
  if (data.length <= MAX_CACHED_DATA) {
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, drawn);
  }
  return drawn;
}
