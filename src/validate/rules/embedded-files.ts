/**
 * PDF/A clause 6.8 (embedded and associated files; PDF/A-2 allows only embedded PDF/A-1 or 2
 * files, PDF/A-3 allows any file that is an associated file with a MIME type) and PDF/UA-1
 * 7.11 (F and UF on embedded file specifications).
 */
import {
  PDFA_2,
  PDFA_3,
  PDFA_ALL,
  PDFUA,
  type RuleArea,
  type RuleAreaContext,
} from '../model/checks.js';
import type { CosDict, CosObject, CosStream } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import { asDict, isArray, isDict, isName, isStream, nameValue, textValue } from '../model/read.js';
import { xmpFacts } from '../engine/xmp.js';
import { openDocument } from '../parser/index.js';
import { allDicts, annotations, treeValues } from './doc-walk.js';
import { ruleSpec } from './spec.js';

export const R = {
  mime: ruleSpec({
    clause: '6.8',
    testNumber: 1,
    object: 'EmbeddedFile',
    category: 'Embedded files',
    message: 'The embedded file has no valid MIME type in its Subtype entry.',
    flavours: PDFA_3,
  }),
  fUf: ruleSpec({
    clause: '6.8',
    testNumber: 2,
    object: 'CosFileSpecification',
    category: 'Embedded files',
    message: 'The file specification of an embedded file lacks the F or the UF entry.',
    flavours: PDFA_ALL,
  }),
  relationship: ruleSpec({
    clause: '6.8',
    testNumber: 3,
    object: 'CosFileSpecification',
    category: 'Embedded files',
    message: 'The file specification has no AFRelationship entry.',
    flavours: PDFA_3,
  }),
  associated: ruleSpec({
    clause: '6.8',
    testNumber: 4,
    object: 'CosFileSpecification',
    category: 'Embedded files',
    message:
      'The file specification is not associated with the document or a part of it through an AF entry.',
    flavours: PDFA_3,
  }),
  pdfa12: ruleSpec({
    clause: '6.8',
    testNumber: 5,
    object: 'EmbeddedFile',
    category: 'Embedded files',
    message: 'The embedded file is not a PDF/A-1 or PDF/A-2 file.',
    flavours: PDFA_2,
  }),
  uaFUf: ruleSpec({
    clause: '7.11',
    testNumber: 1,
    object: 'CosFileSpecification',
    category: 'Embedded files',
    message: 'The file specification of an embedded file lacks a non-empty F or UF entry.',
    flavours: PDFUA,
  }),
} as const;

interface FileSpec {
  readonly dict: CosDict;
  readonly location: string;
}

/**
 * File specification dictionaries as veraPDF finds them: every dictionary typed Filespec
 * (direct ones nested in other objects included) and every value of the EmbeddedFiles name tree.
 */
function fileSpecs(doc: PdfDocumentModel): FileSpec[] {
  const out: FileSpec[] = [];
  const seen = new Set<CosDict>();
  const add = (o: CosObject, location: string): void => {
    const d = doc.resolve(o);
    if (!isDict(d) || seen.has(d)) return;
    seen.add(d);
    out.push({ dict: d, location });
  };
  const names = doc.get(doc.catalog, 'Names');
  const ef = doc.get(asDict(names), 'EmbeddedFiles');
  if (ef !== null) {
    for (const [k, v] of treeValues(doc, ef, 'Names'))
      add(v, `embedded file ${textValue(k) ?? ''}`.trim());
  }
  for (const { dict, num } of allDicts(doc)) {
    if (isName(dict.entries.get('Type'), 'Filespec'))
      add(dict, `file specification / object ${num}`);
  }
  return out;
}

/** Every dictionary listed in an AF array of any object (catalog, pages, annotations, ...). */
function associatedFiles(doc: PdfDocumentModel): Set<CosDict> {
  const out = new Set<CosDict>();
  const collect = (holder: CosDict | null): void => {
    if (!holder || !holder.entries.has('AF')) return;
    const af = doc.get(holder, 'AF');
    const items = isArray(af) ? af.items : [af];
    for (const it of items) {
      const d = doc.resolve(it);
      if (isDict(d)) out.add(d);
    }
  };
  collect(doc.catalog);
  for (const page of doc.pages()) collect(page.dict);
  for (const a of annotations(doc)) collect(a.dict);
  for (const { value } of doc.objects()) collect(asDict(value));
  return out;
}

function embeddedStream(doc: PdfDocumentModel, spec: CosDict): CosStream | null {
  const ef = doc.get(spec, 'EF');
  if (!isDict(ef)) return null;
  for (const k of ['F', 'UF', 'DOS', 'Mac', 'Unix']) {
    const s = doc.get(ef, k);
    if (isStream(s)) return s;
  }
  return null;
}

/**
 * PDF/A-2 6.8: an embedded file must itself be a PDF/A-1 or PDF/A-2 file. As veraPDF decides
 * it, the file is validated: a file that is not a PDF, or does not conform, fails. Where the
 * nesting is too deep to validate, the file's identification is what can be read.
 */
function isPdfA12(
  doc: PdfDocumentModel,
  s: CosStream,
  check: RuleAreaContext['embeddedPdf'],
): { ok: boolean; details?: string } {
  const dec = doc.decodeStream(s);
  if (dec.error) return { ok: false, details: 'the embedded file could not be decoded' };
  const verdict = check?.(dec.data) ?? null;
  if (verdict) return { ok: verdict.conforms, details: verdict.details };
  try {
    const claim = xmpFacts(openDocument(dec.data))?.pdfa;
    const ok = !!claim && (claim.part === 1 || claim.part === 2);
    return ok ? { ok } : { ok, details: 'no PDF/A-1 or PDF/A-2 identification' };
  } catch {
    return { ok: false, details: 'the embedded file is not a PDF' };
  }
}

const MIME_RE = /^[-\w+.]+\/[-\w+.]+$/;

function run(ctx: RuleAreaContext): void {
  const { doc, sink, flavour } = ctx;
  const afTargets = flavour.pdfaPart === 3 ? associatedFiles(doc) : new Set<CosDict>();
  for (const spec of fileSpecs(doc)) {
    const d = spec.dict;
    const hasEF = d.entries.has('EF');
    if (flavour.pdfaPart === null) {
      const f = textValue(doc.get(d, 'F'));
      const uf = textValue(doc.get(d, 'UF'));
      sink.check(R.uaFUf, !hasEF || (!!f && !!uf), spec.location);
      continue;
    }
    sink.check(
      R.fUf,
      !hasEF || (textValue(doc.get(d, 'F')) !== null && textValue(doc.get(d, 'UF')) !== null),
      spec.location,
    );
    const stream = embeddedStream(doc, d);
    if (flavour.pdfaPart === 3) {
      sink.check(
        R.relationship,
        d.entries.has('AFRelationship') && doc.get(d, 'AFRelationship') !== null,
        spec.location,
      );
      sink.check(R.associated, afTargets.has(d), spec.location);
      if (stream) {
        const sub = nameValue(doc.get(stream.dict, 'Subtype'));
        sink.check(
          R.mime,
          sub !== null && MIME_RE.test(sub),
          `${spec.location} / embedded stream`,
          `Subtype ${sub ?? 'missing'}`,
        );
      }
    } else if (stream) {
      const v = isPdfA12(doc, stream, ctx.embeddedPdf);
      sink.check(R.pdfa12, v.ok, `${spec.location} / embedded stream`, v.details);
    }
  }
}

export const embeddedFilesArea: RuleArea = {
  name: 'embedded files',
  rules: Object.values(R),
  run,
};
