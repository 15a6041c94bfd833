/**
 * The logical-structure rule area: PDF/A-2A/3A clause 6.7 and the PDF/UA-1 structure rules
 * (7.1 tagging, 7.2 language and parent/child types, 7.3-7.9 alternative descriptions,
 * headings, tables, notes, 7.18.4 forms, 7.20 XObjects).
 */
import type { RuleArea, RuleAreaContext } from '../../model/checks.js';
import { makeCtx } from './context.js';
import { checkContent } from './rules-content.js';
import { checkDocument } from './rules-document.js';
import { checkElements } from './rules-elements.js';
import { checkLanguage } from './rules-lang.js';
import { checkTables } from './rules-tables.js';
import { checkXObjects } from './rules-xobjects.js';
import { STRUCTURE_RULES } from './specs.js';

export const structureArea: RuleArea = {
  name: 'structure',
  rules: STRUCTURE_RULES,
  run(ctx: RuleAreaContext): void {
    if (!STRUCTURE_RULES.some((r) => r.flavours.includes(ctx.flavour.flavour))) return;
    const c = makeCtx(ctx);
    checkDocument(c);
    checkElements(c);
    checkTables(c);
    checkLanguage(c);
    checkXObjects(c);
    checkContent(c);
  },
};
