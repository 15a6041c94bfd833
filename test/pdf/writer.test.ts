import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { writeValid } from './validate-helper.js';
import { content, doc, node, page, shape, simpleDoc, slotChild } from './helpers.js';
import { inspect, openPdf, outlineOf, pageText, type StructOut } from './inspect.js';

const latin1 = (b: Uint8Array): string => Buffer.from(b).toString('latin1');

describe('file syntax', () => {
  const { bytes } = writeValid(simpleDoc(), { deterministic: true });
  const s = latin1(bytes);

  it('starts with the 1.7 header and a binary comment of four high bytes', () => {
    expect(s.startsWith('%PDF-1.7\n%')).toBe(true);
    for (let i = 10; i < 14; i++) expect(bytes[i]).toBeGreaterThan(127);
  });

  it('ends with %%EOF and one EOL, nothing else', () => {
    expect(
      s.endsWith('startxref\n' + /startxref\n(\d+)\n%%EOF\n$/.exec(s)?.[1] + '\n%%EOF\n'),
    ).toBe(true);
  });

  it('uses object streams and a cross-reference stream with /ID as trailer', () => {
    expect(s).toContain('/Type /ObjStm');
    expect(s).toMatch(/\/Type \/XRef.*\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/s);
    expect(s).not.toContain('\ntrailer');
    const offset = Number(/startxref\n(\d+)\n/.exec(s)?.[1]);
    expect(s.slice(offset)).toMatch(/^\d+ 0 obj\n<<\/Type \/XRef/);
  });

  it('compresses content streams with Flate', () => {
    const pageContent = inspect(bytes).streams.find((x) =>
      x.data.toString('latin1').includes('BDC'),
    );
    expect(pageContent?.dict).toContain('/FlateDecode');
  });

  it('is byte-identical in deterministic mode and differs otherwise', () => {
    const again = writeValid(simpleDoc(), { deterministic: true }).bytes;
    expect(Buffer.compare(Buffer.from(again), Buffer.from(bytes))).toBe(0);
    const a = latin1(writeValid(simpleDoc()).bytes);
    const b = latin1(writeValid(simpleDoc()).bytes);
    const id = (x: string): string | undefined => /\/ID \[<([0-9a-f]+)>/.exec(x)?.[1];
    expect(id(a)).not.toBe(id(b));
  });
});

describe('catalog and metadata', () => {
  it('writes Lang, MarkInfo, DisplayDocTitle, StructTreeRoot, OutputIntent and the sRGB profile', () => {
    const { objects, streams } = inspect(
      writeValid(simpleDoc({ lang: 'de-CH' }), { deterministic: true }).bytes,
    );
    expect(objects).toMatch(/\/Type \/Catalog.*\/Lang \(de-CH\)/);
    expect(objects).toContain('/MarkInfo <</Marked true>>');
    expect(objects).toContain('/ViewerPreferences <</DisplayDocTitle true>>');
    expect(objects).toContain('/StructTreeRoot ');
    expect(objects).toMatch(/\/S \/GTS_PDFA1.*\/DestOutputProfile \d+ 0 R/);
    const icc = streams.find((x) => x.dict.includes('/N 3'));
    expect(icc?.data.subarray(12, 24).toString('latin1')).toBe('mntrRGB XYZ ');
  });

  it('normalises en_US to en-US and warns', () => {
    const r = writeValid(simpleDoc({ lang: 'en_US' }));
    expect(inspect(r.bytes).objects).toContain('/Lang (en-US)');
    expect(r.warnings.map((w) => w.code)).toContain('pdf.lang-normalised');
  });

  it('claims PDF/A-3a and PDF/UA-1 in one XMP packet, with the pdfuaid extension schema', async () => {
    const r = writeValid(simpleDoc(), { deterministic: true });
    const pdf = await openPdf(r.bytes);
    const md = await pdf.getMetadata();
    const xmp = md.metadata as unknown as { get(k: string): unknown };
    expect(xmp.get('pdfaid:part')).toBe('3');
    expect(xmp.get('pdfaid:conformance')).toBe('A');
    expect(xmp.get('pdfuaid:part')).toBe('1');
    expect(xmp.get('dc:title')).toBe('Test document');
    const raw = inspect(r.bytes).streams.find((x) => x.dict.includes('/Metadata'));
    expect(raw?.dict).not.toContain('Filter');
    const x = raw?.data.toString('utf8') ?? '';
    expect(x).toContain('<pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>');
    expect(x).toContain(
      '<xmpMM:DocumentID>uuid:2b7e1a1c-9f5e-4a51-8a3e-0c2d7d1b9e11</xmpMM:DocumentID>',
    );
    expect(x).toMatch(/<xmp:CreateDate>2026-01-02T03:04:05\+00:00<\/xmp:CreateDate>/);
    expect(x).toContain('<pdf:Producer>a11ypdf</pdf:Producer>');
    expect(x).not.toMatch(/<\?xpacket[^>]*(bytes|encoding)=/);
  });

  it('escapes &, <, quotes, non-Latin text and emoji in title, author and subject', async () => {
    const title = 'Q&A <draft> "quoted" \'single\' — Ελληνικά 日本語 😀';
    const meta = { title, author: 'Zoë & <Co>', subject: 'Résumé "2026" 🚀', keywords: 'a&b, <c>' };
    const r = writeValid(simpleDoc(meta), { deterministic: true });
    const pdf = await openPdf(r.bytes);
    const md = await pdf.getMetadata();
    const info = md.info as Record<string, unknown>;
    expect(info.Title).toBe(title);
    expect(info.Author).toBe('Zoë & <Co>');
    const xmp = md.metadata as unknown as { get(k: string): unknown };
    expect(xmp.get('dc:title')).toBe(title);
    const raw =
      inspect(r.bytes)
        .streams.find((x) => x.dict.includes('/Metadata'))
        ?.data.toString('utf8') ?? '';
    // Well-formed XML that a strict parser accepts and that round-trips the values.
    const errors: string[] = [];
    const dom = new DOMParser({ onError: (_l, m) => errors.push(String(m)) }).parseFromString(
      raw.replace(/<\?xpacket[^>]*\?>/g, ''),
      'text/xml',
    );
    expect(errors).toEqual([]);
    const creator = dom.getElementsByTagName('dc:creator')[0]?.textContent?.trim();
    expect(creator).toBe('Zoë & <Co>');
    expect(dom.getElementsByTagName('dc:description')[0]?.textContent?.trim()).toBe(
      'Résumé "2026" 🚀',
    );
    expect(dom.getElementsByTagName('pdf:Keywords')[0]?.textContent).toBe('a&b, <c>');
  });

  it('writes an Info dictionary that agrees with the XMP packet', async () => {
    const meta = {
      title: 'Agreement',
      author: 'Ada Lovelace',
      subject: 'Info and XMP',
      keywords: 'pdf, xmp',
      creator: 'a11ypdf tests',
    };
    const r = writeValid(simpleDoc(meta), {
      deterministic: true,
      settings: { modDate: new Date('2026-02-03T04:05:06Z') },
    });
    const pdf = await openPdf(r.bytes);
    const md = await pdf.getMetadata();
    const info = md.info as Record<string, unknown>;
    const xmp = md.metadata as unknown as { get(k: string): unknown };
    expect(info.Title).toBe(xmp.get('dc:title'));
    expect(info.Author).toBe('Ada Lovelace');
    expect(xmp.get('dc:creator')).toEqual(['Ada Lovelace']);
    expect(info.Subject).toBe(xmp.get('dc:description'));
    expect(info.Keywords).toBe(xmp.get('pdf:keywords'));
    expect(info.Creator).toBe(xmp.get('xmp:creatortool'));
    expect(info.Producer).toBe(xmp.get('pdf:producer'));
    expect(info.CreationDate).toBe("D:20260102030405+00'00'");
    expect(xmp.get('xmp:createdate')).toBe('2026-01-02T03:04:05+00:00');
    expect(info.ModDate).toBe("D:20260203040506+00'00'");
    expect(xmp.get('xmp:modifydate')).toBe('2026-02-03T04:05:06+00:00');
  });

  it('writes PDF/UA-1 only when pdfa is false: no OutputIntent, no pdfaid', () => {
    const r = writeValid(simpleDoc(), { deterministic: true, settings: { pdfa: false } });
    const { objects, streams } = inspect(r.bytes);
    expect(objects).not.toContain('OutputIntents');
    const x = streams.find((s) => s.dict.includes('/Metadata'))?.data.toString('utf8') ?? '';
    expect(x).not.toContain('pdfaid');
    expect(x).toContain('<pdfuaid:part>1</pdfuaid:part>');
  });
});

describe('reading back with pdf.js', () => {
  it('gives text in reading order and the structure tree', async () => {
    const h1 = node('H1', [slotChild(10)]);
    const p1 = node('P', [slotChild(11)]);
    const p2 = node('P', [slotChild(12)]);
    const root = node('Document', [h1, p1, p2]);
    // Painting order differs from reading order on purpose: the second paragraph is drawn first.
    const items = [
      shape('NotoSans-Regular.ttf', 'Third.', 72, 200, 12, content(12)),
      shape('NotoSans-Bold.ttf', 'Title', 72, 100, 20, content(10)),
      shape('NotoSans-Regular.ttf', 'Second.', 72, 150, 12, content(11)),
    ];
    const r = writeValid(doc([page(items)], root), { deterministic: true });
    const pdf = await openPdf(r.bytes);
    const tree = (await (await pdf.getPage(1)).getStructTree()) as unknown as StructOut;
    expect(outlineOf(tree)).toEqual(['Root', '  Document', '    H1', '    P', '    P']);
    expect(await pageText(pdf, 1)).toBe('Third.TitleSecond.');
    // Reading order is the structure order: the parent tree maps MCIDs back to elements.
    const ids = JSON.stringify(tree);
    const order = [...ids.matchAll(/"id":"p\d+R_mc(\d+)"/g)].map((m) => Number(m[1]));
    expect(order).toEqual([1, 2, 0]);
    const outline = await pdf.getOutline();
    expect(outline.map((o) => o.title)).toEqual(['Title']);
  });
});

describe('private-use characters', () => {
  /** A paragraph of one glyph run whose glyphs stand for `text`, one character a glyph. */
  function privateUseDoc(text: string): ReturnType<typeof doc> {
    const run = shape('LiberationSans-Regular.ttf', 'AB', 72, 100, 12, content(1));
    const chars = [...text];
    const glyphs = {
      ...run.glyphs,
      texts: run.glyphs.texts.map((_, i) => chars[i] ?? ''),
    };
    return doc([page([{ ...run, glyphs }])], node('Document', [node('P', [slotChild(1)])]));
  }

  const spans = (text: string) => {
    const { objects, text: content } = inspect(
      writeValid(privateUseDoc(text), { deterministic: true }).bytes,
    );
    return {
      actual: /\/ActualText/.test(objects),
      span: /\/Span <<\/MCID \d+>> BDC/.test(content),
    };
  };

  it('wraps glyphs of BMP private-use characters in a Span with ActualText', () => {
    expect(spans('\uE000x')).toEqual({ actual: true, span: true });
    expect(spans('x\uF8FF')).toEqual({ actual: true, span: true });
  });

  it('does so for planes 15 and 16 (a surrogate pair) too', () => {
    expect(spans('\u{F0001}x')).toEqual({ actual: true, span: true });
  });

  it('leaves other text, lone surrogates and the characters around the ranges alone', () => {
    expect(spans('AB')).toEqual({ actual: false, span: false });
    expect(spans('\uDFFFx')).toEqual({ actual: false, span: false });
    expect(spans('\uF900\uDBFF')).toEqual({ actual: false, span: false });
  });
});
