/**
 * The Swiss QR-bill payload (Swiss Payment Standards, Implementation Guidelines for the QR-bill,
 * version 2.3): SPC / 0200 / 1, the creditor's IBAN and structured address (type S), amount and
 * currency, the debtor, the reference (QRR with a QR-IBAN, SCOR or NON otherwise), the message
 * and the bill information, in the Latin character set the guidelines allow.
 */
import type { FieldProblem } from '../../diagnostics.js';
import {
  compact,
  creditorReferenceProblem,
  formatCreditorReference,
  formatIban,
  formatQrReference,
  ibanProblem,
  isQrIban,
  qrReferenceProblem,
} from './checksums.js';
import { amountField, lineField, readableAmount, requiredLine } from './fields.js';
import type { EncodedPayload, SwissAddress, SwissPayload } from './types.js';

/** The guidelines' limit for the whole payload, separators included. */
const MAX_CHARACTERS = 997;

/**
 * Characters the guidelines permit: Basic Latin, Latin-1 Supplement, Latin Extended-A,
 * Ș ș Ț ț and the euro sign.
 */
const PERMITTED = /^[\u0020-\u007e\u00a0-\u017f\u0218-\u021b\u20ac]*$/u;

function text(
  value: string | undefined,
  at: string,
  max: number,
  required: boolean,
  problems: FieldProblem[],
): string {
  const v = required ? requiredLine(value, at, max, problems) : lineField(value, at, max, problems);
  const bad = [...v].find((c) => !PERMITTED.test(c));
  if (bad !== undefined)
    problems.push({
      pointer: at,
      message: `has '${bad}' (U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}), outside the Latin character set of the QR-bill`,
    });
  return v;
}

/** Seven lines of a structured address (type S), or seven empty lines. */
function addressLines(a: SwissAddress | undefined, at: string, problems: FieldProblem[]): string[] {
  if (!a) return ['', '', '', '', '', '', ''];
  const country = text(a.country, `${at}/country`, 70, true, problems).toUpperCase();
  if (country && !/^[A-Z]{2}$/.test(country))
    problems.push({
      pointer: `${at}/country`,
      message: 'must be a two-letter ISO 3166 country code',
    });
  return [
    'S',
    text(a.name, `${at}/name`, 70, true, problems),
    text(a.street, `${at}/street`, 70, false, problems),
    text(a.buildingNumber, `${at}/buildingNumber`, 16, false, problems),
    text(a.postalCode, `${at}/postalCode`, 16, true, problems),
    text(a.town, `${at}/town`, 35, true, problems),
    country,
  ];
}

export function swissData(
  p: SwissPayload,
  at: string,
  problems: FieldProblem[],
): EncodedPayload | undefined {
  const before = problems.length;
  const iban = compact(p.creditorIban ?? '');
  let ibanIssue = ibanProblem(iban);
  if (!ibanIssue && !/^(CH|LI)/.test(iban))
    ibanIssue = 'must be a Swiss (CH) or Liechtenstein (LI) IBAN';
  if (ibanIssue) problems.push({ pointer: `${at}/creditorIban`, message: ibanIssue });
  const qrIban = !ibanIssue && isQrIban(iban);

  const creditor = addressLines(p.creditor, `${at}/creditor`, problems);
  const debtor = addressLines(p.debtor, `${at}/debtor`, problems);
  const amount = amountField(
    p.amount,
    `${at}/amount`,
    { min: 0.01, max: 999_999_999.99 },
    problems,
  );
  if (p.currency !== 'CHF' && p.currency !== 'EUR')
    problems.push({ pointer: `${at}/currency`, message: 'must be CHF or EUR' });

  const rawReference = (p.reference ?? '').trim();
  const referenceType =
    p.referenceType ??
    (qrIban ? 'QRR' : rawReference === '' ? 'NON' : /^RF/i.test(rawReference) ? 'SCOR' : 'QRR');
  let reference = '';
  if (referenceType === 'QRR') {
    reference = rawReference.replace(/\s+/g, '');
    const issue = rawReference
      ? qrReferenceProblem(reference)
      : 'is required with reference type QRR';
    if (issue) problems.push({ pointer: `${at}/reference`, message: issue });
    if (!ibanIssue && !qrIban)
      problems.push({
        pointer: `${at}/referenceType`,
        message:
          'QRR needs a QR-IBAN (institution id 30000 to 31999); use SCOR or NON with this IBAN',
      });
  } else if (referenceType === 'SCOR') {
    reference = compact(rawReference);
    const issue = rawReference
      ? creditorReferenceProblem(reference)
      : 'is required with reference type SCOR';
    if (issue) problems.push({ pointer: `${at}/reference`, message: issue });
  } else if (rawReference !== '') {
    problems.push({
      pointer: `${at}/reference`,
      message: 'must be absent with reference type NON',
    });
  }
  if (referenceType !== 'QRR' && qrIban)
    problems.push({
      pointer: `${at}/referenceType`,
      message: 'a QR-IBAN requires reference type QRR with a QR reference',
    });

  const message = text(p.message, `${at}/message`, 140, false, problems);
  const billing = text(p.billingInformation, `${at}/billingInformation`, 140, false, problems);
  if ([...message].length + [...billing].length > 140)
    problems.push({
      pointer: `${at}/billingInformation`,
      message: 'message and billingInformation together must have at most 140 characters',
    });
  if (problems.length > before) return undefined;

  const lines = [
    'SPC',
    '0200',
    '1',
    iban,
    ...creditor,
    // The ultimate creditor is reserved for future use: seven empty lines.
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    amount ?? '',
    p.currency,
    ...debtor,
    referenceType,
    reference,
    message,
    'EPD',
    ...(billing ? [billing] : []),
  ];
  const data = lines.join('\n');
  if (data.length > MAX_CHARACTERS) {
    problems.push({
      pointer: at,
      message: `makes ${data.length} characters; a QR-bill holds at most ${MAX_CHARACTERS}`,
    });
    return undefined;
  }
  return { data, description: describe(p, iban, amount, referenceType, reference, message) };
}

