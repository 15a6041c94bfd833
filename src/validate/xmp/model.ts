/**
 * The XMP data model the validator reads: a metadata packet reduced to its top-level
 * properties, each a tree of simple values, structures and arrays (XMP Specification
 * Part 1, 7). Plain immutable data so rule areas and identify() can share it.
 */

export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xml: 'http://www.w3.org/XML/1998/namespace',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  pdfuaid: 'http://www.aiim.org/pdfua/ns/id/',
  pdfaExtension: 'http://www.aiim.org/pdfa/ns/extension/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
  pdfaType: 'http://www.aiim.org/pdfa/ns/type#',
  pdfaField: 'http://www.aiim.org/pdfa/ns/field#',
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  xmpRights: 'http://ns.adobe.com/xap/1.0/rights/',
  xmpMM: 'http://ns.adobe.com/xap/1.0/mm/',
  xmpBJ: 'http://ns.adobe.com/xap/1.0/bj/',
  xmpTPg: 'http://ns.adobe.com/xap/1.0/t/pg/',
  xmpDM: 'http://ns.adobe.com/xmp/1.0/DynamicMedia/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  photoshop: 'http://ns.adobe.com/photoshop/1.0/',
  crs: 'http://ns.adobe.com/camera-raw-settings/1.0/',
  exif: 'http://ns.adobe.com/exif/1.0/',
  aux: 'http://ns.adobe.com/exif/1.0/aux/',
  tiff: 'http://ns.adobe.com/tiff/1.0/',
  stDim: 'http://ns.adobe.com/xap/1.0/sType/Dimensions#',
  xmpGImg: 'http://ns.adobe.com/xap/1.0/g/img/',
  xmpG: 'http://ns.adobe.com/xap/1.0/g/',
  stEvt: 'http://ns.adobe.com/xap/1.0/sType/ResourceEvent#',
  stRef: 'http://ns.adobe.com/xap/1.0/sType/ResourceRef#',
  stVer: 'http://ns.adobe.com/xap/1.0/sType/Version#',
  stJob: 'http://ns.adobe.com/xap/1.0/sType/Job#',
  stFnt: 'http://ns.adobe.com/xap/1.0/sType/Font#',
} as const;

export type XmpArrayKind = 'bag' | 'seq' | 'alt';

/** One XMP node: a top-level property, a structure field, an array item or a qualifier. */
export interface XmpNode {
  /** Namespace URI; '' for array items (rdf:li). */
  readonly ns: string;
  /** Local name; 'li' for array items. */
  readonly name: string;
  /** The prefix as written in the packet (rules check prefixes, not only namespaces). */
  readonly prefix: string;
  readonly kind: 'simple' | 'struct' | 'array';
  /** Set when kind is 'array'. */
  readonly arrayKind?: XmpArrayKind;
  /** Text value of a simple node ('' otherwise). */
  readonly value: string;
  /** xml:lang qualifier, when present. */
  readonly lang?: string;
  /** Structure fields or array items, in document order. */
  readonly children: readonly XmpNode[];
  /** Qualifiers other than xml:lang (from rdf:value forms). */
  readonly qualifiers: readonly XmpNode[];
}

export type XmpEncoding = 'UTF-8' | 'UTF-16BE' | 'UTF-16LE' | 'UTF-32BE' | 'UTF-32LE';

export interface XmpPacket {
  /** The `<?xpacket begin=...?>` instruction text, or null when the packet has no header. */
  readonly header: string | null;
  /** Value of the header's `bytes` attribute, null when absent (6.6.2.1 forbids it). */
  readonly bytesAttribute: string | null;
  /** Value of the header's `encoding` attribute, null when absent (6.6.2.1 forbids it). */
  readonly encodingAttribute: string | null;
  /** Encoding detected from the first bytes of the stream. */
  readonly actualEncoding: XmpEncoding;
  /** The rdf:about value shared by the top-level descriptions ('' when none). */
  readonly about: string;
  /** Top-level properties of every rdf:Description, in document order. */
  readonly properties: readonly XmpNode[];
}

export interface XmpParseError {
  readonly kind: 'xml' | 'rdf';
  readonly message: string;
  readonly actualEncoding: XmpEncoding;
}

export type XmpParseResult =
  | { readonly ok: true; readonly packet: XmpPacket }
  | { readonly ok: false; readonly error: XmpParseError };

/** The first top-level property with this namespace and local name. */
export function findProperty(packet: XmpPacket, ns: string, name: string): XmpNode | undefined {
  return packet.properties.find((p) => p.ns === ns && p.name === name);
}

/** The field of a structure (or the first of several with the same name). */
export function findField(node: XmpNode, ns: string, name: string): XmpNode | undefined {
  return node.children.find((c) => c.ns === ns && c.name === name);
}

/** Whether the node is an Alt array holding language alternatives (or an empty Alt). */
export function isLangAlt(node: XmpNode): boolean {
  return (
    node.kind === 'array' &&
    node.arrayKind === 'alt' &&
    node.children.some((c) => c.lang !== undefined)
  );
}

/**
 * The text of a language alternative: the x-default item, else the first item; for a
 * simple property, its value. Undefined when the property is absent or has no text form.
 */
export function langAltText(node: XmpNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'simple') return node.value;
  if (node.kind !== 'array') return undefined;
  const items = node.children.filter((c) => c.kind === 'simple');
  const preferred = items.find((c) => c.lang?.toLowerCase() === 'x-default') ?? items[0];
  return preferred?.value;
}

/** Simple-valued property text, or undefined when absent or not simple. */
export function simpleText(node: XmpNode | undefined): string | undefined {
  return node?.kind === 'simple' ? node.value : undefined;
}
