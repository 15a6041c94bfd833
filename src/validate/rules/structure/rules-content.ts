/**
 * Rules over marked content in page content (PDF/UA-1 7.1 tests 1-3, 7.2 tests 30-32 and 34,
 * and Lang values of property lists for 6.7.4 / 7.2 test 29). The content interpreter reports
 * each marked-content sequence with its enclosing chain; its MCID is tied to a structure element
 * through the parent tree (page or form XObject StructParents). Content counts as tagged when
 * that element's /P chain reaches the structure tree root.
 */
import { contentTagFacts } from '../../content/facts.js';
import type { StructCtx } from './context.js';
import { checkLangValue } from './rules-lang.js';
import { CONTENT_TAG_RULES } from './content-tags.js';

/** Replays the cached content facts as checks for the flavour being validated. */
export function checkContent(c: StructCtx): void {
  if (!CONTENT_TAG_RULES.some((r) => c.has(r))) return;
  // Gathered in the document's one content walk, shared with the graphics and font areas.
  const facts = contentTagFacts(c.doc);
  for (const [rule, o] of facts.outcomes) {
    if (!c.has(rule)) continue;
    for (let i = 0; i < o.passed; i++) c.check(rule, true, 'page content');
    for (const f of o.failures) c.check(rule, false, f.where, f.details);
    for (let i = 0; i < o.moreFailed; i++)
      c.check(rule, false, o.failures[0].where, o.failures[0].details);
  }
  for (const [value, l] of facts.langs) {
    for (const where of l.where) checkLangValue(c, value, where);
    for (let i = l.where.length; i < l.count; i++) checkLangValue(c, value, l.where[0]);
  }
}
