/**
 * The metadata rules field by field: every entry of the extension schema container
 * (6.6.2.3.2, 6.6.2.3.3) missing, written with another prefix or given as an array, the PDF/A
 * and PDF/UA identification values and prefixes, and the locations and details of failures.
 */
import { describe, expect, it } from 'vitest';
import {
  checkPdfaMetadata,
  checkPdfuaMetadata,
  documentMetadata,
  xmpArea,
} from '../../../src/validate/rules/metadata/area.js';
import { openDocument } from '../../../src/validate/parser/index.js';
import { buildPdf } from '../core/build-pdf.js';
import type { TestObject } from '../core/build-pdf.js';
import { failureLines } from '../core/helpers.js';
import type { DocumentMetadata } from '../../../src/validate/rules/metadata/area.js';
import { parseXmpPacket } from '../../../src/validate/xmp/parse.js';
import type { FlavourInfo } from '../../../src/validate/model/checks.js';
import { IDENT_3A, TITLE, collector, packet, utf8 } from './helpers.js';
import type { Finding } from './helpers.js';

const A3: FlavourInfo = { flavour: 'pdfa-3a', pdfaPart: 3, pdfaLevel: 'a' };

const meta = (xml: string): DocumentMetadata => ({
  present: true,
  parsed: parseXmpPacket(utf8(xml)),
});

/** The failures of the PDF/A rules on a packet with this body. */
function pdfaFailures(body: string, flavour: FlavourInfo = A3, header = ''): Finding[] {
  const c = collector();
  checkPdfaMetadata(meta(packet(body, header)), flavour, c.sink);
  return c.failures;
}
const ids = (f: readonly Finding[]): string[] => [...new Set(f.map((x) => x.id))].sort();
const pdfa = (body: string, flavour: FlavourInfo = A3): string[] =>
  ids(pdfaFailures(body, flavour));

const li = (content: string): string => `<rdf:li rdf:parseType="Resource">${content}</rdf:li>`;
const seq = (items: string): string => `<rdf:Seq>${items}</rdf:Seq>`;

const FIELD =
  '<pdfaField:name>number</pdfaField:name><pdfaField:valueType>Integer</pdfaField:valueType>' +
  '<pdfaField:description>d</pdfaField:description>';
const VALUE_TYPE = (field = li(FIELD)): string =>
  '<pdfaType:type>Serial</pdfaType:type><pdfaType:namespaceURI>urn:serial#</pdfaType:namespaceURI>' +
  '<pdfaType:prefix>s</pdfaType:prefix><pdfaType:description>d</pdfaType:description>' +
  `<pdfaType:field>${seq(field)}</pdfaType:field>`;
const PROPERTY =
  '<pdfaProperty:name>serial</pdfaProperty:name><pdfaProperty:valueType>Serial</pdfaProperty:valueType>' +
  '<pdfaProperty:category>internal</pdfaProperty:category><pdfaProperty:description>d</pdfaProperty:description>';
const SCHEMA = (property = li(PROPERTY), valueType = li(VALUE_TYPE())): string =>
  '<pdfaSchema:schema>Machines</pdfaSchema:schema>' +
  '<pdfaSchema:namespaceURI>urn:machines#</pdfaSchema:namespaceURI>' +
  '<pdfaSchema:prefix>m</pdfaSchema:prefix>' +
  `<pdfaSchema:property>${seq(property)}</pdfaSchema:property>` +
  `<pdfaSchema:valueType>${seq(valueType)}</pdfaSchema:valueType>`;
const CONTAINER = (schemas = li(SCHEMA())): string =>
  `<pdfaExtension:schemas><rdf:Bag>${schemas}</rdf:Bag></pdfaExtension:schemas>`;

/** The container with one piece of its text replaced. */
const changed = (from: string, to: string): string => {
  const full = CONTAINER();
  if (!full.includes(from)) throw new Error(`no ${from} in the container`);
  return IDENT_3A + full.replace(from, to);
};
/** The same element written with another prefix bound to the same namespace. */
const reprefixed = (prefix: string, name: string, ns: string): [string, string] => {
  const re = new RegExp(`<${prefix}:${name}>(.*?)</${prefix}:${name}>`);
  const m = re.exec(CONTAINER());
  if (!m) throw new Error(`no ${prefix}:${name}`);
  return [m[0], `<o:${name} xmlns:o="${ns}">${m[1]}</o:${name}>`];
};
const NS_SCHEMA = 'http://www.aiim.org/pdfa/ns/schema#';
const NS_PROPERTY = 'http://www.aiim.org/pdfa/ns/property#';
const NS_TYPE = 'http://www.aiim.org/pdfa/ns/type#';
const NS_FIELD = 'http://www.aiim.org/pdfa/ns/field#';

