/**
 * Collects the checks of one profile run: counts per rule and the first failing locations.
 * A rule that is not part of the flavour being run is ignored, so areas may report rules of
 * several flavours without testing the flavour themselves.
 */
import type { CheckSink, RuleSpec } from '../model/checks.js';
import type { Flavour } from '../contract.js';

/** Failing locations kept per rule; the rest are only counted. */
export const MAX_LOCATIONS_PER_RULE = 20;

export interface RuleOutcome {
  readonly rule: RuleSpec;
  passed: number;
  failed: number;
  readonly locations: { location: string; details?: string }[];
}

export function ruleKey(rule: Pick<RuleSpec, 'clause' | 'testNumber'>): string {
  return `${rule.clause}#${rule.testNumber}`;
}

export class CollectingSink implements CheckSink {
  readonly outcomes = new Map<string, RuleOutcome>();
  private readonly seen = new Set<string>();
  /** Per rule object: its outcome, or null when the rule is not part of this flavour. */
  private readonly byRule = new Map<RuleSpec, RuleOutcome | null>();

  constructor(readonly flavour: Flavour) {}

  check(rule: RuleSpec, passed: boolean, location: string, details?: string): void {
    let o = this.byRule.get(rule);
    if (o === undefined) {
      if (!rule.flavours.includes(this.flavour)) o = null;
      else {
        const key = ruleKey(rule);
        o = this.outcomes.get(key) ?? { rule, passed: 0, failed: 0, locations: [] };
        this.outcomes.set(key, o);
      }
      this.byRule.set(rule, o);
    }
    if (o === null) return;
    if (passed) {
      o.passed++;
      return;
    }
    o.failed++;
    if (o.locations.length >= MAX_LOCATIONS_PER_RULE) return;
    // The same object reached twice (e.g. a font used on many pages) is listed once.
    const id = `${ruleKey(rule)}|${location}|${details ?? ''}`;
    if (!this.seen.has(id)) {
      this.seen.add(id);
      o.locations.push(details === undefined ? { location } : { location, details });
    }
  }
}
