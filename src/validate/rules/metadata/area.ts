/**
 * The metadata rule area: the document's XMP packet checked against PDF/A-2/3 6.6.2.1,
 * 6.6.2.3.x, 6.6.4 and PDF/UA-1 5, 7.1 (metadata) and 7.2 (metadata language).
 */
import type { CheckSink, FlavourInfo, RuleArea, RuleAreaContext } from '../../model/checks.js';
import type { CosObject, CosStream } from '../../model/cos.js';
import type { PdfDocumentModel } from '../../model/document.js';
import { asDict, isName, isStream, isString } from '../../model/read.js';
import { NS, findProperty, isLangAlt } from '../../xmp/model.js';
import type { XmpNode, XmpPacket, XmpParseResult } from '../../xmp/model.js';
import { parseXmpPacket } from '../../xmp/parse.js';
import { child, extensionContainer, readExtensionDefinitions } from '../../xmp/extension.js';
import type { ExtensionDefinitions } from '../../xmp/extension.js';
import { isPredefinedNamespace, predefinedPropertyType } from '../../xmp/schemas.js';
import { PREDEFINED_TYPES } from '../../xmp/value-types.js';
import { R, XMP_RULES } from './specs.js';

export interface MetadataPackage {
  /** Readable location of the stream, e.g. 'metadata' or 'metadata of object 12'. */
  readonly location: string;
  readonly parsed: XmpParseResult;
  /** Why the stream could not be fully decoded, when it could not. */
  readonly decodeError?: string;
}

export interface DocumentMetadata {
  /** Whether the catalog's Metadata entry is a metadata stream (Type Metadata, Subtype XML). */
  readonly present: boolean;
  /** The parsed catalog packet, when present. */
  readonly parsed?: XmpParseResult;
  /** Why the stream could not be decoded, when it could not. */
  readonly decodeError?: string;
  /** Metadata streams of other objects (pages, images, fonts...), checked too. */
  readonly others?: readonly MetadataPackage[];
  /**
   * Set when the file is encrypted and its metadata cannot be read: the reader does not
   * decrypt, so nothing is judged about the packet's content (only its presence).
   */
  readonly encrypted?: boolean;
}

const LOC = 'metadata';

// Parsed once per document however many flavours run; documents are immutable.
const cache = new WeakMap<PdfDocumentModel, DocumentMetadata>();

/** A stream the way PDF/A identifies metadata: Type Metadata and Subtype XML. */
function asMetadataStream(doc: PdfDocumentModel, obj: CosObject): CosStream | null {
  if (!isStream(obj)) return null;
  return isName(doc.get(obj.dict, 'Type'), 'Metadata') &&
    isName(doc.get(obj.dict, 'Subtype'), 'XML')
    ? obj
    : null;
}

function readPackage(doc: PdfDocumentModel, stream: CosStream, location: string): MetadataPackage {
  const decoded = doc.decodeStream(stream);
  const parsed = parseXmpPacket(decoded.data);
  return decoded.error ? { location, parsed, decodeError: decoded.error } : { location, parsed };
}

/** Metadata streams attached to objects other than the catalog, once each. */
function otherPackages(doc: PdfDocumentModel, main: CosStream | null): MetadataPackage[] {
  const out: MetadataPackage[] = [];
  const seen = new Set<CosStream>(main ? [main] : []);
  for (const { ref, value } of doc.objects()) {
    const dict = asDict(value);
    if (!dict || !dict.entries.has('Metadata')) continue;
    if (isName(doc.get(dict, 'Type'), 'Catalog')) continue;
    const stream = asMetadataStream(doc, doc.get(dict, 'Metadata'));
    if (!stream || seen.has(stream)) continue;
    seen.add(stream);
    out.push(readPackage(doc, stream, `metadata of object ${ref.num}`));
  }
  return out;
}