describe('the extension schema container (6.6.2.3.2, 6.6.2.3.3)', () => {
  it('passes a complete container with a property, a value type and a field', () => {
    expect(pdfa(IDENT_3A + CONTAINER())).toEqual([]);
    const use =
      '<m:serial xmlns:m="urn:machines#" rdf:parseType="Resource"><s:number xmlns:s="urn:serial#">7</s:number></m:serial>';
    expect(pdfa(IDENT_3A + CONTAINER() + use)).toEqual([]);
  });

  it('requires a Bag written with the pdfaExtension prefix, and reads nothing else otherwise', () => {
    const seqContainer = IDENT_3A + CONTAINER().replace(/rdf:Bag/g, 'rdf:Seq');
    expect(pdfa(seqContainer)).toEqual(['6.6.2.3.3-1']);
    const other = IDENT_3A + CONTAINER().replace(/pdfaExtension:schemas/g, 'e:schemas');
    expect(
      pdfa(
        other.replace(
          '<e:schemas>',
          '<e:schemas xmlns:e="http://www.aiim.org/pdfa/ns/extension/">',
        ),
      ),
    ).toEqual(['6.6.2.3.3-1']);
    const simple = pdfaFailures(IDENT_3A + '<pdfaExtension:schemas>none</pdfaExtension:schemas>');
    expect(simple).toEqual([
      { id: '6.6.2.3.3-1', location: 'metadata / extension schemas', details: undefined },
    ]);
  });

  it('checks each field of a schema: present, Text, and written with pdfaSchema', () => {
    for (const [name, test] of [
      ['schema', '6.6.2.3.3-2'],
      ['namespaceURI', '6.6.2.3.3-3'],
      ['prefix', '6.6.2.3.3-4'],
    ] as const) {
      const [text, other] = reprefixed('pdfaSchema', name, NS_SCHEMA);
      expect(pdfa(changed(text, ''))).toContain(test);
      expect(pdfa(changed(text, other))).toContain(test);
      const asArray = text.replace(/>(.*?)</, '><rdf:Seq><rdf:li>$1</rdf:li></rdf:Seq><');
      expect(pdfa(changed(text, asArray))).toContain(test);
      expect(pdfa(changed(text, ''))).not.toContain('6.6.2.3.3-1');
    }
    const [schemaText] = reprefixed('pdfaSchema', 'schema', NS_SCHEMA);
    expect(pdfa(changed(schemaText, ''))).toEqual(['6.6.2.3.3-2']);
  });

  it('requires property and valueType of a schema to be Seq arrays with pdfaSchema, when given', () => {
    const prop = `<pdfaSchema:property>${seq(li(PROPERTY))}</pdfaSchema:property>`;
    const vt = `<pdfaSchema:valueType>${seq(li(VALUE_TYPE()))}</pdfaSchema:valueType>`;
    expect(pdfa(changed(prop, ''))).toEqual([]);
    expect(pdfa(changed(vt, ''))).toEqual(['6.6.2.3.3-8']);
    expect(pdfa(changed(prop, prop.replace(/rdf:Seq/g, 'rdf:Bag')))).toEqual(['6.6.2.3.3-5']);
    expect(pdfa(changed(prop, prop.replace(/rdf:Seq/g, 'rdf:Alt')))).toEqual([]);
    expect(pdfa(changed(prop, '<pdfaSchema:property>x</pdfaSchema:property>'))).toEqual([
      '6.6.2.3.3-5',
    ]);
    // The outer Seq made a Bag; the field Seq inside stays.
    const vtBag = `<pdfaSchema:valueType><rdf:Bag>${li(VALUE_TYPE())}</rdf:Bag></pdfaSchema:valueType>`;
    expect(pdfa(changed(vt, vtBag))).toEqual(['6.6.2.3.3-6']);
    expect(pdfa(changed(vt, '<pdfaSchema:valueType>x</pdfaSchema:valueType>'))).toEqual([
      '6.6.2.3.3-6',
      '6.6.2.3.3-8',
    ]);
    const otherProp = prop.replace(/pdfaSchema:property/g, 'o:property');
    expect(
      pdfa(changed(prop, otherProp.replace('<o:property>', `<o:property xmlns:o="${NS_SCHEMA}">`))),
    ).toEqual(['6.6.2.3.3-5']);
    const otherVt = vt.replace(/pdfaSchema:valueType/g, 'o:valueType');
    expect(
      pdfa(changed(vt, otherVt.replace('<o:valueType>', `<o:valueType xmlns:o="${NS_SCHEMA}">`))),
    ).toEqual(['6.6.2.3.3-6']);
  });

  it('refuses fields a schema, property, value type or field description does not define', () => {
    const at = (from: string, extra: string): Finding[] =>
      pdfaFailures(changed(from, extra + from)).filter((f) => f.id === '6.6.2.3.2-1');
    const schemaLoc = 'metadata / extension schemas / schema 1';
    expect(at('<pdfaSchema:prefix>', '<pdfaSchema:note>n</pdfaSchema:note>')).toEqual([
      { id: '6.6.2.3.2-1', location: schemaLoc, details: undefined },
    ]);
    // A field of the right name in another namespace is not the field.
    expect(at('<pdfaSchema:prefix>', '<pdfaProperty:schema>n</pdfaProperty:schema>')).toHaveLength(
      1,
    );
    expect(at('<pdfaProperty:category>', '<pdfaProperty:note>n</pdfaProperty:note>')).toEqual([
      { id: '6.6.2.3.2-1', location: `${schemaLoc} / property 1`, details: undefined },
    ]);
    expect(at('<pdfaProperty:category>', '<pdfaType:name>n</pdfaType:name>')).toHaveLength(1);
    expect(at('<pdfaType:prefix>', '<pdfaType:note>n</pdfaType:note>')).toEqual([
      { id: '6.6.2.3.2-1', location: `${schemaLoc} / value type 1`, details: undefined },
    ]);
    expect(at('<pdfaType:prefix>', '<pdfaField:type>n</pdfaField:type>')).toHaveLength(1);
    expect(at('<pdfaField:description>', '<pdfaField:note>n</pdfaField:note>')).toEqual([
      { id: '6.6.2.3.2-1', location: `${schemaLoc} / value type 1 / field 1`, details: undefined },
    ]);
    expect(at('<pdfaField:description>', '<pdfaType:name>n</pdfaType:name>')).toHaveLength(1);
    // Every defined field passes.
    expect(pdfa(IDENT_3A + CONTAINER())).toEqual([]);
  });

  it('checks each field of a property description', () => {
    for (const [name, test] of [
      ['name', '6.6.2.3.3-7'],
      ['valueType', '6.6.2.3.3-8'],
      ['category', '6.6.2.3.3-9'],
      ['description', '6.6.2.3.3-10'],
    ] as const) {
      const [text, other] = reprefixed('pdfaProperty', name, NS_PROPERTY);
      expect(pdfa(changed(text, other))).toContain(test);
      const asArray = text.replace(/>(.*?)</, '><rdf:Seq><rdf:li>$1</rdf:li></rdf:Seq><');
      expect(pdfa(changed(text, asArray))).toContain(test);
      expect(pdfa(changed(text, ''))).toContain(test);
    }
    expect(pdfa(changed('>internal<', '>external<'))).toEqual([]);
    expect(pdfa(changed('>internal<', '>Internal<'))).toEqual(['6.6.2.3.3-9']);
    expect(pdfa(changed('>internal<', '><'))).toEqual(['6.6.2.3.3-9']);
  });

  it('names the property, value type and field it faults, and the value type it did not know', () => {
    const second = li(PROPERTY.replace('>serial<', '>model<').replace('>Serial<', '>Gadget<'));
    const twoProps = CONTAINER(li(SCHEMA(li(PROPERTY) + second)));
    expect(pdfaFailures(IDENT_3A + twoProps)).toEqual([
      {
        id: '6.6.2.3.3-8',
        location: 'metadata / extension schemas / schema 1 / property 2',
        details: 'value type Gadget',
      },
    ]);
    const [vtText] = reprefixed('pdfaProperty', 'valueType', NS_PROPERTY);
    expect(pdfaFailures(changed(vtText, ''))).toEqual([
      {
        id: '6.6.2.3.3-8',
        location: 'metadata / extension schemas / schema 1 / property 1',
        details: undefined,
      },
    ]);
    const secondSchema = li(
      SCHEMA().replace('>urn:machines#<', '>urn:tools#<').replace('>Machines<', '>Tools<'),
    ).replace('<pdfaSchema:prefix>m<', '<pdfaSchema:prefix>t<');
    const twoSchemas = CONTAINER(li(SCHEMA()) + secondSchema.replace('>internal<', '>sometimes<'));
    expect(pdfaFailures(IDENT_3A + twoSchemas)).toEqual([
      {
        id: '6.6.2.3.3-9',
        location: 'metadata / extension schemas / schema 2 / property 1',
        details: undefined,
      },
    ]);
    const twoFields = li(FIELD) + li(FIELD.replace('>number<', '>n2<').replace('>d<', '><'));
    const fieldFault = CONTAINER(li(SCHEMA(li(PROPERTY), li(VALUE_TYPE(twoFields)))));
    expect(pdfaFailures(IDENT_3A + fieldFault)).toEqual([]);
    const badSecond = li(FIELD) + li(FIELD.replace('>number<', '>n2<').replace('Integer', 'Gizmo'));
    const twoTypes = li(VALUE_TYPE()) + li(VALUE_TYPE(badSecond).replace('>Serial<', '>Other<'));
    expect(pdfaFailures(IDENT_3A + CONTAINER(li(SCHEMA(li(PROPERTY), twoTypes))))).toEqual([
      {
        id: '6.6.2.3.3-17',
        location: 'metadata / extension schemas / schema 1 / value type 2 / field 2',
        details: undefined,
      },
    ]);
  });

  it('checks each field of a value type', () => {
    for (const [name, test] of [
      ['type', '6.6.2.3.3-11'],
      ['namespaceURI', '6.6.2.3.3-12'],
      ['prefix', '6.6.2.3.3-13'],
      ['description', '6.6.2.3.3-14'],
    ] as const) {
      const [text, other] = reprefixed('pdfaType', name, NS_TYPE);
      expect(pdfa(changed(text, other))).toContain(test);
      const asArray = text.replace(/>(.*?)</, '><rdf:Seq><rdf:li>$1</rdf:li></rdf:Seq><');
      expect(pdfa(changed(text, asArray))).toContain(test);
      expect(pdfa(changed(text, ''))).toContain(test);
    }
    const fields = `<pdfaType:field>${seq(li(FIELD))}</pdfaType:field>`;
    expect(pdfa(changed(fields, fields.replace(/rdf:Seq/g, 'rdf:Bag')))).toContain('6.6.2.3.3-15');
    expect(pdfa(changed(fields, '<pdfaType:field>x</pdfaType:field>'))).toContain('6.6.2.3.3-15');
    const otherField = `<o:field xmlns:o="${NS_TYPE}">${seq(li(FIELD))}</o:field>`;
    expect(pdfa(changed(fields, otherField))).toContain('6.6.2.3.3-15');
    expect(pdfa(changed(fields, ''))).not.toContain('6.6.2.3.3-15');
  });

  it('checks each field of a value type field', () => {
    for (const [name, test] of [
      ['name', '6.6.2.3.3-16'],
      ['valueType', '6.6.2.3.3-17'],
      ['description', '6.6.2.3.3-18'],
    ] as const) {
      const [text, other] = reprefixed('pdfaField', name, NS_FIELD);
      expect(pdfa(changed(text, other))).toContain(test);
      const asArray = text.replace(/>(.*?)</, '><rdf:Seq><rdf:li>$1</rdf:li></rdf:Seq><');
      expect(pdfa(changed(text, asArray))).toContain(test);
      expect(pdfa(changed(text, ''))).toContain(test);
    }
    // A field may be of a type the container defines itself.
    const selfTyped = FIELD.replace('>Integer<', '>Serial<');
    expect(
      pdfa(IDENT_3A + CONTAINER(li(SCHEMA(li(PROPERTY), li(VALUE_TYPE(li(selfTyped))))))),
    ).not.toContain('6.6.2.3.3-17');
  });
});

