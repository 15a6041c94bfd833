/**
 * Reads an XMP packet (bytes of a metadata stream) into the XMP data model. The RDF
 * reading follows the XMP Specification Part 1, 7.9 (the RDF/XML subset XMP uses): a
 * construct XMP does not allow is a typed parse error, because a packet that no XMP
 * processor can read has no properties to check.
 */
import { DOMParser } from '@xmldom/xmldom';
import type { Element as XElement, Node as XNode } from '@xmldom/xmldom';
import { NS } from './model.js';
import type { XmpArrayKind, XmpEncoding, XmpNode, XmpPacket, XmpParseResult } from './model.js';

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

/** Packets are metadata, not documents; anything larger is treated as unreadable. */
const MAX_PACKET_BYTES = 16 * 1024 * 1024;
/** Nesting beyond this is hostile input, not metadata. */
const MAX_DEPTH = 64;

class RdfError extends Error {}

/** Encoding from the first bytes, the way XMP processors detect it (Part 1, 7.3.1). */
export function detectEncoding(bytes: Uint8Array): XmpEncoding {
  if (bytes.length < 2) return 'UTF-8';
  const [b0, b1, b2 = 0] = bytes;
  if (b0 === 0) {
    return bytes.length < 4 || b1 !== 0 ? 'UTF-16BE' : 'UTF-32BE';
  }
  if (b0 < 0x80) {
    if (b1 !== 0) return 'UTF-8';
    if (bytes.length < 4 || b2 !== 0) return 'UTF-16LE';
    return 'UTF-32LE';
  }
  if (b0 === 0xef) return 'UTF-8';
  if (b0 === 0xfe) return 'UTF-16BE';
  if (bytes.length < 4 || b2 !== 0) return 'UTF-16LE';
  return 'UTF-32LE';
}

const UNIT: Readonly<Record<XmpEncoding, number>> = {
  'UTF-8': 1,
  'UTF-16BE': 2,
  'UTF-16LE': 2,
  'UTF-32BE': 4,
  'UTF-32LE': 4,
};

/** ASCII text in one of the encodings XMP allows (for finding the packet wrapper). */
function asciiIn(text: string, enc: XmpEncoding): Uint8Array {
  const unit = UNIT[enc];
  const out = new Uint8Array(text.length * unit);
  const last = enc.endsWith('BE') ? unit - 1 : 0;
  for (let i = 0; i < text.length; i++) out[i * unit + last] = text.charCodeAt(i);
  return out;
}

function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  for (let i = hay.indexOf(first, from); i >= 0 && i + needle.length <= hay.length;) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
    i = hay.indexOf(first, i + 1);
  }
  return -1;
}

const ENCODINGS: readonly XmpEncoding[] = ['UTF-8', 'UTF-16BE', 'UTF-16LE', 'UTF-32BE', 'UTF-32LE'];

/** The byte-order mark a `begin` attribute holds, per encoding (XMP Part 1, 7.3.2). */
const BEGIN_MARK: Readonly<Record<XmpEncoding, readonly number[]>> = {
  'UTF-8': [0xef, 0xbb, 0xbf],
  'UTF-16BE': [0xfe, 0xff],
  'UTF-16LE': [0xff, 0xfe],
  'UTF-32BE': [0, 0, 0xfe, 0xff],
  'UTF-32LE': [0xff, 0xfe, 0, 0],
};

export interface PacketWindow {
  readonly encoding: XmpEncoding;
  /** Byte range of the packet: its header to the end of its trailer, or the whole stream. */
  readonly start: number;
  readonly end: number;
}

/**
 * Where the packet lies in the stream and how it is encoded. XMP allows UTF-8, UTF-16 and
 * UTF-32 in either byte order, with or without a byte-order mark; the packet header's `begin`
 * character is written in the packet's encoding, so the header's byte pattern tells the
 * encoding even when the stream has no mark or carries padding before or after the packet
 * (Part 1, 7.3). Without a header the first bytes decide, as XMP processors do.
 */
