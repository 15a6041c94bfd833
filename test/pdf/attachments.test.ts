import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/diagnostics.js';
import type { Attachment, AttachmentRelationship, XmpSchema } from '../../src/document/index.js';
import { writePdf } from '../../src/pdf/index.js';
import { settings, simpleDoc } from './helpers.js';
import { inspect, openPdf } from './inspect.js';
import { writeValid } from './validate-helper.js';

const INVOICE = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">
  <rsm:ExchangedDocument><ram:ID xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">INV-2026-001</ram:ID></rsm:ExchangedDocument>
</rsm:CrossIndustryInvoice>
`;

const FACTURX: XmpSchema = {
  namespace: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
  prefix: 'fx',
  name: 'Factur-X PDFA Extension Schema',
  properties: [
    { name: 'DocumentType', value: 'INVOICE', description: 'INVOICE' },
    {
      name: 'DocumentFileName',
      value: 'factur-x.xml',
      description: 'Name of the embedded XML invoice file',
    },
    { name: 'Version', value: '1.0', description: 'The actual version of the Factur-X XML schema' },
    {
      name: 'ConformanceLevel',
      value: 'EN 16931',
      description: 'The conformance level of the embedded Factur-X data',
    },
  ],
};

describe('attachments', () => {
  it('embeds an XML invoice as Alternative with a custom XMP schema (Factur-X style)', async () => {
    const invoice: Attachment = {
      name: 'factur-x.xml',
      content: Buffer.from(INVOICE, 'utf8'),
      mimeType: 'text/xml',
      description: 'Factur-X invoice',
      relationship: 'Alternative',
      modDate: new Date('2026-01-02T00:00:00Z'),
    };
    const r = writeValid(simpleDoc(), {
      deterministic: true,
      settings: { attachments: [invoice], xmpSchemas: [FACTURX] },
    });
    const { objects, streams } = inspect(r.bytes);
    expect(objects).toMatch(
      /\/Type \/Filespec \/F \(factur-x.xml\) \/UF \(factur-x.xml\) \/Desc \(Factur-X invoice\) \/AFRelationship \/Alternative \/EF <<\/F (\d+) 0 R \/UF \1 0 R>>/,
    );
    expect(objects).toMatch(/\/AF \[\d+ 0 R\]/);
    expect(objects).toMatch(/\/Names <<\/EmbeddedFiles <<\/Names \[\(factur-x.xml\) \d+ 0 R\]>>>>/);
    const ef = streams.find((s) => s.dict.includes('/Type /EmbeddedFile'));
    expect(ef?.dict).toContain(
      `/Subtype /text#2Fxml /Params <</Size ${Buffer.byteLength(INVOICE)} /ModDate (D:20260102000000+00'00')>>`,
    );
    const xmp = streams.find((s) => s.dict.includes('/Metadata'))?.data.toString('utf8') ?? '';
    expect(xmp).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    expect(xmp).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<pdfaProperty:valueType>Text</pdfaProperty:valueType>');
    const pdf = await openPdf(r.bytes);
    const att = (await pdf.getAttachments()) as Record<
      string,
      { filename: string; content: Uint8Array; description?: string }
    >;
    const entry = Object.values(att)[0];
    expect(entry?.filename).toBe('factur-x.xml');
    expect(Buffer.from(entry?.content ?? []).toString('utf8')).toBe(INVOICE);
  });

  it('handles names and descriptions with &, <, quotes, non-Latin text and emoji', async () => {
    const names = ['a&b <c> "q".txt', 'Смета 2026.csv', '報告 😀.json'];
    const attachments: Attachment[] = names.map((name, i) => ({
      name,
      content: Buffer.from(`file ${i}`),
      mimeType: i === 1 ? 'text/csv' : i === 2 ? 'application/json' : 'text/plain',
      description: `Description & <${name}>`,
      relationship: (['Source', 'Data', 'Supplement'] as AttachmentRelationship[])[
        i
      ] as AttachmentRelationship,
    }));
    const r = writeValid(simpleDoc(), { settings: { attachments } });
    const pdf = await openPdf(r.bytes);
    const att = (await pdf.getAttachments()) as Record<
      string,
      { filename: string; content: Uint8Array }
    >;
    expect(
      Object.values(att)
        .map((a) => a.filename)
        .sort(),
    ).toEqual([...names].sort());
    const { objects } = inspect(r.bytes);
    for (const rel of ['Source', 'Data', 'Supplement'])
      expect(objects).toContain(`/AFRelationship /${rel}`);
  });

  it('rejects an unknown relationship and a reserved XMP prefix with a typed error', () => {
    const bad = {
      name: 'x.xml',
      content: Buffer.from('x'),
      mimeType: 'text/xml',
      relationship: 'Alternate',
    } as unknown as Attachment;
    expect(() => writePdf(simpleDoc(), settings({ attachments: [bad] }))).toThrow(InputError);
    try {
      writePdf(simpleDoc(), settings({ attachments: [bad] }));
    } catch (e) {
      expect((e as InputError).problems[0]?.pointer).toBe('/attachments/0/relationship');
    }
    const schema: XmpSchema = {
      namespace: 'http://example.org/ns/',
      prefix: 'dc',
      name: 'clash',
      properties: [],
    };
    expect(() => writePdf(simpleDoc(), settings({ xmpSchemas: [schema] }))).toThrow(
      /invalid XMP schemas/,
    );
    const badType: XmpSchema = {
      namespace: 'http://example.org/ns/',
      prefix: 'ex',
      name: 'Example',
      properties: [{ name: 'n', value: '1', valueType: 'Widget' }],
    };
    expect(() => writePdf(simpleDoc(), settings({ xmpSchemas: [badType] }))).toThrow(InputError);
  });
});
