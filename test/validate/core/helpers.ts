import { validate } from '../../../src/validate/index.js';
import type { RuleArea } from '../../../src/validate/model/checks.js';
import type { Flavour } from '../../../src/validate/contract.js';

/** Rule ids (clause-test) that failed when running only `areas` for one flavour. */
export function failedRules(
  pdf: Uint8Array,
  flavour: Flavour,
  areas: readonly RuleArea[],
): string[] {
  const r = validate(pdf, { flavours: [flavour], areas });
  return [...new Set((r.failures ?? []).map((f) => `${f.clause}-${f.testNumber}`))].sort();
}

/** Each failure as `clause-test @ location: details`, the way a report points the user at it. */
export function failureLines(
  pdf: Uint8Array,
  flavour: Flavour,
  areas: readonly RuleArea[],
): string[] {
  const r = validate(pdf, { flavours: [flavour], areas });
  return (r.failures ?? []).map(
    (f) => `${f.clause}-${f.testNumber} @ ${f.location ?? ''}: ${f.errorDetails ?? ''}`,
  );
}
