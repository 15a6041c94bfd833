/**
 * The facts identify() and the report's metadata section read from a packet: PDF/A and
 * PDF/UA identification, title and document ID.
 */
import { NS, findProperty, langAltText, simpleText } from './model.js';
import type { XmpPacket } from './model.js';

export interface XmpIdentification {
  /** pdfaid:part as an integer, null when absent or not an integer. */
  readonly pdfaPart: number | null;
  /** pdfaid:conformance as written (A, B, U...), null when absent. */
  readonly pdfaConformance: string | null;
  readonly pdfuaPart: number | null;
  /** dc:title (x-default, else first alternative), null when absent. */
  readonly title: string | null;
  readonly documentId: string | null;
}

function integer(text: string | undefined): number | null {
  return text !== undefined && /^[+-]?[0-9]+$/.test(text.trim()) ? parseInt(text.trim(), 10) : null;
}

export function identifyXmp(packet: XmpPacket): XmpIdentification {
  return {
    pdfaPart: integer(simpleText(findProperty(packet, NS.pdfaid, 'part'))),
    pdfaConformance: simpleText(findProperty(packet, NS.pdfaid, 'conformance')) ?? null,
    pdfuaPart: integer(simpleText(findProperty(packet, NS.pdfuaid, 'part'))),
    title: langAltText(findProperty(packet, NS.dc, 'title')) ?? null,
    documentId: simpleText(findProperty(packet, NS.xmpMM, 'DocumentID')) ?? null,
  };
}