describe('properties (6.6.2.3.1)', () => {
  it('says which type a property should have had', () => {
    expect(pdfaFailures(IDENT_3A + '<xmp:CreateDate>soon</xmp:CreateDate>')).toEqual([
      {
        id: '6.6.2.3.1-2',
        location: 'metadata / property xmp:CreateDate',
        details: 'expected Date',
      },
    ]);
    const use = '<m:serial xmlns:m="urn:machines#">seven</m:serial>';
    expect(pdfaFailures(IDENT_3A + CONTAINER() + use)).toEqual([
      {
        id: '6.6.2.3.1-2',
        location: 'metadata / property m:serial',
        details: 'expected Serial',
      },
    ]);
  });

  it('names the namespace of an unknown property, and the type it lacks gives no details', () => {
    expect(pdfaFailures(IDENT_3A + '<q:x xmlns:q="urn:q">1</q:x>')).toEqual([
      { id: '6.6.2.3.1-1', location: 'metadata / property q:x', details: 'namespace urn:q' },
      { id: '6.6.2.3.1-2', location: 'metadata / property q:x', details: undefined },
      {
        id: '6.6.2.3.2-1',
        location: 'metadata / schema urn:q',
        details: 'no extension schema describes this namespace',
      },
    ]);
  });

  it('reports an undescribed namespace once however many of its properties are used', () => {
    const f = pdfaFailures(IDENT_3A + '<q:x xmlns:q="urn:q">1</q:x><q:y xmlns:q="urn:q">2</q:y>');
    expect(f.filter((x) => x.id === '6.6.2.3.2-1')).toHaveLength(1);
    expect(f.filter((x) => x.id === '6.6.2.3.1-1')).toHaveLength(2);
  });

  it('checks properties of the extension namespace, and properties named schemas elsewhere', () => {
    expect(pdfa(IDENT_3A + '<pdfaExtension:other>x</pdfaExtension:other>')).toContain(
      '6.6.2.3.1-1',
    );
    expect(pdfa(IDENT_3A + '<q:schemas xmlns:q="urn:q">x</q:schemas>')).toContain('6.6.2.3.1-1');
  });

  it('names a property written without a prefix by its local name', () => {
    expect(pdfaFailures(IDENT_3A + '<x xmlns="urn:q">1</x>')[0]).toEqual({
      id: '6.6.2.3.1-1',
      location: 'metadata / property x',
      details: 'namespace urn:q',
    });
  });

  it('takes a namespace the container declares without properties as described', () => {
    const noProps = CONTAINER(
      li(SCHEMA().replace(/<pdfaSchema:property>.*?<\/pdfaSchema:property>/, '')),
    );
    expect(pdfa(IDENT_3A + noProps + '<m:other xmlns:m="urn:machines#">1</m:other>')).toEqual([
      '6.6.2.3.1-1',
      '6.6.2.3.1-2',
    ]);
  });
});

