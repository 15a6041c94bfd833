/**
 * JSON Schema of a barcode block's content, merged into the template schema's $defs: a string,
 * or a payload object whose `type` says which rules check it (prepare.ts).
 */

const text = (description: string, maxLength: number) =>
  ({ type: 'string', maxLength, description }) as const;

const payload = (
  type: string,
  required: readonly string[],
  properties: Record<string, unknown>,
) => ({
  type: 'object',
  required: ['type', ...required],
  additionalProperties: false,
  properties: { type: { const: type }, ...properties },
});

const amount = {
  description: 'Amount with at most two decimals: a number or a decimal string ("12.30")',
  anyOf: [
    { type: 'number', exclusiveMinimum: 0 },
    { type: 'string', pattern: '^\\s*\\d+(\\.\\d{1,2})?\\s*$' },
  ],
} as const;

const swissAddress = {
  type: 'object',
  required: ['name', 'postalCode', 'town', 'country'],
  additionalProperties: false,
  description: 'Structured address (type S)',
  properties: {
    name: text('Name or company, up to 70 characters', 200),
    street: text('Street, up to 70 characters', 200),
    buildingNumber: text('Building number, up to 16 characters', 100),
    postalCode: text('Postal code, up to 16 characters', 100),
    town: text('Town, up to 35 characters', 100),
    country: text('ISO 3166-1 alpha-2 country code', 10),
  },
} as const;

const PAYLOADS = {
  raw: payload('raw', ['value'], {
    value: {
      type: 'string',
      minLength: 1,
      maxLength: 4000,
      description: 'The data exactly as the symbology encodes it',
    },
  }),
  text: payload('text', ['text'], { text: { type: 'string', minLength: 1, maxLength: 4000 } }),
  url: payload('url', ['url'], { url: { type: 'string', minLength: 1, maxLength: 4000 } }),
  epc: payload('epc', ['name', 'iban'], {
    name: text('Beneficiary, up to 70 characters', 200),
    iban: text('Beneficiary IBAN (checksum verified)', 100),
    bic: text('BIC (optional in EPC version 002)', 100),
    amount: { ...amount, description: 'Euros, 0.01 to 999999999.99' },
    purpose: text('ISO 20022 purpose code, four letters', 10),
    reference: text('Structured creditor reference (ISO 11649 RF... checked), up to 35', 100),
    remittance: text('Unstructured remittance text, up to 140 characters', 400),
    information: text('Beneficiary to originator information, up to 70 characters', 200),
  }),
  vcard: payload('vcard', [], {
    version: { enum: ['3.0', '4.0'], default: '3.0' },
    firstName: text('Given name', 200),
    lastName: text('Family name', 200),
    org: text('Organisation', 400),
    title: text('Job title', 400),
    phone: text('Phone number', 100),
    email: text('E-mail address', 400),
    url: text('Website (absolute URL)', 4000),
  }),
  wifi: payload('wifi', ['ssid'], {
    ssid: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'Network name, 1 to 32 bytes',
    },
    password: text('Passphrase (WPA: 8 to 63 characters; WEP: 5 or 13)', 200),
    security: {
      enum: ['WPA', 'WPA2', 'WPA3', 'WEP', 'nopass'],
      description: 'Default: WPA with a password, nopass without',
    },
    hidden: { type: 'boolean', default: false },
  }),
  gs1: payload('gs1', ['elements'], {
    elements: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['ai', 'value'],
        additionalProperties: false,
        properties: {
          ai: { type: 'string', description: 'Application identifier, 2 to 4 digits' },
          value: { type: 'string', maxLength: 200 },
        },
      },
    },
  }),
  swiss: payload('swiss', ['creditorIban', 'creditor', 'currency'], {
    creditorIban: text('CH or LI IBAN or QR-IBAN (checksum verified)', 100),
    creditor: swissAddress,
    amount: { ...amount, description: '0.01 to 999999999.99; absent: the payer fills it in' },
    currency: { enum: ['CHF', 'EUR'] },
    debtor: swissAddress,
    referenceType: {
      enum: ['QRR', 'SCOR', 'NON'],
      description: 'Default: QRR with a QR-IBAN, SCOR for an RF reference, NON without a reference',
    },
    reference: text(
      'QR reference (27 digits, mod 10 recursive) or creditor reference (RF...)',
      100,
    ),
    message: text('Unstructured message, up to 140 characters', 400),
    billingInformation: text(
      'Structured bill information (//S1/...), up to 140 with the message',
      400,
    ),
  }),
} as const;

export const barcodeSchemaDefs = {
  BarcodeContent: {
    description: 'The data as a string (encoded as it is), or a typed payload',
    if: { type: 'string' },
    then: { type: 'string', minLength: 1, maxLength: 4000 },
    else: { $ref: '#/$defs/BarcodePayload' },
  },
  BarcodePayload: {
    type: 'object',
    required: ['type'],
    properties: { type: { enum: Object.keys(PAYLOADS) } },
    allOf: Object.entries(PAYLOADS).map(([type, schema]) => ({
      if: { properties: { type: { const: type } } },
      then: schema,
    })),
  },
} as const;
