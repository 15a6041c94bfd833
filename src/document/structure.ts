/**
 * The logical structure every stage agrees on: the standard structure types of PDF 1.7
 * (ISO 32000-1, 14.8.4), the attributes layout sets on them, and the structure tree it hands to
 * the writer. Layout maps HTML semantics onto these types; the writer writes them as they are.
 */

/** The standard structure types, grouped as ISO 32000-1 14.8.4 lists them. */
export const STANDARD_STRUCT_TYPES = [
  // grouping
  'Document',
  'Part',
  'Art',
  'Sect',
  'Div',
  'BlockQuote',
  'Caption',
  'TOC',
  'TOCI',
  'Index',
  'NonStruct',
  'Private',
  // block level: paragraphs, headings, lists, tables
  'P',
  'H',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'L',
  'LI',
  'Lbl',
  'LBody',
  'Table',
  'TR',
  'TH',
  'TD',
  'THead',
  'TBody',
  'TFoot',
  // inline level
  'Span',
  'Quote',
  'Note',
  'Reference',
  'BibEntry',
  'Code',
  'Link',
  'Annot',
  'Ruby',
  'RB',
  'RT',
  'RP',
  'Warichu',
  'WT',
  'WP',
  // illustrations
  'Figure',
  'Formula',
  'Form',
] as const;

export type StandardStructType = (typeof STANDARD_STRUCT_TYPES)[number];

const STANDARD: ReadonlySet<string> = new Set(STANDARD_STRUCT_TYPES);

export function isStandardStructType(type: string): type is StandardStructType {
  return STANDARD.has(type);
}

export interface StructAttributes {
  /** Table attributes. */
  readonly scope?: 'Row' | 'Column' | 'Both';
  readonly headers?: readonly string[];
  readonly rowSpan?: number;
  readonly colSpan?: number;
  /** List attribute. */
  readonly listNumbering?:
    | 'None'
    | 'Disc'
    | 'Circle'
    | 'Square'
    | 'Decimal'
    | 'UpperRoman'
    | 'LowerRoman'
    | 'UpperAlpha'
    | 'LowerAlpha';
  /** Layout BBox (page coordinates, points) for Figure/Formula/Table. */
  readonly bbox?: readonly [number, number, number, number];
  readonly placement?: 'Block' | 'Inline';
  /**
   * PrintField attributes of a non-interactive form field (a Form element without a widget,
   * ISO 32000-1 14.8.5.6): its role (radio button, check box, push button, text value), whether
   * it is checked, and its name.
   */
  readonly printField?: {
    readonly role: 'rb' | 'cb' | 'pb' | 'tv';
    readonly checked?: 'on' | 'off' | 'neutral';
    readonly desc?: string;
  };
}

export type StructChild = StructNode | { readonly kind: 'content'; readonly slot: number };

export interface StructNode {
  readonly kind: 'node';
  /** Unique in the document; LinkItem.node refers to it. */
  readonly id: number;
  readonly type: StandardStructType;
  /** Custom type name written as /S and mapped to `type` through the RoleMap. */
  readonly role?: string;
  readonly alt?: string;
  readonly actualText?: string;
  /** Expansion of an abbreviation (/E). */
  readonly expansion?: string;
  /** BCP 47; only when it differs from the parent's. */
  readonly lang?: string;
  readonly title?: string;
  /** Element identifier (/ID), e.g. for TH cells referenced by TD Headers. */
  readonly elementId?: string;
  readonly attributes?: StructAttributes;
  readonly children: readonly StructChild[];
}
