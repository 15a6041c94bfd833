/**
 * The marked-content facts of a document's content (PDF/UA-1 7.1 tests 1-3, 7.2 tests 30-32
 * and 34, Lang of property lists), gathered by a visitor so that they ride on the same content
 * walk as the graphics and font facts (content/facts.ts) instead of a walk of their own.
 * Independent of the flavour being validated; rules-content.ts replays them as checks.
 */
import type { RuleSpec } from '../../model/checks.js';
import type { CosDict, CosStream } from '../../model/cos.js';
import type { PdfDocumentModel } from '../../model/document.js';
import type { Flavour } from '../../contract.js';
import type { ContentScope, ContentVisitor } from '../../content/interpreter.js';
import type { MarkedContent } from '../../content/marked.js';
import {
  decodeTextString,
  isArray,
  isString,
  nameAt,
  resolvedDict,
  stringAt,
} from '../../model/read.js';
import { chainFinder } from './chain.js';
import { parentTreeOf } from './parent-tree.js';
import { R } from './specs.js';
import { structTreeOf } from './tree.js';

/** The rules these facts serve. */
export const CONTENT_TAG_RULES: readonly RuleSpec[] = [
  R.contentArtifactInTagged,
  R.contentTaggedInArtifact,
  R.contentUntagged,
  R.spanActualTextLang,
  R.spanAltLang,
  R.spanELang,
  R.textLang,
  R.aLang,
  R.uaLang,
  R.formReused,
];

/** Whether validating this flavour replays the facts (else gathering them is wasted work). */
export function needsContentTags(flavour: Flavour): boolean {
  return CONTENT_TAG_RULES.some((r) => r.flavours.includes(flavour));
}

/** Failures kept with their location per rule; further ones are only counted. */
const KEEP_FAILURES = 200;
const KEEP_LANG_LOCATIONS = 20;

interface Outcome {
  passed: number;
  failures: { where: string; details?: string }[];
  moreFailed: number;
}

/** What one content walk found, independent of the flavour being validated. */
export interface ContentTagFacts {
  readonly outcomes: Map<RuleSpec, Outcome>;
  /** Lang values of property lists: how often each occurs and where (first few). */
  readonly langs: Map<string, { count: number; where: string[] }>;
}