export function locatePacket(bytes: Uint8Array): PacketWindow {
  let best: { enc: XmpEncoding; at: number } | null = null;
  for (const enc of ENCODINGS) {
    const at = indexOfBytes(bytes, asciiIn('<?xpacket', enc));
    if (at >= 0 && (best === null || at < best.at)) best = { enc, at };
  }
  if (best === null) {
    const enc = detectEncoding(bytes);
    return { encoding: enc, start: 0, end: bytes.length - (bytes.length % UNIT[enc]) };
  }
  const enc = best.enc;
  const unit = UNIT[enc];
  // A byte-order mark right before the header belongs to the packet.
  const mark = BEGIN_MARK[enc];
  let start = best.at;
  if (start >= mark.length && mark.every((b, i) => bytes[start - mark.length + i] === b))
    start -= mark.length;
  let end = bytes.length - ((bytes.length - start) % unit);
  const trailer = indexOfBytes(bytes, asciiIn('<?xpacket end', enc), best.at + unit);
  if (trailer >= 0) {
    const close = indexOfBytes(bytes, asciiIn('?>', enc), trailer);
    if (close >= 0) end = close + 2 * unit;
  }
  return { encoding: enc, start, end };
}

/** Decodes the packet; null when the bytes are not valid in the detected encoding. */
function decode(bytes: Uint8Array, enc: XmpEncoding): string | null {
  if (enc === 'UTF-8' || enc === 'UTF-16BE' || enc === 'UTF-16LE') {
    try {
      return new TextDecoder(enc.toLowerCase(), { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
  const le = enc === 'UTF-32LE';
  let out = '';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i + 3 < bytes.length; i += 4) {
    const cp = view.getUint32(i, le);
    if (cp === 0xfeff && i === 0) continue;
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
    out += String.fromCodePoint(cp);
  }
  return out;
}

// Characters XML 1.0 does not allow anywhere in a document (2.2).
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// An ampersand that does not start a character or entity reference (outside CDATA and comments).
const BARE_AMPERSAND = /&(?!(?:[A-Za-z_:][-A-Za-z0-9_.:]*|#[0-9]+|#x[0-9A-Fa-f]+);)/;

/** Well-formedness faults the DOM builder tolerates but XML 1.0 does not. */
function lexicalFault(text: string): string | null {
  if (FORBIDDEN_CHAR.test(text)) return 'a character XML does not allow';
  const outsideCdata = text.replace(/<!\[CDATA\[[^]*?\]\]>/g, '').replace(/<!--[^]*?-->/g, '');
  if (BARE_AMPERSAND.test(outsideCdata)) return "an '&' that starts no reference";
  return null;
}

function headerAttribute(header: string, name: string): string | null {
  const m = new RegExp(`${name}\\s*=\\s*('[^']*'|"[^"]*")`).exec(header);
  return m ? m[1].slice(1, -1) : null;
}

function isBlank(s: string): boolean {
  return /^[ \t\r\n]*$/.test(s);
}

function elementChildren(el: XElement): XElement[] {
  const out: XElement[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling)
    if (c.nodeType === ELEMENT) out.push(c as XElement);
  return out;
}

/** Text and CDATA content directly inside the element. */
function directText(el: XElement): string {
  let s = '';
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === TEXT || c.nodeType === CDATA) s += (c as XNode & { data: string }).data;
  }
  return s;
}

function isRdf(
  el: { namespaceURI: string | null; localName: string | null },
  local: string,
): boolean {
  return el.namespaceURI === NS.rdf && el.localName === local;
}

interface Attr {
  readonly ns: string | null;
  readonly local: string;
  readonly prefix: string;
  readonly name: string;
  readonly value: string;
}

function attributes(el: XElement): Attr[] {
  const out: Attr[] = [];
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i);
    if (!a) continue;
    if (a.name === 'xmlns' || a.prefix === 'xmlns') continue;
    out.push({
      ns: a.namespaceURI,
      local: a.localName ?? a.name,
      prefix: a.prefix ?? '',
      name: a.name,
      value: a.value,
    });
  }
  return out;
}

const isLangAttr = (a: Attr): boolean => a.name === 'xml:lang';
const isRdfAttr = (a: Attr, local: string): boolean => a.ns === NS.rdf && a.local === local;

/** RDF syntax terms that may not name a property (RDF/XML coreSyntaxTerms and old terms). */
const RDF_NON_PROPERTY = new Set([
  'RDF',
  'ID',
  'about',
  'parseType',
  'resource',
  'nodeID',
  'datatype',
  'Description',
  'aboutEach',
  'aboutEachPrefix',
  'bagID',
]);

interface MutableNode {
  ns: string;
  name: string;
  prefix: string;
  kind: 'simple' | 'struct' | 'array';
  arrayKind?: XmpArrayKind;
  value: string;
  lang?: string;
  children: MutableNode[];
  qualifiers: MutableNode[];
}

function newNode(ns: string, name: string, prefix: string): MutableNode {
  return { ns, name, prefix, kind: 'simple', value: '', children: [], qualifiers: [] };
}

/** Adds a property or structure field; XMP allows each name once per parent. */
function addChild(parent: MutableNode[], child: MutableNode): void {
  if (parent.some((c) => c.ns === child.ns && c.name === child.name)) {
    throw new RdfError(`duplicate property or field ${child.prefix}:${child.name}`);
  }
  parent.push(child);
}

/** A property given as an attribute of a node element: always a simple value. */
function attributeProperty(a: Attr): MutableNode {
  if (!a.ns) throw new RdfError(`attribute ${a.name} has no namespace`);
  const n = newNode(a.ns, a.local, a.prefix);
  n.value = a.value;
  return n;
}

class RdfReader {
  about: string | null = null;

  /** Fields from a node element (rdf:Description or typed node): attributes and child elements. */
  readNodeElement(el: XElement, into: MutableNode[], topLevel: boolean, depth: number): void {
    const ids = attributes(el).filter(
      (a) => a.ns === NS.rdf && (a.local === 'about' || a.local === 'ID' || a.local === 'nodeID'),
    );
    if (ids.length > 1) throw new RdfError('rdf:about, rdf:ID and rdf:nodeID exclude each other');
    for (const a of attributes(el)) {
      if (isLangAttr(a) || (a.ns === NS.xml && a.local !== 'lang')) continue;
      if (a.ns === NS.rdf) {
        if (a.local === 'about') {
          if (topLevel) {
            if (this.about && a.value && this.about !== a.value) {
              throw new RdfError('top-level descriptions disagree on rdf:about');
            }
            if (!this.about) this.about = a.value;
          }
          continue;
        }
        if (a.local === 'ID' || a.local === 'nodeID') continue;
        if (RDF_NON_PROPERTY.has(a.local))
          throw new RdfError(`rdf:${a.local} is not allowed on a node element`);
      }
      addChild(into, attributeProperty(a));
    }
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === TEXT || c.nodeType === CDATA) {
        if (!isBlank((c as XNode & { data: string }).data)) {
          throw new RdfError('text found where a property element was expected');
        }
      } else if (c.nodeType === ELEMENT) {
        const prop = this.readPropertyElement(c as XElement, false, depth + 1);
        if (topLevel && prop.ns === NS.rdf && prop.name === 'value') {
          throw new RdfError('rdf:value cannot be a top-level property');
        }
        addChild(into, prop);
      }
    }
  }

  readPropertyElement(el: XElement, isItem: boolean, depth: number): MutableNode {
    if (depth > MAX_DEPTH) throw new RdfError('metadata nested too deeply');
    const ns = el.namespaceURI;
    const local = el.localName ?? el.nodeName;
    if (!ns) throw new RdfError(`element ${el.nodeName} has no namespace`);
    if (
      ns === NS.rdf &&
      (RDF_NON_PROPERTY.has(local) || local === 'Bag' || local === 'Seq' || local === 'Alt')
    ) {
      throw new RdfError(`rdf:${local} cannot be used as a property`);
    }
    const li = ns === NS.rdf && local === 'li';
    if (li && !isItem) throw new RdfError('rdf:li outside an array');
    // Array items are normally rdf:li; XMP processors keep other elements as named items.
    const node = li ? newNode('', 'li', el.prefix ?? '') : newNode(ns, local, el.prefix ?? '');

    const attrs = attributes(el);
    const lang = attrs.find(isLangAttr);
    if (lang) node.lang = lang.value;
    const rest = attrs.filter((a) => !isLangAttr(a) && !isRdfAttr(a, 'ID'));

    // Many attributes can only be property attributes of an empty element (as XMP readers
    // decide); otherwise the first attribute other than xml:lang and rdf:ID decides the
    // production (RDF/XML 7.2).
    if (attrs.length > 3) return this.readEmpty(el, node, rest);
    const first = rest[0];
    if (first && isRdfAttr(first, 'parseType')) {
      if (first.value !== 'Resource') {
        throw new RdfError(`rdf:parseType="${first.value}" is not supported in XMP`);
      }
      node.kind = 'struct';
      this.readNodeElementContent(el, node, depth);
      return fixQualified(node);
    }
    if (first && isRdfAttr(first, 'datatype')) return this.readLiteral(el, node);
    if (first) return this.readEmpty(el, node, rest);

    if (!el.firstChild) return this.readLiteral(el, node);
    const elements = elementChildren(el);
    if (elements.length === 0) return this.readLiteral(el, node);
    return this.readResource(el, node, depth);
  }

  /** rdf:parseType="Resource": the element's children are the structure's fields. */
  readNodeElementContent(el: XElement, node: MutableNode, depth: number): void {
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === TEXT || c.nodeType === CDATA) {
        if (!isBlank((c as XNode & { data: string }).data)) {
          throw new RdfError(`text inside the structure ${el.nodeName}`);
        }
      } else if (c.nodeType === ELEMENT) {
        addChild(node.children, this.readPropertyElement(c as XElement, false, depth + 1));
      }
    }
  }

  readLiteral(el: XElement, node: MutableNode): MutableNode {
    if (elementChildren(el).length > 0)
      throw new RdfError(`literal ${el.nodeName} contains elements`);
    node.kind = 'simple';
    node.value = directText(el);
    return node;
  }

  /** An element with property attributes and no content (RDF/XML emptyPropertyElt). */
  readEmpty(el: XElement, node: MutableNode, rest: Attr[]): MutableNode {
    if (el.firstChild) throw new RdfError(`${el.nodeName} has both attributes and content`);
    let value: string | null = null;
    let resource: string | null = null;
    let nodeId = false;
    const fields: MutableNode[] = [];
    for (const a of rest) {
      if (a.ns === NS.rdf && a.local === 'resource') {
        if (value !== null || nodeId)
          throw new RdfError(`${el.nodeName} combines rdf:resource with rdf:value or rdf:nodeID`);
        resource = a.value;
      } else if (a.ns === NS.rdf && a.local === 'nodeID') {
        if (resource !== null)
          throw new RdfError(`${el.nodeName} combines rdf:resource and rdf:nodeID`);
        nodeId = true;
      } else if (a.ns === NS.rdf && a.local === 'value') {
        if (resource !== null)
          throw new RdfError(`${el.nodeName} combines rdf:value and rdf:resource`);
        value = a.value;
      } else if (a.ns === NS.rdf && RDF_NON_PROPERTY.has(a.local)) {
        throw new RdfError(`rdf:${a.local} is not allowed on ${el.nodeName}`);
      } else {
        addChild(fields, attributeProperty(a));
      }
    }
    // Property attributes make a structure unless an rdf:value gives the node its value.
    if (value !== null || fields.length === 0) {
      node.kind = 'simple';
      node.value = value ?? resource ?? '';
      node.qualifiers = fields;
    } else {
      node.kind = 'struct';
      node.children = fields;
    }
    return node;
  }

  /** The element holds one node element: an array or a structure. */
  readResource(el: XElement, node: MutableNode, depth: number): MutableNode {
    let found: XElement | null = null;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === TEXT || c.nodeType === CDATA) {
        if (!isBlank((c as XNode & { data: string }).data)) {
          throw new RdfError(`${el.nodeName} mixes text and elements`);
        }
      } else if (c.nodeType === ELEMENT) {
        if (found) throw new RdfError(`${el.nodeName} holds more than one node element`);
        found = c as XElement;
      }
    }
    if (!found) return this.readLiteral(el, node);
    const kind = found.namespaceURI === NS.rdf ? found.localName : null;
    if (kind === 'Bag' || kind === 'Seq' || kind === 'Alt') {
      node.kind = 'array';
      node.arrayKind = kind.toLowerCase() as XmpArrayKind;
      for (const a of attributes(found)) {
        if (!isLangAttr(a) && !(a.ns === NS.rdf && (a.local === 'ID' || a.local === 'nodeID'))) {
          throw new RdfError(`attribute ${a.name} on rdf:${kind}`);
        }
      }
      for (let c = found.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === TEXT || c.nodeType === CDATA) {
          if (!isBlank((c as XNode & { data: string }).data))
            throw new RdfError(`text inside rdf:${kind}`);
        } else if (c.nodeType === ELEMENT) {
          node.children.push(this.readPropertyElement(c as XElement, true, depth + 1));
        }
      }
      return node;
    }
    if (found.namespaceURI === NS.rdf && found.localName !== 'Description') {
      throw new RdfError(`rdf:${found.localName} cannot describe a value`);
    }
    node.kind = 'struct';
    this.readNodeElement(found, node.children, false, depth + 1);
    return fixQualified(node);
  }
}