/** The catalog metadata of a document, and other objects' metadata streams, parsed. */
export function documentMetadata(doc: PdfDocumentModel): DocumentMetadata {
  const hit = cache.get(doc);
  if (hit) return hit;
  const main = asMetadataStream(doc, doc.get(doc.catalog, 'Metadata'));
  const others = otherPackages(doc, main);
  let out: DocumentMetadata;
  if (!main) {
    out = { present: false, others };
  } else {
    const pkg = readPackage(doc, main, LOC);
    out = pkg.decodeError
      ? { present: true, parsed: pkg.parsed, decodeError: pkg.decodeError, others }
      : { present: true, parsed: pkg.parsed, others };
    if (doc.isEncrypted && !pkg.parsed.ok) out = { present: true, encrypted: true };
  }
  cache.set(doc, out);
  return out;
}

function qname(n: XmpNode): string {
  return n.prefix ? `${n.prefix}:${n.name}` : n.name;
}

const isTextNode = (n: XmpNode | undefined): boolean => n === undefined || n.kind === 'simple';
const isSeq = (n: XmpNode): boolean =>
  n.kind === 'array' && (n.arrayKind === 'seq' || n.arrayKind === 'alt');

/**
 * Checks 6.6.2.3.1 on every top-level property of a packet. A property is described by the
 * packet's own extension schemas first, then by those of the document's main packet, then
 * by the predefined schemas.
 */
function checkProperties(
  packet: XmpPacket,
  where: string,
  own: ExtensionDefinitions,
  main: ExtensionDefinitions | null,
  sink: CheckSink,
): void {
  const undescribed = new Set<string>();
  for (const p of packet.properties) {
    // The container is ISO 19005's own schema; 6.6.2.3.2/6.6.2.3.3 check it field by field.
    if (p.ns === NS.pdfaExtension && p.name === 'schemas') continue;
    const loc = `${where} / property ${qname(p)}`;
    const ext = [own, main].map((d) => d?.schemas.get(p.ns)).find((e) => e?.properties.has(p.name));
    const extType = ext?.properties.get(p.name);
    const predefined = predefinedPropertyType(p.ns, p.name);
    const known = extType !== undefined || predefined !== undefined;
    sink.check(R.propertyKnown, known, loc, known ? undefined : `namespace ${p.ns || '(none)'}`);
    if (
      !known &&
      !isPredefinedNamespace(p.ns) &&
      !own.declaredNamespaces.has(p.ns) &&
      !main?.declaredNamespaces.has(p.ns)
    ) {
      undescribed.add(p.ns);
    }
    let typed = false;
    let type: string | undefined;
    if (extType !== undefined && ext) {
      type = extType;
      typed = ext.types.conforms(p, extType);
    } else if (predefined !== undefined) {
      type = predefined;
      typed = PREDEFINED_TYPES.conforms(p, predefined);
    }
    sink.check(R.propertyType, typed, loc, typed || !type ? undefined : `expected ${type}`);
  }
  // A custom schema in use must itself be described in the container (6.6.2.3.2).
  for (const ns of undescribed) {
    sink.check(
      R.undefinedFields,
      false,
      `${where} / schema ${ns || '(no namespace)'}`,
      'no extension schema describes this namespace',
    );
  }
}

