import { describe, expect, it } from 'vitest';
import { formsActionsArea } from '../../../src/validate/rules/forms-actions.js';
import { bytesOf, simplePdf, type TestObject } from './build-pdf.js';
import { failedRules, failureLines } from './helpers.js';

const lines = (pdf: Uint8Array, flavour: 'pdfa-3b' | 'pdfua-1' = 'pdfa-3b'): string[] =>
  failureLines(pdf, flavour, [formsActionsArea]);
const rules = (pdf: Uint8Array, flavour: 'pdfa-3b' | 'pdfua-1' = 'pdfa-3b'): string[] =>
  failedRules(pdf, flavour, [formsActionsArea]);

/** A PKCS#7 SignedData with `certs` certificates and `signers` signer infos (empty bodies). */
function pkcs7(certs: number, signers: number): Buffer {
  const certSet = Array.from({ length: certs }, () => [0x30, 0x00]).flat();
  const signerSet = Array.from({ length: signers }, () => [0x30, 0x00]).flat();
  const sd = [
    0x02,
    0x01,
    0x01,
    0x31,
    0x00,
    0x30,
    0x00,
    0xa0,
    certSet.length,
    ...certSet,
    0x31,
    signerSet.length,
    ...signerSet,
  ];
  const seq = [0x30, sd.length, ...sd];
  const oid = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];
  const body = [...oid, 0xa0, seq.length, ...seq];
  return Buffer.from([0x30, body.length, ...body]);
}

const PLACEHOLDER = '/ByteRange [0000000000 0000000000 0000000000 0000000000]';

/**
 * A signed file: the signature dictionary's Contents is `contents` (source text), and its
 * ByteRange is what `range` makes of the Contents string's start and end and the file length.
 */
function signedPdf(
  contents: string,
  range: (b: number, c: number, length: number, text: string) => readonly number[],
  opts: {
    eofLine?: string;
    field?: string;
    catalogExtra?: string;
    /** Entries after Contents in the signature dictionary. */
    after?: string;
    /** Leave out the final %%EOF line. */
    noEof?: boolean;
  } = {},
): Uint8Array {
  const extra: TestObject[] = [
    { body: opts.field ?? '<< /FT /Sig /T (sig1) /V 6 0 R >>' },
    { body: `<< /Type /Sig ${PLACEHOLDER} /Contents ${contents} ${opts.after ?? ''}>>` },
  ];
  const pdf = simplePdf({
    catalogExtra: `/AcroForm << /Fields [5 0 R] /SigFlags 3 >> ${opts.catalogExtra ?? ''}`,
    extraObjects: extra,
  });
  let text = new TextDecoder('latin1').decode(pdf);
  // What follows the last %%EOF (the writer ends the file with a line feed).
  if (opts.eofLine !== undefined) text = `${text.slice(0, -1)}${opts.eofLine}`;
  if (opts.noEof) text = text.slice(0, text.lastIndexOf('%%EOF'));
  const b = text.indexOf('/Contents ', text.indexOf('/Type /Sig')) + 10;
  const c = contents.startsWith('<') ? text.indexOf('>', b) + 1 : text.indexOf(')', b) + 1;
  const r = range(b, c, text.length, text);
  // Written in the placeholder's room, so that the offsets the range was computed from hold.
  const digits = r.length > 4 ? 7 : 10;
  const written = `/ByteRange [${r.map((n) => String(n).padStart(digits, '0')).join(' ')}]`;
  return bytesOf(text.replace(PLACEHOLDER, written.padEnd(PLACEHOLDER.length)));
}

const whole = (b: number, c: number, length: number): number[] => [0, b, c, length - c];
const DER = pkcs7(1, 1).toString('hex');

