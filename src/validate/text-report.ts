/** The human-readable form of a ValidationResponse: summary first, then failures grouped by rule. */
import type { ValidationFailure, ValidationResponse } from './contract.js';

export function formatTextReport(file: string, report: ValidationResponse): string {
  const lines: string[] = [];
  lines.push(`${file}: ${report.isCompliant ? 'compliant' : 'NOT compliant'}`);
  for (const p of report.profiles) {
    lines.push(
      `  ${p.profile} (${p.specification}): ${p.isCompliant ? 'pass' : 'fail'} - ${p.passedChecks} of ${p.totalChecks} checks passed, ${p.failedChecks} failed`,
    );
  }
  const info = report.documentInfo;
  if (info) {
    lines.push(
      `  ${info.pages} page(s), ${info.tagged ? 'tagged' : 'not tagged'}, language ${info.language ?? 'not set'}, ` +
        `${info.structureElements} structure element(s), ${info.fonts.length} font(s), ${info.images} image(s)`,
    );
  }
  const groups = new Map<string, ValidationFailure[]>();
  for (const f of report.failures ?? []) {
    const key = `${f.profile} ${f.clause}-${f.testNumber}`;
    const g = groups.get(key);
    if (g) g.push(f);
    else groups.set(key, [f]);
  }
  if (groups.size) lines.push('', '  Failures:');
  for (const [key, fs] of groups) {
    lines.push(`  [${key}] ${fs[0].category}: ${fs[0].message}`);
    for (const f of fs) {
      const where = f.location ?? 'document';
      lines.push(`      at ${where}${f.errorDetails ? ` - ${f.errorDetails}` : ''}`);
    }
  }
  return lines.join('\n');
}
