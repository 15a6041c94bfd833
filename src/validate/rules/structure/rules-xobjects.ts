/** 7.20: form XObjects reachable from pages and annotation appearances must not be reference XObjects. */
import { noteBoundReached } from '../doc-walk.js';
import type { CosDict, CosObject } from '../../model/cos.js';
import { isArray, isRef, nameAt, resolvedDict } from '../../model/read.js';
import type { StructCtx } from './context.js';
import { R } from './specs.js';

const MAX_FORMS = 100_000;

export function checkXObjects(c: StructCtx): void {
  if (!c.has(R.refXObject)) return;
  const { doc } = c;
  const seen = new Set<CosDict>();
  let count = 0;
  const visitResources = (
    res: CosDict | null,
    where: string,
    stack: [CosDict | null, string][],
  ) => {
    const xobjs = res ? resolvedDict(doc, res.entries.get('XObject')) : null;
    if (!xobjs) return;
    for (const [name, v] of xobjs.entries) {
      const d = resolvedDict(doc, v);
      if (!d || seen.has(d) || nameAt(doc, d, 'Subtype') !== 'Form') continue;
      seen.add(d);
      if (++count > MAX_FORMS) {
        noteBoundReached(doc, 'form XObjects', MAX_FORMS);
        return;
      }
      const loc = `form XObject ${name}${isRef(v) ? ` (object ${v.num})` : ''} used on ${where}`;
      c.check(R.refXObject, !d.entries.has('Ref'), loc);
      stack.push([resolvedDict(doc, d.entries.get('Resources')), where]);
    }
  };
  const appearanceStreams = (ap: CosDict | null): CosObject[] => {
    const out: CosObject[] = [];
    if (!ap) return out;
    for (const v of ap.entries.values()) {
      const r = doc.resolve(v);
      if (r === null || typeof r !== 'object') continue;
      if (r.kind === 'stream') out.push(v);
      else if (r.kind === 'dict') for (const s of r.entries.values()) out.push(s);
    }
    return out;
  };
  for (const page of doc.pages()) {
    const where = `page ${page.index + 1}`;
    const stack: [CosDict | null, string][] = [[page.resources, where]];
    const annots = doc.resolve(page.dict.entries.get('Annots'));
    if (isArray(annots)) {
      for (const a of annots.items) {
        const annot = resolvedDict(doc, a);
        for (const s of appearanceStreams(
          annot ? resolvedDict(doc, annot.entries.get('AP')) : null,
        )) {
          const d = resolvedDict(doc, s);
          if (!d || seen.has(d)) continue;
          seen.add(d);
          c.check(R.refXObject, !d.entries.has('Ref'), `annotation appearance on ${where}`);
          stack.push([resolvedDict(doc, d.entries.get('Resources')), where]);
        }
      }
    }
    while (stack.length > 0 && count <= MAX_FORMS) {
      const [res, w] = stack.pop() as [CosDict | null, string];
      visitResources(res, w, stack);
    }
  }
}
