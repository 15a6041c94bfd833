/**
 * Colours a template gives (typography colour, divider colour) are checked as CSS colours by
 * the style engine's own parser: a colour the engine would ignore is a 400, not a silent black.
 */
import { csstree, parseColor } from '../style/index.js';

export function isCssColor(value: string): boolean {
  if (/[;{}<>]/.test(value) || value.length > 200) return false;
  let parsed: csstree.CssNode;
  try {
    parsed = csstree.parse(value.trim(), { context: 'value' });
  } catch {
    return false;
  }
  if (parsed.type !== 'Value' || parsed.children.size !== 1) return false;
  const node = parsed.children.first;
  return node !== null && parseColor(node) !== null;
}
