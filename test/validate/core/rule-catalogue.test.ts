import { describe, expect, it } from 'vitest';
import { RULE_AREAS } from '../../../src/validate/rules/registry.js';

// Every failure a report shows is read from its rule: a rule without a message, object or
// category gives the user a failure that says nothing about what to fix.
const rules = RULE_AREAS.flatMap((area) => area.rules.map((rule) => ({ area: area.name, rule })));

describe('the rule catalogue', () => {
  it('gives every rule a model object, a category and a message', () => {
    const unexplained = rules
      .filter(({ rule }) => !rule.object.trim() || !rule.category.trim() || !rule.message.trim())
      .map(({ area, rule }) => `${area}: ${rule.clause}-${rule.testNumber}`);
    expect(unexplained).toEqual([]);
  });

  it('names each rule once, by clause and test number', () => {
    const ids = rules.map(({ rule }) => `${rule.clause}-${rule.testNumber}`);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated).toEqual([]);
  });
});