describe('signatures (6.4.3): the byte range', () => {
  it('accepts a range that covers everything but the hexadecimal Contents', () => {
    expect(rules(signedPdf(`<${DER}>`, whole))).toEqual([]);
  });
  it('accepts Contents written with white space and with trailing zero padding', () => {
    const spaced = `<${DER.slice(0, 8)} \n${DER.slice(8)}>`;
    expect(rules(signedPdf(spaced, whole))).toEqual([]);
  });
  it('refuses a range that does not start at 0, or leaves out more than Contents', () => {
    expect(lines(signedPdf(`<${DER}>`, (b, c, n) => [1, b - 1, c, n - c]))).toEqual([
      expect.stringMatching(/^6\.4\.3-1 @ signature field sig1: ByteRange \[1 \d+ \d+ \d+\]$/),
    ]);
    expect(rules(signedPdf(`<${DER}>`, (b, c, n) => [0, b - 1, c, n - c]))).toEqual(['6.4.3-1']);
    // The gap is right, but the first range starts after the file's first byte.
    expect(rules(signedPdf(`<${DER}>`, (b, c, n) => [1, b, c, n - c]))).toEqual(['6.4.3-1']);
    expect(rules(signedPdf(`<${DER}>`, (b, c, n) => [0, b, c + 1, n - c - 1]))).toEqual([
      '6.4.3-1',
    ]);
  });
  it('refuses a gap that is empty, reversed, or runs past the file', () => {
    expect(rules(signedPdf(`<${DER}>`, (_b, _c, n) => [0, 0, 10, n - 10]))).toEqual(['6.4.3-1']);
    expect(rules(signedPdf(`<${DER}>`, (b, c, n) => [0, c, b, n - b]))).toEqual(['6.4.3-1']);
    expect(rules(signedPdf(`<${DER}>`, (b, _c, n) => [0, b, n + 1, 0]))).toEqual(['6.4.3-1']);
  });
  it('refuses a gap holding a literal string or text that is not hexadecimal', () => {
    const literal = `(${'x'.repeat(8)})`;
    expect(rules(signedPdf(literal, whole))).toContain('6.4.3-1');
    expect(rules(signedPdf(`<${DER.slice(0, -2)}zz>`, whole))).toContain('6.4.3-1');
  });
  it('ends the second range at the %%EOF of the revision, with or without its end of line', () => {
    const eol = (extra: number) => (b: number, c: number, n: number) => [0, b, c, n - c - extra];
    // The file ends "%%EOF\n": the range may stop before or after the line feed.
    expect(rules(signedPdf(`<${DER}>`, eol(0)))).toEqual([]);
    expect(rules(signedPdf(`<${DER}>`, eol(1)))).toEqual([]);
    expect(rules(signedPdf(`<${DER}>`, eol(2)))).toEqual(['6.4.3-1']);
    // CR LF: before, between and after; CR alone: before and after; nothing after.
    for (const extra of [0, 1, 2])
      expect(rules(signedPdf(`<${DER}>`, eol(extra), { eofLine: '\r\n' })), `${extra}`).toEqual([]);
    expect(rules(signedPdf(`<${DER}>`, eol(3), { eofLine: '\r\n' }))).toEqual(['6.4.3-1']);
    expect(rules(signedPdf(`<${DER}>`, eol(1), { eofLine: '\r' }))).toEqual([]);
    expect(rules(signedPdf(`<${DER}>`, eol(2), { eofLine: '\r' }))).toEqual(['6.4.3-1']);
    expect(rules(signedPdf(`<${DER}>`, eol(0), { eofLine: '' }))).toEqual([]);
  });
  it('ends the second range at the first %%EOF after the signature, not at a later update', () => {
    const update = { eofLine: '\n% an incremental update\n%%EOF\n' };
    expect(rules(signedPdf(`<${DER}>`, whole, update))).toEqual(['6.4.3-1']);
    const later = '% an incremental update\n%%EOF\n'.length;
    const first = (b: number, c: number, n: number) => [0, b, c, n - c - later];
    expect(rules(signedPdf(`<${DER}>`, first, update))).toEqual([]);
  });
  it('refuses a range of other than four numbers, and names a missing one', () => {
    const pdf = signedPdf(`<${DER}>`, (b, c) => [0, b, c]);
    expect(rules(pdf)).toEqual(['6.4.3-1']);
    // Four right numbers and a fifth: the placeholder has room for five when they are short.
    const five = signedPdf(`<${DER}>`, (b, c, n) => [0, b, c, n - c, 0]);
    expect(lines(five)).toEqual([
      expect.stringMatching(/^6\.4\.3-1 @ .+: ByteRange \[0 \d+ \d+ \d+ 0\]$/),
    ]);
    const none = simplePdf({
      catalogExtra: '/AcroForm << /Fields [5 0 R] >>',
      extraObjects: [{ body: `<< /FT /Sig /V << /Type /Sig /Contents <${DER}> >> >>` }],
    });
    expect(lines(none)).toEqual(['6.4.3-1 @ signature field (unnamed): no ByteRange']);
  });
});

