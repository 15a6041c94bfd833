/**
 * The file-structure rules (PDF/A 6.1, PDF/UA 6.1) at their edges: each limit on both sides,
 * each part of a compound condition on its own, and the location and details every failure
 * gives the user.
 */
import { describe, expect, it } from 'vitest';
import { fileStructureArea } from '../../../src/validate/rules/file-structure.js';
import { buildPdf, simplePdf } from './build-pdf.js';
import { failedRules, failureLines } from './helpers.js';

type Flavour = 'pdfa-2b' | 'pdfua-1';
const rules = (pdf: Uint8Array, flavour: Flavour = 'pdfa-2b'): string[] =>
  failedRules(pdf, flavour, [fileStructureArea]);
const lines = (pdf: Uint8Array, flavour: Flavour = 'pdfa-2b'): string[] =>
  failureLines(pdf, flavour, [fileStructureArea]);
/** The failure lines of a catalog holding `extra`. */
const catalogLines = (extra: string): string[] => lines(simplePdf({ catalogExtra: extra }));
/** The failure lines of a page whose content stream is `content`. */
const contentLines = (content: string): string[] => lines(simplePdf({ content }));

describe('implementation limits on numbers (6.1.13)', () => {
  it('holds integers to 32 bits, both ends included', () => {
    expect(catalogLines('/A 2147483647 /B -2147483648')).toEqual([]);
    expect(catalogLines('/A 2147483648')).toEqual(['6.1.13-1 @ object 1: value 2147483648']);
    expect(catalogLines('/A -2147483649')).toEqual(['6.1.13-1 @ object 1: value -2147483649']);
  });

  // The reader adds digits up one by one, so a long decimal comes back a few ulps off.
  const approx = (line: string): [string, number] => {
    const m = /^(.*): value (\S+)$/.exec(line);
    return m ? [m[1], Number(Number(m[2]).toPrecision(6))] : [line, NaN];
  };

  it('holds reals to the single-precision range, both ends included', () => {
    const max = '340000000000000000000000000000000000000.0';
    expect(catalogLines(`/A ${max} /B -${max}`)).toEqual([]);
    const over = '341000000000000000000000000000000000000.0';
    expect(catalogLines(`/A ${over}`).map(approx)).toEqual([['6.1.13-2 @ object 1', 3.41e38]]);
    expect(catalogLines(`/A -${over}`).map(approx)).toEqual([['6.1.13-2 @ object 1', -3.41e38]]);
  });

  it('refuses non-zero reals closer to zero than the smallest normal single', () => {
    const tiny = `0.${'0'.repeat(38)}1`; // 1e-39
    expect(catalogLines(`/A ${tiny}`).map(approx)).toEqual([['6.1.13-5 @ object 1', 1e-39]]);
    expect(catalogLines(`/A -${tiny}`).map(approx)).toEqual([['6.1.13-5 @ object 1', -1e-39]]);
    const smallest = `0.${'0'.repeat(37)}1176`; // just above 1.175e-38
    expect(catalogLines(`/A ${smallest} /B -${smallest} /C 0.0 /D -0.0`)).toEqual([]);
  });

  it('checks the numbers of content streams with the page as location', () => {
    expect(contentLines('03000000000 0 Td')).toEqual([
      '6.1.13-1 @ page 1 content: value 3000000000',
    ]);
    expect(contentLines('9000000000 0 Td')).toEqual([
      '6.1.13-1 @ page 1 content: value 9000000000',
    ]);
    expect(contentLines('-2147483649 0 Td 1e0 0 Td')).toEqual([
      '6.1.13-1 @ page 1 content: value -2147483649',
    ]);
    expect(contentLines(`+3000000000 0 Td .${'0'.repeat(40)}1 0 Td`).map(approx)).toEqual([
      ['6.1.13-1 @ page 1 content', 3e9],
      ['6.1.13-5 @ page 1 content', 1e-41],
    ]);
  });
});

