/**
 * PDF/A clause 6.9 and PDF/UA-1 7.10 (optional content configurations): every configuration
 * has a (unique) Name, Order lists every OCG, and AS is not used.
 */
import { PDFA_ALL, PDFUA, type RuleArea, type RuleAreaContext } from '../model/checks.js';
import type { CosDict, CosObject } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import { arrayItems, isArray, isDict, textValue } from '../model/read.js';
import { ruleSpec } from './spec.js';

export const R = {
  name: ruleSpec({
    clause: '6.9',
    testNumber: 1,
    object: 'PDOCConfig',
    category: 'Optional content',
    message: 'An optional content configuration has no non-empty Name.',
    flavours: PDFA_ALL,
  }),
  unique: ruleSpec({
    clause: '6.9',
    testNumber: 2,
    object: 'PDOCConfig',
    category: 'Optional content',
    message: 'Two optional content configurations have the same Name.',
    flavours: PDFA_ALL,
  }),
  order: ruleSpec({
    clause: '6.9',
    testNumber: 3,
    object: 'PDOCConfig',
    category: 'Optional content',
    message:
      'The Order array of an optional content configuration does not list every optional content group.',
    flavours: PDFA_ALL,
  }),
  as: ruleSpec({
    clause: '6.9',
    testNumber: 4,
    object: 'PDOCConfig',
    category: 'Optional content',
    message: 'An optional content configuration has an AS entry.',
    flavours: PDFA_ALL,
  }),
  uaName: ruleSpec({
    clause: '7.10',
    testNumber: 1,
    object: 'PDOCConfig',
    category: 'Optional content',
    message: 'An optional content configuration has no non-empty Name.',
    flavours: PDFUA,
  }),
  uaAs: ruleSpec({
    clause: '7.10',
    testNumber: 2,
    object: 'PDOCConfig',
    category: 'Optional content',
    message: 'An optional content configuration has an AS entry.',
    flavours: PDFUA,
  }),
} as const;

/** Every dictionary referenced from an Order array (nested arrays, labels skipped), bounded. */
function orderGroups(doc: PdfDocumentModel, order: CosObject): Set<CosDict> {
  const out = new Set<CosDict>();
  const seen = new Set<CosObject>();
  const stack: CosObject[] = [order];
  let steps = 0;
  while (stack.length && steps++ < 100_000) {
    const o = doc.resolve(stack.pop());
    if (isArray(o)) {
      if (seen.has(o)) continue;
      seen.add(o);
      for (const it of o.items) stack.push(it);
    } else if (isDict(o)) out.add(o);
  }
  return out;
}

function run(ctx: RuleAreaContext): void {
  const { doc, sink, flavour } = ctx;
  const props = doc.get(doc.catalog, 'OCProperties');
  if (!isDict(props)) return;
  const configs: { dict: CosDict; location: string }[] = [];
  const d = doc.get(props, 'D');
  if (isDict(d)) configs.push({ dict: d, location: 'optional content / default configuration' });
  arrayItems(doc.get(props, 'Configs')).forEach((c, i) => {
    const cd = doc.resolve(c);
    if (isDict(cd))
      configs.push({ dict: cd, location: `optional content / configuration ${i + 1}` });
  });
  const ua = flavour.pdfaPart === null;
  const names = new Map<string, number>();
  for (const c of configs) {
    const n = textValue(doc.get(c.dict, 'Name'));
    if (n) names.set(n, (names.get(n) ?? 0) + 1);
  }
  const groups = arrayItems(doc.get(props, 'OCGs'))
    .map((g) => doc.resolve(g))
    .filter(isDict);
  for (const c of configs) {
    const name = textValue(doc.get(c.dict, 'Name'));
    const hasName = name !== null && name.length > 0;
    const hasAS = c.dict.entries.has('AS');
    if (ua) {
      sink.check(R.uaName, hasName, c.location);
      sink.check(R.uaAs, !hasAS, c.location);
      continue;
    }
    sink.check(R.name, hasName, c.location);
    sink.check(
      R.unique,
      !hasName || (names.get(name) ?? 0) < 2,
      c.location,
      name ? `name "${name}"` : undefined,
    );
    if (c.dict.entries.has('Order')) {
      const listed = orderGroups(doc, doc.get(c.dict, 'Order'));
      const missing = groups.filter((g) => !listed.has(g)).length;
      sink.check(
        R.order,
        missing === 0,
        c.location,
        missing ? `${missing} group(s) missing from Order` : undefined,
      );
    }
    sink.check(R.as, !hasAS, c.location);
  }
}

export const optionalContentArea: RuleArea = {
  name: 'optional content',
  rules: Object.values(R),
  run,
};
