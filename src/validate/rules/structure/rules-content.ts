/**
 * Rules over marked content in page content (PDF/UA-1 7.1 tests 1-3, 7.2 tests 30-32 and 34,
 * and Lang values of property lists for 6.7.4 / 7.2 test 29). The content interpreter reports
 * each marked-content sequence with its enclosing chain; its MCID is tied to a structure element
 * through the parent tree (page or form XObject StructParents). Content counts as tagged when
 * that element's /P chain reaches the structure tree root.
 */
import type { CosDict, CosStream } from '../../model/cos.js';
import type { PdfDocumentModel } from '../../model/document.js';
import { walkDocument, type ContentScope, type MarkedContent } from '../../content/index.js';
import { decodeTextString, dictOf, getName, getString, isArray, isString } from './cos-util.js';
import type { StructCtx } from './context.js';
import { chainFinder } from './chain.js';
import { checkLangValue } from './rules-lang.js';
import { parentTreeOf } from './parent-tree.js';
import { R } from './specs.js';

export function checkContent(c: StructCtx): void {
  const wanted = [
    R.contentArtifactInTagged,
    R.contentTaggedInArtifact,
    R.contentUntagged,
    R.spanActualTextLang,
    R.spanAltLang,
    R.spanELang,
    R.textLang,
    R.aLang,
    R.uaLang,
  ];
  if (!wanted.some((r) => c.has(r))) return;
  const { doc, tree } = c;
  const parentTree = parentTreeOf(doc, tree);
  const pageDicts: CosDict[] = [];
  for (const p of doc.pages()) pageDicts[p.index] = p.dict;

  const elemOf = new WeakMap<MarkedContent, CosDict | null>();

  /** StructParents key of the stream the scope interprets (a form's own, else its page's). */
  const structParentsKey = (scope: ContentScope): number | null => {
    const own = scope.stream ? structParentsOf(doc, scope.stream) : null;
    if (own !== null) return own;
    const page = scope.pageIndex !== null ? pageDicts[scope.pageIndex] : undefined;
    const v = page ? doc.resolve(page.entries.get('StructParents')) : null;
    return v !== null && typeof v === 'object' && v.kind === 'number' ? v.value : null;
  };
  const elementFor = (mc: MarkedContent | null): CosDict | null => {
    for (let m = mc; m; m = m.parent) {
      const e = elemOf.get(m);
      if (e !== undefined) {
        if (e !== null) return e;
      }
    }
    return null;
  };
  const isTagged = chainFinder(
    doc,
    (d) => d === tree.root || getName(doc, d, 'Type') === 'StructTreeRoot',
  );
  const elemHasLang = chainFinder(doc, (d) => getString(doc, d, 'Lang') !== null);
  const mcLang = (mc: MarkedContent | null): boolean => {
    for (let m = mc; m; m = m.parent)
      if (isString(doc.resolve(m.properties?.entries.get('Lang')))) return true;
    return false;
  };
  const hasArtifactAbove = (mc: MarkedContent | null): boolean => {
    for (let m = mc; m; m = m.parent) if (m.tag === 'Artifact') return true;
    return false;
  };

  // Form XObjects tied to the structure tree (StructParents) that have been drawn already.
  const drawnStructForms = new Set<string>();

  walkDocument(doc, (ev, scope) => {
    if (ev.type === 'xobject' && ev.subtype === 'Form' && ev.xobject) {
      const tied = ev.xobject.dict.entries.has('StructParents');
      const again = tied && drawnStructForms.has(ev.key);
      if (tied) drawnStructForms.add(ev.key);
      c.check(R.formReused, !again, `${scope.location} / form XObject ${ev.name}`);
    }
    if (!scope.realContent) return;
    switch (ev.type) {
      case 'marked-begin': {
        const mc = ev.mc;
        let own: CosDict | null = null;
        if (mc.mcid !== null) {
          const key = structParentsKey(scope);
          const entry = key !== null ? doc.resolve(parentTree.get(key)) : null;
          if (isArray(entry)) own = dictOf(doc, entry.items[mc.mcid]);
        }
        elemOf.set(mc, own);
        const elem = own ?? elementFor(mc.parent);
        const tagged = isTagged(elem);
        const where = `${scope.location} / marked content /${mc.tag}${mc.mcid !== null ? ` (MCID ${mc.mcid})` : ''}`;
        c.check(R.contentArtifactInTagged, mc.tag !== 'Artifact' || !tagged, where);
        c.check(R.contentTaggedInArtifact, !tagged || !hasArtifactAbove(mc.parent), where);
        const props = mc.properties;
        const lang = props ? getString(doc, props, 'Lang') : null;
        if (lang) checkLangValue(c, decodeTextString(lang.bytes), where);
        if (mc.tag === 'Span' && props) {
          const langKnown = () =>
            lang !== null || mcLang(mc.parent) || elemHasLang(elem) || c.catalogHasLang;
          for (const [rule, key] of [
            [R.spanActualTextLang, 'ActualText'],
            [R.spanAltLang, 'Alt'],
            [R.spanELang, 'E'],
          ] as const) {
            if (getString(doc, props, key) !== null) c.check(rule, langKnown(), where);
            else c.check(rule, true, where);
          }
        }
        break;
      }
      case 'text': {
        const elem = elementFor(ev.mc);
        const where = `${scope.location} / text at offset ${ev.offset}`;
        c.check(R.contentUntagged, isTagged(elem) || hasArtifactAbove(ev.mc), where);
        c.check(R.textLang, c.catalogHasLang || mcLang(ev.mc) || elemHasLang(elem), where);
        break;
      }
      case 'paint': {
        if (ev.kind === 'text') break;
        const elem = elementFor(ev.mc);
        const what = ev.kind === 'path' ? 'path' : ev.kind === 'shading' ? 'shading' : 'image';
        c.check(
          R.contentUntagged,
          isTagged(elem) || hasArtifactAbove(ev.mc),
          `${scope.location} / ${what} at offset ${ev.offset}`,
        );
        break;
      }
    }
  });
}

function structParentsOf(doc: PdfDocumentModel, stream: CosStream): number | null {
  const v = doc.resolve(stream.dict.entries.get('StructParents'));
  return v !== null && typeof v === 'object' && v.kind === 'number' ? v.value : null;
}