describe('strings and names (6.1.6, 6.1.8, 6.1.13)', () => {
  it('limits strings to 32767 bytes', () => {
    expect(catalogLines(`/A (${'x'.repeat(32767)})`)).toEqual([]);
    expect(catalogLines(`/A (${'x'.repeat(32768)})`)).toEqual(['6.1.13-3 @ object 1: 32768 bytes']);
    expect(catalogLines(`/A <${'41'.repeat(32768)}>`)).toEqual([
      '6.1.13-3 @ object 1: 32768 bytes',
    ]);
  });

  it('checks hexadecimal strings for an even count of digits, white space aside', () => {
    expect(catalogLines('/A <41 42\n43 4>')).toEqual([
      '6.1.6-1 @ object 1: 7 hexadecimal characters',
    ]);
    expect(catalogLines('/A <41 42 43 44> /B <>')).toEqual([]);
    expect(catalogLines('/A <4Z>')).toEqual(['6.1.6-2 @ object 1: ']);
  });

  it('limits names to 127 bytes, counting escaped bytes once', () => {
    expect(catalogLines(`/${'N'.repeat(127)} 1`)).toEqual([]);
    expect(catalogLines(`/A /${'N'.repeat(128)}`)).toEqual([
      '6.1.13-4 @ object 1: name of 128 bytes',
    ]);
    expect(catalogLines(`/A /${'#41'.repeat(127)}`)).toEqual([]);
    expect(catalogLines(`/A /${'#41'.repeat(128)}`)).toEqual([
      '6.1.13-4 @ object 1: name of 128 bytes',
    ]);
  });

  it('requires names to be UTF-8, naming the first 40 characters of a bad one', () => {
    expect(catalogLines('/A /caf#C3#A9 /B /#E2#82#AC')).toEqual([]);
    const bad = catalogLines(`/A /${'x'.repeat(45)}#FF`);
    expect(bad).toEqual([`6.1.8-1 @ object 1: name /${'x'.repeat(40)}`]);
    // A UTF-8 lead byte without its continuation.
    expect(rules(simplePdf({ catalogExtra: '/A /#C3x' }))).toEqual(['6.1.8-1']);
  });

  it('checks the names, strings and numbers of arrays, nested dictionaries and the trailer', () => {
    expect(catalogLines('/A [3000000000 1]')).toEqual(['6.1.13-1 @ object 1: value 3000000000']);
    expect(catalogLines('/A [1 [2 (ok) /#FF] << /B 3000000000 >>]')).toEqual([
      '6.1.8-1 @ object 1: name /\u00ff',
      '6.1.13-1 @ object 1: value 3000000000',
    ]);
    const trailer = simplePdf({ trailerExtra: '/ID [<01> <01>] /X 3000000000' });
    expect(lines(trailer)).toEqual(['6.1.13-1 @ trailer: value 3000000000']);
  });

  it('checks the keys and values of stream dictionaries', () => {
    const pdf = simplePdf({
      extraObjects: [{ stream: { dict: '/K#FF 1 /V 3000000000', data: 'x' } }],
    });
    expect(lines(pdf)).toEqual([
      '6.1.8-1 @ object 5: name /K\u00ff',
      '6.1.13-1 @ object 5: value 3000000000',
    ]);
  });

  it('checks names, strings and hexadecimal strings in content streams', () => {
    expect(contentLines(`/${'N'.repeat(128)} gs`)).toEqual([
      '6.1.13-4 @ page 1 content: name of 128 bytes',
    ]);
    expect(contentLines(`/${'N'.repeat(127)} gs`)).toEqual([]);
    expect(contentLines('/a#FF gs')).toEqual(['6.1.8-1 @ page 1 content: name /a\u00ff']);
    expect(contentLines('/caf#C3#A9 gs /\u00e9x gs')).toEqual([
      '6.1.8-1 @ page 1 content: name /\u00e9x',
    ]);
    expect(contentLines(`BT (${'x'.repeat(32768)}) Tj ET`)).toEqual([
      '6.1.13-3 @ page 1 content: 32768 bytes',
    ]);
    expect(contentLines('BT <414> Tj <4G> Tj ET')).toEqual([
      '6.1.6-1 @ page 1 content: 3 hexadecimal characters',
      '6.1.6-2 @ page 1 content: ',
    ]);
  });

  it('reads content-stream dictionaries, arrays and procedures without misreading them', () => {
    const content =
      '/P << /MCID 3000000000 /A [/#FF] >> BDC EMC [1 2] 0 d { 3000000001 } pop (a\\)b) Tj > x';
    // Failures come grouped by rule, in the area's order of rules.
    expect(contentLines(content)).toEqual([
      '6.1.8-1 @ page 1 content: name /\u00ff',
      '6.1.13-1 @ page 1 content: value 3000000000',
      '6.1.13-1 @ page 1 content: value 3000000001',
    ]);
  });
});

