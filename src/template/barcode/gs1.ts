/**
 * GS1 element strings: application identifiers (AIs) with the format and check digit each one
 * prescribes (GS1 General Specifications, section 3), for the AIs documents carry: SSCC, GTIN,
 * batch, dates, serials, measures, counts, amounts, order numbers, GLNs, GSRN and more.
 */
import type { FieldProblem } from '../../diagnostics.js';
import { gs1CheckDigitProblem, ibanProblem } from './checksums.js';
import type { EncodedPayload, Gs1Element } from './types.js';

/** One component of an AI's data: N digits, X characters of GS1 set 82, D a YYMMDD date. */
interface Component {
  readonly kind: 'N' | 'X' | 'D';
  readonly min: number;
  readonly max: number;
  /** The last digit is a GS1 check digit over the others. */
  readonly check?: boolean;
  /** An ISO 4217 or ISO 3166 numeric code (three digits). */
  readonly iso?: boolean;
  /** The component is an IBAN. */
  readonly iban?: boolean;
}

interface AiDefinition {
  /** Data title, lower case, for the alt text. */
  readonly title: string;
  readonly components: readonly Component[];
}

const n = (length: number, check = false): Component => ({
  kind: 'N',
  min: length,
  max: length,
  check,
});
const nUpTo = (max: number): Component => ({ kind: 'N', min: 1, max });
const x = (max: number): Component => ({ kind: 'X', min: 1, max });
const date: Component = { kind: 'D', min: 6, max: 6 };
const iso: Component = { kind: 'N', min: 3, max: 3, iso: true };

const FIXED: Readonly<Record<string, AiDefinition>> = {
  '00': { title: 'SSCC', components: [n(18, true)] },
  '01': { title: 'GTIN', components: [n(14, true)] },
  '02': { title: 'GTIN of contained items', components: [n(14, true)] },
  '10': { title: 'batch/lot', components: [x(20)] },
  '11': { title: 'production date', components: [date] },
  '12': { title: 'due date', components: [date] },
  '13': { title: 'packaging date', components: [date] },
  '15': { title: 'best before', components: [date] },
  '16': { title: 'sell by', components: [date] },
  '17': { title: 'expiry date', components: [date] },
  '20': { title: 'variant', components: [n(2)] },
  '21': { title: 'serial number', components: [x(20)] },
  '22': { title: 'consumer product variant', components: [x(20)] },
  '235': { title: 'third-party serial number', components: [x(28)] },
  '240': { title: 'additional product id', components: [x(30)] },
  '241': { title: 'customer part number', components: [x(30)] },
  '242': { title: 'made-to-order variant', components: [nUpTo(6)] },
  '243': { title: 'packaging component number', components: [x(20)] },
  '250': { title: 'secondary serial number', components: [x(30)] },
  '251': { title: 'reference to source entity', components: [x(30)] },
  '253': { title: 'GDTI', components: [n(13, true), { kind: 'X', min: 0, max: 17 }] },
  '254': { title: 'GLN extension', components: [x(20)] },
  '255': { title: 'GCN', components: [n(13, true), { kind: 'N', min: 0, max: 12 }] },
  '30': { title: 'variable count', components: [nUpTo(8)] },
  '37': { title: 'count of trade items', components: [nUpTo(8)] },
  '400': { title: 'order number', components: [x(30)] },
  '401': { title: 'consignment number (GINC)', components: [x(30)] },
  '402': { title: 'shipment id (GSIN)', components: [n(17, true)] },
  '403': { title: 'routing code', components: [x(30)] },
  '410': { title: 'ship to GLN', components: [n(13, true)] },
  '411': { title: 'bill to GLN', components: [n(13, true)] },
  '412': { title: 'purchased from GLN', components: [n(13, true)] },
  '413': { title: 'ship for GLN', components: [n(13, true)] },
  '414': { title: 'location GLN', components: [n(13, true)] },
  '415': { title: 'pay to GLN', components: [n(13, true)] },
  '416': { title: 'production location GLN', components: [n(13, true)] },
  '417': { title: 'party GLN', components: [n(13, true)] },
  '420': { title: 'ship to postal code', components: [x(20)] },
  '421': { title: 'ship to postal code', components: [iso, x(9)] },
  '422': { title: 'country of origin', components: [iso] },
  '423': {
    title: 'country of initial processing',
    components: [iso, { kind: 'N', min: 0, max: 12 }],
  },
  '424': { title: 'country of processing', components: [iso] },
  '425': { title: 'country of disassembly', components: [iso, { kind: 'N', min: 0, max: 12 }] },
  '426': { title: 'country of full processing', components: [iso] },
  '427': { title: 'country subdivision of origin', components: [x(3)] },
  '7003': { title: 'expiry date and time', components: [{ kind: 'D', min: 10, max: 10 }] },
  '8001': { title: 'roll dimensions', components: [n(14)] },
  '8002': { title: 'cellular phone id', components: [x(20)] },
  '8003': {
    title: 'returnable asset id (GRAI)',
    components: [n(14, true), { kind: 'X', min: 0, max: 16 }],
  },
  '8004': { title: 'individual asset id (GIAI)', components: [x(30)] },
  '8005': { title: 'price per unit', components: [n(6)] },
  '8006': { title: 'trade item piece (ITIP)', components: [n(14, true), n(2), n(2)] },
  '8007': { title: 'IBAN', components: [{ kind: 'X', min: 1, max: 34, iban: true }] },
  '8008': { title: 'production date and time', components: [{ kind: 'D', min: 8, max: 12 }] },
  '8017': { title: 'GSRN of the service provider', components: [n(18, true)] },
  '8018': { title: 'GSRN of the service recipient', components: [n(18, true)] },
  '8020': { title: 'payment slip reference', components: [x(25)] },
  '90': { title: 'mutually agreed information', components: [x(30)] },
};