/** A structure with an rdf:value field is a qualified value: the other fields are qualifiers. */
function fixQualified(node: MutableNode): MutableNode {
  const v = node.children.find((c) => c.ns === NS.rdf && c.name === 'value');
  if (!v) return node;
  const quals = node.children.filter((c) => c !== v);
  const langQual = quals.find((q) => q.ns === NS.xml && q.name === 'lang');
  return {
    ...v,
    ns: node.ns,
    name: node.name,
    prefix: node.prefix,
    lang: node.lang ?? langQual?.value ?? v.lang,
    qualifiers: [...v.qualifiers, ...quals.filter((q) => q !== langQual)],
  };
}

function freeze(n: MutableNode): XmpNode {
  const out: XmpNode = {
    ns: n.ns,
    name: n.name,
    prefix: n.prefix,
    kind: n.kind,
    value: n.value,
    children: n.children.map(freeze),
    qualifiers: n.qualifiers.map(freeze),
    ...(n.arrayKind ? { arrayKind: n.arrayKind } : {}),
    ...(n.lang !== undefined ? { lang: n.lang } : {}),
  };
  return out;
}

function findRdfRoot(el: XElement, depth: number): XElement | null {
  if (isRdf(el, 'RDF')) return el;
  if (depth > 4) return null;
  for (const c of elementChildren(el)) {
    const r = findRdfRoot(c, depth + 1);
    if (r) return r;
  }
  return null;
}

