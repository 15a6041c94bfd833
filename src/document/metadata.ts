/**
 * What describes a document besides its pages. `DocumentMetadata` is what the document says
 * about itself (its <title>, lang and <meta> tags, or the template's config), so layout produces
 * it. `WriterSettings` is what the caller chooses for the file (its id, clock, conformance claim,
 * attachments and XMP schemas): it goes from render() straight to the writer, and no stage
 * between them reads it.
 */
import type { Attachment } from './attachments.js';
import type { XmpSchema } from './xmp.js';

export interface DocumentMetadata {
  readonly title: string;
  /** BCP 47 language of the document (catalog /Lang). */
  readonly lang: string;
  readonly author?: string;
  readonly subject?: string;
  readonly keywords?: string;
  readonly creator?: string;
}

export interface WriterSettings {
  /** UUID written into XMP (xmpMM:DocumentID) and reported as X-Document-Id. */
  readonly documentId: string;
  readonly creationDate: Date;
  /** Default: creationDate. */
  readonly modDate?: Date;
  /** false: PDF/UA-1 only (no OutputIntent, no pdfaid claim). */
  readonly pdfa: boolean;
  readonly attachments: readonly Attachment[];
  readonly xmpSchemas: readonly XmpSchema[];
}
