import { describe, expect, it } from 'vitest';
import { formsActionsArea } from '../../../src/validate/rules/forms-actions.js';
import { inspectPkcs7 } from '../../../src/validate/rules/pkcs7.js';
import { bytesOf, simplePdf } from './build-pdf.js';
import { failedRules } from './helpers.js';

const run = (pdf: Uint8Array, flavour: 'pdfa-3b' | 'pdfua-1' = 'pdfa-3b'): string[] =>
  failedRules(pdf, flavour, [formsActionsArea]);

describe('forms (6.4) and actions (6.5)', () => {
  it('passes a plain document', () => {
    expect(run(simplePdf())).toEqual([]);
  });
  it('checks the interactive form dictionary and catalog', () => {
    const pdf = simplePdf({
      catalogExtra:
        '/AcroForm << /Fields [5 0 R] /NeedAppearances true /XFA 6 0 R >> /NeedsRendering true',
      extraObjects: [
        { body: '<< /FT /Tx /T (a) /AA << /K 7 0 R >> >>' },
        { body: 'null' },
        { body: '<< /S /URI /URI (x) >>' },
      ],
    });
    expect(run(pdf)).toEqual(['6.4.1-2', '6.4.1-3', '6.4.2-1', '6.4.2-2']);
  });
  it('checks widget actions', () => {
    const pdf = simplePdf({
      pageExtra: '/Annots [5 0 R]',
      extraObjects: [{ body: '<< /Subtype /Widget /Rect [0 0 1 1] /A << /S /URI /URI (x) >> >>' }],
    });
    expect(run(pdf)).toEqual(['6.4.1-1']);
  });
  it('checks action types, named actions and additional actions', () => {
    const pdf = simplePdf({
      catalogExtra:
        '/OpenAction << /S /JavaScript /JS (x) /Next << /S /Named /N /Print >> >> /AA << /WC 5 0 R >>',
      pageExtra: '/AA << /O 5 0 R >>',
      extraObjects: [{ body: '<< /S /GoTo /D [3 0 R /Fit] >>' }],
    });
    expect(run(pdf)).toEqual(['6.5.1-1', '6.5.1-2', '6.5.2-1', '6.5.2-2']);
  });
  it('checks signature byte ranges', () => {
    const pdf = simplePdf({
      catalogExtra: '/AcroForm << /Fields [5 0 R] >>',
      extraObjects: [
        {
          body: '<< /FT /Sig /T (s) /V << /Type /Sig /ByteRange [0 10 20 30] /Contents <00> >> >>',
        },
      ],
    });
    expect(run(pdf)).toEqual(['6.4.3-1', '6.4.3-2', '6.4.3-3']);
  });
  it('accepts a signature whose ByteRange covers the file except its Contents', () => {
    const sd = [
      0x02, 0x01, 0x01, 0x31, 0x00, 0x30, 0x00, 0xa0, 0x02, 0x30, 0x00, 0x31, 0x02, 0x30, 0x00,
    ];
    const seq = [0x30, sd.length, ...sd];
    const oid = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];
    const body = [...oid, 0xa0, seq.length, ...seq];
    const der = Buffer.from([0x30, body.length, ...body]);
    const placeholder = '/ByteRange [0000000000 0000000000 0000000000 0000000000]';
    const pdf = simplePdf({
      catalogExtra: '/AcroForm << /Fields [5 0 R] /SigFlags 3 >>',
      extraObjects: [
        { body: '<< /FT /Sig /T (s) /V 6 0 R >>' },
        {
          body: `<< /Type /Sig /SubFilter /adbe.pkcs7.detached ${placeholder} /Contents <${der.toString('hex')}> >>`,
        },
      ],
    });
    const text = new TextDecoder('latin1').decode(pdf);
    const b = text.indexOf('/Contents <') + 10;
    const c = text.indexOf('>', b) + 1;
    const pad = (n: number): string => String(n).padStart(10, '0');
    const range = `/ByteRange [${pad(0)} ${pad(b)} ${pad(c)} ${pad(pdf.length - c)}]`;
    const signed = bytesOf(text.replace(placeholder, range));
    expect(run(signed)).toEqual([]);
    const truncatedRange = bytesOf(
      text.replace(placeholder, range.replace(pad(pdf.length - c), pad(pdf.length - c - 10))),
    );
    expect(run(truncatedRange)).toEqual(['6.4.3-1']);
  });
  it('reads PKCS#7 SignedData counts', () => {
    // ContentInfo { signedData OID, [0] { SEQUENCE { INTEGER 1, SET {}, SEQUENCE {}, [0] { SEQ{} }, SET { SEQ{}, SEQ{} } } } }
    const sd = [
      0x02, 0x01, 0x01, 0x31, 0x00, 0x30, 0x00, 0xa0, 0x02, 0x30, 0x00, 0x31, 0x04, 0x30, 0x00,
      0x30, 0x00,
    ];
    const seq = [0x30, sd.length, ...sd];
    const oid = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];
    const body = [...oid, 0xa0, seq.length, ...seq];
    const der = Uint8Array.from([0x30, body.length, ...body, 0, 0, 0]);
    expect(inspectPkcs7(der)).toEqual({ certificates: 1, signerInfos: 2 });
    expect(inspectPkcs7(Uint8Array.from([1, 2, 3]))).toBeNull();
  });
  it('checks dynamic XFA for PDF/UA', () => {
    const xfa =
      '<config><acrobat><common><dynamicRender>required</dynamicRender></common></acrobat></config>';
    const pdf = simplePdf({
      catalogExtra: '/AcroForm << /Fields [] /XFA [(config) 5 0 R] >>',
      extraObjects: [{ stream: { dict: '', data: xfa } }],
    });
    expect(run(pdf, 'pdfua-1')).toEqual(['7.15-1']);
  });
});