/** Checks 6.6.2.3.2 and 6.6.2.3.3 on the extension schema container, when there is one. */
function checkExtensionContainer(
  packet: XmpPacket,
  where: string,
  defs: ExtensionDefinitions,
  sink: CheckSink,
): void {
  const container = extensionContainer(packet);
  if (!container) return;
  const cloc = `${where} / extension schemas`;
  sink.check(
    R.containerBag,
    container.kind === 'array' &&
      container.arrayKind === 'bag' &&
      container.prefix === 'pdfaExtension',
    cloc,
  );
  if (container.kind !== 'array') return;

  const undefinedFields = (n: XmpNode, ns: string, names: readonly string[]): boolean =>
    n.children.some((c) => c.ns !== ns || !names.includes(c.name));
  const known = (n: XmpNode | undefined): boolean =>
    n === undefined || (n.kind === 'simple' && defs.allTypes.isKnown(n.value));
  const prefixIs = (n: XmpNode | undefined, prefix: string): boolean =>
    n !== undefined && n.prefix === prefix;
  const optPrefix = (n: XmpNode | undefined, prefix: string): boolean =>
    n === undefined || n.prefix === prefix;

  container.children.forEach((schema, si) => {
    const sloc = `${cloc} / schema ${si + 1}`;
    sink.check(
      R.undefinedFields,
      !undefinedFields(schema, NS.pdfaSchema, [
        'namespaceURI',
        'prefix',
        'property',
        'schema',
        'valueType',
      ]),
      sloc,
    );
    const f = (name: string): XmpNode | undefined => child(schema, NS.pdfaSchema, name);
    sink.check(
      R.schemaSchema,
      isTextNode(f('schema')) && prefixIs(f('schema'), 'pdfaSchema'),
      sloc,
    );
    sink.check(
      R.schemaNamespace,
      isTextNode(f('namespaceURI')) && prefixIs(f('namespaceURI'), 'pdfaSchema'),
      sloc,
    );
    sink.check(
      R.schemaPrefix,
      isTextNode(f('prefix')) && prefixIs(f('prefix'), 'pdfaSchema'),
      sloc,
    );
    const props = f('property');
    sink.check(R.schemaProperty, (!props || isSeq(props)) && optPrefix(props, 'pdfaSchema'), sloc);
    const vts = f('valueType');
    sink.check(R.schemaValueType, (!vts || isSeq(vts)) && optPrefix(vts, 'pdfaSchema'), sloc);

    if (props?.kind === 'array') {
      props.children.forEach((prop, pi) => {
        const ploc = `${sloc} / property ${pi + 1}`;
        const g = (name: string): XmpNode | undefined => child(prop, NS.pdfaProperty, name);
        sink.check(
          R.undefinedFields,
          !undefinedFields(prop, NS.pdfaProperty, ['category', 'description', 'name', 'valueType']),
          ploc,
        );
        sink.check(
          R.propertyName,
          isTextNode(g('name')) && prefixIs(g('name'), 'pdfaProperty'),
          ploc,
        );
        const vt = g('valueType');
        sink.check(
          R.propertyValueType,
          isTextNode(vt) && known(vt) && prefixIs(vt, 'pdfaProperty'),
          ploc,
          vt?.kind === 'simple' ? `value type ${vt.value}` : undefined,
        );
        const cat = g('category');
        sink.check(
          R.propertyCategory,
          cat?.kind === 'simple' &&
            (cat.value === 'external' || cat.value === 'internal') &&
            prefixIs(cat, 'pdfaProperty'),
          ploc,
        );
        sink.check(
          R.propertyDescription,
          isTextNode(g('description')) && prefixIs(g('description'), 'pdfaProperty'),
          ploc,
        );
      });
    }

    if (vts?.kind === 'array') {
      vts.children.forEach((vt, vi) => {
        const vloc = `${sloc} / value type ${vi + 1}`;
        const g = (name: string): XmpNode | undefined => child(vt, NS.pdfaType, name);
        sink.check(
          R.undefinedFields,
          !undefinedFields(vt, NS.pdfaType, [
            'description',
            'field',
            'namespaceURI',
            'prefix',
            'type',
          ]),
          vloc,
        );
        sink.check(R.typeType, isTextNode(g('type')) && prefixIs(g('type'), 'pdfaType'), vloc);
        sink.check(
          R.typeNamespace,
          isTextNode(g('namespaceURI')) && prefixIs(g('namespaceURI'), 'pdfaType'),
          vloc,
        );
        sink.check(
          R.typePrefix,
          isTextNode(g('prefix')) && prefixIs(g('prefix'), 'pdfaType'),
          vloc,
        );
        sink.check(
          R.typeDescription,
          isTextNode(g('description')) && prefixIs(g('description'), 'pdfaType'),
          vloc,
        );
        const fields = g('field');
        sink.check(R.typeField, (!fields || isSeq(fields)) && optPrefix(fields, 'pdfaType'), vloc);
        if (fields?.kind === 'array') {
          fields.children.forEach((field, fi) => {
            const floc = `${vloc} / field ${fi + 1}`;
            const h = (name: string): XmpNode | undefined => child(field, NS.pdfaField, name);
            sink.check(
              R.undefinedFields,
              !undefinedFields(field, NS.pdfaField, ['description', 'name', 'valueType']),
              floc,
            );
            sink.check(
              R.fieldName,
              isTextNode(h('name')) && prefixIs(h('name'), 'pdfaField'),
              floc,
            );
            const fvt = h('valueType');
            sink.check(
              R.fieldValueType,
              isTextNode(fvt) && known(fvt) && prefixIs(fvt, 'pdfaField'),
              floc,
            );
            sink.check(
              R.fieldDescription,
              isTextNode(h('description')) && prefixIs(h('description'), 'pdfaField'),
              floc,
            );
          });
        }
      });
    }
  });
}