/** 31nn to 36nn: measures of six digits, the fourth AI digit the decimals. */
const MEASURES: Readonly<Record<string, string>> = {
  '310': 'net weight (kg)',
  '311': 'length (m)',
  '312': 'width (m)',
  '313': 'depth (m)',
  '314': 'area (m²)',
  '315': 'net volume (l)',
  '316': 'net volume (m³)',
  '320': 'net weight (lb)',
  '321': 'length (in)',
  '322': 'length (ft)',
  '323': 'length (yd)',
  '324': 'width (in)',
  '325': 'width (ft)',
  '326': 'width (yd)',
  '327': 'depth (in)',
  '328': 'depth (ft)',
  '329': 'depth (yd)',
  '330': 'gross weight (kg)',
  '331': 'length (m)',
  '332': 'width (m)',
  '333': 'depth (m)',
  '334': 'area (m²)',
  '335': 'gross volume (l)',
  '336': 'gross volume (m³)',
  '337': 'kilograms per m²',
  '340': 'gross weight (lb)',
  '341': 'length (in)',
  '342': 'length (ft)',
  '343': 'length (yd)',
  '344': 'width (in)',
  '345': 'width (ft)',
  '346': 'width (yd)',
  '347': 'depth (in)',
  '348': 'depth (ft)',
  '349': 'depth (yd)',
  '350': 'area (in²)',
  '351': 'area (ft²)',
  '352': 'area (yd²)',
  '353': 'area (in²)',
  '354': 'area (ft²)',
  '355': 'area (yd²)',
  '356': 'net weight (troy oz)',
  '357': 'net volume (oz)',
  '360': 'net volume (qt)',
  '361': 'net volume (gal)',
  '362': 'gross volume (qt)',
  '363': 'gross volume (gal)',
  '364': 'net volume (in³)',
  '365': 'net volume (ft³)',
  '366': 'net volume (yd³)',
  '367': 'gross volume (in³)',
  '368': 'gross volume (ft³)',
  '369': 'gross volume (yd³)',
};

/** 390n to 395n: amounts and prices, the fourth AI digit the decimals. */
const AMOUNTS: Readonly<Record<string, AiDefinition>> = {
  '390': { title: 'amount payable', components: [nUpTo(15)] },
  '391': { title: 'amount payable', components: [iso, nUpTo(15)] },
  '392': { title: 'price', components: [nUpTo(15)] },
  '393': { title: 'price', components: [iso, nUpTo(15)] },
  '394': { title: 'percentage discount', components: [n(4)] },
  '395': { title: 'price per unit of measure', components: [n(6)] },
};

export interface AiLookup {
  readonly definition: AiDefinition;
  /** Implied decimals of a measure or amount (the AI's fourth digit). */
  readonly decimals?: number;
}

export function lookupAi(ai: string): AiLookup | undefined {
  const fixed = FIXED[ai];
  if (fixed) return { definition: fixed };
  if (/^9[1-9]$/.test(ai))
    return { definition: { title: 'company internal information', components: [x(90)] } };
  if (ai.length === 4 && MEASURES[ai.slice(0, 3)] && Number(ai[3]) <= 5)
    return {
      definition: { title: MEASURES[ai.slice(0, 3)], components: [n(6)] },
      decimals: Number(ai[3]),
    };
  if (ai.length === 4 && AMOUNTS[ai.slice(0, 3)])
    return { definition: AMOUNTS[ai.slice(0, 3)], decimals: Number(ai[3]) };
  return undefined;
}

/** GS1 AI encodable character set 82. */
const SET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function dateProblem(value: string): string | undefined {
  if (!/^\d+$/.test(value)) return 'must be digits: YYMMDD';
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  if (month < 1 || month > 12) return `has month ${value.slice(2, 4)}; YYMMDD needs 01 to 12`;
  // Day 00 stands for the end of the month.
  if (day > DAYS_IN_MONTH[month - 1])
    return `has day ${value.slice(4, 6)}, past the end of the month`;
  const hours = value.slice(6, 8);
  if (hours !== '' && Number(hours) > 23) return `has hour ${hours}; hours run 00 to 23`;
  const minutes = value.slice(8, 10);
  if (minutes !== '' && Number(minutes) > 59) return `has minute ${minutes}; minutes run 00 to 59`;
  const seconds = value.slice(10, 12);
  if (seconds !== '' && Number(seconds) > 59) return `has second ${seconds}; seconds run 00 to 59`;
  return undefined;
}

