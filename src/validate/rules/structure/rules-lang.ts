/**
 * Natural language rules that are not per structure element: Lang values (CosLang), outline
 * entries, annotation Contents and form field TU. (XMP language alternatives, 7.2 test 33,
 * belong to the metadata area.)
 */
import type { CosDict, CosObject } from '../../model/cos.js';
import { decodeTextString, isArray, isDict, resolvedDict, stringAt } from '../../model/read.js';
import type { StructCtx } from './context.js';
import { isLanguageTag } from './lang.js';
import { elementLocation } from './location.js';
import { parentTreeOf } from './parent-tree.js';
import { R } from './specs.js';

/** Cap on outline items and form fields walked. */
const MAX_ITEMS = 200_000;

/** Checks one Lang value for both the PDF/A (empty allowed) and the PDF/UA (tag required) rule. */
export function checkLangValue(c: StructCtx, value: string, location: string): void {
  const shown = `Lang "${value}"`;
  const a = value === '' || isLanguageTag(value);
  c.check(R.aLang, a, location, a ? undefined : shown);
  const ua = isLanguageTag(value);
  c.check(R.uaLang, ua, location, ua ? undefined : shown);
}

export function checkLanguage(c: StructCtx): void {
  const { doc, tree } = c;
  const catLang = stringAt(doc, doc.catalog, 'Lang');
  if (catLang) checkLangValue(c, decodeTextString(catLang.bytes), 'document catalog');
  for (const node of tree.nodes) {
    const l = stringAt(doc, node.dict, 'Lang');
    if (l) checkLangValue(c, decodeTextString(l.bytes), elementLocation(doc, node));
  }
  checkOutlines(c);
  checkAnnotations(c);
  checkFormFields(c);
}

function checkOutlines(c: StructCtx): void {
  if (!c.has(R.outlineLang)) return;
  const { doc } = c;
  const outlines = resolvedDict(doc, doc.catalog?.entries.get('Outlines'));
  if (!outlines) return;
  const seen = new Set<CosDict>();
  const stack: CosObject[] = [outlines.entries.get('First') ?? null];
  let n = 0;
  while (stack.length > 0 && n < MAX_ITEMS) {
    const item = resolvedDict(doc, stack.pop());
    if (!item || seen.has(item)) continue;
    seen.add(item);
    n++;
    const title = stringAt(doc, item, 'Title');
    const label = title
      ? `outline item "${decodeTextString(title.bytes).slice(0, 60)}"`
      : `outline item ${n}`;
    c.check(R.outlineLang, c.catalogHasLang, label);
    const next = item.entries.get('Next');
    if (next !== undefined) stack.push(next);
    const first = item.entries.get('First');
    if (first !== undefined) stack.push(first);
  }
}

/**
 * Whether the element an annotation or field names through /StructParent carries its own Lang.
 * Only the element itself counts: a language inherited from its ancestors is not taken as
 * declared for the annotation (the corpus expects this reading).
 */
function structParentHasLang(c: StructCtx, d: CosDict): boolean {
  const { doc, tree } = c;
  const key = doc.resolve(d.entries.get('StructParent'));
  if (key === null || typeof key !== 'object' || key.kind !== 'number') return false;
  const elem = resolvedDict(doc, parentTreeOf(doc, tree).get(key.value));
  return elem !== null && stringAt(doc, elem, 'Lang') !== null;
}

function checkAnnotations(c: StructCtx): void {
  if (!c.has(R.annotLang)) return;
  const { doc } = c;
  for (const page of doc.pages()) {
    const annots = doc.resolve(page.dict.entries.get('Annots'));
    if (!isArray(annots)) continue;
    annots.items.forEach((a, i) => {
      const annot = resolvedDict(doc, a);
      if (!annot || stringAt(doc, annot, 'Contents') === null) return;
      const ok = c.catalogHasLang || structParentHasLang(c, annot);
      c.check(R.annotLang, ok, `annotation ${i + 1} on page ${page.index + 1}`);
    });
  }
}

function checkFormFields(c: StructCtx): void {
  if (!c.has(R.fieldLang)) return;
  const { doc } = c;
  const acro = resolvedDict(doc, doc.catalog?.entries.get('AcroForm'));
  const fields = acro ? doc.resolve(acro.entries.get('Fields')) : null;
  if (!isArray(fields)) return;
  const seen = new Set<CosDict>();
  const stack: CosObject[] = [...fields.items].reverse();
  let n = 0;
  while (stack.length > 0 && n < MAX_ITEMS) {
    const f = resolvedDict(doc, stack.pop());
    if (!f || seen.has(f)) continue;
    seen.add(f);
    n++;
    const kids = doc.resolve(f.entries.get('Kids'));
    const kidDicts = isArray(kids)
      ? kids.items.map((k) => resolvedDict(doc, k)).filter(isDict)
      : [];
    if (stringAt(doc, f, 'TU') !== null) {
      const ok =
        c.catalogHasLang ||
        structParentHasLang(c, f) ||
        kidDicts.some((k) => structParentHasLang(c, k));
      const name = stringAt(doc, f, 'T');
      c.check(
        R.fieldLang,
        ok,
        name ? `form field "${decodeTextString(name.bytes)}"` : `form field ${n}`,
      );
    }
    for (let i = kidDicts.length - 1; i >= 0; i--) stack.push(kidDicts[i]);
  }
}
