/**
 * One walk over all content of a document, summarised into the facts the graphics and font
 * rules need. Cached per document (an immutable result, computed once) so the graphics area,
 * the font area and every flavour share a single interpretation pass.
 */
import type { CosDict, CosObject, CosStream, CosString } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import { type ColourSpace, resolveColourSpaceOperand } from './colour.js';
import { readNumberTree } from '../rules/structure/parent-tree.js';
import {
  asArray,
  asDict,
  asStream,
  asString,
  integerValue,
  nameValue,
  numberValue,
} from '../model/read.js';
import type { ContentScope, ContentVisitor, FontUse, GraphicsState } from './interpreter.js';
import { type MarkedContent, enclosingMcid, inheritedProperty } from './marked.js';
import { walkDocument } from './walk.js';
import {
  type ContentTagFacts,
  contentTagCollector,
  needsContentTags,
} from '../rules/structure/content-tags.js';
import type { Flavour } from '../contract.js';

export interface Located<T> {
  readonly value: T;
  readonly location: string;
}

/** A colour space in use, with the overprint state it was used under (for 6.2.4.2). */
export interface ColourUse {
  readonly space: ColourSpace;
  readonly location: string;
  /** Overprint for the target the space was used for, and OPM; null when only selected. */
  readonly overprint: boolean | null;
  readonly overprintMode: number;
}

export interface TextUse {
  readonly strings: readonly CosString[];
  /** Whether an ActualText covers the text: an enclosing marked-content sequence or the MCID's structure element. */
  readonly actualText: boolean;
  readonly renderingMode: number;
  readonly mc: MarkedContent | null;
  readonly pageIndex: number | null;
  readonly realContent: boolean;
  readonly location: string;
}

export interface FontUsage {
  readonly font: FontUse;
  readonly location: string;
  /** Distinct uses: the same strings shown with the same rendering mode and ActualText state are kept once. */
  readonly texts: TextUse[];
  /** Hash of a use -> the uses with that hash (compared byte by byte on a hit). */
  readonly seen: Map<number, TextUse[]>;
}

export interface ContentFacts {
  /** Every q with its nesting depth in its stream; only depths above 28 are kept, plus the count. */
  readonly saves: { count: number; deep: Located<number>[] };
  readonly operators: { count: number; undefined: Located<string>[] };
  /** Named resources a stream found only in inherited resources (page tree, or the page for nested streams). */
  readonly inheritedResources: Located<string>[];
  /** Locations of every content stream interpreted (pages and nested streams). */
  readonly streamLocations: string[];
  /** Streams that are not page content (forms, patterns, glyphs, appearances). */
  readonly nestedStreams: Map<string, Located<CosStream>>;
  readonly colourUses: Map<string, ColourUse>;
  readonly extGStates: Map<string, Located<CosDict>>;
  readonly images: Map<string, Located<CosStream>>;
  readonly inlineImages: Located<CosDict>[];
  readonly forms: Map<string, Located<CosStream>>;
  readonly otherXObjects: Map<string, Located<CosStream>>;
  readonly shadings: Map<string, Located<CosDict>>;
  readonly renderingIntents: Located<CosObject>[];
  readonly fonts: Map<string, FontUsage>;
  /** Per 0-based page index: whether the page (content or annotations) uses transparency. */
  readonly pageTransparency: Map<number, boolean>;
  readonly errors: Located<string>[];
}

/** A collector's result, or what it threw (kept so every caller sees the same failure). */
type Outcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

interface Joint {
  readonly facts: Outcome<ContentFacts> | null;
  readonly tags: Outcome<ContentTagFacts> | null;
}

const cache = new WeakMap<PdfDocumentModel, Joint>();

/**
 * Graphics and font facts of every content stream of the document. Given the flavour being
 * validated, the same walk also gathers the marked-content facts when that flavour needs them.
 */
export function contentFacts(doc: PdfDocumentModel, flavour?: Flavour): ContentFacts {
  const hit = cache.get(doc);
  if (hit?.facts) return unwrap(hit.facts);
  const withTags = !hit?.tags && flavour !== undefined && needsContentTags(flavour);
  const joint = walkJoint(doc, true, withTags);
  cache.set(doc, { facts: joint.facts, tags: hit?.tags ?? joint.tags });
  return unwrap(joint.facts as Outcome<ContentFacts>);
}

/** Marked-content facts (structure area), gathered in the same walk as contentFacts if it can. */
export function contentTagFacts(doc: PdfDocumentModel): ContentTagFacts {
  const hit = cache.get(doc);
  if (hit?.tags) return unwrap(hit.tags);
  const joint = walkJoint(doc, !hit?.facts, true);
  cache.set(doc, { facts: hit?.facts ?? joint.facts, tags: joint.tags });
  return unwrap(joint.tags as Outcome<ContentTagFacts>);
}

