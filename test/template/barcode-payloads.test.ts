/**
 * Typed barcode payloads: the exact data each one encodes, its alt text, and every rule it is
 * checked by, with the JSON pointer of the field that breaks it.
 */
import { describe, expect, it } from 'vitest';
import type { FieldProblem } from '../../src/diagnostics.js';
import {
  creditorReferenceProblem,
  gs1CheckDigit,
  ibanProblem,
  isQrIban,
  mod10RecursiveCheckDigit,
  qrReferenceProblem,
} from '../../src/template/barcode/checksums.js';
import { prepareBarcode } from '../../src/template/barcode/prepare.js';
import type { Symbology } from '../../src/template/barcode/symbologies.js';
import type { BarcodeContent } from '../../src/template/barcode/types.js';
import { foldLine } from '../../src/template/barcode/vcard.js';
import { SWISS } from './swiss-bill.js';

const at = { symbology: '/b/symbology', content: '/b/content' };

function prepare(symbology: Symbology, content: unknown) {
  const problems: FieldProblem[] = [];
  const prepared = prepareBarcode(symbology, content as BarcodeContent, at, problems);
  return { prepared, problems };
}

function ok(symbology: Symbology, content: unknown) {
  const { prepared, problems } = prepare(symbology, content);
  expect(problems).toEqual([]);
  return prepared!;
}

/** The pointers and messages of a refused content. */
function refused(symbology: Symbology, content: unknown): Record<string, string> {
  const { prepared, problems } = prepare(symbology, content);
  expect(prepared).toBeUndefined();
  expect(problems.length).toBeGreaterThan(0);
  return Object.fromEntries(problems.map((p) => [p.pointer, p.message]));
}

describe('check digits', () => {
  it('checks IBANs by country length and mod 97', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBeUndefined();
    expect(ibanProblem('gb82west12345698765432')).toBeUndefined();
    expect(ibanProblem('DE89 3704 0044 0532 0130 01')).toMatch(/check digit/);
    expect(ibanProblem('DE89 3704 0044 0532 0130')).toMatch(/22 characters for DE/);
    expect(ibanProblem('1234')).toMatch(/must be an IBAN/);
    expect(isQrIban('CH44 3199 9123 0008 8901 2')).toBe(true);
    expect(isQrIban('CH93 0076 2011 6238 5295 7')).toBe(false);
  });

  it('computes the QR reference, creditor reference and GS1 check digits', () => {
    expect(mod10RecursiveCheckDigit('21000000000313947143000901')).toBe(7);
    expect(qrReferenceProblem('210000000003139471430009017')).toBeUndefined();
    expect(qrReferenceProblem('210000000003139471430009018')).toMatch(/must be 7/);
    expect(qrReferenceProblem('1234')).toMatch(/27 digits/);
    expect(creditorReferenceProblem('RF18 5390 0754 7034')).toBeUndefined();
    expect(creditorReferenceProblem('RF19 5390 0754 7034')).toMatch(/check digit/);
    expect(gs1CheckDigit('0952123454321')).toBe(3);
    expect(gs1CheckDigit('37610425002123456')).toBe(9);
  });
});

describe('plain and simple payloads', () => {
  it('encodes a plain string and raw value as given, and checks GTIN symbologies', () => {
    expect(ok('qr', 'https://example.org/pay')).toMatchObject({
      symbology: 'qr',
      data: 'https://example.org/pay',
      alt: 'QR code: https://example.org/pay',
      pointer: '/b/content',
    });
    expect(ok('ean13', { type: 'raw', value: '9520123456788' }).data).toBe('9520123456788');
    expect(ok('ean13', '952012345678').data).toBe('952012345678');
    expect(refused('ean13', '9520123456789')).toEqual({
      '/b/content': 'has a wrong check digit: the last digit must be 8',
    });
    expect(refused('ean8', { type: 'raw', value: '12ab' })).toEqual({
      '/b/content/value': 'must be 7 digits, or 8 with the check digit',
    });
    expect(refused('qr', '')).toEqual({ '/b/content': 'must not be empty' });
  });

  it('describes text and links, and refuses a relative URL', () => {
    expect(ok('qr', { type: 'url', url: 'https://example.org/a?b=1' }).alt).toBe(
      'QR code: link to https://example.org/a?b=1',
    );
    expect(ok('code128', { type: 'text', text: 'A11Y-2026' }).alt).toBe(
      'Code 128 barcode: A11Y-2026',
    );
    expect(refused('qr', { type: 'url', url: '/pay/1' })).toEqual({
      '/b/content/url': 'must be an absolute URL such as https://example.org/',
    });
    expect(refused('gs1-128', { type: 'text', text: 'x' })).toHaveProperty(['/b/symbology']);
  });
});

