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