function unwrap<T>(o: Outcome<T>): T {
  if (!o.ok) throw o.error;
  return o.value;
}

/**
 * One content walk feeding the collectors asked for: interpreting the content was the largest
 * cost of a validation, and each collector used to walk it separately. A collector that
 * throws is dropped from the walk and its error kept, so the other collector's result is the
 * same as from a walk of its own; an error of the walk itself reaches every collector still
 * running, as a walk of its own would have thrown it.
 */
function walkJoint(doc: PdfDocumentModel, withFacts: boolean, withTags: boolean): Joint {
  const facts = withFacts ? start(() => factsCollector(doc)) : null;
  const tags = withTags ? start(() => contentTagCollector(doc)) : null;
  let walkFailed: { error: unknown } | null = null;
  try {
    walkDocument(doc, (ev, scope) => {
      facts?.visit(ev, scope);
      tags?.visit(ev, scope);
    });
  } catch (error) {
    walkFailed = { error };
  }
  return { facts: facts?.finish(walkFailed) ?? null, tags: tags?.finish(walkFailed) ?? null };
}

interface Running<T> {
  visit: ContentVisitor;
  finish: (walkFailed: { error: unknown } | null) => Outcome<T>;
}

function start<T>(make: () => { visit: ContentVisitor; result: () => T }): Running<T> {
  let failed: { error: unknown } | null = null;
  let collector: { visit: ContentVisitor; result: () => T } | null = null;
  try {
    collector = make();
  } catch (error) {
    failed = { error };
  }
  return {
    visit: (ev, scope) => {
      if (failed || !collector) return;
      try {
        collector.visit(ev, scope);
      } catch (error) {
        failed = { error };
      }
    },
    finish: (walkFailed) => {
      const error = failed ?? walkFailed;
      if (error || !collector) return { ok: false, error: error?.error };
      return { ok: true, value: collector.result() };
    },
  };
}

function isTransparentBlend(bm: CosObject): boolean {
  if (bm === null || bm === undefined) return false;
  if (typeof bm === 'object' && bm.kind === 'name') return bm.value !== 'Normal';
  if (typeof bm === 'object' && bm.kind === 'array') {
    if (bm.items.length !== 1) return true;
    const v = bm.items[0];
    return !!v && typeof v === 'object' && v.kind === 'name' && v.value !== 'Normal';
  }
  return true;
}

function paintTransparent(gs: GraphicsState, fill: boolean, stroke: boolean): boolean {
  if (gs.softMask || isTransparentBlend(gs.blendMode)) return true;
  if (fill && gs.fillAlpha < 1) return true;
  if (stroke && gs.strokeAlpha < 1) return true;
  return false;
}

function xobjectTransparent(
  doc: PdfDocumentModel,
  stream: CosStream,
  subtype: string | null,
): boolean {
  if (subtype === 'Image') {
    if (asStream(doc.get(stream.dict, 'SMask'))) return true;
    const inData = numberValue(doc.get(stream.dict, 'SMaskInData'));
    return inData !== null && inData > 0;
  }
  if (subtype === 'Form') {
    const group = asDict(doc.get(stream.dict, 'Group'));
    return !!group && nameValue(doc.get(group, 'S')) === 'Transparency';
  }
  return false;
}