describe('SEPA credit transfer (EPC)', () => {
  it('writes the EPC069-12 lines and describes the transfer', () => {
    const p = ok('qr', {
      type: 'epc',
      name: 'Jane Doe',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      amount: '12.3',
      purpose: 'gdds',
      reference: 'RF18 5390 0754 7034',
    });
    expect(p.data).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nJane Doe\nDE89370400440532013000\nEUR12.30\nGDDS\nRF18539007547034',
    );
    expect(p.alt).toBe(
      'QR code: SEPA credit transfer of EUR 12.30 to Jane Doe, IBAN DE89 3704 0044 0532 0130 00, reference RF18 5390 0754 7034',
    );
    const minimal = ok('qr', { type: 'epc', name: 'ACME', iban: 'DE89370400440532013000' });
    expect(minimal.data).toBe('BCD\n002\n1\nSCT\n\nACME\nDE89370400440532013000');
  });

  it('names every wrong field at once', () => {
    expect(
      refused('qr', {
        type: 'epc',
        name: ' ',
        iban: 'DE89 3704 0044 0532 0130 01',
        bic: 'NOTABIC',
        amount: 12.345,
        purpose: 'ab1',
        reference: 'RF19 5390 0754 7034',
        remittance: 'also given',
      }),
    ).toEqual({
      '/b/content/name': 'must not be empty',
      '/b/content/iban': 'has a wrong check digit (the IBAN checksum fails)',
      '/b/content/bic': expect.stringMatching(/BIC of 8 or 11/),
      '/b/content/amount': 'must be an amount with at most two decimals, such as 12.30',
      '/b/content/purpose': 'must be an ISO 20022 purpose code of four letters',
      '/b/content/reference': 'has a wrong check digit (ISO 11649)',
      '/b/content/remittance': expect.stringMatching(/one or the other/),
    });
    expect(
      refused('qr', { type: 'epc', name: 'x', iban: 'DE89370400440532013000', amount: 1e9 }),
    ).toEqual({
      '/b/content/amount': 'must be between 0.01 and 999999999.99',
    });
    expect(
      refused('datamatrix', { type: 'epc', name: 'x', iban: 'DE89370400440532013000' }),
    ).toEqual({
      '/b/symbology': expect.stringMatching(/^a epc payload cannot be drawn as datamatrix; use qr/),
    });
  });
});

describe('contact cards and Wi-Fi', () => {
  it('writes vCard 3.0 by default and 4.0 on request, escaped', () => {
    const card = {
      type: 'vcard',
      firstName: 'Jane',
      lastName: 'Doe; Jr.',
      org: 'ACME, Inc.',
      title: 'CEO',
      phone: '+41 44 668 18 00',
      email: 'jane@example.org',
      url: 'https://example.org/',
    };
    const v3 = ok('qr', card);
    expect(v3.data.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Doe\\; Jr.;Jane;;;',
      'FN:Jane Doe\\; Jr.',
      'ORG:ACME\\, Inc.',
      'TITLE:CEO',
      'TEL;TYPE=VOICE:+41 44 668 18 00',
      'EMAIL;TYPE=INTERNET:jane@example.org',
      'URL:https://example.org/',
      'END:VCARD',
    ]);
    expect(v3.alt).toBe(
      'QR code: contact card for Jane Doe; Jr., CEO, ACME, Inc., phone +41 44 668 18 00, email jane@example.org, website https://example.org/',
    );
    const v4 = ok('qr', { ...card, version: '4.0' });
    expect(v4.data).toContain('VERSION:4.0\r\n');
    expect(v4.data).toContain('TEL;VALUE=uri;TYPE=voice:tel:+41-44-668-18-00\r\n');
    expect(
      refused('qr', { type: 'vcard', phone: 'call me', email: 'nobody', url: 'example.org' }),
    ).toEqual({
      '/b/content/lastName': expect.stringMatching(/needs a name/),
      '/b/content/phone': expect.stringMatching(/phone number/),
      '/b/content/email': 'must be an e-mail address',
      '/b/content/url': expect.stringMatching(/absolute URL/),
    });
  });

  it('folds long vCard lines at 75 octets without splitting a character', () => {
    const folded = foldLine(`NOTE:${'ü'.repeat(60)}`);
    for (const line of folded.split('\r\n'))
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n ').join('')).toBe(`NOTE:${'ü'.repeat(60)}`);
  });

  it('writes the WIFI: format with escapes and checks the passphrase', () => {
    expect(
      ok('qr', { type: 'wifi', ssid: 'Café;Guest', password: 'p:a"ss,word\\', hidden: true }).data,
    ).toBe('WIFI:T:WPA;S:Café\\;Guest;P:p\\:a\\"ss\\,word\\\\;H:true;;');
    expect(ok('qr', { type: 'wifi', ssid: 'Open' }).data).toBe('WIFI:T:nopass;S:Open;;');
    expect(ok('aztec', { type: 'wifi', ssid: 'Lab', password: 'abcde', security: 'WEP' }).alt).toBe(
      'Aztec code: Wi-Fi network Lab, WEP password abcde',
    );
    expect(refused('qr', { type: 'wifi', ssid: 'x', password: 'short', security: 'WPA2' })).toEqual(
      {
        '/b/content/password': expect.stringMatching(/8 to 63/),
      },
    );
    expect(refused('qr', { type: 'wifi', ssid: 'x'.repeat(33), security: 'WPA' })).toEqual({
      '/b/content/ssid': 'must be 1 to 32 bytes (UTF-8)',
      '/b/content/password': 'is required for a WPA network',
    });
    expect(refused('code128', { type: 'wifi', ssid: 'x' })).toHaveProperty(['/b/symbology']);
  });
});

