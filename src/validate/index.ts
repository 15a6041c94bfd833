/**
 * The validator: PDF/A-2/3 (a, b, u) and PDF/UA-1 checks over the tolerant reader's model.
 * validate() never throws for a damaged PDF (the damage becomes findings); it throws
 * NotPdfError when the bytes are not a PDF at all.
 *
 * This is the validator's one public entry (with contract.ts, the light part it re-exports):
 * nothing outside validate/ imports any other of its modules. Beside validation it offers what
 * a writer importing a page of another PDF needs: the reader (openPdf), the content lexer
 * (lexContentStream) and the conformance gate (pageImportability), over the COS model types.
 */
import { Deadline } from '../diagnostics.js';
import {
  ALL_FLAVOURS,
  DEFAULT_FLAVOURS,
  type DecodeLimits,
  type Flavour,
  type ValidationResponse,
} from './contract.js';
import { buildResponse, flavourForClaim, runProfile, xmpFacts } from './engine/index.js';
import type { EmbeddedPdfCheck, RuleArea } from './model/checks.js';
import type { PdfDocumentModel } from './model/document.js';
import { isDict, textValue } from './model/read.js';
import { NotPdfError, openDocument } from './parser/index.js';
import { RULE_AREAS } from './rules/registry.js';

export * from './contract.js';
export { NotPdfError };
export { formatTextReport } from './text-report.js';
export { openPdf, pageImportability, type PageImportability } from './page-import.js';
/** Calls its visitor for every operator of a decoded content stream, operands and inline images included. */
export { lexContent as lexContentStream, type LexedOperator } from './content/lexer.js';
export type * from './model/cos.js';
export type { DecodeResult, PageModel, PdfDocumentModel } from './model/document.js';

export interface ValidateOptions {
  /** Flavours to check, or 'auto' for the ones the file claims (default flavours when it claims none). */
  readonly flavours: readonly Flavour[] | 'auto';
  /** Rule areas to run instead of the full registry (tests). */
  readonly areas?: readonly RuleArea[];
  /**
   * Decoding limits of the reader: `decodeLimit` bytes per stream (64 MiB) and
   * `documentDecodeBudget` bytes per document (512 MiB). Past the budget no further stream is
   * decoded. Any part not read whole (a stream past a limit, an object that cannot be parsed, a
   * font program that cannot be read) gives every profile an 'internal' failure naming it, so
   * the file is never called compliant on checks that did not run.
   */
  readonly limits?: DecodeLimits;
  /** Cancels the validation: checked per parsed object, decoded stream, page and profile. */
  readonly signal?: AbortSignal;
  /** Deadline in milliseconds, read on the clock; past it validate() throws TimeoutError. */
  readonly timeoutMs?: number;
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
  const deadline = new Deadline(options);
  try {
    deadline.check('validation');
    return validateWithin(bytes, options, deadline);
  } finally {
    deadline.dispose();
  }
}

function validateWithin(
  bytes: Uint8Array,
  options: ValidateOptions,
  deadline: Deadline,
): ValidationResponse {
  const doc = openDocument(bytes, { ...options.limits, deadline });
  const facts = xmpFacts(doc);
  const embeddedPdf = embeddedPdfCheck(options, deadline, {
    depth: 1,
    validations: { left: MAX_EMBEDDED_VALIDATIONS },
  });
  let flavours: readonly Flavour[];
  if (options.flavours === 'auto') {
    const claimed = claimedFlavours(doc, facts);
    flavours = claimed.length ? claimed : DEFAULT_FLAVOURS;
  } else
    flavours = ALL_FLAVOURS.filter((f) => (options.flavours as readonly Flavour[]).includes(f));
  const areas = options.areas ?? RULE_AREAS;
  const runs = flavours.map((f) => {
    const run = runProfile(doc, f, areas, embeddedPdf);
    // Areas turn exceptions into findings; a deadline that passed inside one ends the whole call.
    deadline.check('validation');
    return run;
  });
  return buildResponse(doc, runs, facts);
}

/** How deep embedded PDFs are validated, and how many per call; past either, only identification is read. */
const MAX_EMBEDDING_DEPTH = 3;
const MAX_EMBEDDED_VALIDATIONS = 32;

/**
 * Validates an embedded PDF as veraPDF does for PDF/A-2 6.8: the file must pass as PDF/A-1 or
 * PDF/A-2. This validator has no PDF/A-1 profile, so a file identified as PDF/A-1 is held to the
 * PDF/A-2B rules (the nearest), its part number aside.
 */
function embeddedPdfCheck(
  options: ValidateOptions,
  deadline: Deadline,
  budget: { depth: number; validations: { left: number } },
): EmbeddedPdfCheck | undefined {
  if (budget.depth >= MAX_EMBEDDING_DEPTH) return undefined;
  return (bytes) => {
    if (budget.validations.left <= 0) return null;
    budget.validations.left--;
    let doc: PdfDocumentModel;
    try {
      doc = openDocument(bytes, { ...options.limits, deadline });
    } catch (e) {
      if (e instanceof NotPdfError)
        return { conforms: false, details: 'the embedded file is not a PDF' };
      throw e;
    }
    const facts = xmpFacts(doc);
    const inner = embeddedPdfCheck(options, deadline, {
      depth: budget.depth + 1,
      validations: budget.validations,
    });
    const report = buildResponse(doc, [runProfile(doc, 'pdfa-2b', RULE_AREAS, inner)], facts);
    const part1 = facts?.pdfa?.part === 1;
    const failed = new Set(
      (report.failures ?? [])
        .filter((f) => !(part1 && f.clause === '6.6.4' && f.testNumber === 2))
        .map((f) => `${f.clause}-${f.testNumber}`),
    );
    if (failed.size === 0)
      return { conforms: true, details: `conforms to PDF/A-${facts?.pdfa?.part ?? 2}` };
    const list = [...failed];
    return {
      conforms: false,
      details: `the embedded PDF is not PDF/A-1 or PDF/A-2: it fails ${list.slice(0, 6).join(', ')}${list.length > 6 ? ', ...' : ''}`,
    };
  };
}

export function identify(bytes: Uint8Array): Identification {
  const doc = openDocument(bytes);
  const x = xmpFacts(doc);
  const info = doc.get(doc.trailer, 'Info');
  const title = (isDict(info) ? textValue(doc.get(info, 'Title')) : null) ?? x?.title ?? null;
  return {
    documentId: x?.documentId ?? null,
    pdfa: x?.pdfa ?? null,
    pdfua: x?.pdfua ?? null,
    title,
    pages: doc.pageCount,
  };
}
