/**
 * Document-level PDF/A clauses 6.10 (alternate presentations, presentation steps) and 6.11
 * (Requirements), and PDF/UA-1 7.16 (encryption must allow assistive technology).
 */
import { PDFA_ALL, PDFUA, type RuleArea, type RuleAreaContext } from '../model/checks.js';
import { dictOf, isDict, numberOf } from '../model/util.js';
import { rule } from './spec.js';

export const R = {
  altPresentations: rule(
    PDFA_ALL,
    '6.10',
    1,
    'PDDocument',
    'File structure',
    'The name dictionary has an AlternatePresentations entry.',
  ),
  presSteps: rule(
    PDFA_ALL,
    '6.10',
    2,
    'PDPage',
    'File structure',
    'The page has a PresSteps entry.',
  ),
  requirements: rule(
    PDFA_ALL,
    '6.11',
    1,
    'CosDocument',
    'File structure',
    'The catalog has a Requirements entry.',
  ),
  uaPermissions: rule(
    PDFUA,
    '7.16',
    1,
    'PDEncryption',
    'Security',
    'The encryption dictionary does not grant content extraction for accessibility (P bit 10).',
  ),
} as const;

function run(ctx: RuleAreaContext): void {
  const { doc, sink, flavour } = ctx;
  if (flavour.pdfaPart === null) {
    const enc = doc.get(doc.trailer, 'Encrypt');
    if (isDict(enc)) {
      const p = numberOf(doc.get(enc, 'P'));
      sink.check(
        R.uaPermissions,
        p !== null && (p & 512) === 512,
        'encryption dictionary',
        p === null ? 'no P entry' : `P ${p}`,
      );
    }
    return;
  }
  const names = dictOf(doc.get(doc.catalog, 'Names'));
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
