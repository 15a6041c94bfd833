/**
 * The validator's public contract: the flavours it checks, the ValidationResponse exactly as
 * the service returns it, and the reader's decoding limits. Plain data and small functions,
 * light enough for the CLI and the service's routes to load without the validator itself.
 */

export type Flavour =
  'pdfa-2b' | 'pdfa-2u' | 'pdfa-2a' | 'pdfa-3b' | 'pdfa-3u' | 'pdfa-3a' | 'pdfua-1';

export const ALL_FLAVOURS: readonly Flavour[] = [
  'pdfa-2b',
  'pdfa-2u',
  'pdfa-2a',
  'pdfa-3b',
  'pdfa-3u',
  'pdfa-3a',
  'pdfua-1',
];

export const DEFAULT_FLAVOURS: readonly Flavour[] = ['pdfa-3a', 'pdfua-1'];

export interface ProfileResult {
  profile: string;
  specification: string;
  isCompliant: boolean;
  totalChecks: number;
  passedChecks: number;
  failedChecks: number;
}

export interface CategoryResult {
  category: string;
  passedChecks: number;
  failedChecks: number;
}

export interface ValidationSummary {
  totalChecks: number;
  passedChecks: number;
  failedChecks: number;
  categories?: CategoryResult[];
}

export interface FontInfo {
  name: string;
  embedded: boolean;
  type: string;
}

export interface DocumentInfo {
  pages: number;
  tagged: boolean;
  language: string | null;
  structureElements: number;
  fonts: FontInfo[];
  images: number;
}

export interface ValidationFailure {
  profile: string;
  clause: string;
  testNumber: number;
  category: string;
  message: string;
  location: string | null;
  errorDetails: string | null;
  /**
   * PDF/UA-1 failures: the Matterhorn Protocol 1.1 failure conditions the rule finds,
   * checkpoint and condition number ('28-012'); absent for other profiles.
   */
  matterhorn?: string[];
}

/** A Matterhorn condition no machine can decide, with the elements a person should look at. */
export interface HumanReviewItem {
  /** Matterhorn failure conditions the question covers, e.g. ['13-005']. */
  conditions: string[];
  /** The checkpoint of the first condition, e.g. 'Graphics'. */
  checkpoint: string;
  /** What to look at, as a question. */
  check: string;
  /** How many elements there are to look at. */
  count: number;
  /** The first of them (at most ten), with what the file says about each. */
  elements: { location: string; detail: string | null }[];
}

export interface PdfMetadata {
  title: string | null;
  subject: string | null;
  author: string | null;
  creator: string | null;
  producer: string | null;
  creationDate: string | null;
}

export interface ValidationResponse {
  isCompliant: boolean;
  profiles: ProfileResult[];
  summary: ValidationSummary;
  documentInfo?: DocumentInfo | null;
  failures?: ValidationFailure[];
  metadata?: PdfMetadata | null;
  /** With PDF/UA-1: the Matterhorn conditions that need human review ("needs human review"). */
  humanReview?: HumanReviewItem[];
}

/**
 * Parses a comma-separated flavour list ('pdfa-3a,pdfua-1', or 'auto'). Throws RangeError
 * with a message fit for the caller when a name is unknown.
 */
export function parseFlavourList(list: string): Flavour[] | 'auto' {
  const names = list
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) throw new RangeError('at least one flavour is needed');
  if (names.includes('auto')) {
    if (names.length > 1) throw new RangeError('auto cannot be combined with other flavours');
    return 'auto';
  }
  for (const n of names) {
    if (!(ALL_FLAVOURS as readonly string[]).includes(n)) {
      throw new RangeError(
        `unknown flavour '${n}'; expected one of ${ALL_FLAVOURS.join(', ')}, auto`,
      );
    }
  }
  return [...new Set(names)] as Flavour[];
}

/**
 * Decoding limits of the validator's reader. Past `decodeLimit` a stream gives a decode error;
 * past `documentDecodeBudget` no further stream is decoded.
 */
export interface DecodeLimits {
  /** Decoded bytes per stream; larger output gives a decode error. */
  readonly decodeLimit?: number;
  /**
   * Decoded bytes for the whole document, each stream counted once and a stream that hits the
   * per-stream limit counted at that limit; past it, decoding gives an error result at once.
   * Bounds the time a file full of decompression bombs can take.
   */
  readonly documentDecodeBudget?: number;
}

/** Default output limit per stream: large enough for real pages, small enough to be safe. */
export const DEFAULT_DECODE_LIMIT = 64 * 1024 * 1024;

/**
 * Default document budget: 8 streams at the default per-stream limit (512 MiB). A PDF/A file
 * of the largest accepted body (100 MB) decodes to far less unless it is mostly bombs.
 */
export const DEFAULT_DOCUMENT_DECODE_BUDGET = 8 * DEFAULT_DECODE_LIMIT;