describe('PDF/A identification (6.6.4)', () => {
  const ident = (part: string, conformance: string, level: 'a' | 'b' | 'u' | null): string[] =>
    pdfa(
      `<pdfaid:part>${part}</pdfaid:part><pdfaid:conformance>${conformance}</pdfaid:conformance>`,
      {
        flavour: 'pdfa-2b',
        pdfaPart: 2,
        pdfaLevel: level,
      },
    );

  it('accepts the levels that satisfy the one validated', () => {
    expect(ident('2', 'A', 'a')).toEqual([]);
    expect(ident('2', 'U', 'a')).toEqual(['6.6.4-3']);
    expect(ident('2', 'B', 'a')).toEqual(['6.6.4-3']);
    expect(ident('2', 'U', 'u')).toEqual([]);
    expect(ident('2', 'A', 'u')).toEqual([]);
    expect(ident('2', 'B', 'u')).toEqual(['6.6.4-3']);
    expect(ident('2', 'B', 'b')).toEqual([]);
    expect(ident('2', 'U', 'b')).toEqual([]);
    expect(ident('2', 'A', 'b')).toEqual([]);
    expect(ident('2', 'X', 'b')).toEqual(['6.6.4-3']);
    // Without a level, any PDF/A level satisfies.
    expect(ident('2', 'B', null)).toEqual([]);
    expect(ident('2', 'X', null)).toEqual(['6.6.4-3']);
  });

  it('reads the part as a signed decimal integer and says what it found', () => {
    expect(ident('+2', 'B', 'b')).toEqual([]);
    expect(ident('02', 'B', 'b')).toEqual([]);
    expect(ident('-2', 'B', 'b')).toContain('6.6.4-2');
    expect(ident('2x', 'B', 'b')).toContain('6.6.4-2');
    expect(ident('x2', 'B', 'b')).toContain('6.6.4-2');
    expect(ident('0x2', 'B', 'b')).toContain('6.6.4-2');
    const f = pdfaFailures(
      '<pdfaid:part>3</pdfaid:part><pdfaid:conformance>Z</pdfaid:conformance>',
      {
        flavour: 'pdfa-2b',
        pdfaPart: 2,
        pdfaLevel: 'b',
      },
    );
    expect(f).toEqual([
      {
        id: '6.6.4-2',
        location: 'metadata / PDF/A identification',
        details: 'pdfaid:part is 3',
      },
      {
        id: '6.6.4-3',
        location: 'metadata / PDF/A identification',
        details: 'pdfaid:conformance is Z',
      },
    ]);
  });

  it('says when part or conformance is missing or not a simple value', () => {
    const f = pdfaFailures('<pdfaid:amd>1</pdfaid:amd>');
    expect(f.filter((x) => x.id.startsWith('6.6.4'))).toEqual([
      {
        id: '6.6.4-2',
        location: 'metadata / PDF/A identification',
        details: 'pdfaid:part is missing',
      },
      {
        id: '6.6.4-3',
        location: 'metadata / PDF/A identification',
        details: 'pdfaid:conformance is missing',
      },
    ]);
    const arrays =
      '<pdfaid:part><rdf:Seq><rdf:li>3</rdf:li></rdf:Seq></pdfaid:part>' +
      '<pdfaid:conformance><rdf:Seq><rdf:li>A</rdf:li></rdf:Seq></pdfaid:conformance>';
    const g = pdfaFailures(arrays).filter((x) => x.id.startsWith('6.6.4'));
    expect(g.map((x) => [x.id, x.details])).toEqual([
      ['6.6.4-2', 'pdfaid:part is '],
      ['6.6.4-3', 'pdfaid:conformance is missing'],
    ]);
  });

  it('checks the prefix of each identification property', () => {
    const other = (name: string, value: string): string =>
      `<id:${name} xmlns:id="http://www.aiim.org/pdfa/ns/id/">${value}</id:${name}>`;
    expect(pdfa('<pdfaid:part>3</pdfaid:part>' + other('conformance', 'A'))).toEqual(['6.6.4-5']);
    expect(pdfa(IDENT_3A + other('amd', '2005'))).toEqual(['6.6.4-6']);
    expect(pdfa(IDENT_3A + other('corr', '1'))).toEqual(['6.6.4-7']);
    expect(pdfa(IDENT_3A + '<pdfaid:amd>2005</pdfaid:amd><pdfaid:corr>1</pdfaid:corr>')).toEqual(
      [],
    );
  });
});