/**
 * Parses an XMP packet. Pure: the same bytes give the same result. A packet that is not
 * well-formed XML, or uses RDF that XMP does not allow, gives a typed error.
 */
export function parseXmpPacket(bytes: Uint8Array): XmpParseResult {
  const window = locatePacket(bytes);
  const actualEncoding = window.encoding;
  if (bytes.length > MAX_PACKET_BYTES) {
    return {
      ok: false,
      error: { kind: 'xml', message: 'metadata packet is too large to read', actualEncoding },
    };
  }
  const text = decode(bytes.subarray(window.start, window.end), actualEncoding);
  const xmlError = (message: string): XmpParseResult => ({
    ok: false,
    error: { kind: 'xml', message: `metadata is not well-formed XML: ${message}`, actualEncoding },
  });
  if (text === null) return xmlError(`bytes that are not valid ${actualEncoding}`);
  const fault = lexicalFault(text);
  if (fault) return xmlError(fault);
  // The first xpacket instruction is the header, whatever order its attributes are in.
  const headerMatch = /<\?xpacket\s(?!\s*end\s*=)[^]*?\?>/.exec(text);
  const header = headerMatch ? headerMatch[0] : null;

  const problems: string[] = [];
  let doc;
  try {
    doc = new DOMParser({
      onError: (_level, msg) => {
        // xmldom reports some well-formedness faults (unquoted or unspaced attributes) as
        // warnings; an XML 1.0 parser rejects them, so every report counts.
        problems.push(String(msg).split('\n')[0]);
      },
    }).parseFromString(text.replace(/^\ufeff/, ''), 'text/xml');
  } catch (e) {
    return xmlError(e instanceof Error ? e.message.split('\n')[0] : String(e));
  }
  if (problems.length > 0 || !doc.documentElement)
    return xmlError(problems[0] ?? 'no root element');
  const rdf = findRdfRoot(doc.documentElement, 0);
  if (!rdf)
    return {
      ok: false,
      error: { kind: 'rdf', message: 'metadata has no rdf:RDF element', actualEncoding },
    };

  // XMP processors reject an rdf:RDF element without attributes (its namespace is then
  // declared elsewhere), so such a packet is unreadable for them.
  if (rdf.attributes.length === 0) {
    return {
      ok: false,
      error: {
        kind: 'rdf',
        message: 'metadata is not valid XMP: rdf:RDF has no attributes',
        actualEncoding,
      },
    };
  }
  const reader = new RdfReader();
  const props: MutableNode[] = [];
  try {
    for (let c = rdf.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === TEXT || c.nodeType === CDATA) {
        if (!isBlank((c as XNode & { data: string }).data))
          throw new RdfError('text directly inside rdf:RDF');
      } else if (c.nodeType === ELEMENT) {
        const el = c as XElement;
        if (!isRdf(el, 'Description'))
          throw new RdfError(`top-level ${el.nodeName} is not an rdf:Description`);
        reader.readNodeElement(el, props, true, 0);
      }
    }
  } catch (e) {
    if (e instanceof RdfError) {
      return {
        ok: false,
        error: { kind: 'rdf', message: `metadata is not valid XMP: ${e.message}`, actualEncoding },
      };
    }
    throw e;
  }

  const packet: XmpPacket = {
    header,
    bytesAttribute: header ? headerAttribute(header, 'bytes') : null,
    encodingAttribute: header ? headerAttribute(header, 'encoding') : null,
    actualEncoding,
    about: reader.about ?? '',
    properties: props.map(freeze),
  };
  return { ok: true, packet };
}
