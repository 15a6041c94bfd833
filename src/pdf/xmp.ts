/**
 * XMP packet (ISO 16684-1) built with a real XML builder so every value is escaped.
 * Claims PDF/A-3 level A (when asked) and PDF/UA-1 in the same packet, and describes every
 * non-predefined schema with the PDF/A extension schema container (ISO 19005-2, 6.6.2.3).
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { InputError } from '../diagnostics.js';
import type { DocumentMetadata, XmpSchema } from '../layout/display-list.js';

const NS = {
  x: 'adobe:ns:meta/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xml: 'http://www.w3.org/XML/1998/namespace',
  xmlns: 'http://www.w3.org/2000/xmlns/',
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  xmpMM: 'http://ns.adobe.com/xap/1.0/mm/',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  pdfuaid: 'http://www.aiim.org/pdfua/ns/id/',
  pdfaExtension: 'http://www.aiim.org/pdfa/ns/extension/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
} as const;

/** Value types XMP defines (XMP part 1/2); custom schemas may only use these. */
const KNOWN_VALUE_TYPES = new Set([
  'Text',
  'Integer',
  'Real',
  'Boolean',
  'Date',
  'URI',
  'URL',
  'XPath',
  'ProperName',
  'AgentName',
  'MIMEType',
  'Locale',
  'GUID',
  'RenditionClass',
  'ResourceRef',
  'Rational',
  'Rating',
  'Lang Alt',
  'Seq Text',
  'Bag Text',
  'Seq ProperName',
  'Bag ProperName',
  'Seq Date',
  'Seq Integer',
  'Bag Integer',
]);

const RESERVED_PREFIXES = new Set(
  Object.keys(NS).concat(['pdfaType', 'pdfaField', 'stRef', 'stEvt']),
);
const RESERVED_NAMESPACES = new Set<string>(Object.values(NS));
const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Strips characters XML 1.0 cannot carry; lone surrogates included. */
export function xmlSafe(s: string): string {
  return s.replace(
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '',
  );
}

export function xmpDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Checks caller schemas; a schema XMP cannot describe is the caller's error. */
export function checkXmpSchemas(schemas: readonly XmpSchema[]): void {
  const problems: { pointer: string; message: string }[] = [];
  const prefixes = new Set<string>();
  schemas.forEach((s, i) => {
    const at = `/xmpSchemas/${i}`;
    if (!NCNAME.test(s.prefix ?? '') || s.prefix.toLowerCase().startsWith('xml'))
      problems.push({ pointer: `${at}/prefix`, message: 'must be an XML name such as fx' });
    else if (RESERVED_PREFIXES.has(s.prefix))
      problems.push({ pointer: `${at}/prefix`, message: `prefix '${s.prefix}' is reserved` });
    else if (prefixes.has(s.prefix))
      problems.push({ pointer: `${at}/prefix`, message: `duplicate prefix '${s.prefix}'` });
    prefixes.add(s.prefix);
    if (typeof s.namespace !== 'string' || !/^[a-z][a-z0-9+.-]*:\S+$/i.test(s.namespace))
      problems.push({ pointer: `${at}/namespace`, message: 'must be a namespace URI' });
    else if (RESERVED_NAMESPACES.has(s.namespace))
      problems.push({ pointer: `${at}/namespace`, message: 'namespace is predefined' });
    if (typeof s.name !== 'string' || s.name.trim() === '')
      problems.push({ pointer: `${at}/name`, message: 'must be a non-empty schema description' });
    const names = new Set<string>();
    (s.properties ?? []).forEach((p, j) => {
      const pat = `${at}/properties/${j}`;
      if (!NCNAME.test(p.name ?? ''))
        problems.push({ pointer: `${pat}/name`, message: 'must be an XML name' });
      else if (names.has(p.name))
        problems.push({ pointer: `${pat}/name`, message: `duplicate property '${p.name}'` });
      names.add(p.name);
      if (typeof p.value !== 'string')
        problems.push({ pointer: `${pat}/value`, message: 'must be a string' });
      if (p.valueType !== undefined && !KNOWN_VALUE_TYPES.has(p.valueType))
        problems.push({
          pointer: `${pat}/valueType`,
          message: `unknown XMP value type '${p.valueType}'`,
        });
      if (p.category !== undefined && p.category !== 'external' && p.category !== 'internal')
        problems.push({ pointer: `${pat}/category`, message: "must be 'external' or 'internal'" });
    });
  });
  if (problems.length > 0) throw new InputError('invalid XMP schemas', problems);
}

interface ExtensionProperty {
  readonly name: string;
  readonly valueType: string;
  readonly category: string;
  readonly description: string;
}

function describeSchema(
  bag: XMLBuilder,
  schema: string,
  namespace: string,
  prefix: string,
  props: readonly ExtensionProperty[],
): void {
  const li = bag.ele(NS.rdf, 'rdf:li').att(NS.rdf, 'rdf:parseType', 'Resource');
  li.ele(NS.pdfaSchema, 'pdfaSchema:schema').txt(xmlSafe(schema));
  li.ele(NS.pdfaSchema, 'pdfaSchema:namespaceURI').txt(xmlSafe(namespace));
  li.ele(NS.pdfaSchema, 'pdfaSchema:prefix').txt(prefix);
  const seq = li.ele(NS.pdfaSchema, 'pdfaSchema:property').ele(NS.rdf, 'rdf:Seq');
  for (const p of props) {
    const pli = seq.ele(NS.rdf, 'rdf:li').att(NS.rdf, 'rdf:parseType', 'Resource');
    pli.ele(NS.pdfaProperty, 'pdfaProperty:name').txt(p.name);
    pli.ele(NS.pdfaProperty, 'pdfaProperty:valueType').txt(p.valueType);
    pli.ele(NS.pdfaProperty, 'pdfaProperty:category').txt(p.category);
    pli.ele(NS.pdfaProperty, 'pdfaProperty:description').txt(xmlSafe(p.description));
  }
}