function factsCollector(doc: PdfDocumentModel): {
  visit: ContentVisitor;
  result: () => ContentFacts;
} {
  const facts: ContentFacts = {
    saves: { count: 0, deep: [] },
    operators: { count: 0, undefined: [] },
    inheritedResources: [],
    streamLocations: [],
    nestedStreams: new Map(),
    colourUses: new Map(),
    extGStates: new Map(),
    images: new Map(),
    inlineImages: [],
    forms: new Map(),
    otherXObjects: new Map(),
    shadings: new Map(),
    renderingIntents: [],
    fonts: new Map(),
    pageTransparency: new Map(),
    errors: [],
  };
  const useColour = (
    space: ColourSpace | null,
    location: string,
    overprint: boolean | null,
    opm: number,
  ): void => {
    if (!space) return;
    const key = `${space.key}|${overprint}|${opm}`;
    if (!facts.colourUses.has(key))
      facts.colourUses.set(key, { space, location, overprint, overprintMode: opm });
  };
  const transparent = (scope: ContentScope): void => {
    if (scope.pageIndex !== null) facts.pageTransparency.set(scope.pageIndex, true);
  };

  const structActualText = structureActualText(doc);
  const visit: ContentVisitor = (ev, scope) => {
    const loc = scope.location;
    switch (ev.type) {
      case 'enter':
        facts.streamLocations.push(loc);
        // An appearance stream that is a transparency group makes the page use transparency.
        if (
          scope.kind === 'annotation' &&
          scope.stream &&
          xobjectTransparent(doc, scope.stream, 'Form')
        )
          transparent(scope);
        if (scope.stream && scope.kind !== 'page') {
          const key = `${scope.kind}|${scope.stream.ref ? `${scope.stream.ref.num} ${scope.stream.ref.gen}` : loc}`;
          if (!facts.nestedStreams.has(key))
            facts.nestedStreams.set(key, { value: scope.stream, location: loc });
        }
        break;
      case 'operator':
        facts.operators.count++;
        if (!ev.known) facts.operators.undefined.push({ value: ev.op, location: loc });
        if (ev.op === 'ri' && ev.operands.length > 0) {
          facts.renderingIntents.push({
            value: ev.operands[ev.operands.length - 1],
            location: loc,
          });
        }
        break;
      case 'gsave':
        facts.saves.count++;
        if (ev.depth > 28) facts.saves.deep.push({ value: ev.depth, location: loc });
        break;
      case 'resource':
        if (ev.status === 'inherited') {
          facts.inheritedResources.push({ value: `${ev.category}/${ev.name}`, location: loc });
        }
        break;
      case 'colour':
        useColour(ev.space, loc, null, 0);
        break;
      case 'paint': {
        const gs = ev.gs;
        if (ev.fill && ev.kind !== 'image' && ev.kind !== 'inline-image' && ev.kind !== 'shading') {
          useColour(gs.fillCS, loc, gs.overprintFill, gs.overprintMode);
        }
        if (ev.stroke) useColour(gs.strokeCS, loc, gs.overprintStroke, gs.overprintMode);
        if (ev.kind === 'image' || ev.kind === 'inline-image') {
          if (ev.fill) useColour(gs.fillCS, loc, gs.overprintFill, gs.overprintMode);
        }
        if (
          paintTransparent(
            gs,
            ev.fill || ev.kind === 'image' || ev.kind === 'inline-image',
            ev.stroke,
          )
        ) {
          transparent(scope);
        }
        break;
      }
      case 'text': {
        if (!ev.font) break;
        let usage = facts.fonts.get(ev.font.key);
        if (!usage) {
          usage = { font: ev.font, location: loc, texts: [], seen: new Map() };
          facts.fonts.set(ev.font.key, usage);
        }
        // Keep each distinct use once, so memory follows the distinct text, not the page count.
        const actualText =
          !!inheritedProperty(ev.mc, 'ActualText') || structActualText(scope.pageIndex, ev.mc);
        const tr = ev.gs.renderingMode;
        const h = hashUse(ev.strings, tr, actualText);
        const bucket = usage.seen.get(h);
        if (!bucket || !bucket.some((u) => sameUse(u, ev.strings, tr, actualText))) {
          const use: TextUse = {
            strings: ev.strings,
            actualText,
            renderingMode: tr,
            mc: ev.mc,
            pageIndex: scope.pageIndex,
            realContent: scope.realContent,
            location: loc,
          };
          usage.texts.push(use);
          if (bucket) bucket.push(use);
          else usage.seen.set(h, [use]);
        }
        break;
      }
      case 'extgstate':
        if (ev.dict && ev.key && !facts.extGStates.has(ev.key)) {
          facts.extGStates.set(ev.key, {
            value: ev.dict,
            location: `${loc} / graphics state ${ev.name}`,
          });
        }
        break;
      case 'xobject': {
        if (!ev.xobject) break;
        const where = `${loc} / XObject ${ev.name}`;
        const map =
          ev.subtype === 'Image'
            ? facts.images
            : ev.subtype === 'Form'
              ? facts.forms
              : facts.otherXObjects;
        if (!map.has(ev.key)) map.set(ev.key, { value: ev.xobject, location: where });
        if (ev.subtype === 'Image') {
          const cs = doc.get(ev.xobject.dict, 'ColorSpace');
          if (cs !== null) {
            const resolved = resolveImageSpace(doc, ev.xobject, scope);
            useColour(resolved, where, null, 0);
          }
          const intent = ev.xobject.dict.entries.get('Intent');
          if (intent !== undefined)
            facts.renderingIntents.push({ value: doc.resolve(intent), location: where });
        }
        if (xobjectTransparent(doc, ev.xobject, ev.subtype)) transparent(scope);
        break;
      }
      case 'inline-image': {
        facts.inlineImages.push({ value: ev.dict, location: `${loc} / inline image` });
        useColour(ev.colourSpace, `${loc} / inline image`, null, 0);
        const intent = ev.dict.entries.get('Intent');
        if (intent !== undefined)
          facts.renderingIntents.push({ value: intent, location: `${loc} / inline image` });
        break;
      }
      case 'shading':
        if (ev.shading && ev.key && !facts.shadings.has(ev.key)) {
          facts.shadings.set(ev.key, {
            value: ev.shading,
            location: `${loc} / shading ${ev.name}`,
          });
        }
        useColour(ev.colourSpace, `${loc} / shading ${ev.name}`, null, 0);
        break;
      case 'pattern': {
        const dict = ev.dict;
        if (dict && numberValue(doc.get(dict, 'PatternType')) === 2) {
          const sh = asDict(doc.get(dict, 'Shading'));
          const csRaw = sh ? sh.entries.get('ColorSpace') : undefined;
          if (sh && csRaw !== undefined) {
            const key = `pattern-shading|${ev.pattern.key}`;
            if (!facts.shadings.has(key))
              facts.shadings.set(key, {
                value: sh,
                location: `${loc} / pattern ${ev.pattern.name}`,
              });
            useColour(
              resolveSpace(doc, csRaw, scope),
              `${loc} / pattern ${ev.pattern.name}`,
              null,
              0,
            );
          }
          const egs = asDict(doc.get(dict, 'ExtGState'));
          if (egs) {
            const key = `pattern-gs|${ev.pattern.key}`;
            if (!facts.extGStates.has(key))
              facts.extGStates.set(key, {
                value: egs,
                location: `${loc} / pattern ${ev.pattern.name}`,
              });
          }
        }
        break;
      }
      case 'error':
        facts.errors.push({ value: ev.message, location: loc });
        break;
      default:
        break;
    }
  };
  return { visit, result: () => facts };
}

