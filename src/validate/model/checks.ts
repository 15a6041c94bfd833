/**
 * How rule areas report: every evaluation of one rule on one object is one check. Areas are
 * plain functions over the document model; the engine (validate/engine) counts, caps the
 * number of reported locations per rule and builds the ValidationResponse.
 */
import { ALL_FLAVOURS, type Flavour } from '../contract.js';
import type { PdfDocumentModel } from './document.js';

/** Report categories, shown in summary.categories and on each failure. */
export type RuleCategory =
  | 'File structure'
  | 'Graphics'
  | 'Fonts'
  | 'Annotations'
  | 'Interactive forms'
  | 'Actions'
  | 'Metadata'
  | 'Logical structure'
  | 'Embedded files'
  | 'Optional content'
  | 'Structure elements'
  | 'Alternative descriptions'
  | 'Tables'
  | 'Lists'
  | 'Headings'
  | 'Natural language'
  | 'Navigation'
  | 'Security';

export interface RuleSpec {
  /** veraPDF clause, e.g. '6.2.11.4.1' or '7.18.5'. */
  readonly clause: string;
  readonly testNumber: number;
  /** The veraPDF model object the rule applies to (CosStream, PDFont, SETable, ...). */
  readonly object: string;
  readonly category: RuleCategory;
  /** What a failure means, in our own words. */
  readonly message: string;
  /** Flavours that have this rule; a rule runs only for them. */
  readonly flavours: readonly Flavour[];
}

export interface CheckSink {
  /** Record one evaluation of `rule` on one object; `location` is a readable object path. */
  check(rule: RuleSpec, passed: boolean, location: string, details?: string): void;
}

export interface FlavourInfo {
  readonly flavour: Flavour;
  /** PDF/A part (2 or 3) or null for PDF/UA-1. */
  readonly pdfaPart: 2 | 3 | null;
  /** PDF/A level, or null for PDF/UA-1. */
  readonly pdfaLevel: 'a' | 'b' | 'u' | null;
}

/**
 * Validates a PDF embedded in the document (PDF/A-2 6.8 admits only PDF/A-1 and PDF/A-2 files):
 * whether it conforms, as veraPDF decides it by validating the embedded file itself. Null when
 * the nesting is too deep to look further.
 */
export type EmbeddedPdfCheck = (bytes: Uint8Array) => { conforms: boolean; details: string } | null;

export interface RuleAreaContext {
  readonly doc: PdfDocumentModel;
  readonly flavour: FlavourInfo;
  readonly sink: CheckSink;
  /** Validates embedded PDFs; absent where nothing may be validated recursively. */
  readonly embeddedPdf?: EmbeddedPdfCheck;
}

/** A group of rules over one clause area, run once per requested flavour. */
export interface RuleArea {
  readonly name: string;
  readonly rules: readonly RuleSpec[];
  run(ctx: RuleAreaContext): void;
}

export const PDFA_ALL: readonly Flavour[] = ALL_FLAVOURS.filter((f) => f.startsWith('pdfa-'));
export const PDFA_U_AND_A: readonly Flavour[] = ['pdfa-2u', 'pdfa-2a', 'pdfa-3u', 'pdfa-3a'];
export const PDFA_A: readonly Flavour[] = ['pdfa-2a', 'pdfa-3a'];
export const PDFA_3: readonly Flavour[] = ['pdfa-3b', 'pdfa-3u', 'pdfa-3a'];
export const PDFA_2: readonly Flavour[] = ['pdfa-2b', 'pdfa-2u', 'pdfa-2a'];
export const PDFUA: readonly Flavour[] = ['pdfua-1'];