/** A part number: a signed decimal integer with nothing around it (no spaces, no hex). */
function xmpInteger(n: XmpNode | undefined): number | null {
  if (!n || n.kind !== 'simple') return null;
  return /^[+-]?[0-9]+$/.test(n.value) ? parseInt(n.value, 10) : null;
}

const ALLOWED_CONFORMANCE: Readonly<Record<'a' | 'b' | 'u', readonly string[]>> = {
  a: ['A'],
  u: ['U', 'A'],
  b: ['B', 'U', 'A'],
};

function checkPdfaIdentification(
  packet: XmpPacket | undefined,
  flavour: FlavourInfo,
  sink: CheckSink,
): void {
  const has = packet?.properties.some((p) => p.ns === NS.pdfaid) ?? false;
  sink.check(R.pdfaIdPresent, has, LOC);
  if (!packet || !has) return;
  const loc = `${LOC} / PDF/A identification`;
  const part = findProperty(packet, NS.pdfaid, 'part');
  const partValue = xmpInteger(part);
  sink.check(
    R.pdfaIdPart,
    partValue === flavour.pdfaPart,
    loc,
    `pdfaid:part is ${part ? part.value : 'missing'}`,
  );
  const conf = findProperty(packet, NS.pdfaid, 'conformance');
  const confValue = conf?.kind === 'simple' ? conf.value : null;
  const allowed = ALLOWED_CONFORMANCE[flavour.pdfaLevel ?? 'b'];
  sink.check(
    R.pdfaIdConformance,
    confValue !== null && allowed.includes(confValue),
    loc,
    `pdfaid:conformance is ${confValue ?? 'missing'}`,
  );
  const prefixOk = (name: string): boolean => {
    const n = findProperty(packet, NS.pdfaid, name);
    return !n || n.prefix === 'pdfaid';
  };
  sink.check(R.pdfaIdPartPrefix, prefixOk('part'), loc);
  sink.check(R.pdfaIdConformancePrefix, prefixOk('conformance'), loc);
  sink.check(R.pdfaIdAmdPrefix, prefixOk('amd'), loc);
  sink.check(R.pdfaIdCorrPrefix, prefixOk('corr'), loc);
}

/** 6.6.2.1 (tests 2-5), 6.6.2.3.x on one packet; returns the packet when it could be read. */
function checkPackage(
  pkg: { readonly parsed: XmpParseResult; readonly location: string },
  main: ExtensionDefinitions | null,
  sink: CheckSink,
): { packet: XmpPacket; defs: ExtensionDefinitions } | undefined {
  const { parsed, location } = pkg;
  const packet = parsed.ok ? parsed.packet : undefined;
  sink.check(
    R.noBytesAttr,
    packet?.bytesAttribute == null,
    location,
    packet?.bytesAttribute ?? undefined,
  );
  sink.check(
    R.noEncodingAttr,
    packet?.encodingAttribute == null,
    location,
    packet?.encodingAttribute ?? undefined,
  );
  sink.check(R.serialization, parsed.ok, location, parsed.ok ? undefined : parsed.error.message);
  sink.check(
    R.utf8,
    packet?.actualEncoding === 'UTF-8',
    location,
    packet ? `encoding is ${packet.actualEncoding}` : 'the packet could not be read',
  );
  if (!packet) return undefined;
  const defs = readExtensionDefinitions(packet);
  checkProperties(packet, location, defs, main, sink);
  checkExtensionContainer(packet, location, defs, sink);
  return { packet, defs };
}

