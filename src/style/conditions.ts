/**
 * The terms of a media or container condition: `not a and (b or c)` as css-tree parses it, a
 * Condition node whose children are the terms with `not`, `and` and `or` between them.
 */
import type { CssNode } from 'css-tree';

export interface ConditionTerm {
  readonly node: CssNode;
  readonly negated: boolean;
  /** The operator before this term (null for the first). */
  readonly op: 'and' | 'or' | null;
}

/** The terms of a Condition node, each with its `not` and the operator joining it. */
export function conditionTerms(condition: CssNode & { type: 'Condition' }): ConditionTerm[] {
  const terms: ConditionTerm[] = [];
  let op: 'and' | 'or' | null = null;
  let negated = false;
  condition.children.forEach((n) => {
    if (n.type === 'WhiteSpace') return;
    const word = n.type === 'Identifier' ? n.name.toLowerCase() : null;
    if (word === 'not') negated = true;
    else if (word === 'and' || word === 'or') op = word;
    else {
      terms.push({ node: n, negated, op: terms.length === 0 ? null : op });
      negated = false;
    }
  });
  return terms;
}