describe('inline images in content streams (6.1.10)', () => {
  const image = (dict: string, data = '\x00'): string => `q BI /W 1 /H 1 ${dict} ID ${data} EI Q`;

  it('checks the filter named by F or Filter, in long and short forms', () => {
    expect(contentLines(image('/F /AHx'))).toEqual([]);
    expect(contentLines(image('/Filter /FlateDecode'))).toEqual([]);
    expect(contentLines(image('/Filter /LZWDecode'))).toEqual([
      '6.1.10-1 @ page 1 content / inline image: filter LZWDecode',
    ]);
    expect(contentLines(image('/F /Crypt'))).toEqual([
      '6.1.10-1 @ page 1 content / inline image: filter Crypt',
    ]);
    expect(contentLines(image('/F /JBIG2Decode'))).toEqual([
      '6.1.10-1 @ page 1 content / inline image: filter JBIG2Decode',
    ]);
  });

  it('checks every filter of an inline image filter array', () => {
    expect(contentLines(image('/F [/AHx /LZW]'))).toEqual([
      '6.1.10-1 @ page 1 content / inline image: filter LZW',
    ]);
    expect(contentLines(image('/Filter [/LZW /Fl /Crypt]'))).toEqual([
      '6.1.10-1 @ page 1 content / inline image: filter LZW',
      '6.1.10-1 @ page 1 content / inline image: filter Crypt',
    ]);
    expect(contentLines(image('/F [/AHx /Fl]'))).toEqual([]);
    // The array ends the filter value; a decode array is no filter list.
    expect(contentLines(image('/F [/AHx] /CS /LZW'))).toEqual([]);
    expect(contentLines(image('/D [/LZW] /F /AHx'))).toEqual([]);
  });

  it('takes only a value after F or Filter as a filter', () => {
    // LZW is the colour space's name here, not a filter.
    expect(contentLines(image('/CS /LZW /F /DCT'))).toEqual([]);
    // A filter key whose value is a name other than its own.
    expect(contentLines(image('/F /DCT /D /LZW'))).toEqual([]);
    // Outside an inline image dictionary, the same names are ordinary operands.
    expect(contentLines('/F /LZW gs')).toEqual([]);
  });

  it('checks long names and numbers in an inline image dictionary', () => {
    expect(contentLines(image(`/${'N'.repeat(128)} 1 /W 3000000000`))).toEqual([
      '6.1.13-1 @ page 1 content: value 3000000000',
      '6.1.13-4 @ page 1 content: name of 128 bytes',
    ]);
  });

  it('skips the image data up to an EI standing between white space', () => {
    // Numbers inside the data are bytes, not operands; EI glued to other bytes is data too.
    expect(contentLines(image('/F /AHx', '3000000000'))).toEqual([]);
    expect(contentLines(image('/F /AHx', 'xEI 3000000000'))).toEqual([]);
    expect(contentLines(image('/F /AHx', 'EI3000000000'))).toEqual([]);
    // After the real EI, operands are read again.
    expect(contentLines(`${image('/F /AHx')} 3000000000 0 Td`)).toEqual([
      '6.1.13-1 @ page 1 content: value 3000000000',
    ]);
    // Data that runs to the end of the stream, and an EI that is the stream's last bytes.
    expect(contentLines('BI /F /LZW ID 3000000000')).toEqual([
      '6.1.10-1 @ page 1 content / inline image: filter LZW',
    ]);
    expect(contentLines('BI /F /AHx ID 3000000000 EI')).toEqual([]);
  });

  it('ends the filter list with its array, and the dictionary with ID', () => {
    expect(contentLines(image('/D [0 1] /F /AHx /W 1'))).toEqual([]);
    expect(contentLines(`${image('/F /AHx')} /#46 /#4C#5A#57 gs`)).toEqual([]);
    expect(contentLines('/#46 /#4C#5A#57 gs')).toEqual([]);
  });

  it('finds EI only as those two letters', () => {
    expect(contentLines(image('/F /AHx', 'AI 3000000000'))).toEqual([]);
    expect(contentLines(image('/F /AHx', 'EX 3000000000'))).toEqual([]);
    // Reading resumes after EI, not inside the data before it.
    expect(contentLines(image('/F /AHx', 'x<'))).toEqual([]);
  });

  it('opens and closes an image only on the two-letter BI and ID', () => {
    // Operators unknown to ISO 32000-1 may stand between BX and EX.
    expect(contentLines('BX BIG ID 3000000000 EX')).toEqual([
      '6.1.13-1 @ page 1 content: value 3000000000',
    ]);
    expect(contentLines('BX BI /W 1 IDX /F /LZW ID x EI EX')).toEqual([
      '6.1.10-1 @ page 1 content / inline image: filter LZW',
    ]);
  });

  it('reads ID as the start of data only inside an inline image', () => {
    expect(contentLines('ID 3000000000 0 Td')).toEqual([
      '6.1.13-1 @ page 1 content: value 3000000000',
    ]);
    // Two-letter operators that start with B or I do not open or close an image.
    expect(contentLines('BT IX 3000000000 Td BX /F /LZW EX ET')).toEqual([
      '6.1.13-1 @ page 1 content: value 3000000000',
    ]);
  });
});

