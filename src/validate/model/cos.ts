/**
 * COS objects as the validator's reader returns them (ISO 32000-1, 7.3). Plain data, no
 * behaviour: the parser builds them, the model and rules read them.
 *
 * Numbers keep whether they were written as integers, because PDF/A limits differ for
 * integers and reals. Strings keep their raw bytes and lexical form (hex or literal).
 */

export interface CosName {
  readonly kind: 'name';
  /** Name after #xx escapes are expanded, decoded as UTF-8 when valid, else Latin-1. */
  readonly value: string;
  /** Raw bytes after #xx expansion (for the UTF-8 validity rule). */
  readonly bytes: Uint8Array;
}

export interface CosNumber {
  readonly kind: 'number';
  readonly value: number;
  readonly isInteger: boolean;
}

export interface CosString {
  readonly kind: 'string';
  readonly bytes: Uint8Array;
  readonly isHex: boolean;
  /** For hex strings: number of non-white-space characters between < and >. */
  readonly hexCount?: number;
  /** For hex strings: whether every non-white-space character was a hex digit. */
  readonly containsOnlyHex?: boolean;
}

export interface CosArray {
  readonly kind: 'array';
  readonly items: CosObject[];
}

export interface CosDict {
  readonly kind: 'dict';
  /** Keys without the leading slash, in file order. */
  readonly entries: Map<string, CosObject>;
}

export interface CosRef {
  readonly kind: 'ref';
  readonly num: number;
  readonly gen: number;
}

export interface CosStream {
  readonly kind: 'stream';
  readonly dict: CosDict;
  /** Raw (still encoded) bytes between the stream EOL and the endstream EOL. */
  readonly raw: Uint8Array;
  /** Lexical facts for 6.1.7.1. */
  readonly declaredLength: number | null;
  readonly realLength: number;
  readonly streamKeywordCRLFCompliant: boolean;
  readonly endstreamKeywordEOLCompliant: boolean;
  /** The indirect object this stream is, when known (for locations). */
  readonly ref?: CosRef;
}

export type CosObject =
  null | boolean | CosNumber | CosName | CosString | CosArray | CosDict | CosRef | CosStream;
