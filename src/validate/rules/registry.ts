/**
 * Every rule area the engine runs. Areas own disjoint clause ranges; the order here is the
 * order their checks are run in (it does not affect results).
 */
import type { RuleArea } from '../model/checks.js';

export const RULE_AREAS: readonly RuleArea[] = [];
