/**
 * What a writer importing a page of another PDF needs from the validator: the tolerant reader
 * and the conformance gate that says whether the page can be drawn into our output. Public
 * through index.ts, so the writer never depends on the rule areas or the engine themselves.
 */
import type { DecodeLimits, ValidationFailure } from './contract.js';
import { buildResponse, runProfile } from './engine/index.js';
import type { CosDict } from './model/cos.js';
import type { PdfDocumentModel } from './model/document.js';
import { openDocument } from './parser/index.js';
import { fileStructureArea } from './rules/file-structure.js';
import { fontsArea } from './rules/fonts.js';
import { graphicsArea, pdfaOutputColourSpace } from './rules/graphics.js';

/**
 * Opens PDF bytes with the validator's tolerant reader: damage is recovered from and recorded
 * in `lexical.recoveries`, never thrown. Throws NotPdfError when the bytes are not a PDF.
 */
export function openPdf(bytes: Uint8Array, limits: DecodeLimits = {}): PdfDocumentModel {
  return openDocument(bytes, limits);
}

/** Whether a page can be imported, and if not, what in it stands in the way. */
export type PageImportability =
  | { readonly kind: 'importable' }
  /** The source's PDF/A output intent is not RGB: its device colours would mean other colours. */
  | { readonly kind: 'foreign-output-intent'; readonly colourSpace: string }
  /** The first PDF/A-3a failure the page would bring into the output. */
  | { readonly kind: 'nonconforming'; readonly failure: ValidationFailure };

/**
 * Rules that only say the source lacks an output intent covering DeviceRGB / DeviceGray, or
 * concern the source's own intents: the output's sRGB intent covers those colours.
 */
function coveredByOutputIntent(f: ValidationFailure): boolean {
  return (
    (f.clause === '6.2.4.3' && (f.testNumber === 2 || f.testNumber === 4)) || f.clause === '6.2.3'
  );
}

/**
 * Whether page `pageIndex` (0-based) of `doc` can be drawn, as one artifact, into a PDF/A-3a +
 * PDF/UA-1 document whose output intent is sRGB. Its fonts (embedding, Unicode mapping,
 * ActualText for private-use characters), colour spaces, transparency and implementation
 * limits are checked as PDF/A-3a checks them. The source's structure tree does not come along,
 * so it is hidden from the check: only marked-content ActualText counts. Findings located on
 * other pages do not count, since only this page is copied.
 */
export function pageImportability(doc: PdfDocumentModel, pageIndex: number): PageImportability {
  const intent = pdfaOutputColourSpace(doc);
  if (intent !== null && intent.trim() !== 'RGB')
    return { kind: 'foreign-output-intent', colourSpace: intent.trim() };
  const run = runProfile(withoutStructure(doc), 'pdfa-3a', [
    fileStructureArea,
    graphicsArea,
    fontsArea,
  ]);
  const report = buildResponse(doc, [run], null);
  const failure = (report.failures ?? []).find((f) => {
    if (coveredByOutputIntent(f)) return false;
    // Of the file-structure rules only the implementation limits concern copied objects.
    if (f.clause.startsWith('6.1.') && f.clause !== '6.1.13') return false;
    const onPage = /^page (\d+)\b/.exec(f.location ?? '');
    return !onPage || Number(onPage[1]) === pageIndex + 1;
  });
  return failure ? { kind: 'nonconforming', failure } : { kind: 'importable' };
}

/** The same document as the rules see it, without its structure tree. */
function withoutStructure(doc: PdfDocumentModel): PdfDocumentModel {
  if (!doc.catalog) return doc;
  const entries = new Map(doc.catalog.entries);
  entries.delete('StructTreeRoot');
  entries.delete('MarkInfo');
  return Object.create(doc, {
    catalog: { value: { kind: 'dict', entries } satisfies CosDict },
  }) as PdfDocumentModel;
}