describe('the packet (6.6.2.1)', () => {
  it('names the header attributes and the encoding it found', () => {
    expect(pdfaFailures(IDENT_3A, A3, ' bytes="1234"')).toEqual([
      { id: '6.6.2.1-2', location: 'metadata', details: '1234' },
    ]);
    expect(pdfaFailures(IDENT_3A, A3, ' encoding="UTF-16"')).toEqual([
      { id: '6.6.2.1-3', location: 'metadata', details: 'UTF-16' },
    ]);
    const c = collector();
    const bytes = new Uint8Array(Buffer.from('\ufeff' + packet(IDENT_3A), 'utf16le'));
    checkPdfaMetadata({ present: true, parsed: parseXmpPacket(bytes) }, A3, c.sink);
    expect(c.failures).toEqual([
      { id: '6.6.2.1-5', location: 'metadata', details: 'encoding is UTF-16LE' },
    ]);
  });

  it('says why a packet could not be read', () => {
    const c = collector();
    checkPdfaMetadata(meta('<x:xmpmeta xmlns:x="adobe:ns:meta/"><oops'), A3, c.sink);
    const byId = new Map(c.failures.map((f) => [f.id, f]));
    expect(byId.get('6.6.2.1-4')?.details).toMatch(/\S/);
    expect(byId.get('6.6.2.1-5')?.details).toBe('the packet could not be read');
    expect(byId.has('6.6.2.1-2') || byId.has('6.6.2.1-3')).toBe(false);
  });

  it('checks the packets of other objects even when the catalog has none', () => {
    const c = collector();
    const other = {
      location: 'metadata of object 9',
      parsed: parseXmpPacket(utf8(packet('<q:x xmlns:q="urn:q">1</q:x>', ' bytes="1"'))),
    };
    checkPdfaMetadata({ present: false, others: [other] }, A3, c.sink);
    expect(c.failures.map((f) => `${f.id} ${f.location}`)).toEqual([
      '6.6.2.1-1 catalog',
      '6.6.2.1-2 metadata of object 9',
      '6.6.2.3.1-1 metadata of object 9 / property q:x',
      '6.6.2.3.1-2 metadata of object 9 / property q:x',
      '6.6.2.3.2-1 metadata of object 9 / schema urn:q',
    ]);
  });

  it('describes the properties of other objects with their own container first', () => {
    const c = collector();
    const use = '<m:serial xmlns:m="urn:machines#">7</m:serial>';
    const own = CONTAINER().replace(
      '>Serial</pdfaProperty:valueType>',
      '>Integer</pdfaProperty:valueType>',
    );
    const other = {
      location: 'metadata of object 9',
      parsed: parseXmpPacket(utf8(packet(own + use))),
    };
    checkPdfaMetadata(
      {
        present: true,
        parsed: parseXmpPacket(utf8(packet(IDENT_3A + CONTAINER()))),
        others: [other],
      },
      A3,
      c.sink,
    );
    expect(c.failures).toEqual([]);
  });
});

