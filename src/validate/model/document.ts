/**
 * The document model the rules read. The parser (validate/parser) implements it; the rule areas
 * (validate/rules) and the readers they use (validate/content, validate/fonts, validate/xmp)
 * only use this interface.
 * Everything is lazy: a page's content is decoded when a rule asks for it, so a 1,000-page
 * file is never materialised at once.
 */
import type { CosDict, CosObject, CosRef, CosStream } from './cos.js';

/** Facts about the bytes of the file that PDF/A clause 6.1 checks. */
export interface LexicalFacts {
  /** Offset of %PDF-; -1 when the header is missing (the file was still read as a damaged PDF). */
  readonly headerOffset: number;
  /** The header line without its EOL, e.g. '%PDF-1.7'. */
  readonly header: string;
  /** The four bytes after '%' on the line following the header (the binary comment); -1 when missing. */
  readonly binaryCommentBytes: readonly number[];
  /** Bytes after the last %%EOF other than one optional EOL marker; -1 when the file has no %%EOF near its end. */
  readonly postEOFDataSize: number;
  /** Whether every xref keyword is followed by exactly one EOL before the subsection header. */
  readonly xrefEOLMarkersComply: boolean;
  /** Object header/endobj spacing violations (6.1.9), with the object number. */
  readonly spacingViolations: readonly { readonly num: number; readonly detail: string }[];
  /** Number of indirect objects (6.1.13 limit 8,388,607). */
  readonly indirectObjectCount: number;
  /** The trailer /ID of the last revision, when present. */
  readonly hasLastId: boolean;
  /** Problems the tolerant reader recovered from (broken xref, bad offsets, ...). */
  readonly recoveries: readonly string[];
  /**
   * Dictionary keys whose bytes are not valid UTF-8 (6.1.8), as the text CosDict stores them
   * (Latin-1). Keys are kept as text, so this is how the fact survives parsing.
   */
  readonly invalidUtf8Keys?: ReadonlySet<string>;
}

export interface PageModel {
  /** 0-based. */
  readonly index: number;
  readonly dict: CosDict;
  readonly ref?: CosRef;
  /** Resources with inheritance from the page tree applied. */
  readonly resources: CosDict | null;
  /** An inheritable page attribute with the page tree applied (added by the reader; optional for other implementations). */
  inheritedValue?(key: 'Resources' | 'MediaBox' | 'CropBox' | 'Rotate'): CosObject;
  /** Decoded, concatenated content streams; error when a filter failed or a limit was hit. */
  content(): { readonly data: Uint8Array; readonly error?: string };
}

export interface DecodeResult {
  readonly data: Uint8Array;
  /** Why decoding stopped early (unknown filter, corrupt data, decompression limit). */
  readonly error?: string;
}

/** A part of the file the validator could not read whole, so the checks that need it did not run. */
export interface UnreadPart {
  /** What was not read: "object 12", "page 3 content", "font F1 / embedded program". */
  readonly location: string;
  /** Why: the limit hit, the damage found. */
  readonly reason: string;
}

export interface PdfDocumentModel {
  readonly lexical: LexicalFacts;
  /** The file's bytes, when the implementation keeps them (signature byte ranges need offsets). */
  readonly bytes?: Uint8Array;
  readonly trailer: CosDict;
  readonly catalog: CosDict | null;
  readonly isEncrypted: boolean;
  readonly pageCount: number;
  /** Follows references (cycle-safe); returns null for missing objects. */
  resolve(obj: CosObject | undefined): CosObject;
  /** dict[key] with references followed; null when absent. */
  get(dict: CosDict | null | undefined, key: string): CosObject;
  /** Applies the stream's filters, bounded in output size (the reader's default, or a smaller `limit`). */
  decodeStream(stream: CosStream, limit?: number): DecodeResult;
  pages(): Iterable<PageModel>;
  /**
   * Records a part that could not be read whole. The reader records its own (streams whose
   * decoding stopped, objects it could not parse); readers above it (content, fonts) record
   * theirs. Every such part keeps the document from being called compliant.
   */
  noteUnread(location: string, reason: string): void;
  /** The parts recorded so far, each location once. */
  unreadParts(): readonly UnreadPart[];
  /** Every indirect object of the final revision, lazily parsed. */
  objects(): Iterable<{ readonly ref: CosRef; readonly value: CosObject }>;
}
