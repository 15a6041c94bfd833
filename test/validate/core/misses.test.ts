/** Defects the validator missed on files it never saw, each in a small PDF built here. */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { identify, validate } from '../../../src/validate/index.js';
import { annotationsArea } from '../../../src/validate/rules/annotations.js';
import { embeddedFilesArea } from '../../../src/validate/rules/embedded-files.js';
import { formsActionsArea } from '../../../src/validate/rules/forms-actions.js';
import { xmpArea } from '../../../src/validate/rules/metadata/area.js';
import { parseXmpPacket } from '../../../src/validate/xmp/parse.js';
import { packet } from '../xmp/helpers.js';
import { bytesOf, simplePdf } from './build-pdf.js';
import { failedRules } from './helpers.js';

function utf16(s: string, le: boolean, bom: boolean): Uint8Array {
  const out: number[] = bom ? (le ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (le) out.push(c & 0xff, c >> 8);
    else out.push(c >> 8, c & 0xff);
  }
  return Uint8Array.from(out);
}

function utf32(s: string, le: boolean, bom: boolean): Uint8Array {
  const cps = [...s].map((c) => c.codePointAt(0) ?? 0);
  if (bom) cps.unshift(0xfeff);
  const out = new Uint8Array(cps.length * 4);
  const v = new DataView(out.buffer);
  cps.forEach((c, i) => v.setUint32(i * 4, c, le));
  return out;
}

const IDENT_2B = '<pdfaid:part>2</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>';

function withMetadata(data: Uint8Array): Uint8Array {
  return simplePdf({
    catalogExtra: '/Metadata 5 0 R',
    extraObjects: [{ stream: { dict: '/Type /Metadata /Subtype /XML', data } }],
  });
}

describe('XMP in every encoding XMP allows', () => {
  const text = packet(IDENT_2B);
  const cases: [string, Uint8Array, string][] = [
    ['UTF-16LE with BOM', utf16(text, true, true), 'UTF-16LE'],
    ['UTF-16LE without BOM', utf16(text, true, false), 'UTF-16LE'],
    ['UTF-16BE with BOM', utf16(text, false, true), 'UTF-16BE'],
    ['UTF-16BE without BOM', utf16(text, false, false), 'UTF-16BE'],
    ['UTF-32LE without BOM', utf32(text, true, false), 'UTF-32LE'],
    ['UTF-32BE with BOM', utf32(text, false, true), 'UTF-32BE'],
  ];
  for (const [name, data, encoding] of cases) {
    it(`reads a packet in ${name}, identification included`, () => {
      const r = parseXmpPacket(data);
      expect(r.ok && r.packet.actualEncoding).toBe(encoding);
      const pdf = withMetadata(data);
      expect(identify(pdf).pdfa).toEqual({ part: 2, conformance: 'B' });
      // PDF/A-2 asks for UTF-8 (6.6.2.1-5) but the packet is well-formed (no 6.6.2.1-4).
      expect(
        failedRules(pdf, 'pdfa-2b', [xmpArea]).filter((id) => id.startsWith('6.6.2.1')),
      ).toEqual(['6.6.2.1-5']);
      expect(validate(pdf, { flavours: 'auto' }).profiles.map((p) => p.profile)).toEqual([
        'PDF/A-2B',
      ]);
    });
  }
  it('reads a UTF-16 packet with padding around it (odd bytes after the trailer)', () => {
    const body = utf16(text, true, false);
    const data = new Uint8Array(body.length + 3);
    data[0] = 0x0a;
    data.set(body, 1);
    data.set([0x0a, 0x0a], body.length + 1);
    const r = parseXmpPacket(data);
    expect(r.ok).toBe(true);
    expect(identify(withMetadata(data)).pdfa).toEqual({ part: 2, conformance: 'B' });
  });
  it('says nothing about the encoding in PDF/UA-1', () => {
    const pdf = withMetadata(utf16(packet('<pdfuaid:part>1</pdfuaid:part>'), false, true));
    expect(failedRules(pdf, 'pdfua-1', [xmpArea]).filter((id) => id.startsWith('6.6'))).toEqual([]);
    expect(identify(pdf).pdfua).toEqual({ part: 1 });
  });
});

describe('PDF/A-2 embedded files (6.8-5)', () => {
  const attach = (data: Uint8Array | string, subtype = '/application#2Fpdf'): Uint8Array =>
    simplePdf({
      catalogExtra: '/Names << /EmbeddedFiles << /Names [(f) 5 0 R] >> >>',
      extraObjects: [
        { body: '<< /Type /Filespec /F (f) /UF (f) /EF << /F 6 0 R >> >>' },
        { stream: { dict: `/Type /EmbeddedFile /Subtype ${subtype}`, data } },
      ],
    });
  it('fails a file that is not a PDF', () => {
    expect(failedRules(attach('hello', '/text#2Fplain'), 'pdfa-2b', [embeddedFilesArea])).toEqual([
      '6.8-5',
    ]);
  });
  const claimingPdfA2 = (content: string): Uint8Array =>
    simplePdf({
      content,
      catalogExtra: '/Metadata 5 0 R',
      extraObjects: [
        {
          stream: {
            dict: '/Type /Metadata /Subtype /XML',
            data: new TextEncoder().encode(packet(IDENT_2B)),
          },
        },
      ],
    });
  it('accepts an embedded PDF that conforms to PDF/A-2', () => {
    expect(failedRules(attach(claimingPdfA2('q Q')), 'pdfa-2b', [embeddedFilesArea])).toEqual([]);
  });
  it('fails a PDF that claims PDF/A-2 but does not conform (validated, not only identified)', () => {
    // Device RGB without an output intent: the claim is not met.
    const inner = claimingPdfA2('1 0 0 rg 0 0 10 10 re f');
    const r = validate(attach(inner), { flavours: ['pdfa-2b'], areas: [embeddedFilesArea] });
    const f = (r.failures ?? []).find((x) => x.clause === '6.8');
    expect(f?.testNumber).toBe(5);
    expect(f?.errorDetails).toMatch(/not PDF\/A-1 or PDF\/A-2: it fails/);
  });
});