describe('PDF/UA identification and title', () => {
  function ua(body: string, lang = true): Finding[] {
    const c = collector();
    checkPdfuaMetadata(meta(packet(body)), lang, c.sink);
    return c.failures;
  }
  const uaIds = (body: string): string[] => ids(ua(body));
  const other = (name: string, value: string): string =>
    `<u:${name} xmlns:u="http://www.aiim.org/pdfua/ns/id/">${value}</u:${name}>`;

  it('reads the part as an integer and says what it found', () => {
    expect(uaIds('<pdfuaid:part>+1</pdfuaid:part>' + TITLE)).toEqual([]);
    expect(uaIds('<pdfuaid:part>1.0</pdfuaid:part>' + TITLE)).toEqual(['5-2']);
    expect(ua('<pdfuaid:part>2</pdfuaid:part>' + TITLE)).toEqual([
      { id: '5-2', location: 'metadata / PDF/UA identification', details: 'pdfuaid:part is 2' },
    ]);
    expect(ua('<pdfuaid:amd>1</pdfuaid:amd>' + TITLE)).toEqual([
      {
        id: '5-2',
        location: 'metadata / PDF/UA identification',
        details: 'pdfuaid:part is missing',
      },
    ]);
  });

  it('checks the prefix of each identification property', () => {
    expect(uaIds(other('part', '1') + TITLE)).toEqual(['5-3']);
    expect(uaIds('<pdfuaid:part>1</pdfuaid:part>' + other('amd', '1') + TITLE)).toEqual(['5-4']);
    expect(uaIds('<pdfuaid:part>1</pdfuaid:part>' + other('corr', '1') + TITLE)).toEqual(['5-5']);
    expect(
      uaIds(
        '<pdfuaid:part>1</pdfuaid:part><pdfuaid:amd>1</pdfuaid:amd><pdfuaid:corr>1</pdfuaid:corr>' +
          TITLE,
      ),
    ).toEqual([]);
  });

  it('wants dc:title as an Alt whose every item carries a language', () => {
    const part = '<pdfuaid:part>1</pdfuaid:part>';
    const title = (inner: string, kind = 'Alt'): string =>
      `<dc:title><rdf:${kind}>${inner}</rdf:${kind}></dc:title>`;
    expect(uaIds(part + title('<rdf:li xml:lang="en">T</rdf:li>'))).toEqual([]);
    expect(
      uaIds(part + title('<rdf:li xml:lang="x-default">T</rdf:li><rdf:li>U</rdf:li>')),
    ).toEqual(['7.1-9']);
    expect(uaIds(part + title('<rdf:li xml:lang="en">T</rdf:li>', 'Seq'))).toContain('7.1-9');
    expect(uaIds(part + title(''))).toContain('7.1-9');
    expect(ua(part)).toEqual([{ id: '7.1-9', location: 'metadata', details: undefined }]);
  });

  it('checks identification and title only when the catalog has a packet', () => {
    const c = collector();
    checkPdfuaMetadata({ present: false, others: [] }, true, c.sink);
    expect(c.failures).toEqual([{ id: '7.1-8', location: 'catalog', details: undefined }]);
    expect(c.checks()).toBe(1);
  });

  it('fails identification and title for a packet it cannot read', () => {
    const c = collector();
    checkPdfuaMetadata(meta('<not xmp'), true, c.sink);
    expect(c.failures.map((f) => f.id)).toEqual(['5-1', '7.1-9']);
  });
});

