/**
 * Collects the checks of one profile run: counts per rule and the first failing locations.
 * A rule that is not part of the flavour being run is ignored, so areas may report rules of
 * several flavours without testing the flavour themselves.
 */
import type { CheckSink, RuleSpec } from '../model/checks.js';
import type { Flavour } from '../report-types.js';

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

  constructor(readonly flavour: Flavour) {}

  check(rule: RuleSpec, passed: boolean, location: string, details?: string): void {
    if (!rule.flavours.includes(this.flavour)) return;
    const key = ruleKey(rule);
    let o = this.outcomes.get(key);
    if (!o) {
      o = { rule, passed: 0, failed: 0, locations: [] };
      this.outcomes.set(key, o);
    }
    if (passed) {
      o.passed++;
      return;
    }
    o.failed++;
    // The same object reached twice (e.g. a font used on many pages) is listed once.
    const id = `${key}|${location}|${details ?? ''}`;
    if (o.locations.length < MAX_LOCATIONS_PER_RULE && !this.seen.has(id)) {
      this.seen.add(id);
      o.locations.push(details === undefined ? { location } : { location, details });
    }
  }
}