function resolveSpace(
  doc: PdfDocumentModel,
  raw: CosObject,
  scope: ContentScope,
): ColourSpace | null {
  return resolveColourSpaceOperand(doc, raw, scope.resources);
}

function resolveImageSpace(
  doc: PdfDocumentModel,
  image: CosStream,
  scope: ContentScope,
): ColourSpace | null {
  const raw = image.dict.entries.get('ColorSpace');
  if (raw === undefined) return null;
  return resolveColourSpaceOperand(doc, raw, scope.resources);
}

/** FNV-1a over the shown bytes, the rendering mode and the ActualText flag. */
function hashUse(strings: readonly CosString[], tr: number, actualText: boolean): number {
  let h = 0x811c9dc5 ^ (tr * 2 + (actualText ? 1 : 0));
  for (const s of strings) {
    const b = s.bytes;
    for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i], 0x01000193);
    h = Math.imul(h ^ 0xff, 0x01000193);
  }
  return h >>> 0;
}

function sameUse(
  u: TextUse,
  strings: readonly CosString[],
  tr: number,
  actualText: boolean,
): boolean {
  if (u.renderingMode !== tr || u.actualText !== actualText || u.strings.length !== strings.length)
    return false;
  for (let k = 0; k < strings.length; k++) {
    const a = u.strings[k].bytes;
    const b = strings[k].bytes;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  }
  return true;
}

/**
 * Whether the structure element that owns a marked-content sequence (through the page's
 * StructParents and the parent tree) has an ActualText string. The parent tree is read once.
 */
function structureActualText(
  doc: PdfDocumentModel,
): (pageIndex: number | null, mc: MarkedContent | null) => boolean {
  let tree: Map<number, CosObject> | null = null;
  let pageKeys: Map<number, number | null> | null = null;
  return (pageIndex, mc) => {
    const mcid = enclosingMcid(mc);
    if (mcid === null || pageIndex === null) return false;
    if (!pageKeys) {
      pageKeys = new Map();
      for (const p of doc.pages())
        pageKeys.set(p.index, integerValue(doc.get(p.dict, 'StructParents')));
    }
    const key = pageKeys.get(pageIndex);
    if (key === null || key === undefined) return false;
    if (!tree) {
      const root = asDict(doc.get(doc.catalog, 'StructTreeRoot'));
      tree = readNumberTree(doc, root?.entries.get('ParentTree'));
    }
    const arr = asArray(doc.resolve(tree.get(key)));
    const elem = arr ? asDict(doc.resolve(arr.items[mcid])) : null;
    return !!elem && asString(doc.get(elem, 'ActualText')) !== null;
  };
}