describe('language alternatives (PDF/UA 7.2-33)', () => {
  const alt = (items: string): string =>
    `<pdfuaid:part>1</pdfuaid:part>${TITLE}<dc:rights><rdf:Alt>${items}</rdf:Alt></dc:rights>`;
  function failures(
    body: string,
    lang: boolean,
    others: DocumentMetadata['others'] = [],
  ): Finding[] {
    const c = collector();
    checkPdfuaMetadata({ ...meta(packet(body)), others }, lang, c.sink);
    return c.failures;
  }

  it('names each x-default-only property, in any letter case', () => {
    expect(failures(alt('<rdf:li xml:lang="X-Default">R</rdf:li>'), false)).toEqual([
      { id: '7.2-33', location: 'metadata / property dc:title', details: undefined },
      { id: '7.2-33', location: 'metadata / property dc:rights', details: undefined },
    ]);
    expect(failures(alt('<rdf:li xml:lang="X-Default">R</rdf:li>'), true)).toEqual([]);
  });

  it('leaves arrays that are not language alternatives alone', () => {
    const creator =
      '<dc:creator><rdf:Seq><rdf:li xml:lang="x-default">A</rdf:li></rdf:Seq></dc:creator>';
    expect(failures('<pdfuaid:part>1</pdfuaid:part>' + creator, false)).toEqual([
      { id: '7.1-9', location: 'metadata', details: undefined },
    ]);
  });

  it('lets an alternative with one real language, or two items, determine its language', () => {
    const only = (items: string): string[] => failures(alt(items), false).map((f) => f.location);
    expect(only('<rdf:li xml:lang="de">R</rdf:li>')).toEqual(['metadata / property dc:title']);
    expect(only('<rdf:li xml:lang="x-default">R</rdf:li><rdf:li xml:lang="de">R</rdf:li>')).toEqual(
      ['metadata / property dc:title'],
    );
  });

  it('checks the packets of other objects, and skips those it cannot read', () => {
    const others = [
      { location: 'metadata of object 4', parsed: parseXmpPacket(utf8(packet(TITLE))) },
      { location: 'metadata of object 5', parsed: parseXmpPacket(utf8('<broken')) },
    ];
    expect(
      failures('<pdfuaid:part>1</pdfuaid:part>' + TITLE, false, others).map((f) => f.location),
    ).toEqual(['metadata / property dc:title', 'metadata of object 4 / property dc:title']);
    const c = collector();
    checkPdfuaMetadata({ present: false, others }, false, c.sink);
    expect(c.failures.map((f) => `${f.id} ${f.location}`)).toEqual([
      '7.1-8 catalog',
      '7.2-33 metadata of object 4 / property dc:title',
    ]);
  });
});

