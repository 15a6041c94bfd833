/**
 * XMP metadata: the packet parser and data model the metadata rule area (rules/metadata) and
 * identify() read (PDF/A and PDF/UA identification, dc:title and xmpMM:DocumentID).
 */
export { parseXmpPacket, detectEncoding } from './parse.js';
export {
  NS as XMP_NS,
  findProperty,
  findField,
  isLangAlt,
  langAltText,
  simpleText,
} from './model.js';
export type {
  XmpArrayKind,
  XmpEncoding,
  XmpNode,
  XmpPacket,
  XmpParseError,
  XmpParseResult,
} from './model.js';
export { identifyXmp } from './identify.js';
export type { XmpIdentification } from './identify.js';