describe('content streams besides page contents', () => {
  const streamLines = (dict: string, data: string, extra = ''): string[] =>
    lines(
      simplePdf({
        resources: extra,
        extraObjects: [{ stream: { dict, data } }],
      }),
    );

  it('scans form XObjects, tiling patterns and Type 3 glyph procedures', () => {
    expect(streamLines('/Type /XObject /Subtype /Form', '3000000000 0 Td')).toEqual([
      '6.1.13-1 @ object 5 (content stream): value 3000000000',
    ]);
    expect(streamLines('/PatternType 1', '3000000000 0 Td')).toEqual([
      '6.1.13-1 @ object 5 (content stream): value 3000000000',
    ]);
    const t3 = '<< /Font << /T3 << /Subtype /Type3 /CharProcs << /a 5 0 R >> >> >> >>';
    expect(streamLines('', '3000000000 0 d0', t3)).toEqual([
      '6.1.13-1 @ object 5 (content stream): value 3000000000',
    ]);
  });

  it('leaves other streams unread as content', () => {
    expect(streamLines('', '3000000000')).toEqual([]);
    expect(streamLines('/PatternType 2', '3000000000')).toEqual([]);
    expect(streamLines('/Type /XObject /Subtype /Image', '3000000000')).toEqual([]);
    // A PostScript calculator function is code, not content.
    expect(streamLines('/PatternType 1 /FunctionType 4', '{ 3000000000 }')).toEqual([]);
    // CharProcs of a font that is not Type 3, and a CharProcs that is not a dictionary.
    const t1 = '<< /Font << /F << /Subtype /Type1 /CharProcs << /a 5 0 R >> >> >> >>';
    expect(streamLines('', '3000000000', t1)).toEqual([]);
    const notDict = '<< /Font << /F << /Subtype /Type3 /CharProcs [5 0 R] >> >> >>';
    expect(streamLines('', '3000000000', notDict)).toEqual([]);
  });
});

