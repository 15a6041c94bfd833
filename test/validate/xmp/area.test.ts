import { describe, expect, it } from 'vitest';
import {
  checkPdfaMetadata,
  checkPdfuaMetadata,
  documentMetadata,
  xmpArea,
} from '../../../src/validate/rules/metadata/area.js';
import type { DocumentMetadata } from '../../../src/validate/rules/metadata/area.js';
import { parseXmpPacket } from '../../../src/validate/xmp/parse.js';
import type { FlavourInfo } from '../../../src/validate/model/checks.js';
import type { CosDict, CosObject, CosStream } from '../../../src/validate/model/cos.js';
import type { PdfDocumentModel } from '../../../src/validate/model/document.js';
import { IDENT_3A, TITLE, collector, packet, utf8 } from './helpers.js';

const A3: FlavourInfo = { flavour: 'pdfa-3a', pdfaPart: 3, pdfaLevel: 'a' };
const B2: FlavourInfo = { flavour: 'pdfa-2b', pdfaPart: 2, pdfaLevel: 'b' };
const UA: FlavourInfo = { flavour: 'pdfua-1', pdfaPart: null, pdfaLevel: null };

function meta(xml: string): DocumentMetadata {
  return { present: true, parsed: parseXmpPacket(utf8(xml)) };
}

function pdfa(body: string, flavour = A3, header = ''): string[] {
  const c = collector();
  checkPdfaMetadata(meta(packet(body, header)), flavour, c.sink);
  return c.failed();
}

const EXT = (props: string, valueTypes = ''): string =>
  '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">' +
  '<pdfaSchema:schema>Machines</pdfaSchema:schema>' +
  '<pdfaSchema:namespaceURI>urn:machines#</pdfaSchema:namespaceURI>' +
  '<pdfaSchema:prefix>m</pdfaSchema:prefix>' +
  `<pdfaSchema:property><rdf:Seq>${props}</rdf:Seq></pdfaSchema:property>` +
  (valueTypes
    ? `<pdfaSchema:valueType><rdf:Seq>${valueTypes}</rdf:Seq></pdfaSchema:valueType>`
    : '') +
  '</rdf:li></rdf:Bag></pdfaExtension:schemas>';

const PROP = (name: string, type: string, category = 'internal'): string =>
  '<rdf:li rdf:parseType="Resource">' +
  `<pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>${type}</pdfaProperty:valueType>` +
  `<pdfaProperty:category>${category}</pdfaProperty:category><pdfaProperty:description>d</pdfaProperty:description>` +
  '</rdf:li>';

const SERIAL_TYPE =
  '<rdf:li rdf:parseType="Resource"><pdfaType:type>Serial</pdfaType:type>' +
  '<pdfaType:namespaceURI>urn:serial#</pdfaType:namespaceURI><pdfaType:prefix>s</pdfaType:prefix>' +
  '<pdfaType:description>d</pdfaType:description><pdfaType:field><rdf:Seq><rdf:li rdf:parseType="Resource">' +
  '<pdfaField:name>number</pdfaField:name><pdfaField:valueType>Integer</pdfaField:valueType>' +
  '<pdfaField:description>d</pdfaField:description></rdf:li></rdf:Seq></pdfaType:field></rdf:li>';

