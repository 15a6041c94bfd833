/**
 * How deeply a template request nests arrays and objects, checked before anything walks it
 * recursively. Light on purpose: the service checks it on its HTTP thread without loading the
 * template stage.
 */
import { InputError, type FieldProblem } from '../diagnostics.js';

export const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Deepest nesting of arrays and objects in a template request. Real templates and data stay
 * under a dozen levels; much deeper JSON overflows the stack of whatever walks it recursively
 * (the copy to a worker thread among them).
 */
export const MAX_NESTING_DEPTH = 64;

/**
 * The first value nested deeper than `maxDepth` arrays and objects inside `value`, as a problem
 * whose pointer names the field that holds it, or null. Walks without recursion.
 */
export function nestingProblem(
  value: unknown,
  base: string,
  maxDepth = MAX_NESTING_DEPTH,
): FieldProblem | null {
  const stack: [unknown, string, number][] = [[value, base, 0]];
  while (stack.length > 0) {
    const [v, pointer, depth] = stack.pop() as [unknown, string, number];
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) {
      return {
        pointer,
        message: `is nested more than ${maxDepth} levels deep; the limit is ${maxDepth}`,
      };
    }
    if (Array.isArray(v)) v.forEach((item, i) => stack.push([item, `${pointer}/${i}`, depth + 1]));
    else
      for (const [k, item] of Object.entries(v))
        stack.push([item, `${pointer}/${escapePointer(k)}`, depth + 1]);
  }
  return null;
}

/** Throws the InputError (400) of a template or data nested too deeply. */
export function assertNesting(template: unknown, data: unknown): void {
  const problems = [nestingProblem(template, '/template'), nestingProblem(data, '/data')].filter(
    (p): p is FieldProblem => p !== null,
  );
  if (problems.length > 0) {
    throw new InputError(
      `the template request is nested more than ${MAX_NESTING_DEPTH} levels deep`,
      problems,
    );
  }
}