describe('signatures (6.4.3): the gap and the end of the revision', () => {
  it('refuses a gap that stops short of the closing > or starts after the opening <', () => {
    // <00> less its last byte is "<00", whose one digit would read as the same byte 00.
    expect(rules(signedPdf('<00>', (b, c, n) => [0, b, c - 1, n - c + 1]))).toContain('6.4.3-1');
    expect(rules(signedPdf('<00>', (b, c, n) => [0, b + 1, c, n - c]))).toContain('6.4.3-1');
  });
  it('accepts a Contents string followed by other entries, and one of an odd number of digits', () => {
    const after = { after: '/M (D:20260101000000Z) /Reason (test)' };
    expect(rules(signedPdf(`<${DER}>`, whole, after))).toEqual([]);
    // <0> is the byte 00: the missing last digit is a zero (ISO 32000-1, 7.3.4.3).
    expect(rules(signedPdf('<0>', whole))).not.toContain('6.4.3-1');
  });
  it('refuses a gap holding another hexadecimal string than Contents', () => {
    const other = { catalogExtra: '/Other <01>' };
    const elsewhere = (_b: number, _c: number, n: number, text: string): number[] => {
      const at = text.indexOf('<01>');
      return [0, at, at + 4, n - at - 4];
    };
    expect(rules(signedPdf('<00>', elsewhere, other))).toContain('6.4.3-1');
    // Same digits, same length: the gap is only right where it holds this value.
    expect(rules(signedPdf('<01>', elsewhere, other))).not.toContain('6.4.3-1');
  });
  it('refuses a second range that runs past %%EOF into what is not an end of line', () => {
    for (const eofLine of [' ', '\r ', 'x\n'])
      expect(rules(signedPdf(`<${DER}>`, whole, { eofLine })), JSON.stringify(eofLine)).toEqual([
        '6.4.3-1',
      ]);
  });
  it('ends the second range at the end of a file without %%EOF after the signature', () => {
    expect(rules(signedPdf(`<${DER}>`, whole, { noEof: true }))).toEqual([]);
    const short = (b: number, c: number, n: number) => [0, b, c, n - c - 1];
    expect(rules(signedPdf(`<${DER}>`, short, { noEof: true }))).toEqual(['6.4.3-1']);
  });
  it('reads a signature field without a signature as unsigned', () => {
    for (const field of ['<< /FT /Sig /T (empty) >>', '<< /FT /Sig /T (empty) /V 7 >>'])
      expect(
        rules(
          simplePdf({
            catalogExtra: '/AcroForm << /Fields [5 0 R] >>',
            extraObjects: [{ body: field }],
          }),
        ),
        field,
      ).toEqual([]);
  });
});