describe('PDF/A metadata rules', () => {
  it('passes a well-formed, identified packet with predefined properties', () => {
    const c = collector();
    checkPdfaMetadata(
      meta(packet(IDENT_3A + TITLE + '<xmp:CreateDate>2024-01-02T03:04:05Z</xmp:CreateDate>')),
      A3,
      c.sink,
    );
    expect(c.failed()).toEqual([]);
    expect(c.checks()).toBeGreaterThan(10);
  });

  it('fails 6.6.2.1-1 when the catalog has no metadata stream, and reads nothing else', () => {
    const c = collector();
    checkPdfaMetadata({ present: false }, A3, c.sink);
    expect(c.failed()).toEqual(['6.6.2.1-1']);
  });

  it('fails 6.6.2.1 header, serialisation and encoding tests', () => {
    expect(pdfa(IDENT_3A, A3, ' bytes="100"')).toEqual(['6.6.2.1-2']);
    expect(pdfa(IDENT_3A, A3, ' encoding="UTF-8"')).toEqual(['6.6.2.1-3']);
    const c = collector();
    checkPdfaMetadata(meta(packet(IDENT_3A).replace('</rdf:RDF>', '')), A3, c.sink);
    expect(c.failed()).toEqual(['6.6.2.1-4', '6.6.2.1-5', '6.6.4-1']);
    const utf16 = collector();
    const bytes = new Uint8Array(Buffer.from('\ufeff' + packet(IDENT_3A), 'utf16le'));
    checkPdfaMetadata({ present: true, parsed: parseXmpPacket(bytes) }, A3, utf16.sink);
    expect(utf16.failed()).toEqual(['6.6.2.1-5']);
  });

  it('fails 6.6.2.3.1 for a property of no known schema, with a readable location', () => {
    const c = collector();
    checkPdfaMetadata(meta(packet(IDENT_3A + '<x:y xmlns:x="urn:unknown">1</x:y>')), A3, c.sink);
    // The custom namespace has no schema in a container at all: 6.6.2.3.2 fails too.
    expect(c.failed()).toEqual(['6.6.2.3.1-1', '6.6.2.3.1-2', '6.6.2.3.2-1']);
    expect(c.failures.map((f) => f.location)).toEqual([
      'metadata / property x:y',
      'metadata / property x:y',
      'metadata / schema urn:unknown',
    ]);
    // pdfuaid is not a predefined schema in PDF/A: it needs an extension schema.
    expect(pdfa(IDENT_3A + '<pdfuaid:part>1</pdfuaid:part>')).toEqual([
      '6.6.2.3.1-1',
      '6.6.2.3.1-2',
      '6.6.2.3.2-1',
    ]);
    // An unknown property of a predefined schema, or of a described one, is 6.6.2.3.1 only.
    expect(pdfa(IDENT_3A + '<dc:colour>red</dc:colour>')).toEqual(['6.6.2.3.1-1', '6.6.2.3.1-2']);
    const described = EXT(PROP('model', 'Text')) + '<m:serial xmlns:m="urn:machines#">1</m:serial>';
    expect(pdfa(IDENT_3A + described)).toEqual(['6.6.2.3.1-1', '6.6.2.3.1-2']);
  });

  it('fails 6.6.2.3.1-2 for predefined properties with the wrong value type', () => {
    expect(pdfa(IDENT_3A + '<dc:title>Plain</dc:title>')).toEqual(['6.6.2.3.1-2']);
    expect(pdfa(IDENT_3A + '<xmp:CreateDate>last week</xmp:CreateDate>')).toEqual(['6.6.2.3.1-2']);
    expect(
      pdfa(IDENT_3A + '<dc:creator><rdf:Bag><rdf:li>A</rdf:li></rdf:Bag></dc:creator>'),
    ).toEqual(['6.6.2.3.1-2']);
    expect(
      pdfa(
        IDENT_3A +
          '<xmpMM:History><rdf:Seq><rdf:li stEvt:action="saved" stEvt:when="soon"/></rdf:Seq></xmpMM:History>',
      ),
    ).toEqual(['6.6.2.3.1-2']);
  });

  it('accepts properties an extension schema defines, with custom value types', () => {
    const ext = EXT(PROP('model', 'Text') + PROP('serial', 'Serial'), SERIAL_TYPE);
    const use =
      '<m:model xmlns:m="urn:machines#">X1</m:model>' +
      '<m:serial xmlns:m="urn:machines#" rdf:parseType="Resource"><s:number xmlns:s="urn:serial#">7</s:number></m:serial>';
    expect(pdfa(IDENT_3A + ext + use)).toEqual([]);
    const bad = use.replace('>7<', '>seven<');
    expect(pdfa(IDENT_3A + ext + bad)).toEqual(['6.6.2.3.1-2']);
  });

  it('checks the extension schema container fields (6.6.2.3.2, 6.6.2.3.3)', () => {
    expect(pdfa(IDENT_3A + EXT(PROP('model', 'Text', 'sometimes')))).toEqual(['6.6.2.3.3-9']);
    expect(pdfa(IDENT_3A + EXT(PROP('model', 'Gadget')))).toEqual(['6.6.2.3.3-8']);
    expect(
      pdfa(
        IDENT_3A +
          EXT(PROP('model', 'Text')).replace('rdf:Bag', 'rdf:Seq').replace('rdf:Bag', 'rdf:Seq'),
      ),
    ).toEqual(['6.6.2.3.3-1']);
    expect(
      pdfa(
        IDENT_3A +
          EXT(PROP('model', 'Text')).replace('<pdfaSchema:schema>Machines</pdfaSchema:schema>', ''),
      ),
    ).toEqual(['6.6.2.3.3-2']);
    const extra = EXT(PROP('model', 'Text')).replace(
      '<pdfaSchema:prefix>m',
      '<pdfaSchema:note>n</pdfaSchema:note><pdfaSchema:prefix>m',
    );
    expect(pdfa(IDENT_3A + extra)).toEqual(['6.6.2.3.2-1']);
    const wrongPrefix = EXT(PROP('model', 'Text')).replace(
      '<pdfaSchema:prefix>m</pdfaSchema:prefix>',
      '<ps:prefix xmlns:ps="http://www.aiim.org/pdfa/ns/schema#">m</ps:prefix>',
    );
    expect(pdfa(IDENT_3A + wrongPrefix)).toEqual(['6.6.2.3.3-4']);
    const badField = EXT(PROP('serial', 'Serial'), SERIAL_TYPE.replace('>Integer<', '>Widget<'));
    expect(pdfa(IDENT_3A + badField)).toEqual(['6.6.2.3.3-17']);
  });

  it('checks PDF/A identification against the flavour (6.6.4)', () => {
    expect(pdfa(TITLE)).toEqual(['6.6.4-1']);
    expect(pdfa('<pdfaid:part>2</pdfaid:part><pdfaid:conformance>A</pdfaid:conformance>')).toEqual([
      '6.6.4-2',
    ]);
    expect(pdfa('<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>')).toEqual([
      '6.6.4-3',
    ]);
    expect(
      pdfa('<pdfaid:part>2</pdfaid:part><pdfaid:conformance>U</pdfaid:conformance>', B2),
    ).toEqual([]);
    const otherPrefix =
      '<id:part xmlns:id="http://www.aiim.org/pdfa/ns/id/">3</id:part><pdfaid:conformance>A</pdfaid:conformance>';
    expect(pdfa(otherPrefix)).toEqual(['6.6.4-4']);
    const spaced = '<pdfaid:part> 3</pdfaid:part><pdfaid:conformance>A</pdfaid:conformance>';
    expect(pdfa(spaced)).toEqual(['6.6.2.3.1-2', '6.6.4-2']);
    const lower = '<pdfaid:part>3</pdfaid:part><pdfaid:conformance>a</pdfaid:conformance>';
    expect(pdfa(lower)).toEqual(['6.6.4-3']);
  });
});

