/**
 * A barcode block's content made ready to draw: the payload checked by its own rules and turned
 * into the data of the symbol, the symbology that carries it (a GS1 payload in a QR code is a
 * GS1 QR code; a QR-bill is always drawn with the Swiss cross), and the alt text.
 */
import type { FieldProblem } from '../../diagnostics.js';
import { gs1CheckDigitProblem } from './checksums.js';
import { epcData } from './epc.js';
import { gs1Data, parseElementString } from './gs1.js';
import { checkSwissText, swissData } from './swiss.js';
import { GTIN_DIGITS, SYMBOLOGY_INFO, type Symbology } from './symbologies.js';
import type { BarcodeContent, EncodedPayload, Gs1Payload } from './types.js';
import { vcardData } from './vcard.js';
import { wifiData } from './wifi.js';

export interface PreparedBarcode {
  /** The symbology actually drawn. */
  readonly symbology: Symbology;
  readonly data: string;
  /** Alt text: the symbology's name and what the code holds. */
  readonly alt: string;
  /** Where the content was given (for an error the encoder reports later). */
  readonly pointer: string;
}

export interface BarcodePointers {
  /** JSON pointer of the block's symbology field. */
  readonly symbology: string;
  /** JSON pointer of the content (in the template or in the data overrides). */
  readonly content: string;
}

/** The GS1 variant of a general symbology, for a GS1 payload. */
const GS1_VARIANT: Partial<Record<Symbology, Symbology>> = {
  qr: 'gs1-qr',
  datamatrix: 'gs1-datamatrix',
  code128: 'gs1-128',
};

const TWO_D_GENERAL = new Set<Symbology>(['qr', 'datamatrix', 'aztec', 'pdf417']);

function withAlt(symbology: Symbology, encoded: EncodedPayload): Omit<PreparedBarcode, 'pointer'> {
  return {
    symbology,
    data: encoded.data,
    alt: `${SYMBOLOGY_INFO[symbology].label}: ${encoded.description}`,
  };
}

/** Digits of an EAN, UPC or ITF-14 symbol: their count and, when given, the check digit. */
function gtinProblem(symbology: Symbology, digits: string): string | undefined {
  const lengths = GTIN_DIGITS[symbology];
  if (!lengths) return undefined;
  if (!/^\d+$/.test(digits) || !lengths.includes(digits.length))
    return `must be ${lengths[0]} digits, or ${lengths[1]} with the check digit`;
  // UPC-E's check digit is that of the UPC-A number it stands for: bwip-js checks it.
  if (symbology !== 'upce' && digits.length === lengths[1]) return gs1CheckDigitProblem(digits);
  return undefined;
}

/** The GTIN of a one-element (01) payload, shortened to what an EAN/UPC/ITF-14 symbol holds. */
function gtinFromGs1(
  symbology: Symbology,
  payload: Gs1Payload,
  at: string,
  problems: FieldProblem[],
): string | undefined {
  const [only] = payload.elements;
  if (payload.elements.length !== 1 || only.ai !== '01') {
    problems.push({
      pointer: `${at}/elements`,
      message: `a ${SYMBOLOGY_INFO[symbology].label} holds one GTIN: give exactly one element with AI 01`,
    });
    return undefined;
  }
  if (gs1Data(payload.elements, at, problems) === undefined) return undefined;
  const keep = { ean13: 13, ean8: 8, upca: 12, itf14: 14 }[symbology as 'ean13'];
  const gtin = only.value;
  if (keep === undefined || !/^0*$/.test(gtin.slice(0, 14 - keep))) {
    problems.push({
      pointer: `${at}/elements/0/value`,
      message:
        symbology === 'upce'
          ? 'a UPC-E symbol takes its 8-digit number: give it as raw content'
          : `GTIN ${gtin} does not fit a ${SYMBOLOGY_INFO[symbology].label} (${keep} digits)`,
    });
    return undefined;
  }
  return gtin.slice(14 - keep);
}

function refuse(problems: FieldProblem[], pointer: string, message: string): undefined {
  problems.push({ pointer, message });
  return undefined;
}

/** Checks and encodes one barcode; problems go to `problems` (nothing is returned then). */
export function prepareBarcode(
  symbology: Symbology,
  content: BarcodeContent,
  at: BarcodePointers,
  problems: FieldProblem[],
): PreparedBarcode | undefined {
  const prepared = prepareContent(symbology, content, at, problems);
  return prepared && { ...prepared, pointer: at.content };
}

