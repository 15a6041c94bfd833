/** Standard structure types of ISO 32000-1:2008, 14.8.4 (the set PDF/A-2/3 and PDF/UA-1 use). */
export const STANDARD_TYPES: ReadonlySet<string> = new Set([
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
  // paragraph-like
  'H',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'P',
  // lists
  'L',
  'LI',
  'Lbl',
  'LBody',
  // tables
  'Table',
  'TR',
  'TH',
  'TD',
  'THead',
  'TBody',
  'TFoot',
  // inline
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
]);

export function isStandardType(t: string): boolean {
  return STANDARD_TYPES.has(t);
}

/**
 * Grouping types that carry no meaning for parent/child rules: a TR inside a Div inside a Table
 * still counts as a row of the table. Rules read children and parents "through" them.
 */
export function isPassThrough(t: string | null): boolean {
  return t === 'NonStruct' || t === 'Div' || t === 'Part';
}

/** Numbered heading level (1-6) of a standard type, or null. */
export function headingLevel(t: string | null): number | null {
  if (!t) return null;
  const m = /^H([1-6])$/.exec(t);
  return m ? Number(m[1]) : null;
}