describe('streams (6.1.7)', () => {
  const one = (body: string): string[] =>
    lines(
      buildPdf([
        { body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { body: '<< /Type /Pages /Kids [] /Count 0 >>' },
        { body },
      ]),
    );

  it('compares Length with the bytes between the keywords', () => {
    expect(one('<< /Length 3 >>\nstream\nabc\nendstream')).toEqual([]);
    expect(one('<< /Length 2 >>\nstream\nabc\nendstream')).toEqual([
      '6.1.7.1-1 @ object 3: Length 2, actual 3',
    ]);
    expect(one('<< >>\nstream\nabc\nendstream')).toEqual([
      '6.1.7.1-1 @ object 3: Length missing, actual 3',
    ]);
  });

  it('requires an EOL after stream and before endstream', () => {
    expect(one('<< /Length 3 >>\nstream\r\nabc\r\nendstream')).toEqual([]);
    expect(one('<< /Length 3 >>\nstream abc\nendstream')).toContain('6.1.7.1-2 @ object 3: ');
    expect(one('<< /Length 3 >>\nstream\nabcendstream')).toEqual(['6.1.7.1-2 @ object 3: ']);
  });

  it('refuses each key that points at external data', () => {
    for (const key of ['F (x)', 'FFilter /FlateDecode', 'FDecodeParms << >>']) {
      expect(one(`<< /Length 3 /${key} >>\nstream\nabc\nendstream`)).toEqual([
        '6.1.7.1-3 @ object 3: ',
      ]);
    }
  });

  it('checks every filter of a list, given directly or by reference', () => {
    const withFilter = (filter: string, parms = ''): string[] =>
      lines(
        simplePdf({
          extraObjects: [
            { body: `<< /Length 3 /Filter ${filter} ${parms} >>\nstream\nabc\nendstream` },
            { body: '/LZWDecode' },
          ],
        }),
      );
    expect(withFilter('[/ASCIIHexDecode /FlateDecode /DCTDecode]')).toEqual([]);
    expect(withFilter('[/FlateDecode /LZWDecode]')).toEqual([
      '6.1.7.2-1 @ object 5: filter LZWDecode',
    ]);
    expect(withFilter('6 0 R')).toEqual(['6.1.7.2-1 @ object 5: filter LZWDecode']);
    expect(withFilter('[6 0 R]')).toEqual(['6.1.7.2-1 @ object 5: filter LZWDecode']);
    expect(withFilter('/AHx')).toEqual(['6.1.7.2-1 @ object 5: filter AHx']);
    expect(withFilter('(FlateDecode)')).toEqual(['6.1.7.2-1 @ object 5: filter of a wrong type']);
  });

  it('accepts only the Identity crypt filter', () => {
    const crypt = (filter: string, parms: string): string[] =>
      rules(
        simplePdf({
          extraObjects: [
            { body: `<< /Length 3 /Filter ${filter} ${parms} >>\nstream\nabc\nendstream` },
          ],
        }),
      );
    expect(crypt('/Crypt', '/DecodeParms << /Name /Identity >>')).toEqual([]);
    // Without a Name the crypt filter is Identity.
    expect(crypt('/Crypt', '/DecodeParms << /Type /CryptFilterDecodeParms >>')).toEqual([]);
    expect(crypt('/Crypt', '/DecodeParms << /Name /StdCF >>')).toEqual(['6.1.7.2-1']);
    expect(crypt('/Crypt', '')).toEqual(['6.1.7.2-1']);
    // Parameters are matched to filters by position.
    expect(
      crypt('[/FlateDecode /Crypt]', '/DecodeParms [null << /Name /Identity >>]').filter(
        (r) => r === '6.1.7.2-1',
      ),
    ).toEqual([]);
    expect(crypt('[/Crypt /FlateDecode]', '/DecodeParms [null << /Name /Identity >>]')).toEqual([
      '6.1.7.2-1',
    ]);
  });
});

describe('permissions (6.1.12)', () => {
  const perms = (catalogExtra: string, extraObjects: { body: string }[] = []): string[] =>
    lines(simplePdf({ catalogExtra, extraObjects }));
  const sigWithDigest =
    '<< /Type /Sig /Reference [<< /Type /SigRef /TransformMethod /DocMDP /DigestMethod /MD5 >>] >>';

  it('allows UR3 and DocMDP only, naming the other keys', () => {
    expect(perms('/Perms << /UR3 5 0 R /DocMDP 5 0 R >>', [{ body: '<< >>' }])).toEqual([]);
    expect(perms('/Perms << /UR3 5 0 R /Foo 1 /Bar 2 >>', [{ body: '<< >>' }])).toEqual([
      '6.1.12-1 @ document catalog / Perms: keys Foo, Bar',
    ]);
  });

  it('refuses digests in signature references once the document has DocMDP', () => {
    expect(perms('/Perms << /DocMDP 5 0 R >>', [{ body: sigWithDigest }])).toEqual([
      '6.1.12-2 @ signature reference: DigestMethod',
    ]);
    const all = sigWithDigest.replace(
      '/DigestMethod /MD5',
      '/DigestLocation [0 1] /DigestMethod /MD5 /DigestValue <00>',
    );
    expect(perms('/Perms << /DocMDP 5 0 R >>', [{ body: all }])).toEqual([
      '6.1.12-2 @ signature reference: DigestLocation, DigestMethod, DigestValue',
    ]);
    const clean = sigWithDigest.replace('/DigestMethod /MD5', '');
    expect(perms('/Perms << /DocMDP 5 0 R >>', [{ body: clean }])).toEqual([]);
  });

  it('reads Perms only as a dictionary and references only as dictionaries', () => {
    expect(perms('/Perms 5 0 R', [{ body: '[/Foo]' }])).toEqual([]);
    expect(
      perms('/Perms << /DocMDP 5 >> /AcroForm << /Fields [7 (x) 6 0 R] >>', [
        { body: '<< >>' },
        { body: '<< /FT /Sig /V (not a dictionary) >>' },
      ]),
    ).toEqual([]);
    const odd = '<< /Type /Sig /Reference [7 << /DigestValue <00> >>] >>';
    expect(perms('/Perms << /DocMDP 5 0 R >>', [{ body: odd }])).toEqual([
      '6.1.12-2 @ signature reference: DigestValue',
    ]);
  });

  it('checks signature fields, nested ones included, only when DocMDP is present', () => {
    const form =
      '/AcroForm << /Fields [6 0 R] >> ' + '/Perms << /DocMDP << /Type /Sig /Reference [] >> >>';
    const field = (kids: string, ft: string): { body: string }[] => [
      { body: sigWithDigest },
      { body: `<< /T (parent) /Kids [${kids}] >>` },
      { body: `<< /T (sig) /FT /${ft} /V 5 0 R >>` },
    ];
    expect(perms(form, field('7 0 R', 'Sig'))).toEqual([
      '6.1.12-2 @ signature reference: DigestMethod',
    ]);
    expect(perms(form, field('7 0 R', 'Tx'))).toEqual([]);
    // Without DocMDP, digests are allowed.
    const noMdp = '/AcroForm << /Fields [6 0 R] >>';
    expect(perms(noMdp, field('7 0 R', 'Sig'))).toEqual([]);
  });
});

describe('page boundaries (6.1.13-11)', () => {
  const box = (pageExtra: string, pagesBox = '[0 0 612 792]'): string[] =>
    lines(
      buildPdf([
        { body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { body: `<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox ${pagesBox} >>` },
        { body: `<< /Type /Page /Parent 2 0 R ${pageExtra} >>` },
      ]),
    );

  it('accepts 3 to 14400 units each way, measured either way round', () => {
    expect(box('/MediaBox [0 0 3 14400]')).toEqual([]);
    expect(box('/MediaBox [14400 3 0 0]')).toEqual([]);
    expect(box('/MediaBox [10 10 12 100]')).toEqual(['6.1.13-11 @ page 1 / MediaBox: 2 x 90']);
    expect(box('/MediaBox [10 10 100 12]')).toEqual(['6.1.13-11 @ page 1 / MediaBox: 90 x 2']);
    // The page's own box, not the inherited one.
    expect(box('/MediaBox [0 0 1 1]')).toEqual(['6.1.13-11 @ page 1 / MediaBox: 1 x 1']);
    expect(box('/MediaBox [0 0 2.9 100]')).toEqual(['6.1.13-11 @ page 1 / MediaBox: 2.9 x 100']);
    expect(box('/MediaBox [0 0 100 2]')).toEqual(['6.1.13-11 @ page 1 / MediaBox: 100 x 2']);
    expect(box('/MediaBox [0 0 14401 100]')).toEqual([
      '6.1.13-11 @ page 1 / MediaBox: 14401 x 100',
    ]);
    expect(box('/MediaBox [0 0 100 14401]')).toEqual([
      '6.1.13-11 @ page 1 / MediaBox: 100 x 14401',
    ]);
  });

  it('checks every boundary box, and inherits only the media and crop boxes', () => {
    for (const key of ['CropBox', 'BleedBox', 'TrimBox', 'ArtBox']) {
      expect(box(`/${key} [0 0 1 1]`)).toEqual([`6.1.13-11 @ page 1 / ${key}: 1 x 1`]);
    }
    expect(box('', '[0 0 1 1]')).toEqual(['6.1.13-11 @ page 1 / MediaBox: 1 x 1']);
    expect(
      lines(
        buildPdf([
          { body: '<< /Type /Catalog /Pages 2 0 R >>' },
          { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 /CropBox [0 0 1 1] >>' },
          { body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>' },
        ]),
      ),
    ).toEqual(['6.1.13-11 @ page 1 / CropBox: 1 x 1']);
    expect(
      lines(
        buildPdf([
          { body: '<< /Type /Catalog /Pages 2 0 R >>' },
          { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 /TrimBox [0 0 1 1] >>' },
          { body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>' },
        ]),
      ),
    ).toEqual([]);
  });

  it('reads boxes given by reference and skips boxes that are too short', () => {
    expect(box('/MediaBox [0 0 100 100] /CropBox [0 0 1]')).toEqual([]);
    expect(box('/MediaBox [0 0 100 100] /CropBox 9 0 R')).toEqual([]);
    // A non-number counts as 0.
    expect(box('/MediaBox [0 0 100 /x]')).toEqual(['6.1.13-11 @ page 1 / MediaBox: 100 x 0']);
    expect(box('/MediaBox [0 0 100 100] /ArtBox (0 0 1 1)')).toEqual([]);
  });
});

describe('header, trailer and object syntax', () => {
  it('requires the header at byte 0, version 1.0 to 1.7, and says what it found', () => {
    expect(rules(simplePdf({ header: '%PDF-1.0' }))).toEqual([]);
    expect(lines(simplePdf({ header: '%PDF-1.8' }))).toEqual([
      '6.1.2-1 @ file header: header "%PDF-1.8" at offset 0',
    ]);
    expect(lines(simplePdf({ header: '%PDF-1.7 x' }))).toEqual([
      '6.1.2-1 @ file header: header "%PDF-1.7 x" at offset 0',
    ]);
    expect(lines(simplePdf({ header: '%PDF-1.8' }), 'pdfua-1')).toEqual([
      '6.1-1 @ file header: %PDF-1.8',
    ]);
    expect(rules(simplePdf({ header: '%PDF-1.0' }), 'pdfua-1')).toEqual([]);
  });

  it('wants at least four bytes above 127 in the binary comment', () => {
    expect(rules(simplePdf({ binaryComment: '\x80\x81\x82\x83' }))).toEqual([]);
    expect(rules(simplePdf({ binaryComment: '\x80\x81\x82' }))).toEqual(['6.1.2-2']);
    expect(rules(simplePdf({ binaryComment: '\x80\x81\x82\x7f' }))).toEqual(['6.1.2-2']);
    expect(rules(simplePdf({ binaryComment: '\x7f\x81\x82\x83' }))).toEqual(['6.1.2-2']);
    expect(rules(simplePdf({ binaryComment: null }))).toEqual(['6.1.2-2']);
  });

  it('locates header, trailer and cross-reference failures', () => {
    expect(lines(simplePdf({ binaryComment: 'abcd', trailerExtra: '' }))).toEqual([
      '6.1.2-2 @ file header: ',
      '6.1.3-1 @ trailer: ',
    ]);
    const text = new TextDecoder('latin1').decode(simplePdf());
    const xref = Uint8Array.from(text.replace('xref\n0 5', 'xref \n0 5'), (c) => c.charCodeAt(0));
    expect(lines(xref)).toContain('6.1.4-2 @ cross-reference table: ');
    const long = '%PDF-1.7 and a long tail of text';
    expect(lines(simplePdf({ header: long }))).toEqual([
      `6.1.2-1 @ file header: header "${long.slice(0, 20)}" at offset 0`,
    ]);
    expect(lines(simplePdf({ header: long }), 'pdfua-1')).toEqual([
      `6.1-1 @ file header: ${long.slice(0, 20)}`,
    ]);
  });

  it('says how much data follows the end-of-file marker', () => {
    expect(lines(simplePdf({ afterEof: 'xyz' }))).toEqual([
      '6.1.3-3 @ end of file: 3 bytes after %%EOF',
    ]);
  });

  it('checks only the header for PDF/UA', () => {
    const everythingWrong = simplePdf({
      binaryComment: null,
      trailerExtra: '',
      afterEof: 'x',
      catalogExtra: '/A 3000000000',
    });
    expect(rules(everythingWrong, 'pdfua-1')).toEqual([]);
  });

  it('names the object whose header or endobj is badly spaced', () => {
    const text = new TextDecoder('latin1').decode(simplePdf());
    const bad = Uint8Array.from(text.replace('3 0 obj\n', '3 0 obj '), (c) => c.charCodeAt(0));
    const found = lines(bad).filter((l) => l.startsWith('6.1.9-1'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^6\.1\.9-1 @ object 3: ./);
  });
});

describe('the area on a document model', () => {
  it('refuses more than 8388607 indirect objects, and reals at the limits pass', () => {
    const count = (n: number, trailerNumbers: number[] = []): string[] => {
      const failures: string[] = [];
      const doc = {
        lexical: {
          headerOffset: 0,
          header: '%PDF-1.7',
          binaryCommentBytes: [200, 200, 200, 200],
          postEOFDataSize: -1,
          xrefEOLMarkersComply: true,
          spacingViolations: [],
          indirectObjectCount: n,
          hasLastId: true,
          recoveries: [],
        },
        trailer: {
          kind: 'dict' as const,
          entries: new Map(
            trailerNumbers.map((value, i) => [
              `N${i}`,
              { kind: 'number' as const, value, isInteger: false },
            ]),
          ),
        },
        catalog: null,
        isEncrypted: false,
        pageCount: 0,
        resolve: () => null,
        get: () => null,
        decodeStream: () => ({ data: new Uint8Array(0) }),
        pages: () => [],
        noteUnread: () => undefined,
        unreadParts: () => [],
        objects: () => [],
      };
      fileStructureArea.run({
        doc,
        flavour: { flavour: 'pdfa-2b', pdfaPart: 2, pdfaLevel: 'b' },
        sink: {
          check: (rule, passed, location, details) => {
            if (!passed)
              failures.push(`${rule.clause}-${rule.testNumber} @ ${location}: ${details ?? ''}`);
          },
        },
      });
      return failures;
    };
    expect(count(8388607, [3.403e38, -3.403e38, 1.175e-38, -1.175e-38])).toEqual([
      '6.1.3-3 @ end of file: no %%EOF marker at the end of the file',
    ]);
    expect(count(8388608)).toEqual([
      '6.1.3-3 @ end of file: no %%EOF marker at the end of the file',
      '6.1.13-7 @ document: 8388608 objects',
    ]);
  });
});