describe('GS1 element strings', () => {
  const elements = [
    { ai: '01', value: '09521234543213' },
    { ai: '17', value: '261200' },
    { ai: '10', value: 'ABC123' },
    { ai: '3103', value: '001250' },
  ];

  it('encodes application identifiers and describes them', () => {
    const p = ok('gs1-128', { type: 'gs1', elements });
    expect(p.data).toBe('(01)09521234543213(17)261200(10)ABC123(3103)001250');
    expect(p.alt).toBe(
      'GS1-128 barcode: GTIN 09521234543213, expiry date 2026-12, batch/lot ABC123, net weight (kg) 1.250',
    );
    // A GS1 payload in a general symbology is drawn as its GS1 variant.
    expect(ok('qr', { type: 'gs1', elements }).symbology).toBe('gs1-qr');
    expect(ok('datamatrix', { type: 'gs1', elements }).symbology).toBe('gs1-datamatrix');
    expect(ok('code128', { type: 'gs1', elements }).symbology).toBe('gs1-128');
    // The plain element string works for GS1 symbologies and is checked the same way.
    expect(ok('gs1-datamatrix', '(00)376104250021234569(400)PO-1').data).toBe(
      '(00)376104250021234569(400)PO-1',
    );
  });

  it('takes a one-GTIN payload for EAN, UPC and ITF-14 symbols', () => {
    const gtin = (value: string) => ({ type: 'gs1', elements: [{ ai: '01', value }] });
    expect(ok('ean13', gtin('09521234543213')).data).toBe('9521234543213');
    expect(ok('itf14', gtin('19521234543210')).data).toBe('19521234543210');
    expect(refused('ean8', gtin('09521234543213'))).toEqual({
      '/b/content/elements/0/value': expect.stringMatching(/does not fit/),
    });
    expect(refused('ean13', { type: 'gs1', elements })).toHaveProperty(['/b/content/elements']);
  });

  it('checks formats, dates and check digits per element', () => {
    expect(
      refused('gs1-128', {
        type: 'gs1',
        elements: [
          { ai: '01', value: '09521234543214' },
          { ai: '17', value: '261341' },
          { ai: '10', value: 'x'.repeat(21) },
          { ai: '00', value: '12345' },
          { ai: '3103', value: '12a456' },
          { ai: '414', value: '4012345000008' },
          { ai: '123', value: 'x' },
          { ai: '8018', value: '123456789012345678' },
        ],
      }),
    ).toEqual({
      '/b/content/elements/0/value':
        'AI 01 (GTIN) has a wrong check digit: the last digit must be 3',
      '/b/content/elements/1/value': 'AI 17 (expiry date) has month 13; YYMMDD needs 01 to 12',
      '/b/content/elements/2/value': 'AI 10 (batch/lot) must have 1 to 20 characters, not 21',
      '/b/content/elements/3/value': 'AI 00 (SSCC) must have 18 digits, not 5',
      '/b/content/elements/4/value': 'AI 3103 (net weight (kg)) must be digits only',
      '/b/content/elements/5/value':
        'AI 414 (location GLN) has a wrong check digit: the last digit must be 9',
      '/b/content/elements/6/ai': 'AI 123 is not an application identifier this service knows',
      '/b/content/elements/7/value': expect.stringMatching(
        /^AI 8018 \(GSRN of the service recipient\) has a wrong check digit/,
      ),
    });
    expect(refused('gs1-128', 'not an element string')).toEqual({
      '/b/content': expect.stringMatching(/GS1 element string/),
    });
    expect(refused('gs1-databar', '(01)09521234543213(10)A')).toEqual({
      '/b/content': expect.stringMatching(/one GTIN/),
    });
    expect(refused('gs1-128', '(17)260230')).toEqual({
      '/b/content': 'AI 17 (expiry date) has day 30, past the end of the month',
    });
  });
});

