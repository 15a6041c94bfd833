/**
 * Runs a rule area on a model for one flavour and lists each failure the way a report shows it:
 * `clause#test @ location: details`. Unlike runArea it keeps the details, which tell the user
 * what is wrong with the object (a width, a colour space, a count).
 */
import type { CheckSink, RuleArea, RuleSpec } from '../../../src/validate/model/checks.js';
import type { PdfDocumentModel } from '../../../src/validate/model/document.js';
import type { Flavour } from '../../../src/validate/contract.js';

export function failureLines(area: RuleArea, doc: PdfDocumentModel, flavour: Flavour): string[] {
  const lines: string[] = [];
  const sink: CheckSink = {
    check(rule: RuleSpec, ok: boolean, location: string, details?: string) {
      if (ok || !rule.flavours.includes(flavour)) return;
      lines.push(
        `${rule.clause}#${rule.testNumber} @ ${location}${details === undefined ? '' : `: ${details}`}`,
      );
    },
  };
  const part = flavour === 'pdfua-1' ? null : flavour.startsWith('pdfa-2') ? 2 : 3;
  const level = flavour === 'pdfua-1' ? null : (flavour.slice(-1) as 'a' | 'b' | 'u');
  area.run({ doc, flavour: { flavour, pdfaPart: part, pdfaLevel: level }, sink });
  return lines;
}
