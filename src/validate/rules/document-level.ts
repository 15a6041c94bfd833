/**
 * Document-level PDF/A clauses 6.10 (alternate presentations, presentation steps) and 6.11
 * (Requirements), and PDF/UA-1 7.16 (encryption must allow assistive technology).
 */
import { PDFA_ALL, PDFUA, type RuleArea, type RuleAreaContext } from '../model/checks.js';
import { asDict, isDict, numberValue } from '../model/read.js';
import { ruleSpec } from './spec.js';

export const R = {
  altPresentations: ruleSpec({
    clause: '6.10',
    testNumber: 1,
    object: 'PDDocument',
    category: 'File structure',
    message: 'The name dictionary has an AlternatePresentations entry.',
    flavours: PDFA_ALL,
  }),
  presSteps: ruleSpec({
    clause: '6.10',
    testNumber: 2,
    object: 'PDPage',
    category: 'File structure',
    message: 'The page has a PresSteps entry.',
    flavours: PDFA_ALL,
  }),
  requirements: ruleSpec({
    clause: '6.11',
    testNumber: 1,
    object: 'CosDocument',
    category: 'File structure',
    message: 'The catalog has a Requirements entry.',
    flavours: PDFA_ALL,
  }),
  uaPermissions: ruleSpec({
    clause: '7.16',
    testNumber: 1,
    object: 'PDEncryption',
    category: 'Security',
    message:
      'The encryption dictionary does not grant content extraction for accessibility (P bit 10).',
    flavours: PDFUA,
  }),
} as const;

function run(ctx: RuleAreaContext): void {
  const { doc, sink, flavour } = ctx;
  if (flavour.pdfaPart === null) {
    const enc = doc.get(doc.trailer, 'Encrypt');
    if (isDict(enc)) {
      const p = numberValue(doc.get(enc, 'P'));
      sink.check(
        R.uaPermissions,
        p !== null && (p & 512) === 512,
        'encryption dictionary',
        p === null ? 'no P entry' : `P ${p}`,
      );
    }
    return;
  }
  const names = asDict(doc.get(doc.catalog, 'Names'));
  if (doc.catalog) {
    sink.check(
      R.altPresentations,
      !names?.entries.has('AlternatePresentations'),
      'document catalog / Names',
    );
    sink.check(R.requirements, !doc.catalog.entries.has('Requirements'), 'document catalog');
  }
  for (const page of doc.pages())
    sink.check(R.presSteps, !page.dict.entries.has('PresSteps'), `page ${page.index + 1}`);
}

export const documentLevelArea: RuleArea = {
  name: 'document level',
  rules: Object.values(R),
  run,
};
