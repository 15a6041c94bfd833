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

/** A Ratio node (`16/9`, `2`) as the number it stands for; null when it is not a ratio. */
export function ratioValue(n: CssNode & { type: 'Ratio' }): number | null {
  const part = (x: unknown): number =>
    typeof x === 'string'
      ? parseFloat(x)
      : x && typeof x === 'object' && 'value' in x
        ? parseFloat(String((x as { value: unknown }).value))
        : NaN;
  const l = part(n.left);
  const r = n.right === null || n.right === undefined ? 1 : part(n.right);
  return Number.isFinite(l) && Number.isFinite(r) && r > 0 ? l / r : null;
}