describe('Swiss QR-bill', () => {
  it('writes the SPC 0200 payload with structured addresses and a QR reference', () => {
    const p = ok('swiss-qr', SWISS);
    expect(p.data.split('\n')).toEqual([
      'SPC',
      '0200',
      '1',
      'CH4431999123000889012',
      'S',
      'Robert Schneider AG',
      'Rue du Lac',
      '1268',
      '2501',
      'Biel',
      'CH',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '1949.75',
      'CHF',
      'S',
      'Pia-Maria Rutschmann-Schnyder',
      'Grosse Marktgasse',
      '28',
      '9400',
      'Rorschach',
      'CH',
      'QRR',
      '210000000003139471430009017',
      'Auftrag vom 15.06.2020',
      'EPD',
    ]);
    expect(p.alt).toBe(
      'Swiss QR code: QR-bill payment of CHF 1,949.75 to Robert Schneider AG, Biel, IBAN CH44 3199 9123 0008 8901 2, QR reference 21 00000 00003 13947 14300 09017, payable by Pia-Maria Rutschmann-Schnyder, message: Auftrag vom 15.06.2020',
    );
    // A QR-bill in a plain qr block is still drawn with the Swiss cross.
    expect(ok('qr', SWISS).symbology).toBe('swiss-qr');
    // The payload's own text is accepted as a plain string and checked by the same rules.
    expect(ok('swiss-qr', p.data).data).toBe(p.data);
  });

  it('takes SCOR and NON with an ordinary IBAN', () => {
    const plain = { ...SWISS, creditorIban: 'CH93 0076 2011 6238 5295 7' };
    const scor = ok('swiss-qr', { ...plain, reference: 'RF18 5390 0754 7034', debtor: undefined });
    expect(scor.data.split('\n').slice(27, 29)).toEqual(['SCOR', 'RF18539007547034']);
    const non = ok('swiss-qr', { ...plain, reference: undefined, amount: undefined });
    expect(non.data.split('\n').slice(18, 20)).toEqual(['', 'CHF']);
    expect(non.data.split('\n')[27]).toBe('NON');
  });

  it('enforces the QR-IBAN rules, the references, the character set and the lengths', () => {
    expect(refused('swiss-qr', { ...SWISS, creditorIban: 'CH93 0076 2011 6238 5295 7' })).toEqual({
      '/b/content/referenceType': expect.stringMatching(/QRR needs a QR-IBAN/),
    });
    expect(
      refused('swiss-qr', { ...SWISS, referenceType: 'SCOR', reference: 'RF18 5390 0754 7034' }),
    ).toEqual({
      '/b/content/referenceType': 'a QR-IBAN requires reference type QRR with a QR reference',
    });
    expect(
      refused('swiss-qr', { ...SWISS, reference: '21 00000 00003 13947 14300 09018' }),
    ).toEqual({
      '/b/content/reference': expect.stringMatching(/last digit must be 7/),
    });
    expect(
      refused('swiss-qr', {
        ...SWISS,
        creditorIban: 'DE89 3704 0044 0532 0130 00',
        creditor: { ...SWISS.creditor, name: 'Ωmega AG', town: 'x'.repeat(36), country: 'Schweiz' },
        currency: 'USD',
        message: 'm'.repeat(100),
        billingInformation: '//S1/10/' + 'b'.repeat(50),
      }),
    ).toEqual({
      '/b/content/creditorIban': 'must be a Swiss (CH) or Liechtenstein (LI) IBAN',
      '/b/content/creditor/name': expect.stringMatching(
        /'Ω' \(U\+03A9\), outside the Latin character set/,
      ),
      '/b/content/creditor/town': 'must have at most 35 characters, not 36',
      '/b/content/creditor/country': 'must be a two-letter ISO 3166 country code',
      '/b/content/currency': 'must be CHF or EUR',
      '/b/content/billingInformation': expect.stringMatching(/together must have at most 140/),
    });
    expect(refused('swiss-qr', 'SPC\n0100\n1')).toEqual({
      '/b/content': expect.stringMatching(/SPC, 0200 and 1/),
    });
    expect(refused('datamatrix', SWISS)).toHaveProperty(['/b/symbology']);
  });
});