function prepareContent(
  symbology: Symbology,
  content: BarcodeContent,
  at: BarcodePointers,
  problems: FieldProblem[],
): Omit<PreparedBarcode, 'pointer'> | undefined {
  const info = SYMBOLOGY_INFO[symbology];
  const before = problems.length;
  const plain =
    typeof content === 'string' ? content : content.type === 'raw' ? content.value : undefined;
  const plainAt = typeof content === 'string' ? at.content : `${at.content}/value`;

  if (plain !== undefined) {
    if (plain === '') return refuse(problems, plainAt, 'must not be empty');
    if (info.gs1) {
      const elements = parseElementString(plain);
      if (!elements)
        return refuse(
          problems,
          plainAt,
          `must be a GS1 element string such as (01)09521234543213(10)ABC, or a gs1 payload`,
        );
      const found: FieldProblem[] = [];
      const encoded = gs1Data(elements, '', found);
      for (const f of found) problems.push({ pointer: plainAt, message: f.message });
      if (symbology === 'gs1-databar' && (elements.length !== 1 || elements[0].ai !== '01'))
        problems.push({
          pointer: plainAt,
          message: 'a GS1 DataBar holds one GTIN: (01) and 14 digits',
        });
      return encoded && problems.length === before ? withAlt(symbology, encoded) : undefined;
    }
    if (symbology === 'swiss-qr') {
      const description = checkSwissText(plain, plainAt, problems);
      return description === undefined
        ? undefined
        : withAlt(symbology, { data: plain, description });
    }
    const issue = gtinProblem(symbology, plain);
    if (issue) return refuse(problems, plainAt, issue);
    return withAlt(symbology, { data: plain, description: plain });
  }

  const payload = content as Exclude<BarcodeContent, string>;
  const wrongSymbology = (accepted: string) =>
    refuse(
      problems,
      at.symbology,
      `a ${payload.type} payload cannot be drawn as ${symbology}; use ${accepted}`,
    );
  switch (payload.type) {
    case 'text':
    case 'url': {
      const value = payload.type === 'text' ? payload.text : payload.url;
      const where = `${at.content}/${payload.type}`;
      if (value.trim() === '') return refuse(problems, where, 'must not be empty');
      if (info.gs1 || symbology === 'swiss-qr')
        return wrongSymbology('a general symbology such as qr, datamatrix or code128');
      if (payload.type === 'url') {
        try {
          new URL(value);
        } catch {
          return refuse(problems, where, 'must be an absolute URL such as https://example.org/');
        }
      }
      const issue = gtinProblem(symbology, value);
      if (issue) return refuse(problems, where, issue);
      return withAlt(symbology, {
        data: value,
        description: payload.type === 'url' ? `link to ${value}` : value,
      });
    }
    case 'epc': {
      if (symbology !== 'qr')
        return wrongSymbology('qr (banking apps read SEPA transfers from QR codes)');
      const encoded = epcData(payload, at.content, problems);
      return encoded ? withAlt(symbology, encoded) : undefined;
    }
    case 'vcard':
    case 'wifi': {
      if (!TWO_D_GENERAL.has(symbology)) return wrongSymbology('qr, datamatrix, aztec or pdf417');
      const encoded =
        payload.type === 'vcard'
          ? vcardData(payload, at.content, problems)
          : wifiData(payload, at.content, problems);
      return encoded ? withAlt(symbology, encoded) : undefined;
    }
    case 'gs1': {
      if (GTIN_DIGITS[symbology]) {
        const digits = gtinFromGs1(symbology, payload, at.content, problems);
        return digits === undefined
          ? undefined
          : withAlt(symbology, { data: digits, description: `GTIN ${payload.elements[0].value}` });
      }
      const drawn = info.gs1 ? symbology : GS1_VARIANT[symbology];
      if (!drawn)
        return wrongSymbology(
          'gs1-128, gs1-datamatrix, gs1-qr, gs1-databar(-expanded), qr, datamatrix, code128 or a GTIN symbology',
        );
      if (
        drawn === 'gs1-databar' &&
        (payload.elements.length !== 1 || payload.elements[0]?.ai !== '01')
      )
        return refuse(
          problems,
          `${at.content}/elements`,
          'a GS1 DataBar holds one GTIN: give exactly one element with AI 01',
        );
      const encoded = gs1Data(payload.elements, at.content, problems);
      return encoded ? withAlt(drawn, encoded) : undefined;
    }
    case 'swiss': {
      if (symbology !== 'swiss-qr' && symbology !== 'qr')
        return wrongSymbology('swiss-qr (a QR-bill is a QR code with the Swiss cross)');
      const encoded = swissData(payload, at.content, problems);
      return encoded ? withAlt('swiss-qr', encoded) : undefined;
    }
  }
}