describe('PDF/UA metadata rules', () => {
  function ua(body: string, lang = true): string[] {
    const c = collector();
    checkPdfuaMetadata(meta(packet(body)), lang, c.sink);
    return c.failed();
  }
  it('passes identification, title and determined language', () => {
    expect(ua('<pdfuaid:part>1</pdfuaid:part>' + TITLE)).toEqual([]);
  });
  it('fails 5 and 7.1 when identification or title are missing or wrong', () => {
    expect(ua(TITLE)).toEqual(['5-1']);
    expect(ua('<pdfuaid:part>2</pdfuaid:part>' + TITLE)).toEqual(['5-2']);
    expect(ua('<pdfuaid:part>1</pdfuaid:part>')).toEqual(['7.1-9']);
    expect(ua('<pdfuaid:part>1</pdfuaid:part><dc:title>Plain</dc:title>')).toEqual(['7.1-9']);
    const c = collector();
    checkPdfuaMetadata({ present: false }, true, c.sink);
    expect(c.failed()).toEqual(['7.1-8']);
  });
  it('fails 7.2-33 only for an x-default-only text when the catalog has no Lang', () => {
    const part = '<pdfuaid:part>1</pdfuaid:part>';
    expect(ua(part + TITLE, false)).toEqual(['7.2-33']);
    const twoLangs =
      '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">T</rdf:li><rdf:li xml:lang="en">T</rdf:li></rdf:Alt></dc:title>';
    expect(ua(part + twoLangs, false)).toEqual([]);
  });
});