describe('signatures (6.4.3): the PKCS#7 data', () => {
  it('needs a signing certificate and exactly one signer', () => {
    expect(rules(signedPdf(`<${pkcs7(0, 1).toString('hex')}>`, whole))).toEqual(['6.4.3-2']);
    expect(lines(signedPdf(`<${pkcs7(1, 2).toString('hex')}>`, whole))).toEqual([
      '6.4.3-3 @ signature field sig1: 2 signers',
    ]);
    expect(lines(signedPdf('<0102>', whole))).toEqual([
      '6.4.3-2 @ signature field sig1: ',
      '6.4.3-3 @ signature field sig1: unreadable PKCS#7 data',
    ]);
  });
  it('skips the PKCS#7 checks when Contents is not a string', () => {
    const pdf = simplePdf({
      catalogExtra: '/AcroForm << /Fields [5 0 R] >>',
      extraObjects: [{ body: '<< /FT /Sig /T (s) /V << /ByteRange [0 1 2 3] /Contents 7 >> >>' }],
    });
    expect(rules(pdf)).toEqual(['6.4.3-1']);
  });
  it('checks the DocMDP signature once when a field holds the same dictionary', () => {
    const shared = signedPdf(`<${pkcs7(0, 1).toString('hex')}>`, whole, {
      catalogExtra: '/Perms << /DocMDP 6 0 R >>',
    });
    expect(lines(shared)).toEqual(['6.4.3-2 @ signature field sig1: ']);
    const alone = signedPdf(`<${pkcs7(0, 1).toString('hex')}>`, whole, {
      field: '<< /FT /Tx /T (name) >>',
      catalogExtra: '/Perms << /DocMDP 6 0 R >>',
    });
    expect(lines(alone)).toEqual(['6.4.3-2 @ DocMDP signature: ']);
  });
  it('reads only signature fields', () => {
    const pdf = simplePdf({
      catalogExtra: '/AcroForm << /Fields [5 0 R] >>',
      extraObjects: [{ body: '<< /FT /Tx /T (t) /V << /ByteRange [1 2 3 4] >> >>' }],
    });
    expect(rules(pdf)).toEqual([]);
  });
});

describe('forms (6.4.1, 6.4.2): where failures point', () => {
  it('names the widget, the field and the form', () => {
    const pdf = simplePdf({
      catalogExtra:
        '/AcroForm << /Fields [6 0 R 7 0 R] /NeedAppearances true /XFA 8 0 R >> /NeedsRendering true',
      pageExtra: '/Annots [5 0 R]',
      extraObjects: [
        { body: '<< /Subtype /Widget /Rect [0 0 1 1] /AA << /K 8 0 R >> >>' },
        { body: '<< /FT /Tx /T (amount) /AA << /K 8 0 R >> >>' },
        { body: '<< /FT /Tx /AA << /K 8 0 R >> >>' },
        { body: '<< /S /URI /URI (x) >>' },
      ],
    });
    const found = lines(pdf);
    expect(found).toContain('6.4.1-2 @ form field amount: ');
    expect(found).toContain('6.4.1-2 @ form field (unnamed): ');
    expect(found).toContain('6.4.1-3 @ interactive form: ');
    expect(found).toContain('6.4.2-1 @ interactive form: ');
    expect(found).toContain('6.4.2-2 @ document catalog: ');
    expect(found.filter((l) => l.startsWith('6.4.1-1 @ '))).toHaveLength(1);
  });
  it('accepts a widget without actions, NeedAppearances false and NeedsRendering false', () => {
    const pdf = simplePdf({
      catalogExtra: '/AcroForm << /Fields [] /NeedAppearances false >> /NeedsRendering false',
      pageExtra: '/Annots [5 0 R]',
      extraObjects: [{ body: '<< /Subtype /Widget /Rect [0 0 1 1] >>' }],
    });
    expect(rules(pdf)).toEqual([]);
  });
  it('reads actions of widgets only, not of links', () => {
    const pdf = simplePdf({
      pageExtra: '/Annots [5 0 R]',
      extraObjects: [
        { body: '<< /Subtype /Link /Rect [0 0 1 1] /F 4 /A << /S /URI /URI (x) >> >>' },
      ],
    });
    expect(rules(pdf)).toEqual([]);
  });
  it('leaves widget actions to PDF/UA alone', () => {
    const pdf = simplePdf({
      catalogExtra: '/AcroForm << /Fields [] /NeedAppearances true >>',
      pageExtra: '/Annots [5 0 R] /AA << /O 6 0 R >>',
      extraObjects: [
        { body: '<< /Subtype /Widget /Rect [0 0 1 1] /A 6 0 R >>' },
        { body: '<< /S /JavaScript /JS (x) >>' },
      ],
    });
    expect(rules(pdf, 'pdfua-1')).toEqual([]);
  });
});

