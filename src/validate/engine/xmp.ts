/**
 * Reads the few XMP facts the engine needs (identification claims, document ID, descriptive
 * metadata) through the packet parser the metadata rule area uses.
 */
import type { PdfDocumentModel } from '../model/document.js';
import { isStream } from '../model/read.js';
import {
  NS,
  findProperty,
  langAltText,
  simpleText,
  type XmpNode,
  type XmpPacket,
} from '../xmp/model.js';
import { parseXmpPacket } from '../xmp/parse.js';

export interface XmpFacts {
  readonly pdfa: { readonly part: number; readonly conformance: string } | null;
  readonly pdfua: { readonly part: number } | null;
  readonly documentId: string | null;
  readonly title: string | null;
  readonly description: string | null;
  readonly creator: string | null;
  readonly creatorTool: string | null;
  readonly producer: string | null;
  readonly createDate: string | null;
}

/** The document's metadata packet, parsed; null when absent or unreadable. */
export function documentXmp(doc: PdfDocumentModel): XmpPacket | null {
  const m = doc.get(doc.catalog, 'Metadata');
  if (!isStream(m)) return null;
  const dec = doc.decodeStream(m);
  if (dec.error) return null;
  const r = parseXmpPacket(dec.data);
  return r.ok ? r.packet : null;
}

function firstItem(node: XmpNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'simple') return node.value;
  if (node.kind === 'array') return node.children.find((c) => c.kind === 'simple')?.value;
  return undefined;
}

function propText(p: XmpPacket, ns: string, name: string): string | null {
  const node = findProperty(p, ns, name);
  if (!node) return null;
  return (
    (node.kind === 'simple'
      ? simpleText(node)
      : node.arrayKind === 'alt'
        ? langAltText(node)
        : firstItem(node)) ?? null
  );
}

export function xmpFacts(doc: PdfDocumentModel): XmpFacts | null {
  const p = documentXmp(doc);
  if (!p) return null;
  const part = propText(p, NS.pdfaid, 'part');
  const conformance = propText(p, NS.pdfaid, 'conformance');
  const uaPart = propText(p, NS.pdfuaid, 'part');
  const id = propText(p, NS.xmpMM, 'DocumentID');
  return {
    pdfa:
      part && /^\d+$/.test(part.trim())
        ? { part: Number(part.trim()), conformance: (conformance ?? '').trim() }
        : null,
    pdfua: uaPart && /^\d+$/.test(uaPart.trim()) ? { part: Number(uaPart.trim()) } : null,
    documentId: id ? id.trim().replace(/^uuid:/i, '') : null,
    title: propText(p, NS.dc, 'title'),
    description: propText(p, NS.dc, 'description'),
    creator: propText(p, NS.dc, 'creator'),
    creatorTool: propText(p, NS.xmp, 'CreatorTool'),
    producer: propText(p, NS.pdf, 'Producer'),
    createDate: propText(p, NS.xmp, 'CreateDate'),
  };
}