describe('PDF/UA-1 7.15 dynamic XFA', () => {
  const config = (v: string): string =>
    `<config xmlns="http://www.xfa.org/schema/xci/3.0/"><acrobat><acrobat7><dynamicRender>${v}</dynamicRender></acrobat7></acrobat></config>`;
  const form = (xfa: string, objects: { stream: { dict: string; data: Uint8Array | string } }[]) =>
    simplePdf({ catalogExtra: `/AcroForm << /Fields [] /XFA ${xfa} >>`, extraObjects: objects });
  it('flags dynamicRender required in a config packet of an XFA array', () => {
    const pdf = form('[(preamble) 5 0 R (config) 6 0 R]', [
      { stream: { dict: '', data: '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/">' } },
      { stream: { dict: '/Filter /FlateDecode', data: deflateSync(bytesOf(config('required'))) } },
    ]);
    expect(failedRules(pdf, 'pdfua-1', [formsActionsArea])).toEqual(['7.15-1']);
  });
  it('flags it in a single XFA stream written in UTF-16', () => {
    const pdf = form('5 0 R', [
      { stream: { dict: '', data: utf16(config(' required '), true, true) } },
    ]);
    expect(failedRules(pdf, 'pdfua-1', [formsActionsArea])).toEqual(['7.15-1']);
  });
  it('accepts a static XFA form', () => {
    const pdf = form('5 0 R', [{ stream: { dict: '', data: config('forbidden') } }]);
    expect(failedRules(pdf, 'pdfua-1', [formsActionsArea])).toEqual([]);
  });
});

describe('PDF/UA-1 7.18.6.2 media clip data', () => {
  const clip = (entries: string): Uint8Array =>
    simplePdf({
      pageExtra: '/Annots [5 0 R] /Tabs /S',
      extraObjects: [
        {
          body: `<< /Type /Annot /Subtype /Screen /Rect [0 0 10 10] /Contents (video) /A << /S /Rendition /R << /S /MR /C << /Type /MediaClip /S /MCD ${entries} >> >> >> >>`,
        },
      ],
    });
  const mediaRules = (pdf: Uint8Array): string[] =>
    failedRules(pdf, 'pdfua-1', [annotationsArea]).filter((id) => id.startsWith('7.18.6.2'));
  it('flags a clip without CT and Alt', () => {
    expect(mediaRules(clip(''))).toEqual(['7.18.6.2-1', '7.18.6.2-2']);
  });
  it('flags a CT that is not a string and an Alt whose text is empty', () => {
    expect(mediaRules(clip('/CT /video#2Fmp4 /Alt [(en) ()]'))).toEqual([
      '7.18.6.2-1',
      '7.18.6.2-2',
    ]);
  });
  it('accepts a clip with a content type and alternative text', () => {
    expect(mediaRules(clip('/CT (video/mp4) /Alt [(en) (A short film) () (Default)]'))).toEqual([]);
  });
});

describe('PDF/A-2 embedded files nested past the validation depth', () => {
  // A PDF/A-2b file that embeds `inner` (or nothing): it conforms when `inner` does.
  const holding = (inner: Uint8Array | string | null, ident = IDENT_2B): Uint8Array =>
    simplePdf({
      catalogExtra: `/Metadata 5 0 R${inner === null ? '' : ' /Names << /EmbeddedFiles << /Names [(f) 6 0 R] >> >>'}`,
      extraObjects: [
        {
          stream: {
            dict: '/Type /Metadata /Subtype /XML',
            data: new TextEncoder().encode(packet(ident)),
          },
        },
        ...(inner === null
          ? []
          : [
              { body: '<< /Type /Filespec /F (f) /UF (f) /EF << /F 7 0 R >> >>' },
              { stream: { dict: '/Type /EmbeddedFile', data: inner } },
            ]),
      ],
    });
  // The document embeds A, which embeds B, which embeds C: A and B are validated, and C, past
  // the depth, is judged by its identification alone.
  const verdict = (c: Uint8Array | string): string[] =>
    failedRules(holding(holding(holding(c))), 'pdfa-2b', [embeddedFilesArea]);
  it('accepts a deepest file that identifies itself as PDF/A-1 or PDF/A-2', () => {
    expect(verdict(holding(null))).toEqual([]);
    expect(
      verdict(
        holding(null, '<pdfaid:part>1</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>'),
      ),
    ).toEqual([]);
  });
  it('refuses a deepest file that claims another part, claims nothing or is not a PDF', () => {
    expect(
      verdict(
        holding(null, '<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>'),
      ),
    ).toEqual(['6.8-5']);
    expect(verdict(simplePdf())).toEqual(['6.8-5']);
    expect(verdict('hello')).toEqual(['6.8-5']);
  });
});