describe('finding the metadata streams of a file', () => {
  const XMP = packet(IDENT_3A + TITLE);
  const metadataStream = (xml: string, dict = '/Type /Metadata /Subtype /XML'): TestObject => ({
    stream: { dict, data: utf8(xml) },
  });
  /** Catalog (1), pages (2), page (3), then `extra` from object 4 on. */
  const file = (catalogExtra: string, pageExtra: string, extra: TestObject[]): Uint8Array =>
    buildPdf([
      { body: `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>` },
      { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>' },
      { body: `<< /Type /Page /Parent 2 0 R ${pageExtra} >>` },
      ...extra,
    ]);
  const found = (pdf: Uint8Array): DocumentMetadata => documentMetadata(openDocument(pdf));

  it('takes the catalog stream only when it is Type Metadata with Subtype XML', () => {
    const good = found(file('/Metadata 4 0 R', '', [metadataStream(XMP)]));
    expect(good.present).toBe(true);
    expect(good.parsed?.ok).toBe(true);
    expect(good.decodeError).toBeUndefined();
    expect(good.others).toEqual([]);
    for (const dict of ['/Type /Metadata', '/Subtype /XML', '/Type /Metadata /Subtype /Text']) {
      const bad = found(file('/Metadata 4 0 R', '', [metadataStream(XMP, dict)]));
      expect(bad).toEqual({ present: false, others: [] });
    }
    expect(
      found(file('/Metadata 4 0 R', '', [{ body: '<< /Type /Metadata /Subtype /XML >>' }])),
    ).toEqual({ present: false, others: [] });
  });

  it('reads a document once however many flavours ask', () => {
    const doc = openDocument(file('/Metadata 4 0 R', '', [metadataStream(XMP)]));
    expect(documentMetadata(doc)).toBe(documentMetadata(doc));
  });

  it('keeps why a stream could not be decoded, for the catalog and other objects', () => {
    const broken: TestObject = {
      stream: { dict: '/Type /Metadata /Subtype /XML /Filter /FlateDecode', data: 'not zlib' },
    };
    const m = found(file('/Metadata 4 0 R', '/Metadata 5 0 R', [broken, broken]));
    expect(m.present).toBe(true);
    expect(m.decodeError).toMatch(/\S/);
    expect(m.parsed?.ok).toBe(false);
    expect(m.others?.map((o) => [o.location, typeof o.decodeError])).toEqual([
      ['metadata of object 3', 'string'],
    ]);
  });

  it("collects other objects' streams once each, leaving out the catalog's", () => {
    const m = found(
      file('/Metadata 4 0 R', '/Metadata 5 0 R', [
        metadataStream(XMP),
        metadataStream(packet(TITLE)),
        { body: '<< /Type /XObject /Metadata 5 0 R >>' },
        { body: '<< /Type /Font /Metadata 4 0 R >>' },
        { body: '<< /Type /Font /Metadata 9 0 R >>' },
        { body: '<< /Type /Catalog /Metadata 10 0 R >>' },
        metadataStream('<broken'),
        metadataStream('<broken', '/Type /Metadata /Subtype /Text'),
      ]),
    );
    expect(m.others?.map((o) => [o.location, o.parsed.ok, o.decodeError])).toEqual([
      ['metadata of object 3', true, undefined],
    ]);
  });

  it('checks the streams of other objects when the catalog has none', () => {
    const pdf = file('', '/Metadata 4 0 R', [
      metadataStream(packet('<q:x xmlns:q="urn:q">1</q:x>')),
    ]);
    expect(found(pdf).present).toBe(false);
    expect(failureLines(pdf, 'pdfa-2b', [xmpArea])).toEqual([
      '6.6.2.1-1 @ catalog: ',
      '6.6.2.3.1-1 @ metadata of object 3 / property q:x: namespace urn:q',
      '6.6.2.3.1-2 @ metadata of object 3 / property q:x: ',
      '6.6.2.3.2-1 @ metadata of object 3 / schema urn:q: no extension schema describes this namespace',
    ]);
  });

  it('reads the catalog Lang for 7.2-33 only when it is a string', () => {
    const lang = (value: string): string[] =>
      failureLines(
        file(`/Metadata 4 0 R ${value}`, '', [
          metadataStream(packet('<pdfuaid:part>1</pdfuaid:part>' + TITLE)),
        ]),
        'pdfua-1',
        [xmpArea],
      );
    expect(lang('/Lang (en)')).toEqual([]);
    expect(lang('/Lang 5')).toEqual(['7.2-33 @ metadata / property dc:title: ']);
    expect(lang('/Lang /en')).toEqual(['7.2-33 @ metadata / property dc:title: ']);
    expect(lang('')).toEqual(['7.2-33 @ metadata / property dc:title: ']);
  });
});
