/** The ValidationResponse of the API, exactly as the service returns it. */

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
