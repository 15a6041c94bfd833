/** Custom XMP extension schemas a caller declares (e.g. Factur-X); the writer describes them. */
export interface XmpProperty {
  readonly name: string;
  readonly value: string;
  /** XMP value type name such as Text, Integer, Date, URI (default Text). */
  readonly valueType?: string;
  /** 'external' or 'internal' (default external). */
  readonly category?: string;
  readonly description?: string | null;
}

export interface XmpSchema {
  readonly namespace: string;
  readonly prefix: string;
  readonly name: string;
  readonly properties: readonly XmpProperty[];
}
