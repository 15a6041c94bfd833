/** The symbologies a barcode block draws, with how bwip-js encodes them and how they are sized. */

export const SYMBOLOGIES = [
  'qr',
  'datamatrix',
  'aztec',
  'pdf417',
  'code128',
  'code39',
  'ean13',
  'ean8',
  'upca',
  'upce',
  'itf14',
  'codabar',
  'gs1-128',
  'gs1-datamatrix',
  'gs1-qr',
  'gs1-databar',
  'gs1-databar-expanded',
  'swiss-qr',
] as const;

export type Symbology = (typeof SYMBOLOGIES)[number];

export interface SymbologyInfo {
  /** bwip-js encoder name. */
  readonly bcid: string;
  /** Name for the alt text ("QR code", "EAN-13 barcode"). */
  readonly label: string;
  /** A grid of modules (drawn square or in rows) or bars. */
  readonly shape: 'matrix' | 'bars';
  /** The data is a GS1 element string, (01)09521234543213(10)ABC. */
  readonly gs1: boolean;
  /** Bars: the narrow bar width in millimetres, so the symbol's width follows its length. */
  readonly moduleMm?: number;
  /** Height when the block gives none (a CSS length). */
  readonly defaultHeight: string;
  readonly options?: Readonly<Record<string, string | number | boolean>>;
}

const matrix = (
  bcid: string,
  label: string,
  gs1 = false,
  defaultHeight = '30mm',
): SymbologyInfo => ({
  bcid,
  label,
  shape: 'matrix',
  gs1,
  defaultHeight,
});

const bars = (bcid: string, label: string, moduleMm: number, gs1 = false): SymbologyInfo => ({
  bcid,
  label,
  shape: 'bars',
  gs1,
  moduleMm,
  defaultHeight: '15mm',
});

/**
 * Narrow bar widths: 0.33 mm is the nominal X of EAN/UPC (100% magnification) and readable for
 * the other linear codes on office printers; 0.495 mm is GS1's least X for ITF-14 and GS1-128
 * on logistic labels.
 */
export const SYMBOLOGY_INFO: Readonly<Record<Symbology, SymbologyInfo>> = {
  qr: matrix('qrcode', 'QR code'),
  datamatrix: matrix('datamatrix', 'Data Matrix code'),
  aztec: matrix('azteccode', 'Aztec code'),
  pdf417: matrix('pdf417', 'PDF417 barcode', false, '15mm'),
  code128: bars('code128', 'Code 128 barcode', 0.33),
  code39: bars('code39', 'Code 39 barcode', 0.33),
  ean13: bars('ean13', 'EAN-13 barcode', 0.33),
  ean8: bars('ean8', 'EAN-8 barcode', 0.33),
  upca: bars('upca', 'UPC-A barcode', 0.33),
  upce: bars('upce', 'UPC-E barcode', 0.33),
  itf14: bars('itf14', 'ITF-14 barcode', 0.495),
  codabar: bars('rationalizedCodabar', 'Codabar barcode', 0.33),
  'gs1-128': bars('gs1-128', 'GS1-128 barcode', 0.495, true),
  'gs1-datamatrix': matrix('gs1datamatrix', 'GS1 DataMatrix code', true),
  'gs1-qr': matrix('gs1qrcode', 'GS1 QR code', true),
  'gs1-databar': bars('databaromni', 'GS1 DataBar barcode', 0.33, true),
  'gs1-databar-expanded': bars('databarexpanded', 'GS1 DataBar Expanded barcode', 0.33, true),
  // The Swiss QR code is a QR code at error correction level M, 46 x 46 mm, with the Swiss
  // cross drawn over its centre (see svg.ts).
  'swiss-qr': {
    ...matrix('swissqrcode', 'Swiss QR code', false, '46mm'),
    options: { eclevel: 'M' },
  },
};

/** Symbologies of retail and carton numbers: digits only, with a GS1 check digit. */
export const GTIN_DIGITS: Partial<Record<Symbology, readonly number[]>> = {
  ean13: [12, 13],
  ean8: [7, 8],
  upca: [11, 12],
  upce: [7, 8],
  itf14: [13, 14],
};
