/**
 * The human-readable form of a ValidationResponse, for people who have to fix the file: the
 * failures grouped by what to fix (one group per rule, across profiles), each with the
 * Matterhorn conditions it breaks and where; then what needs a person's review; and last one
 * line per profile.
 */
import type { ValidationFailure, ValidationResponse } from './contract.js';

/** Locations listed per group; the rest are counted. */
const MAX_LOCATIONS = 10;

interface FixGroup {
  readonly rule: string;
  readonly message: string;
  readonly category: string;
  readonly profiles: Set<string>;
  readonly matterhorn: Set<string>;
  /** Location -> details (one line each, first seen). */
  readonly places: Map<string, string | null>;
}

function groupFailures(failures: readonly ValidationFailure[]): FixGroup[] {
  const groups = new Map<string, FixGroup>();
  for (const f of failures) {
    const rule = f.clause === 'internal' ? 'not checked' : `${f.clause}-${f.testNumber}`;
    const key = `${rule}|${f.message}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        rule,
        message: f.message,
        category: f.category,
        profiles: new Set(),
        matterhorn: new Set(),
        places: new Map(),
      };
      groups.set(key, g);
    }
    g.profiles.add(f.profile);
    for (const m of f.matterhorn ?? []) g.matterhorn.add(m);
    const where = f.location ?? 'document';
    if (!g.places.has(where)) g.places.set(where, f.errorDetails);
  }
  // What blocks every profile first, then by category.
  return [...groups.values()].sort(
    (a, b) => b.profiles.size - a.profiles.size || a.category.localeCompare(b.category),
  );
}

export function formatTextReport(file: string, report: ValidationResponse): string {
  const lines: string[] = [];
  lines.push(`${file}: ${report.isCompliant ? 'compliant' : 'NOT compliant'}`);
  const info = report.documentInfo;
  if (info) {
    lines.push(
      `  ${info.pages} page(s), ${info.tagged ? 'tagged' : 'not tagged'}, language ${info.language ?? 'not set'}, ` +
        `${info.structureElements} structure element(s), ${info.fonts.length} font(s), ${info.images} image(s)`,
    );
  }
  const groups = groupFailures(report.failures ?? []);
  if (groups.length) lines.push('', `What to fix (${groups.length}):`);
  groups.forEach((g, i) => {
    const mh = g.matterhorn.size ? `; Matterhorn ${[...g.matterhorn].join(', ')}` : '';
    lines.push(`  ${i + 1}. ${g.message}`);
    lines.push(`     ${g.category}; ${g.rule} in ${[...g.profiles].join(', ')}${mh}`);
    let shown = 0;
    for (const [where, details] of g.places) {
      if (shown++ >= MAX_LOCATIONS) break;
      lines.push(`     at ${where}${details ? ` - ${details}` : ''}`);
    }
    if (g.places.size > MAX_LOCATIONS)
      lines.push(`     and ${g.places.size - MAX_LOCATIONS} more place(s)`);
  });
  const review = report.humanReview ?? [];
  if (review.length)
    lines.push('', 'Needs human review (Matterhorn conditions no machine decides):');
  for (const r of review) {
    lines.push(`  [${r.conditions.join(', ')}] ${r.check} (${r.count} to look at)`);
    for (const e of r.elements) lines.push(`     ${e.location}${e.detail ? `: ${e.detail}` : ''}`);
    if (r.count > r.elements.length) lines.push(`     and ${r.count - r.elements.length} more`);
  }
  lines.push('');
  for (const p of report.profiles) {
    lines.push(
      `${p.profile} (${p.specification}): ${p.isCompliant ? 'pass' : 'FAIL'} - ${p.failedChecks} of ${p.totalChecks} checks failed`,
    );
  }
  return lines.join('\n');
}
