import { describe, expect, it } from 'vitest';
import { parseXmpPacket, detectEncoding } from '../../../src/validate/xmp/parse.js';
import { XMP_NS, findProperty, identifyXmp } from '../../../src/validate/xmp/index.js';
import type { XmpPacket } from '../../../src/validate/xmp/index.js';
import { packet, utf8 } from './helpers.js';

function ok(xml: string): XmpPacket {
  const r = parseXmpPacket(utf8(xml));
  if (!r.ok) throw new Error(r.error.message);
  return r.packet;
}

function err(xml: string): string {
  const r = parseXmpPacket(utf8(xml));
  if (r.ok) throw new Error('expected a parse error');
  return r.error.kind;
}

describe('parseXmpPacket', () => {
  it('reads properties written as attributes and as elements, keeping prefixes', () => {
    const p = ok(
      packet('<pdf:Producer>a11ypdf</pdf:Producer>').replace(
        'rdf:about=""',
        'rdf:about="" pdfaid:part="3"',
      ),
    );
    const part = findProperty(p, XMP_NS.pdfaid, 'part');
    expect(part).toMatchObject({ kind: 'simple', value: '3', prefix: 'pdfaid' });
    expect(findProperty(p, XMP_NS.pdf, 'Producer')?.value).toBe('a11ypdf');
  });

  it('reads Bag, Seq and Alt arrays with xml:lang on items', () => {
    const p = ok(
      packet(
        '<dc:subject><rdf:Bag><rdf:li>a</rdf:li><rdf:li>b</rdf:li></rdf:Bag></dc:subject>' +
          '<dc:creator><rdf:Seq><rdf:li>Ann</rdf:li></rdf:Seq></dc:creator>' +
          '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">T</rdf:li><rdf:li xml:lang="de">U</rdf:li></rdf:Alt></dc:title>',
      ),
    );
    expect(findProperty(p, XMP_NS.dc, 'subject')).toMatchObject({
      kind: 'array',
      arrayKind: 'bag',
    });
    expect(findProperty(p, XMP_NS.dc, 'subject')?.children.map((c) => c.value)).toEqual(['a', 'b']);
    expect(findProperty(p, XMP_NS.dc, 'creator')?.arrayKind).toBe('seq');
    const title = findProperty(p, XMP_NS.dc, 'title');
    expect(title?.children.map((c) => c.lang)).toEqual(['x-default', 'de']);
  });

  it('reads structures from parseType Resource, nested descriptions and property attributes', () => {
    const p = ok(
      packet(
        '<xmpMM:History><rdf:Seq>' +
          '<rdf:li rdf:parseType="Resource"><stEvt:action>created</stEvt:action></rdf:li>' +
          '<rdf:li><rdf:Description stEvt:action="saved"><stEvt:when>2024-01-01</stEvt:when></rdf:Description></rdf:li>' +
          '<rdf:li stEvt:action="converted"/>' +
          '</rdf:Seq></xmpMM:History>',
      ),
    );
    const items = findProperty(p, XMP_NS.xmpMM, 'History')?.children ?? [];
    expect(items.map((i) => i.kind)).toEqual(['struct', 'struct', 'struct']);
    expect(items.map((i) => i.children.map((c) => c.name))).toEqual([
      ['action'],
      ['action', 'when'],
      ['action'],
    ]);
  });

  it('turns rdf:value structures into qualified simple values and rdf:resource into a simple value', () => {
    const p = ok(
      packet(
        '<xmp:Nickname rdf:parseType="Resource"><rdf:value>N</rdf:value><xmp:Label>q</xmp:Label></xmp:Nickname>' +
          '<xmp:BaseURL rdf:resource="http://example.org/"/>',
      ),
    );
    expect(findProperty(p, XMP_NS.xmp, 'Nickname')).toMatchObject({ kind: 'simple', value: 'N' });
    expect(findProperty(p, XMP_NS.xmp, 'Nickname')?.qualifiers.map((q) => q.name)).toEqual([
      'Label',
    ]);
    expect(findProperty(p, XMP_NS.xmp, 'BaseURL')).toMatchObject({
      kind: 'simple',
      value: 'http://example.org/',
    });
  });

  it('reports the bytes and encoding header attributes in any order', () => {
    const p = ok(
      packet('').replace('<?xpacket begin=', '<?xpacket bytes="12" encoding="UTF-8" begin='),
    );
    expect(p.bytesAttribute).toBe('12');
    expect(p.encodingAttribute).toBe('UTF-8');
    const q = ok(packet(''));
    expect(q.bytesAttribute).toBeNull();
    expect(q.encodingAttribute).toBeNull();
  });

  it('detects UTF-16 and UTF-32 from the first bytes and still reads the packet', () => {
    const xml = packet(IDENT);
    const le = new Uint8Array(Buffer.from('\ufeff' + xml, 'utf16le'));
    expect(detectEncoding(le)).toBe('UTF-16LE');
    const r = parseXmpPacket(le);
    expect(r.ok && r.packet.actualEncoding).toBe('UTF-16LE');
    expect(r.ok && identifyXmp(r.packet).pdfaPart).toBe(2);
    expect(detectEncoding(new Uint8Array([0, 0, 0, 0x3c]))).toBe('UTF-32BE');
    expect(detectEncoding(utf8('<?xpacket'))).toBe('UTF-8');
  });

  it('gives typed errors for malformed XML and RDF that XMP does not allow', () => {
    expect(err(packet('<dc:format>x</dc:formt>'))).toBe('xml');
    expect(err(packet('<dc:format rdf:parseType="Literal"><b>x</b></dc:format>'))).toBe('rdf');
    expect(err(packet('<dc:format>a</dc:format><dc:format>b</dc:format>'))).toBe('rdf');
    expect(err(packet('<rdf:li>x</rdf:li>'))).toBe('rdf');
    expect(err(packet('<dc:format>a<b:x xmlns:b="urn:b">c</b:x></dc:format>'))).toBe('rdf');
    expect(err('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>')).toBe('rdf');
    expect(err('')).toBe('xml');
    // Faults a lenient DOM builder lets through but XML 1.0 does not.
    expect(err(packet('<dc:format>a & b</dc:format>'))).toBe('xml');
    expect(err(packet('<dc:format>a\u0001b</dc:format>'))).toBe('xml');
    expect(err(packet('<dc:format rdf:value=abc/>'))).toBe('xml');
    expect(parseXmpPacket(new Uint8Array([0x3c, 0x61, 0xff, 0x3e])).ok).toBe(false);
    expect(
      ok(packet('<dc:format><![CDATA[a & b]]></dc:format><!-- & -->')).properties,
    ).toHaveLength(1);
  });

  it('follows XMP readers on edge productions', () => {
    // Property attributes with rdf:resource make a structure; with rdf:value a qualified value.
    const p = ok(
      packet(
        '<xmp:Nickname rdf:resource="urn:r" xmp:Label="l"/><xmp:Rating rdf:value="3" xmp:Label="q"/>',
      ),
    );
    expect(findProperty(p, XMP_NS.xmp, 'Nickname')?.kind).toBe('struct');
    expect(findProperty(p, XMP_NS.xmp, 'Rating')).toMatchObject({ kind: 'simple', value: '3' });
    // An empty property element may not hold content, not even white space.
    expect(err(packet('<xmp:Nickname xmp:Label="l"> </xmp:Nickname>'))).toBe('rdf');
    // Non-li elements inside an array are kept as named items.
    const q = ok(packet('<dc:subject><rdf:Bag><dc:x>a</dc:x></rdf:Bag></dc:subject>'));
    expect(findProperty(q, XMP_NS.dc, 'subject')?.children.map((c) => c.name)).toEqual(['x']);
    expect(err(packet('<rdf:value>v</rdf:value>'))).toBe('rdf');
    const noAttrs =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:RDF>' +
      '<rdf:Description rdf:about=""/></rdf:RDF></x:xmpmeta>';
    expect(err(noAttrs)).toBe('rdf');
  });

  it('rejects disagreeing rdf:about values across top-level descriptions', () => {
    const two =
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
      '<rdf:Description rdf:about="uuid:1" dc:format="a/b"/><rdf:Description rdf:about="uuid:2" dc:source="s"/></rdf:RDF>';
    expect(err(two)).toBe('rdf');
    expect(ok(two.replace('uuid:2', '')).properties).toHaveLength(2);
  });

  it('identifies PDF/A, PDF/UA, title and document ID', () => {
    const p = ok(
      packet(
        IDENT +
          '<pdfuaid:part>1</pdfuaid:part><xmpMM:DocumentID>uuid:42</xmpMM:DocumentID>' +
          '<dc:title><rdf:Alt><rdf:li xml:lang="en">Other</rdf:li><rdf:li xml:lang="x-default">Main</rdf:li></rdf:Alt></dc:title>',
      ),
    );
    expect(identifyXmp(p)).toEqual({
      pdfaPart: 2,
      pdfaConformance: 'B',
      pdfuaPart: 1,
      title: 'Main',
      documentId: 'uuid:42',
    });
  });
});

const IDENT = '<pdfaid:part>2</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>';
