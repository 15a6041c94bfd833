/**
 * What we draw scans: each symbology and payload is rendered by the template stage to a PNG
 * (our raster output) and read back by ZXing-C++, an independent decoder, which must return
 * exactly the data the payload defines.
 */
import { describe, expect, it } from 'vitest';
import { renderImage } from '../../src/render.js';
import { SWISS } from './swiss-bill.js';
import { scan } from './scanner.js';

interface Case {
  readonly symbology: string;
  readonly content: unknown;
  /** ZXing's format name and the text it reads. */
  readonly format: string;
  readonly text: string;
}

const SWISS_TEXT = [
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
  ...Array<string>(7).fill(''),
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
].join('\n');

const CASES: readonly Case[] = [
  { symbology: 'qr', content: 'Zürich € 日本', format: 'QRCode', text: 'Zürich € 日本' },
  {
    symbology: 'qr',
    content: { type: 'epc', name: 'Jane Doe', iban: 'DE89370400440532013000', amount: 12.3 },
    format: 'QRCode',
    text: 'BCD\n002\n1\nSCT\n\nJane Doe\nDE89370400440532013000\nEUR12.30',
  },
  { symbology: 'swiss-qr', content: SWISS, format: 'QRCode', text: SWISS_TEXT },
  {
    symbology: 'datamatrix',
    content: { type: 'url', url: 'https://example.org/track/42' },
    format: 'DataMatrix',
    text: 'https://example.org/track/42',
  },
  {
    symbology: 'aztec',
    content: { type: 'wifi', ssid: 'Guest', password: 'correct horse' },
    format: 'Aztec',
    text: 'WIFI:T:WPA;S:Guest;P:correct horse;;',
  },
  {
    symbology: 'pdf417',
    content: { type: 'vcard', firstName: 'Jane', lastName: 'Doe', email: 'jane@example.org' },
    format: 'PDF417',
    text: 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nEMAIL;TYPE=INTERNET:jane@example.org\r\nEND:VCARD',
  },
  {
    symbology: 'code128',
    content: { type: 'text', text: 'A11Y-2026' },
    format: 'Code128',
    text: 'A11Y-2026',
  },
  { symbology: 'code39', content: 'INV-42', format: 'Code39', text: 'INV-42' },
  { symbology: 'ean13', content: '9520123456788', format: 'EAN13', text: '9520123456788' },
  { symbology: 'ean8', content: '9520123', format: 'EAN8', text: '95201238' },
  { symbology: 'upca', content: '416000336108', format: 'EAN13', text: '0416000336108' },
  { symbology: 'upce', content: '01234565', format: 'UPCE', text: '0012345000065' },
  { symbology: 'itf14', content: '04601234567893', format: 'ITF', text: '04601234567893' },
  { symbology: 'codabar', content: 'A40156B', format: 'Codabar', text: 'A40156B' },
  {
    symbology: 'gs1-128',
    content: {
      type: 'gs1',
      elements: [
        { ai: '00', value: '376104250021234569' },
        { ai: '10', value: 'LOT7' },
      ],
    },
    format: 'Code128',
    text: '(00)376104250021234569(10)LOT7',
  },
  {
    symbology: 'datamatrix',
    content: {
      type: 'gs1',
      elements: [
        { ai: '01', value: '09521234543213' },
        { ai: '17', value: '261231' },
      ],
    },
    format: 'DataMatrix',
    text: '(01)09521234543213(17)261231',
  },
  {
    symbology: 'gs1-qr',
    content: '(01)09521234543213(21)SN1',
    format: 'QRCode',
    text: '(01)09521234543213(21)SN1',
  },
  {
    symbology: 'gs1-databar',
    content: '(01)09521234543213',
    format: 'DataBarOmni',
    text: '(01)09521234543213',
  },
  {
    symbology: 'gs1-databar-expanded',
    content: '(01)09521234543213(3103)000123',
    format: 'DataBarExp',
    text: '(01)09521234543213(3103)000123',
  },
];

/** One template row per case, with white space around each symbol for its quiet zone. */
function template(cases: readonly Case[]) {
  return {
    version: 2,
    config: { title: 'Barcodes' },
    rows: cases.map((c) => ({
      blocks: [
        {
          type: 'barcode',
          symbology: c.symbology,
          content: c.content,
          config: { spacing: { top: 8, left: 10, bottom: 8 } },
        },
      ],
    })),
  };
}

const formatOf = (format: string) => format.replace(/[^a-z0-9]/gi, '').toLowerCase();

describe('barcodes scan back to their payload', () => {
  it.each([
    [
      'two-dimensional symbols',
      CASES.filter((c) => !/^(code|ean|upc|itf|codabar|gs1-128|gs1-databar)/.test(c.symbology)),
    ],
    [
      'bars',
      CASES.filter((c) => /^(code|ean|upc|itf|codabar|gs1-128|gs1-databar)/.test(c.symbology)),
    ],
  ])('%s', async (_, cases) => {
    const { image } = await renderImage(
      { kind: 'template', template: template(cases) },
      { width: 900, scale: 3 },
    );
    const found = (await scan(image)).map((r) => ({ format: formatOf(r.format), text: r.text }));
    for (const c of cases) {
      expect(found, `${c.symbology}: ${JSON.stringify(c.content).slice(0, 60)}`).toContainEqual({
        format: formatOf(c.format),
        text: c.text,
      });
    }
  });
});