describe('actions (6.5)', () => {
  const withAction = (action: string): Uint8Array =>
    simplePdf({ catalogExtra: `/OpenAction ${action}` });

  it('allows the action types PDF/A lists', () => {
    for (const s of ['GoTo', 'GoToR', 'GoToE', 'Thread', 'URI', 'SubmitForm'])
      expect(rules(withAction(`<< /S /${s} >>`)), s).toEqual([]);
  });
  it('refuses the others, and an action without a type, naming them', () => {
    for (const s of ['Launch', 'JavaScript', 'ResetForm', 'ImportData', 'Hide', 'Sound', 'Movie'])
      expect(lines(withAction(`<< /S /${s} >>`)), s).toEqual([
        expect.stringMatching(new RegExp(`^6\\.5\\.1-1 @ .+: action ${s}$`)),
      ]);
    expect(lines(withAction('<< /S 5 /URI (x) >>'))).toEqual([
      expect.stringMatching(/^6\.5\.1-1 @ .+: action without type$/),
    ]);
  });
  it('allows the four page-turning named actions only', () => {
    for (const n of ['NextPage', 'PrevPage', 'FirstPage', 'LastPage'])
      expect(rules(withAction(`<< /S /Named /N /${n} >>`)), n).toEqual([]);
    expect(lines(withAction('<< /S /Named /N /Print >>'))).toEqual([
      expect.stringMatching(/^6\.5\.1-2 @ .+: named action Print$/),
    ]);
    expect(lines(withAction('<< /S /Named >>'))).toEqual([
      expect.stringMatching(/^6\.5\.1-2 @ .+: named action missing$/),
    ]);
  });
  it('names the catalog and the page with additional actions', () => {
    const pdf = simplePdf({
      catalogExtra: '/AA << /WC 5 0 R >>',
      pageExtra: '/AA << /O 5 0 R >>',
      extraObjects: [{ body: '<< /S /GoTo /D [3 0 R /Fit] >>' }],
    });
    expect(lines(pdf)).toEqual(['6.5.2-1 @ document catalog: ', '6.5.2-2 @ page 1: ']);
  });
  it('leaves actions to PDF/A alone in PDF/UA', () => {
    expect(rules(withAction('<< /S /JavaScript /JS (x) >>'), 'pdfua-1')).toEqual([]);
  });
});