export function contentTagCollector(doc: PdfDocumentModel): {
  visit: ContentVisitor;
  result: () => ContentTagFacts;
} {
  const outcomes = new Map<RuleSpec, Outcome>();
  const langs = new Map<string, { count: number; where: string[] }>();
  const record = (rule: RuleSpec, passed: boolean, where: string) => {
    let o = outcomes.get(rule);
    if (!o) {
      o = { passed: 0, failures: [], moreFailed: 0 };
      outcomes.set(rule, o);
    }
    if (passed) o.passed++;
    else if (o.failures.length < KEEP_FAILURES) o.failures.push({ where });
    else o.moreFailed++;
  };
  const recordLang = (value: string, where: string) => {
    let l = langs.get(value);
    if (!l) {
      l = { count: 0, where: [] };
      langs.set(value, l);
    }
    l.count++;
    if (l.where.length < KEEP_LANG_LOCATIONS) l.where.push(where);
  };

  const tree = structTreeOf(doc);
  // As makeCtx computes it: the catalog has a Lang string (even empty).
  const catalogHasLang = stringAt(doc, doc.catalog, 'Lang') !== null;
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
  // Each of these is inherited down the marked-content nesting. They are memoised per
  // sequence, so a deeply nested stream costs one step per level instead of a walk to the root
  // for every event (100,000 nested BMC took minutes before).
  const elementFor = inheritedDown<CosDict | null>((m) => elemOf.get(m) || undefined, null);
  const isTagged = chainFinder(
    doc,
    (d) => d === tree.root || nameAt(doc, d, 'Type') === 'StructTreeRoot',
  );
  const elemHasLang = chainFinder(doc, (d) => stringAt(doc, d, 'Lang') !== null);
  const mcLang = inheritedDown<boolean>(
    (m) => (isString(doc.resolve(m.properties?.entries.get('Lang'))) ? true : undefined),
    false,
  );
  const hasArtifactAbove = inheritedDown<boolean>(
    (m) => (m.tag === 'Artifact' ? true : undefined),
    false,
  );

  // Form XObjects tied to the structure tree (StructParents) that have been drawn already.
  const drawnStructForms = new Set<string>();

  const visit: ContentVisitor = (ev, scope) => {
    if (ev.type === 'xobject' && ev.subtype === 'Form' && ev.xobject) {
      const tied = ev.xobject.dict.entries.has('StructParents');
      const again = tied && drawnStructForms.has(ev.key);
      if (tied) drawnStructForms.add(ev.key);
      record(R.formReused, !again, `${scope.location} / form XObject ${ev.name}`);
    }
    if (!scope.realContent) {
      // veraPDF makes a CosLang of the Lang string of every BDC property list in every content
      // stream it parses (tiling-pattern cells, Type 3 glyph procedures and annotation
      // appearances too), not only of document content; DP property lists give none.
      if (ev.type === 'marked-begin' && ev.mc.properties) {
        const lang = stringAt(doc, ev.mc.properties, 'Lang');
        if (lang)
          recordLang(
            decodeTextString(lang.bytes),
            `${scope.location} / marked content /${ev.mc.tag}`,
          );
      }
      return;
    }
    switch (ev.type) {
      case 'marked-begin': {
        const mc = ev.mc;
        let own: CosDict | null = null;
        if (mc.mcid !== null) {
          const key = structParentsKey(scope);
          const entry = key !== null ? doc.resolve(parentTree.get(key)) : null;
          if (isArray(entry)) own = resolvedDict(doc, entry.items[mc.mcid]);
        }
        elemOf.set(mc, own);
        const elem = own ?? elementFor(mc.parent);
        const tagged = isTagged(elem);
        const where = `${scope.location} / marked content /${mc.tag}${mc.mcid !== null ? ` (MCID ${mc.mcid})` : ''}`;
        record(R.contentArtifactInTagged, mc.tag !== 'Artifact' || !tagged, where);
        record(R.contentTaggedInArtifact, !tagged || !hasArtifactAbove(mc.parent), where);
        const props = mc.properties;
        const lang = props ? stringAt(doc, props, 'Lang') : null;
        if (lang) recordLang(decodeTextString(lang.bytes), where);
        if (mc.tag === 'Span' && props) {
          const langKnown = () =>
            lang !== null || mcLang(mc.parent) || elemHasLang(elem) || catalogHasLang;
          for (const [rule, key] of [
            [R.spanActualTextLang, 'ActualText'],
            [R.spanAltLang, 'Alt'],
            [R.spanELang, 'E'],
          ] as const) {
            if (stringAt(doc, props, key) !== null) record(rule, langKnown(), where);
            else record(rule, true, where);
          }
        }
        break;
      }
      case 'text': {
        const elem = elementFor(ev.mc);
        const where = `${scope.location} / text at offset ${ev.offset}`;
        record(R.contentUntagged, isTagged(elem) || hasArtifactAbove(ev.mc), where);
        record(R.textLang, catalogHasLang || mcLang(ev.mc) || elemHasLang(elem), where);
        break;
      }
      case 'paint': {
        if (ev.kind === 'text') break;
        const elem = elementFor(ev.mc);
        const what = ev.kind === 'path' ? 'path' : ev.kind === 'shading' ? 'shading' : 'image';
        record(
          R.contentUntagged,
          isTagged(elem) || hasArtifactAbove(ev.mc),
          `${scope.location} / ${what} at offset ${ev.offset}`,
        );
        break;
      }
    }
  };
  return { visit, result: () => ({ outcomes, langs }) };
}

/**
 * A value a marked-content sequence takes from the nearest ancestor (itself included) that has
 * its own (`own` returns undefined to defer to the parent), else `none`. Results are cached per
 * sequence along the path walked, so repeated lookups from deep nesting stay linear overall.
 * Only call it for sequences whose own value is final (begun already), as the walk does.
 */
function inheritedDown<T>(
  own: (m: MarkedContent) => T | undefined,
  none: T,
): (mc: MarkedContent | null) => T {
  const memo = new WeakMap<MarkedContent, T>();
  return (mc) => {
    const path: MarkedContent[] = [];
    let value = none;
    for (let m = mc; m; m = m.parent) {
      if (memo.has(m)) {
        value = memo.get(m) as T;
        break;
      }
      const v = own(m);
      if (v !== undefined) {
        value = v;
        memo.set(m, v);
        break;
      }
      path.push(m);
    }
    for (const m of path) memo.set(m, value);
    return value;
  };
}

function structParentsOf(doc: PdfDocumentModel, stream: CosStream): number | null {
  const v = doc.resolve(stream.dict.entries.get('StructParents'));
  return v !== null && typeof v === 'object' && v.kind === 'number' ? v.value : null;
}
