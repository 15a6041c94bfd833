/**
 * The check digits payment and product codes carry: IBAN (ISO 13616, mod 97-10), BIC
 * (ISO 9362), the creditor reference (ISO 11649, RF...), the Swiss QR reference (mod 10
 * recursive) and the GS1 mod 10 check digit. Each check returns the problem as a message, or
 * undefined when the value is right.
 */

/** IBAN length per country (ISO 13616 registry). */
// prettier-ignore
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29,
  BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29,
  ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28,
  HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20,
  LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19,
  MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29,
  PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24,
  SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
  YE: 30,
};

/** Letters and digits only, upper case: how IBANs and references are written on paper. */
export const compact = (s: string): string => s.replace(/[\s-]+/g, '').toUpperCase();

/** Remainder mod 97 of a string of letters (A=10 ... Z=35) and digits, read as one number. */
function mod97(s: string): number {
  let rest = 0;
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

export function ibanProblem(raw: string): string | undefined {
  const iban = compact(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban))
    return 'must be an IBAN: two letters, two check digits, then letters and digits';
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected)
    return `must have ${expected} characters for ${iban.slice(0, 2)}, not ${iban.length}`;
  if (expected === undefined && (iban.length < 15 || iban.length > 34))
    return 'must have 15 to 34 characters';
  if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1)
    return 'has a wrong check digit (the IBAN checksum fails)';
  return undefined;
}

/** An IBAN in groups of four, as printed (DE89 3704 0044 0532 0130 00). */
export const formatIban = (raw: string): string => compact(raw).replace(/(.{4})(?=.)/g, '$1 ');

/**
 * A Swiss or Liechtenstein QR-IBAN: its institution identifier (positions 5 to 9) is in the
 * range 30000 to 31999 reserved for payments with a QR reference.
 */
export function isQrIban(raw: string): boolean {
  const iban = compact(raw);
  const iid = Number(iban.slice(4, 9));
  return /^(CH|LI)/.test(iban) && iid >= 30000 && iid <= 31999;
}

export function bicProblem(raw: string): string | undefined {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(raw))
    ? undefined
    : 'must be a BIC of 8 or 11 characters (bank, country, location, optional branch)';
}

/** ISO 11649 creditor reference: RF, two check digits, 1 to 21 letters or digits. */
export function creditorReferenceProblem(raw: string): string | undefined {
  const ref = compact(raw);
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(ref))
    return 'must be an ISO 11649 creditor reference: RF, two check digits, up to 21 letters or digits';
  if (mod97(ref.slice(4) + ref.slice(0, 4)) !== 1) return 'has a wrong check digit (ISO 11649)';
  return undefined;
}

/** The creditor reference in groups of four, as printed (RF18 5390 0754 7034). */
export const formatCreditorReference = formatIban;

const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** Check digit of the Swiss QR reference (and ISR reference): modulo 10, recursive. */
export function mod10RecursiveCheckDigit(digits: string): number {
  let carry = 0;
  for (const d of digits) carry = MOD10_TABLE[(carry + Number(d)) % 10];
  return (10 - carry) % 10;
}

/** Swiss QR reference: 27 digits, the last one the mod 10 recursive check digit. */
export function qrReferenceProblem(raw: string): string | undefined {
  const ref = raw.replace(/\s+/g, '');
  if (!/^\d{27}$/.test(ref)) return 'must be a QR reference of 27 digits';
  const check = mod10RecursiveCheckDigit(ref.slice(0, 26));
  if (check !== Number(ref[26]))
    return `has a wrong check digit: the last digit must be ${check} (modulo 10, recursive)`;
  return undefined;
}

/** The QR reference as printed: 2 digits, then groups of five. */
export function formatQrReference(raw: string): string {
  const ref = raw.replace(/\s+/g, '');
  return `${ref.slice(0, 2)} ${ref.slice(2).replace(/(.{5})(?=.)/g, '$1 ')}`;
}

/** GS1 check digit (mod 10, weights 3 and 1 from the right) of the digits before it. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Problem with a number whose last digit is a GS1 check digit (GTIN, SSCC, GLN...). */
export function gs1CheckDigitProblem(digits: string): string | undefined {
  const check = gs1CheckDigit(digits.slice(0, -1));
  return Number(digits[digits.length - 1]) === check
    ? undefined
    : `has a wrong check digit: the last digit must be ${check}`;
}