function description(rdf: XMLBuilder, ns: Record<string, string>): XMLBuilder {
  const d = rdf.ele(NS.rdf, 'rdf:Description').att(NS.rdf, 'rdf:about', '');
  for (const [prefix, uri] of Object.entries(ns)) d.att(NS.xmlns, `xmlns:${prefix}`, uri);
  return d;
}

function langAlt(parent: XMLBuilder, ns: string, qname: string, value: string): void {
  parent
    .ele(ns, qname)
    .ele(NS.rdf, 'rdf:Alt')
    .ele(NS.rdf, 'rdf:li')
    .att(NS.xml, 'xml:lang', 'x-default')
    .txt(xmlSafe(value));
}

export interface XmpInput {
  readonly metadata: DocumentMetadata;
  readonly title: string;
  readonly producer: string;
  readonly instanceId: string;
}

export function buildXmp({ metadata: m, title, producer, instanceId }: XmpInput): string {
  const doc = create().ins('xpacket', 'begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"');
  const rdf = doc.ele(NS.x, 'x:xmpmeta').ele(NS.rdf, 'rdf:RDF');

  if (m.pdfa) {
    const a = description(rdf, { pdfaid: NS.pdfaid });
    a.ele(NS.pdfaid, 'pdfaid:part').txt('3');
    a.ele(NS.pdfaid, 'pdfaid:conformance').txt('A');
  }
  description(rdf, { pdfuaid: NS.pdfuaid }).ele(NS.pdfuaid, 'pdfuaid:part').txt('1');

  const dc = description(rdf, { dc: NS.dc });
  dc.ele(NS.dc, 'dc:format').txt('application/pdf');
  langAlt(dc, NS.dc, 'dc:title', title);
  if (m.author)
    dc.ele(NS.dc, 'dc:creator').ele(NS.rdf, 'rdf:Seq').ele(NS.rdf, 'rdf:li').txt(xmlSafe(m.author));
  if (m.subject) langAlt(dc, NS.dc, 'dc:description', m.subject);

  const modDate = m.modDate ?? m.creationDate;
  const xmp = description(rdf, { xmp: NS.xmp });
  xmp.ele(NS.xmp, 'xmp:CreateDate').txt(xmpDate(m.creationDate));
  xmp.ele(NS.xmp, 'xmp:ModifyDate').txt(xmpDate(modDate));
  xmp.ele(NS.xmp, 'xmp:MetadataDate').txt(xmpDate(modDate));
  if (m.creator) xmp.ele(NS.xmp, 'xmp:CreatorTool').txt(xmlSafe(m.creator));

  const pdf = description(rdf, { pdf: NS.pdf });
  pdf.ele(NS.pdf, 'pdf:Producer').txt(xmlSafe(producer));
  if (m.keywords) pdf.ele(NS.pdf, 'pdf:Keywords').txt(xmlSafe(m.keywords));

  const mm = description(rdf, { xmpMM: NS.xmpMM });
  mm.ele(NS.xmpMM, 'xmpMM:DocumentID').txt(`uuid:${m.documentId}`);
  mm.ele(NS.xmpMM, 'xmpMM:InstanceID').txt(`uuid:${instanceId}`);

  // Extension schemas: pdfuaid is not predefined for PDF/A, nor is any caller schema.
  const ext = description(rdf, {
    pdfaExtension: NS.pdfaExtension,
    pdfaSchema: NS.pdfaSchema,
    pdfaProperty: NS.pdfaProperty,
  });
  const bag = ext.ele(NS.pdfaExtension, 'pdfaExtension:schemas').ele(NS.rdf, 'rdf:Bag');
  describeSchema(bag, 'PDF/UA Universal Accessibility Schema', NS.pdfuaid, 'pdfuaid', [
    {
      name: 'part',
      valueType: 'Integer',
      category: 'internal',
      description: 'Indicates, which part of ISO 14289 standard is followed',
    },
  ]);
  for (const s of m.xmpSchemas) {
    describeSchema(
      bag,
      s.name,
      s.namespace,
      s.prefix,
      s.properties.map((p) => ({
        name: p.name,
        valueType: p.valueType ?? 'Text',
        category: p.category ?? 'external',
        description: p.description ?? p.name,
      })),
    );
  }
  for (const s of m.xmpSchemas) {
    if (s.properties.length === 0) continue;
    const d = description(rdf, { [s.prefix]: s.namespace });
    for (const p of s.properties) {
      const el = d.ele(s.namespace, `${s.prefix}:${p.name}`);
      const type = p.valueType ?? 'Text';
      if (type === 'Lang Alt')
        el.ele(NS.rdf, 'rdf:Alt')
          .ele(NS.rdf, 'rdf:li')
          .att(NS.xml, 'xml:lang', 'x-default')
          .txt(xmlSafe(p.value));
      else if (type.startsWith('Seq ') || type.startsWith('Bag '))
        el.ele(NS.rdf, `rdf:${type.slice(0, 3)}`)
          .ele(NS.rdf, 'rdf:li')
          .txt(xmlSafe(p.value));
      else el.txt(xmlSafe(p.value));
    }
  }
  doc.ins('xpacket', 'end="w"');
  return doc.end({ headless: true, prettyPrint: true });
}
