/**
 * Helpers for declaring rules with veraPDF's identifiers (clause + test number). Messages are
 * ours. Rule catalogue: veraPDF Consortium, veraPDF-validation-profiles, CC BY 4.0.
 */
import type { RuleCategory, RuleSpec } from '../model/checks.js';
import type { Flavour } from '../report-types.js';

export function rule(
  flavours: readonly Flavour[],
  clause: string,
  testNumber: number,
  object: string,
  category: RuleCategory,
  message: string,
): RuleSpec {
  return { clause, testNumber, object, category, message, flavours };
}