function describeLength(c: Component): string {
  if (c.min === c.max) return `${c.min}`;
  return c.min === 0 ? `up to ${c.max}` : `${c.min} to ${c.max}`;
}

/** Splits an AI's value into its components and checks each; problems are messages. */
function valueProblems(value: string, components: readonly Component[]): string[] {
  const problems: string[] = [];
  let rest = value;
  components.forEach((c, i) => {
    const last = i === components.length - 1;
    const part = last ? rest : rest.slice(0, c.max);
    rest = last ? '' : rest.slice(c.max);
    if (part.length < c.min || part.length > c.max) {
      const unit = c.kind === 'X' ? 'characters' : 'digits';
      problems.push(
        components.length === 1
          ? `must have ${describeLength(c)} ${unit}, not ${part.length}`
          : `must be ${components.map((k) => `${describeLength(k)} ${k.kind === 'X' ? 'characters' : 'digits'}`).join(' then ')}`,
      );
      return;
    }
    if (c.kind !== 'X' && !/^\d*$/.test(part)) problems.push('must be digits only');
    else if (c.kind === 'X' && !SET_82.test(part))
      problems.push(
        'has characters outside the GS1 character set 82 (letters, digits and !"%&\'()*+,-./:;<=>?_)',
      );
    // The bracketed element string bwip-js reads cannot carry an opening parenthesis.
    else if (c.kind === 'X' && part.includes('('))
      problems.push("has '(', which this service cannot encode in a GS1 element string");
    else if (c.kind === 'D') {
      const p = dateProblem(part);
      if (p) problems.push(p);
    } else if (c.check) {
      const p = gs1CheckDigitProblem(part);
      if (p) problems.push(p);
    } else if (c.iban) {
      const p = ibanProblem(part);
      if (p) problems.push(p);
    }
  });
  return problems;
}

function describeValue(lookup: AiLookup, value: string): string {
  if (lookup.definition.components[0]?.kind === 'D' && value.length >= 6) {
    const day = value.slice(4, 6) === '00' ? '' : `-${value.slice(4, 6)}`;
    return `20${value.slice(0, 2)}-${value.slice(2, 4)}${day}`;
  }
  if (lookup.decimals !== undefined && /^\d+$/.test(value)) {
    const amount = lookup.definition.components[0]?.iso ? value.slice(3) : value;
    const d = lookup.decimals;
    const whole = amount.slice(0, amount.length - d).replace(/^0+(?=\d)/, '') || '0';
    const number = d > 0 ? `${whole}.${amount.slice(amount.length - d)}` : whole;
    return lookup.definition.components[0]?.iso
      ? `${number} (currency ${value.slice(0, 3)})`
      : number;
  }
  return value;
}

/**
 * The element string of GS1 elements in the bracketed form bwip-js reads, (01)...(10)..., and
 * their description; problems name the element (`${at}/elements/i/ai` or `/value`).
 */
export function gs1Data(
  elements: readonly Gs1Element[],
  at: string,
  problems: FieldProblem[],
): EncodedPayload | undefined {
  const before = problems.length;
  const parts: string[] = [];
  const described: string[] = [];
  const seen = new Map<string, string>();
  elements.forEach((e, i) => {
    const where = `${at}/elements/${i}`;
    const lookup = /^\d{2,4}$/.test(e.ai) ? lookupAi(e.ai) : undefined;
    if (!lookup) {
      problems.push({
        pointer: `${where}/ai`,
        message: /^\d{2,4}$/.test(e.ai)
          ? `AI ${e.ai} is not an application identifier this service knows`
          : 'must be an application identifier of 2 to 4 digits',
      });
      return;
    }
    const previous = seen.get(e.ai);
    if (previous !== undefined && previous !== e.value)
      problems.push({
        pointer: `${where}/ai`,
        message: `AI ${e.ai} is given twice with different values`,
      });
    seen.set(e.ai, e.value);
    for (const message of valueProblems(e.value, lookup.definition.components))
      problems.push({
        pointer: `${where}/value`,
        message: `AI ${e.ai} (${lookup.definition.title}) ${message}`,
      });
    parts.push(`(${e.ai})${e.value}`);
    described.push(`${lookup.definition.title} ${describeValue(lookup, e.value)}`);
  });
  if (elements.length === 0)
    problems.push({ pointer: `${at}/elements`, message: 'must hold at least one element' });
  if (problems.length > before) return undefined;
  return { data: parts.join(''), description: described.join(', ') };
}

/** The elements of a bracketed element string, (01)09521234543213(10)ABC; undefined if it is not one. */
export function parseElementString(text: string): Gs1Element[] | undefined {
  const elements: Gs1Element[] = [];
  const re = /\((\d{2,4})\)([^(]*)/gy;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(text)) !== null) {
    elements.push({ ai: m[1], value: m[2] });
    end = re.lastIndex;
  }
  return elements.length > 0 && end === text.length ? elements : undefined;
}
