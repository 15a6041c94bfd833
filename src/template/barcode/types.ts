/** The content of a barcode block: a plain string, or a typed payload the service encodes. */

export interface RawPayload {
  readonly type: 'raw';
  /** Exactly the data the symbology encodes (digits for EAN, an element string for GS1...). */
  readonly value: string;
}
export interface TextPayload {
  readonly type: 'text';
  readonly text: string;
}
export interface UrlPayload {
  readonly type: 'url';
  readonly url: string;
}
/** SEPA credit transfer (EPC069-12, the "GiroCode"). */
export interface EpcPayload {
  readonly type: 'epc';
  readonly name: string;
  readonly iban: string;
  readonly bic?: string;
  /** Euros, 0.01 to 999,999,999.99. */
  readonly amount?: number | string;
  /** ISO 20022 purpose code, four letters. */
  readonly purpose?: string;
  /** Structured creditor reference (ISO 11649 RF...), exclusive with remittance. */
  readonly reference?: string;
  /** Unstructured remittance text, exclusive with reference. */
  readonly remittance?: string;
  /** Beneficiary to originator information. */
  readonly information?: string;
}
export interface VcardPayload {
  readonly type: 'vcard';
  readonly version?: '3.0' | '4.0';
  readonly firstName?: string;
  readonly lastName?: string;
  readonly org?: string;
  readonly title?: string;
  readonly phone?: string;
  readonly email?: string;
  readonly url?: string;
}
export interface WifiPayload {
  readonly type: 'wifi';
  readonly ssid: string;
  readonly password?: string;
  readonly security?: 'WPA' | 'WPA2' | 'WPA3' | 'WEP' | 'nopass';
  readonly hidden?: boolean;
}
export interface Gs1Element {
  /** Application identifier, 2 to 4 digits. */
  readonly ai: string;
  readonly value: string;
}
export interface Gs1Payload {
  readonly type: 'gs1';
  readonly elements: readonly Gs1Element[];
}
export interface SwissAddress {
  readonly name: string;
  readonly street?: string;
  readonly buildingNumber?: string;
  readonly postalCode: string;
  readonly town: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
}
/** Swiss QR-bill (Swiss Payment Standards, Implementation Guidelines for the QR-bill). */
export interface SwissPayload {
  readonly type: 'swiss';
  readonly creditorIban: string;
  readonly creditor: SwissAddress;
  readonly amount?: number | string;
  readonly currency: 'CHF' | 'EUR';
  readonly debtor?: SwissAddress;
  /** Default: QRR with a QR-IBAN, SCOR for an RF reference, NON without a reference. */
  readonly referenceType?: 'QRR' | 'SCOR' | 'NON';
  readonly reference?: string;
  readonly message?: string;
  /** Structured bill information (//S1/...). */
  readonly billingInformation?: string;
}

export type BarcodePayload =
  | RawPayload
  | TextPayload
  | UrlPayload
  | EpcPayload
  | VcardPayload
  | WifiPayload
  | Gs1Payload
  | SwissPayload;

export type BarcodeContent = string | BarcodePayload;

/** What a payload encodes: the symbol's data and a description for the alt text. */
export interface EncodedPayload {
  readonly data: string;
  /** Readable summary of the content ("SEPA credit transfer of EUR 12.30 to ..."). */
  readonly description: string;
}
