/**
 * XMP packet (ISO 16684-1) built with a real XML builder so every value is escaped.
 * Claims PDF/A-3 level A (when asked) and PDF/UA-1 in the same packet, and describes every
 * non-predefined schema with the PDF/A extension schema container (ISO 19005-2, 6.6.2.3).
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { InputError } from '../diagnostics.js';
import type { DocumentMetadata, WriterSettings, XmpSchema } from '../document/index.js';

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

/**
 * Text for the builder. Its serialiser leaves anything shaped like an entity reference alone
 * (`&amp;`, `&nbsp;`), so a title "&nbsp;" would come out as an undefined entity; escaping the
 * ampersand first makes every value read back exactly as given. The builder escapes < and >.
 */
function text(s: string): string {
  return s.replace(/&/g, '&amp;');
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
  li.ele(NS.pdfaSchema, 'pdfaSchema:schema').txt(text(xmlSafe(schema)));
  li.ele(NS.pdfaSchema, 'pdfaSchema:namespaceURI').txt(text(xmlSafe(namespace)));
  li.ele(NS.pdfaSchema, 'pdfaSchema:prefix').txt(text(prefix));
  const seq = li.ele(NS.pdfaSchema, 'pdfaSchema:property').ele(NS.rdf, 'rdf:Seq');
  for (const p of props) {
    const pli = seq.ele(NS.rdf, 'rdf:li').att(NS.rdf, 'rdf:parseType', 'Resource');
    pli.ele(NS.pdfaProperty, 'pdfaProperty:name').txt(text(p.name));
    pli.ele(NS.pdfaProperty, 'pdfaProperty:valueType').txt(text(p.valueType));
    pli.ele(NS.pdfaProperty, 'pdfaProperty:category').txt(text(p.category));
    pli.ele(NS.pdfaProperty, 'pdfaProperty:description').txt(text(xmlSafe(p.description)));
  }
}

function description(rdf: XMLBuilder, ns: Record<string, string>): XMLBuilder {
  const d = rdf.ele(NS.rdf, 'rdf:Description').att(NS.rdf, 'rdf:about', '');
  for (const [prefix, uri] of Object.entries(ns)) d.att(NS.xmlns, `xmlns:${prefix}`, uri);
  return d;
}

/** `value` must already be xmlSafe (the template markers must pass through untouched). */
function langAlt(parent: XMLBuilder, ns: string, qname: string, value: string): void {
  parent
    .ele(ns, qname)
    .ele(NS.rdf, 'rdf:Alt')
    .ele(NS.rdf, 'rdf:li')
    .att(NS.xml, 'xml:lang', 'x-default')
    .txt(text(value));
}

export interface XmpInput {
  readonly metadata: DocumentMetadata;
  readonly settings: WriterSettings;
  readonly title: string;
  readonly producer: string;
  readonly instanceId: string;
}

/** The per-document text values of the packet, already passed through xmlSafe where due. */
interface XmpValues {
  readonly title: string;
  readonly author?: string;
  readonly subject?: string;
  readonly createDate: string;
  readonly modifyDate: string;
  readonly creator?: string;
  readonly producer: string;
  readonly keywords?: string;
  readonly documentId: string;
  readonly instanceId: string;
}

/**
 * The packet with every document value as its own text node; the structure depends only on
 * `pdfa`, on which optional values are present and on the caller schemas.
 */
