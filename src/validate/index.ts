/**
 * The validator: PDF/A-2/3 (a, b, u) and PDF/UA-1 checks over the tolerant reader's model.
 * validate() never throws for a damaged PDF (the damage becomes findings); it throws
 * NotPdfError when the bytes are not a PDF at all.
 */
import { buildResponse, flavourForClaim, runProfile, xmpFacts } from './engine/index.js';
import type { RuleArea } from './model/checks.js';
import type { PdfDocumentModel } from './model/document.js';
import { isDict, textOf } from './model/util.js';
import { NotPdfError, type ReaderOptions, openDocument } from './parser/index.js';
import {
  ALL_FLAVOURS,
  DEFAULT_FLAVOURS,
  type Flavour,
  type ValidationResponse,
} from './report-types.js';
import { RULE_AREAS } from './rules/registry.js';

export { NotPdfError };

export interface ValidateOptions {
  /** Flavours to check, or 'auto' for the ones the file claims (default flavours when it claims none). */
  readonly flavours: readonly Flavour[] | 'auto';
  /** Rule areas to run instead of the full registry (tests). */
  readonly areas?: readonly RuleArea[];
  /** Decoding limits of the reader (bytes per stream, bytes per document); defaults otherwise. */
  readonly limits?: ReaderOptions;
}

export interface Identification {
  /** xmpMM:DocumentID without its `uuid:` prefix, or null. */
  readonly documentId: string | null;
  readonly pdfa: { readonly part: number; readonly conformance: string } | null;
  readonly pdfua: { readonly part: number } | null;
  readonly title: string | null;
  readonly pages: number;
}

/** The flavours a document claims through pdfaid/pdfuaid, limited to those the validator has. */
export function claimedFlavours(doc: PdfDocumentModel, facts = xmpFacts(doc)): Flavour[] {
  const x = facts;
  const out: Flavour[] = [];
  if (x?.pdfa) {
    const f = flavourForClaim(x.pdfa.part, x.pdfa.conformance);
    if (f) out.push(f);
  }
  if (x?.pdfua?.part === 1) out.push('pdfua-1');
  return out;
}

export function validate(
  bytes: Uint8Array,
  options: ValidateOptions = { flavours: DEFAULT_FLAVOURS },
): ValidationResponse {
  const doc = openDocument(bytes, options.limits);
  const facts = xmpFacts(doc);
  let flavours: readonly Flavour[];
  if (options.flavours === 'auto') {
    const claimed = claimedFlavours(doc, facts);
    flavours = claimed.length ? claimed : DEFAULT_FLAVOURS;
  } else
    flavours = ALL_FLAVOURS.filter((f) => (options.flavours as readonly Flavour[]).includes(f));
  const areas = options.areas ?? RULE_AREAS;
  const runs = flavours.map((f) => runProfile(doc, f, areas));
  return buildResponse(doc, runs, facts);
}

export function identify(bytes: Uint8Array): Identification {
  const doc = openDocument(bytes);
  const x = xmpFacts(doc);
  const info = doc.get(doc.trailer, 'Info');
  const title = (isDict(info) ? textOf(doc.get(info, 'Title')) : null) ?? x?.title ?? null;
  return {
    documentId: x?.documentId ?? null,
    pdfa: x?.pdfa ?? null,
    pdfua: x?.pdfua ?? null,
    title,
    pages: doc.pageCount,
  };
}