/** The PDF/A checks on a document's metadata (exported for tests without a PDF reader). */
export function checkPdfaMetadata(
  meta: DocumentMetadata,
  flavour: FlavourInfo,
  sink: CheckSink,
): void {
  sink.check(R.metadataPresent, meta.present, 'catalog');
  let main: ExtensionDefinitions | null = null;
  // A packet is parsed only when the catalog has one.
  if (meta.parsed) {
    const read = checkPackage({ parsed: meta.parsed, location: LOC }, null, sink);
    main = read?.defs ?? null;
    checkPdfaIdentification(read?.packet, flavour, sink);
  }
  for (const other of meta.others ?? []) checkPackage(other, main, sink);
}

/** The PDF/UA checks on a document's metadata. */
export function checkPdfuaMetadata(
  meta: DocumentMetadata,
  catalogHasLang: boolean,
  sink: CheckSink,
): void {
  sink.check(R.uaMetadataPresent, meta.present, 'catalog');
  const packet = meta.parsed?.ok ? meta.parsed.packet : undefined;
  if (meta.parsed) checkUaMain(packet, sink);
  checkLangAlts(packet, meta.others ?? [], catalogHasLang, sink);
}

/** PDF/UA identification (5) and title (7.1-9) of the document's packet. */
function checkUaMain(packet: XmpPacket | undefined, sink: CheckSink): void {
  const has = packet?.properties.some((p) => p.ns === NS.pdfuaid) ?? false;
  sink.check(R.uaIdPresent, has, LOC);
  if (packet && has) {
    const loc = `${LOC} / PDF/UA identification`;
    const part = findProperty(packet, NS.pdfuaid, 'part');
    sink.check(
      R.uaIdPart,
      xmpInteger(part) === 1,
      loc,
      `pdfuaid:part is ${part ? part.value : 'missing'}`,
    );
    const prefixOk = (name: string): boolean => {
      const n = findProperty(packet, NS.pdfuaid, name);
      return !n || n.prefix === 'pdfuaid';
    };
    sink.check(R.uaIdPartPrefix, prefixOk('part'), loc);
    sink.check(R.uaIdAmdPrefix, prefixOk('amd'), loc);
    sink.check(R.uaIdCorrPrefix, prefixOk('corr'), loc);
  }
  sink.check(R.uaTitle, packet !== undefined && hasLocalizedTitle(packet), LOC);
}

/** 7.2-33 on the language alternatives of every metadata stream, the document's and others'. */
function checkLangAlts(
  packet: XmpPacket | undefined,
  others: readonly MetadataPackage[],
  catalogHasLang: boolean,
  sink: CheckSink,
): void {
  const packages = [
    ...(packet ? [{ packet, location: LOC }] : []),
    ...others.flatMap((o) =>
      o.parsed.ok ? [{ packet: o.parsed.packet, location: o.location }] : [],
    ),
  ];
  for (const { packet: pk, location } of packages) {
    for (const p of pk.properties) {
      if (!isLangAlt(p)) continue;
      // Only an alternative that is nothing but x-default leaves the language undetermined.
      const xDefault = p.children.length === 1 && p.children[0].lang?.toLowerCase() === 'x-default';
      sink.check(R.uaLangAlt, !xDefault || catalogHasLang, `${location} / property ${qname(p)}`);
    }
  }
}

/**
 * Whether dc:title yields a localized text the way XMP readers look it up: an Alt array of
 * simple items that all carry xml:lang, with at least one item.
 */
function hasLocalizedTitle(packet: XmpPacket): boolean {
  const t = findProperty(packet, NS.dc, 'title');
  return (
    t !== undefined &&
    t.kind === 'array' &&
    t.arrayKind === 'alt' &&
    t.children.length > 0 &&
    t.children.every((c) => c.kind === 'simple' && c.lang !== undefined)
  );
}

function catalogHasLang(doc: PdfDocumentModel): boolean {
  return isString(doc.get(doc.catalog, 'Lang'));
}

export const xmpArea: RuleArea = {
  name: 'metadata',
  rules: XMP_RULES,
  run(ctx: RuleAreaContext): void {
    // An unreadable encrypted packet comes back without content: only presence is checked.
    const meta = documentMetadata(ctx.doc);
    if (ctx.flavour.flavour === 'pdfua-1') {
      checkPdfuaMetadata(meta, catalogHasLang(ctx.doc), ctx.sink);
    } else {
      checkPdfaMetadata(meta, ctx.flavour, ctx.sink);
    }
  },
};