function buildTree(pdfa: boolean, v: XmpValues, schemas: readonly XmpSchema[]): string {
  const doc = create().ins('xpacket', 'begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"');
  const rdf = doc.ele(NS.x, 'x:xmpmeta').ele(NS.rdf, 'rdf:RDF');

  if (pdfa) {
    const a = description(rdf, { pdfaid: NS.pdfaid });
    a.ele(NS.pdfaid, 'pdfaid:part').txt('3');
    a.ele(NS.pdfaid, 'pdfaid:conformance').txt('A');
  }
  description(rdf, { pdfuaid: NS.pdfuaid }).ele(NS.pdfuaid, 'pdfuaid:part').txt('1');

  const dc = description(rdf, { dc: NS.dc });
  dc.ele(NS.dc, 'dc:format').txt('application/pdf');
  langAlt(dc, NS.dc, 'dc:title', v.title);
  if (v.author !== undefined)
    dc.ele(NS.dc, 'dc:creator').ele(NS.rdf, 'rdf:Seq').ele(NS.rdf, 'rdf:li').txt(text(v.author));
  if (v.subject !== undefined) langAlt(dc, NS.dc, 'dc:description', v.subject);

  const xmp = description(rdf, { xmp: NS.xmp });
  xmp.ele(NS.xmp, 'xmp:CreateDate').txt(text(v.createDate));
  xmp.ele(NS.xmp, 'xmp:ModifyDate').txt(text(v.modifyDate));
  xmp.ele(NS.xmp, 'xmp:MetadataDate').txt(text(v.modifyDate));
  if (v.creator !== undefined) xmp.ele(NS.xmp, 'xmp:CreatorTool').txt(text(v.creator));

  const pdf = description(rdf, { pdf: NS.pdf });
  pdf.ele(NS.pdf, 'pdf:Producer').txt(text(v.producer));
  if (v.keywords !== undefined) pdf.ele(NS.pdf, 'pdf:Keywords').txt(text(v.keywords));

  const mm = description(rdf, { xmpMM: NS.xmpMM });
  mm.ele(NS.xmpMM, 'xmpMM:DocumentID').txt(text(v.documentId));
  mm.ele(NS.xmpMM, 'xmpMM:InstanceID').txt(text(v.instanceId));

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
  for (const s of schemas) {
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
  for (const s of schemas) {
    if (s.properties.length === 0) continue;
    const d = description(rdf, { [s.prefix]: s.namespace });
    for (const p of s.properties) {
      const el = d.ele(s.namespace, `${s.prefix}:${p.name}`);
      const type = p.valueType ?? 'Text';
      if (type === 'Lang Alt')
        el.ele(NS.rdf, 'rdf:Alt')
          .ele(NS.rdf, 'rdf:li')
          .att(NS.xml, 'xml:lang', 'x-default')
          .txt(text(xmlSafe(p.value)));
      else if (type.startsWith('Seq ') || type.startsWith('Bag '))
        el.ele(NS.rdf, `rdf:${type.slice(0, 3)}`)
          .ele(NS.rdf, 'rdf:li')
          .txt(text(xmlSafe(p.value)));
      else el.txt(text(xmlSafe(p.value)));
    }
  }
  doc.ins('xpacket', 'end="w"');
  return doc.end({ headless: true, prettyPrint: true });
}

/** Text escaping as the builder's serialiser does it for text nodes. */
function escapeText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/**
 * A serialised packet split around its document values. An empty value must serialise as an
 * empty-element tag (`<a/>`), as the builder writes it, so each slot keeps the qualified name
 * of the element around it.
 */
interface XmpTemplate {
  readonly parts: readonly string[];
  readonly slots: readonly (keyof XmpValues)[];
  readonly closers: readonly string[];
}

const SLOT_MARK = '\u0001';

/**
 * Builds the packet once per shape with marker values and keeps the text (PROFILE.md finding
 * 4: the builder was 16% of writePdf for a packet that barely changes between documents).
 * Returns undefined if the serialised form is not the expected `<q ...>mark</q>` around every
 * value, in which case the caller builds the whole packet instead.
 */
function makeTemplate(
  pdfa: boolean,
  present: readonly (keyof XmpValues)[],
): XmpTemplate | undefined {
  const marked: Record<string, string> = {};
  present.forEach((k, i) => (marked[k] = `${SLOT_MARK}${i}${SLOT_MARK}`));
  const text = buildTree(pdfa, marked as unknown as XmpValues, []);
  const pieces = text.split(SLOT_MARK);
  const parts: string[] = [];
  const slots: (keyof XmpValues)[] = [];
  const closers: string[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    parts.push(pieces[i] as string);
    if (i + 1 >= pieces.length) break;
    const slot = present[Number(pieces[i + 1])];
    const before = pieces[i] as string;
    const open = /<([A-Za-z][\w.:-]*)[^<>]*>$/.exec(before);
    const next = pieces[i + 2] ?? '';
    if (slot === undefined || !open || !next.startsWith(`</${open[1]}>`)) return undefined;
    slots.push(slot);
    closers.push(`</${open[1]}>`);
  }
  // A value may appear more than once (ModifyDate and MetadataDate), but none may be lost.
  if (present.some((k) => !slots.includes(k))) return undefined;
  return { parts, slots, closers };
}

function fillTemplate(t: XmpTemplate, v: XmpValues): string {
  let out = '';
  let skip = 0;
  for (let i = 0; i < t.parts.length; i++) {
    const part = (t.parts[i] as string).slice(skip);
    skip = 0;
    if (i >= t.slots.length) {
      out += part;
      break;
    }
    const value = escapeText(v[t.slots[i] as keyof XmpValues] ?? '');
    if (value === '') {
      out += part.slice(0, -1) + '/>';
      skip = (t.closers[i] as string).length;
    } else out += part + value;
  }
  return out;
}

/** Templates by shape: at most 2 (pdfa) x 2^4 (optional values) entries, so never evicted. */
const templates = new Map<string, XmpTemplate | null>();
const OPTIONAL: readonly (keyof XmpValues)[] = ['author', 'subject', 'creator', 'keywords'];
const REQUIRED: readonly (keyof XmpValues)[] = [
  'title',
  'createDate',
  'modifyDate',
  'producer',
  'documentId',
  'instanceId',
];

function xmpValues({ metadata: m, settings, title, producer, instanceId }: XmpInput): XmpValues {
  const modDate = settings.modDate ?? settings.creationDate;
  return {
    title: xmlSafe(title),
    author: m.author ? xmlSafe(m.author) : undefined,
    subject: m.subject ? xmlSafe(m.subject) : undefined,
    createDate: xmpDate(settings.creationDate),
    modifyDate: xmpDate(modDate),
    creator: m.creator ? xmlSafe(m.creator) : undefined,
    producer: xmlSafe(producer),
    keywords: m.keywords ? xmlSafe(m.keywords) : undefined,
    documentId: `uuid:${settings.documentId}`,
    instanceId: `uuid:${instanceId}`,
  };
}

export function buildXmp(input: XmpInput): string {
  const m = input.settings;
  const values = xmpValues(input);
  // Caller schemas vary freely and are rare; they take the full builder every time.
  if (m.xmpSchemas.length > 0) return buildTree(m.pdfa, values, m.xmpSchemas);
  const present = REQUIRED.concat(OPTIONAL.filter((k) => values[k] !== undefined));
  const shape = `${m.pdfa ? 1 : 0}:${present.join(',')}`;
  let t = templates.get(shape);
  if (t === undefined) {
    t = makeTemplate(m.pdfa, present) ?? null;
    templates.set(shape, t);
  }
  return t ? fillTemplate(t, values) : buildTree(m.pdfa, values, []);
}

/** The packet built entirely by the XML builder, for tests that compare it with buildXmp. */
export function buildXmpUncached(input: XmpInput): string {
  return buildTree(input.settings.pdfa, xmpValues(input), input.settings.xmpSchemas);
}
