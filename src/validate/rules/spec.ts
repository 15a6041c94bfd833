/**
 * The one way to declare a rule: veraPDF's identifiers (clause + test number) and model object,
 * with our own category and message. Rule catalogue: veraPDF Consortium,
 * veraPDF-validation-profiles, CC BY 4.0.
 */
import type { RuleSpec } from '../model/checks.js';

const CLAUSE = /^\d+(\.\d+)*$/;

/**
 * A rule specification, checked when its module loads: a mistyped clause, test number or an
 * empty flavour list would otherwise make a rule that never runs or never matches veraPDF's.
 */
export function ruleSpec(rule: RuleSpec): RuleSpec {
  const { clause, testNumber, object, category, message, flavours } = rule;
  if (!CLAUSE.test(clause) || !Number.isInteger(testNumber) || testNumber < 1)
    throw new Error(`rule ${clause}-${testNumber}: not a veraPDF clause and test number`);
  if (flavours.length === 0) throw new Error(`rule ${clause}-${testNumber} has no flavour`);
  return { clause, testNumber, object, category, message, flavours };
}