describe('xmpArea', () => {
  const name = (value: string): CosObject => ({ kind: 'name', value, bytes: utf8(value) });
  function doc(
    xml: string | null,
    lang: boolean,
    pageXml?: string,
    encrypted = false,
  ): PdfDocumentModel {
    const stream: CosStream = {
      kind: 'stream',
      dict: {
        kind: 'dict',
        entries: new Map([
          ['Type', name('Metadata')],
          ['Subtype', name('XML')],
        ]),
      },
      raw: utf8(xml ?? ''),
      declaredLength: null,
      realLength: 0,
      streamKeywordCRLFCompliant: true,
      endstreamKeywordEOLCompliant: true,
    };
    const entries = new Map<string, CosObject>([['Type', name('Catalog')]]);
    if (xml !== null) entries.set('Metadata', stream);
    if (lang) entries.set('Lang', { kind: 'string', bytes: utf8('en'), isHex: false });
    const catalog: CosDict = { kind: 'dict', entries };
    const unread = new Map<string, { location: string; reason: string }>();
    return {
      noteUnread: (location: string, reason: string) => {
        if (!unread.has(location)) unread.set(location, { location, reason });
      },
      unreadParts: () => [...unread.values()],
      lexical: {
        headerOffset: 0,
        header: '%PDF-1.7',
        binaryCommentBytes: [],
        postEOFDataSize: 0,
        xrefEOLMarkersComply: true,
        spacingViolations: [],
        indirectObjectCount: 1,
        hasLastId: true,
        recoveries: [],
      },
      trailer: { kind: 'dict', entries: new Map() },
      catalog,
      isEncrypted: encrypted,
      pageCount: 0,
      resolve: (o) => o ?? null,
      get: (d, k) => d?.entries.get(k) ?? null,
      decodeStream: (s) => ({ data: s.raw }),
      pages: () => [],
      objects: () => {
        if (pageXml === undefined) return [];
        const pageMeta: CosStream = { ...stream, raw: utf8(pageXml) };
        const page: CosDict = {
          kind: 'dict',
          entries: new Map([
            ['Type', name('Page')],
            ['Metadata', pageMeta],
          ]),
        };
        return [
          { ref: { kind: 'ref', num: 1, gen: 0 }, value: catalog },
          { ref: { kind: 'ref', num: 7, gen: 0 }, value: page },
        ];
      },
    };
  }

  it('runs the PDF/A or PDF/UA rules depending on the flavour', () => {
    const d = doc(packet(IDENT_3A + TITLE), false);
    const a = collector();
    xmpArea.run({ doc: d, flavour: A3, sink: a.sink });
    expect(a.failed()).toEqual([]);
    const u = collector();
    xmpArea.run({
      doc: d,
      flavour: { flavour: 'pdfua-1', pdfaPart: null, pdfaLevel: null },
      sink: u.sink,
    });
    expect(u.failed()).toEqual(['5-1', '7.2-33']);
    const none = collector();
    xmpArea.run({ doc: doc(null, true), flavour: A3, sink: none.sink });
    expect(none.failed()).toEqual(['6.6.2.1-1']);
  });

  it('checks metadata streams of other objects with the main packet extension schemas', () => {
    const ext =
      '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">' +
      '<pdfaSchema:schema>S</pdfaSchema:schema><pdfaSchema:namespaceURI>urn:m#</pdfaSchema:namespaceURI>' +
      '<pdfaSchema:prefix>m</pdfaSchema:prefix><pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource">' +
      '<pdfaProperty:name>model</pdfaProperty:name><pdfaProperty:valueType>Integer</pdfaProperty:valueType>' +
      '<pdfaProperty:category>internal</pdfaProperty:category><pdfaProperty:description>d</pdfaProperty:description>' +
      '</rdf:li></rdf:Seq></pdfaSchema:property></rdf:li></rdf:Bag></pdfaExtension:schemas>';
    const run = (pageBody: string): { failed: string[]; locations: string[] } => {
      const c = collector();
      const d = doc(packet(IDENT_3A + ext), true, packet(pageBody));
      xmpArea.run({ doc: d, flavour: A3, sink: c.sink });
      return { failed: c.failed(), locations: c.failures.map((f) => f.location) };
    };
    expect(run('<m:model xmlns:m="urn:m#">4</m:model>').failed).toEqual([]);
    const bad = run('<m:model xmlns:m="urn:m#">four</m:model>');
    expect(bad.failed).toEqual(['6.6.2.3.1-2']);
    expect(bad.locations).toEqual(['metadata of object 7 / property m:model']);
    expect(run('<q:x xmlns:q="urn:q">1</q:x>').failed).toEqual([
      '6.6.2.3.1-1',
      '6.6.2.3.1-2',
      '6.6.2.3.2-1',
    ]);
  });

  it('judges only the presence of metadata it cannot read in an encrypted file', () => {
    const scrambled = '\u00a7\u00b5garbled';
    const c = collector();
    xmpArea.run({ doc: doc(scrambled, false, undefined, true), flavour: UA, sink: c.sink });
    expect(c.failed()).toEqual([]);
    expect(c.checks()).toBe(1);
    const plain = collector();
    xmpArea.run({ doc: doc(scrambled, false), flavour: UA, sink: plain.sink });
    expect(plain.failed()).toEqual(['5-1', '7.1-9']);
  });

  it('keeps nothing but presence of an encrypted packet it cannot read', () => {
    expect(documentMetadata(doc('\u00a7\u00b5garbled', false, undefined, true))).toEqual({
      present: true,
      encrypted: true,
    });
  });

  it('judges the whole packet of an encrypted file when it can be read', () => {
    const c = collector();
    const d = doc(packet('<pdfuaid:part>1</pdfuaid:part>' + TITLE), false, undefined, true);
    xmpArea.run({ doc: d, flavour: UA, sink: c.sink });
    expect(c.failed()).toEqual(['7.2-33']);
    expect(c.checks()).toBeGreaterThan(5);
  });

  it('declares every rule it reports', () => {
    const ids = new Set(xmpArea.rules.map((r) => `${r.clause}-${r.testNumber}`));
    expect(ids.size).toBe(xmpArea.rules.length);
    expect(ids.has('6.6.2.3.1-2') && ids.has('7.1-9') && ids.has('6.6.2.3.3-18')).toBe(true);
  });
});