function describe(
  p: SwissPayload,
  iban: string,
  amount: string | undefined,
  referenceType: string,
  reference: string,
  message: string,
): string {
  const parts = [
    `QR-bill payment${amount ? ` of ${p.currency} ${readableAmount(amount)}` : ` in ${p.currency}`} to ${p.creditor.name.trim()}, ${p.creditor.town.trim()}`,
    `IBAN ${formatIban(iban)}`,
  ];
  if (referenceType === 'QRR') parts.push(`QR reference ${formatQrReference(reference)}`);
  if (referenceType === 'SCOR') parts.push(`reference ${formatCreditorReference(reference)}`);
  if (p.debtor) parts.push(`payable by ${p.debtor.name.trim()}`);
  if (message) parts.push(`message: ${message}`);
  return parts.join(', ');
}

const field = (lines: readonly string[], i: number): string | undefined => {
  const v = lines[i]?.trim();
  return v ? v : undefined;
};

function parseAddress(lines: readonly string[], start: number): SwissAddress | undefined {
  if (lines.slice(start, start + 7).every((l) => l.trim() === '')) return undefined;
  return {
    name: field(lines, start + 1) ?? '',
    ...(field(lines, start + 2) ? { street: field(lines, start + 2)! } : {}),
    ...(field(lines, start + 3) ? { buildingNumber: field(lines, start + 3)! } : {}),
    postalCode: field(lines, start + 4) ?? '',
    town: field(lines, start + 5) ?? '',
    country: field(lines, start + 6) ?? '',
  };
}

/**
 * A QR-bill given as its text (a plain string content of a swiss-qr block), checked by the
 * same rules; every problem points at the content and names the element.
 */
export function checkSwissText(
  text: string,
  at: string,
  problems: FieldProblem[],
): string | undefined {
  const lines = text.split(/\r?\n/);
  const fail = (message: string) => {
    problems.push({ pointer: at, message });
    return undefined;
  };
  if (lines[0] !== 'SPC' || lines[1] !== '0200' || lines[2] !== '1')
    return fail('must be a QR-bill text starting with the lines SPC, 0200 and 1');
  if (lines.length < 31 || lines.length > 34 || lines[30] !== 'EPD')
    return fail('must have 31 to 34 lines with EPD as the 31st (Swiss QR-bill version 2)');
  for (const [i, what] of [
    [4, 'creditor address type'],
    [20, 'debtor address type'],
  ] as const)
    if (lines[i] !== 'S' && !(i === 20 && lines.slice(20, 27).every((l) => l === '')))
      return fail(`line ${i + 1} (${what}) must be S: only structured addresses are allowed`);
  if (lines.slice(11, 18).some((l) => l !== ''))
    return fail('lines 12 to 18 (ultimate creditor) must be empty');
  const amount = field(lines, 18);
  const payload: SwissPayload = {
    type: 'swiss',
    creditorIban: lines[3],
    creditor: parseAddress(lines, 4) ?? { name: '', postalCode: '', town: '', country: '' },
    ...(amount ? { amount } : {}),
    currency: lines[19] as SwissPayload['currency'],
    ...(parseAddress(lines, 20) ? { debtor: parseAddress(lines, 20)! } : {}),
    referenceType: lines[27] as SwissPayload['referenceType'],
    ...(field(lines, 28) ? { reference: field(lines, 28)! } : {}),
    ...(field(lines, 29) ? { message: field(lines, 29)! } : {}),
    ...(field(lines, 31) ? { billingInformation: field(lines, 31)! } : {}),
  };
  if (!['QRR', 'SCOR', 'NON'].includes(lines[27]))
    return fail('line 28 (reference type) must be QRR, SCOR or NON');
  const found: FieldProblem[] = [];
  const encoded = swissData(payload, '', found);
  for (const f of found)
    problems.push({ pointer: at, message: `${f.pointer.slice(1) || 'payload'}: ${f.message}` });
  return encoded ? encoded.description : undefined;
}