describe('dynamic XFA (PDF/UA 7.15)', () => {
  const REQUIRED =
    '<config><acrobat><acrobat7><dynamicRender>required</dynamicRender></acrobat7></acrobat></config>';
  const xfaPdf = (xfa: string, ...streams: (string | Uint8Array)[]): Uint8Array =>
    simplePdf({
      catalogExtra: `/AcroForm << /Fields [] /XFA ${xfa} >>`,
      extraObjects: streams.map((data) => ({ stream: { dict: '', data } })),
    });
  const utf16 = (s: string, le: boolean, bom: boolean): Uint8Array => {
    const out: number[] = bom ? (le ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
    for (const ch of s) {
      const c = ch.charCodeAt(0);
      out.push(...(le ? [c & 0xff, c >> 8] : [c >> 8, c & 0xff]));
    }
    return Uint8Array.from(out);
  };

  it('names the value it found', () => {
    expect(lines(xfaPdf('5 0 R', REQUIRED), 'pdfua-1')).toEqual([
      '7.15-1 @ interactive form: dynamicRender required',
    ]);
    const interactive = REQUIRED.replace('required', 'interactive');
    expect(rules(xfaPdf('5 0 R', interactive), 'pdfua-1')).toEqual([]);
  });
  it('reads UTF-16 in either byte order, with or without a byte-order mark', () => {
    for (const le of [false, true])
      for (const bom of [false, true])
        expect(rules(xfaPdf('5 0 R', utf16(REQUIRED, le, bom)), 'pdfua-1'), `${le} ${bom}`).toEqual(
          ['7.15-1'],
        );
  });
  it('reads prefixed elements, attributes and CDATA', () => {
    const forms = [
      '<x:dynamicRender>required</x:dynamicRender>',
      '<dynamicRender id="d">required</dynamicRender>',
      '<dynamicRender><![CDATA[required]]></dynamicRender>',
      '<dynamicRender>\n  required\n</dynamicRender>',
    ];
    for (const f of forms) expect(rules(xfaPdf('5 0 R', f), 'pdfua-1'), f).toEqual(['7.15-1']);
    expect(
      rules(xfaPdf('5 0 R', '<dynamicRenderer>required</dynamicRenderer>'), 'pdfua-1'),
    ).toEqual([]);
  });
  it('reads the config packet of an array, and all packets when none is named config', () => {
    const other = REQUIRED.replace('required', 'interactive');
    // The config packet says interactive: another packet saying required is not read.
    expect(
      rules(xfaPdf('[(template) 5 0 R ( config ) 6 0 R]', REQUIRED, other), 'pdfua-1'),
    ).toEqual([]);
    expect(rules(xfaPdf('[(template) 5 0 R (config) 6 0 R]', other, REQUIRED), 'pdfua-1')).toEqual([
      '7.15-1',
    ]);
    // No packet named config: the configuration may be in any of them.
    expect(
      rules(xfaPdf('[(preamble) 5 0 R (setup) 6 0 R]', '<template/>', REQUIRED), 'pdfua-1'),
    ).toEqual(['7.15-1']);
    // A name without its stream (odd length, or not a stream) is skipped.
    expect(rules(xfaPdf('[(config) 5 0 R (x) 7 (y)]', REQUIRED), 'pdfua-1')).toEqual(['7.15-1']);
    expect(rules(xfaPdf('(not xfa)'), 'pdfua-1')).toEqual([]);
  });
  it('reads a packet as UTF-8 unless it starts with a byte-order mark or < in UTF-16', () => {
    const utf8 = new TextEncoder().encode(REQUIRED);
    // One byte of a mark, a mark's byte second, or a zero byte beside a space: still UTF-8.
    const starts = [[0xfe], [0xff], [0x20, 0xff], [0x20, 0xfe], [0x00, 0x20], [0x20, 0x00], [0x20]];
    for (const start of starts)
      expect(
        rules(xfaPdf('5 0 R', Uint8Array.from([...start, ...utf8])), 'pdfua-1'),
        start.join(' '),
      ).toEqual(['7.15-1']);
  });
  it('reads a prefix of any length, and skips packets not named by text', () => {
    const prefixed = '<xfa-c:dynamicRender>required</xfa-c:dynamicRender>';
    expect(rules(xfaPdf('5 0 R', prefixed), 'pdfua-1')).toEqual(['7.15-1']);
    // A packet name that is not a string is no name: no packet is named config, so all are read.
    expect(rules(xfaPdf('[/config 5 0 R]', REQUIRED), 'pdfua-1')).toEqual(['7.15-1']);
  });
  it('passes a form without XFA, and leaves XFA to PDF/A rules in PDF/A', () => {
    expect(rules(simplePdf({ catalogExtra: '/AcroForm << /Fields [] >>' }), 'pdfua-1')).toEqual([]);
    expect(rules(xfaPdf('5 0 R', REQUIRED))).toEqual(['6.4.2-1']);
  });
});
