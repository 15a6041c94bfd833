/**
 * Shared walks for the core rule areas: annotations of every page, the structure element an
 * annotation belongs to (through StructParent and the parent tree), actions reachable from the
 * catalog, pages, annotations, fields and outlines, and name trees. All walks are cycle-safe
 * and bounded so a hostile file cannot make them loop.
 */
import type { CosDict, CosObject, CosRef } from '../model/cos.js';
import type { PageModel, PdfDocumentModel } from '../model/document.js';
import {
  arrayItems,
  asDict,
  isArray,
  isDict,
  isRef,
  nameValue,
  numberValue,
  textValue,
} from '../model/read.js';
import { STANDARD_TYPES as STANDARD_STRUCTURE_TYPES } from './structure/types.js';

const MAX_ITEMS = 1_000_000;

/**
 * Records a walk that stopped at its bound with items left: what lies past the bound was not
 * checked, so the document cannot be called compliant.
 */
export function noteBoundReached(doc: PdfDocumentModel, what: string, bound: number): void {
  doc.noteUnread(what, `more than ${bound} items; the rest were not checked`);
}

export interface AnnotationInfo {
  readonly page: PageModel;
  /** 1-based position in the page's Annots array. */
  readonly position: number;
  readonly dict: CosDict;
  readonly ref: CosRef | null;
  readonly subtype: string | null;
  readonly location: string;
}

export function* annotations(doc: PdfDocumentModel): Generator<AnnotationInfo> {
  for (const page of doc.pages()) {
    const items = arrayItems(doc.get(page.dict, 'Annots'));
    for (let i = 0; i < items.length; i++) {
      const d = doc.resolve(items[i]);
      if (!isDict(d)) continue;
      const subtype = nameValue(doc.get(d, 'Subtype'));
      const ref = isRef(items[i]) ? (items[i] as CosRef) : null;
      yield {
        page,
        position: i + 1,
        dict: d,
        ref,
        subtype,
        location: `page ${page.index + 1} / annotation ${i + 1}${subtype ? ` (${subtype})` : ''}${ref ? ` / object ${ref.num}` : ''}`,
      };
    }
  }
}

/** Values of a name tree (7.9.6) or number tree (7.9.7), in order. */
export function treeValues(
  doc: PdfDocumentModel,
  root: CosObject,
  arrayKey: 'Names' | 'Nums',
): [CosObject, CosObject][] {
  const out: [CosObject, CosObject][] = [];
  const seen = new Set<CosDict>();
  const stack: CosObject[] = [root];
  while (stack.length && out.length < MAX_ITEMS) {
    const d = asDict(doc.resolve(stack.pop()));
    if (!d || seen.has(d)) continue;
    seen.add(d);
    const arr = arrayItems(doc.get(d, arrayKey));
    for (let i = 0; i + 1 < arr.length; i += 2) out.push([doc.resolve(arr[i]), arr[i + 1]]);
    const kids = arrayItems(doc.get(d, 'Kids'));
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  if (stack.length)
    noteBoundReached(doc, `${arrayKey === 'Names' ? 'name' : 'number'} tree`, MAX_ITEMS);
  return out;
}

export interface StructParentInfo {
  readonly elem: CosDict;
  /** The element's type as written (S). */
  readonly type: string | null;
  /** The standard type it maps to through the role map, or null. */
  readonly standardType: string | null;
  /** Alt of the element, decoded. */
  readonly alt: string | null;
}

/** Finds the structure element of objects with a StructParent key (annotations, XObjects). */
export class StructParents {
  private readonly parentTree: Map<number, CosObject>;
  private readonly roleMap: Map<string, string>;

  constructor(private readonly doc: PdfDocumentModel) {
    const root = doc.get(doc.catalog, 'StructTreeRoot');
    const rootDict = isDict(root) ? root : null;
    this.parentTree = new Map();
    const pt = rootDict?.entries.get('ParentTree');
    if (pt !== undefined) {
      for (const [k, v] of treeValues(doc, pt, 'Nums')) {
        const n = numberValue(k);
        if (n !== null && !this.parentTree.has(n)) this.parentTree.set(n, v);
      }
    }
    this.roleMap = new Map();
    const rm = doc.get(rootDict, 'RoleMap');
    if (isDict(rm)) {
      for (const [k, v] of rm.entries) {
        const n = nameValue(doc.resolve(v));
        if (n !== null) this.roleMap.set(k, n);
      }
    }
  }

  /** Maps a structure type to the standard type it stands for (14.7.3), bounded against cycles. */
  standardType(type: string | null): string | null {
    if (type === null) return null;
    const seen = new Set<string>();
    let cur: string | undefined = type;
    // A standard type mapped to another type is still read by its own name first, as veraPDF does.
    while (cur !== undefined && !seen.has(cur)) {
      if (STANDARD_STRUCTURE_TYPES.has(cur)) return cur;
      seen.add(cur);
      cur = this.roleMap.get(cur);
    }
    return null;
  }

  of(obj: CosDict): StructParentInfo | null {
    const key = numberValue(this.doc.get(obj, 'StructParent'));
    if (key === null) return null;
    const elem = this.doc.resolve(this.parentTree.get(key));
    if (!isDict(elem)) return null;
    const type = nameValue(this.doc.get(elem, 'S'));
    return {
      elem,
      type,
      standardType: this.standardType(type),
      alt: textValue(this.doc.get(elem, 'Alt')),
    };
  }
}

/** Numbers of a rectangle array, normalised to [llx, lly, urx, ury]; null when unreadable. */
export function rectOf(
  doc: PdfDocumentModel,
  o: CosObject,
): [number, number, number, number] | null {
  const r = doc.resolve(o);
  if (!isArray(r) || r.items.length < 4) return null;
  const v = r.items.slice(0, 4).map((x) => numberValue(doc.resolve(x)));
  if (v.some((x) => x === null)) return null;
  const [a, b, c, d] = v as number[];
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/**
 * Whether the annotation's Rect lies entirely outside the page's crop box (clipped to the media
 * box). The Rect is taken as written and touching edges count as outside, as veraPDF does; an
 * annotation without a readable Rect is not outside.
 */
export function isOutsideCropBox(doc: PdfDocumentModel, a: AnnotationInfo): boolean {
  const raw = doc.resolve(doc.get(a.dict, 'Rect'));
  if (!isArray(raw) || raw.items.length < 4) return false;
  const rect = raw.items.slice(0, 4).map((x) => numberValue(doc.resolve(x)));
  if (rect.some((x) => x === null)) return false;
  const [x0, y0, x1, y1] = rect as number[];
  const media = rectOf(
    doc,
    a.page.inheritedValue?.('MediaBox') ?? doc.get(a.page.dict, 'MediaBox'),
  );
  let crop =
    rectOf(doc, a.page.inheritedValue?.('CropBox') ?? doc.get(a.page.dict, 'CropBox')) ?? media;
  if (!crop) return false;
  if (media) {
    crop = [
      Math.max(crop[0], media[0]),
      Math.max(crop[1], media[1]),
      Math.min(crop[2], media[2]),
      Math.min(crop[3], media[3]),
    ];
  }
  return crop[1] >= y1 || crop[0] >= x1 || crop[3] <= y0 || crop[2] <= x0;
}

/** Annotation flags (F), 0 when absent. */
export function flagsOf(doc: PdfDocumentModel, d: CosDict): number {
  return Math.trunc(numberValue(doc.get(d, 'F')) ?? 0);
}

/** A field attribute looked up on the widget and then up its Parent chain (12.7.3.1). */
export function inheritedField(doc: PdfDocumentModel, d: CosDict, key: string): CosObject {
  let cur: CosDict | null = d;
  const seen = new Set<CosDict>();
  while (cur && !seen.has(cur) && seen.size < 64) {
    seen.add(cur);
    if (cur.entries.has(key)) return doc.get(cur, key);
    const p = doc.get(cur, 'Parent');
    cur = isDict(p) ? p : null;
  }
  return null;
}

export interface ActionInfo {
  readonly dict: CosDict;
  readonly location: string;
}

/**
 * Every action dictionary reachable from the catalog (OpenAction, AA), pages (AA), annotations
 * (A, AA), form fields (AA) and outline items (A), following Next chains.
 */
export function actions(doc: PdfDocumentModel): ActionInfo[] {
  const out: ActionInfo[] = [];
  const seen = new Set<CosDict>();
  const add = (o: CosObject, location: string): void => {
    const stack: CosObject[] = [o];
    while (stack.length && out.length < MAX_ITEMS) {
      const a = doc.resolve(stack.pop());
      if (isArray(a)) {
        for (let i = a.items.length - 1; i >= 0; i--) stack.push(a.items[i]);
        continue;
      }
      if (!isDict(a) || seen.has(a)) continue;
      // OpenAction may be a destination array (handled above) rather than an action.
      if (!a.entries.has('S')) continue;
      seen.add(a);
      out.push({ dict: a, location });
      const next = a.entries.get('Next');
      if (next !== undefined) stack.push(next);
    }
    if (stack.length) noteBoundReached(doc, 'actions', MAX_ITEMS);
  };
  const addAA = (d: CosDict | null, location: string): void => {
    const aa = doc.get(d, 'AA');
    if (isDict(aa)) for (const [k, v] of aa.entries) add(v, `${location} / AA ${k}`);
  };
  const cat = doc.catalog;
  if (cat) {
    // A destination array is walked too, and holds no dictionary with S.
    add(cat.entries.get('OpenAction') ?? null, 'document catalog / OpenAction');
    addAA(cat, 'document catalog');
  }
  for (const page of doc.pages()) addAA(page.dict, `page ${page.index + 1}`);
  for (const a of annotations(doc)) {
    const act = a.dict.entries.get('A');
    if (act !== undefined) add(act, `${a.location} / A`);
    addAA(a.dict, a.location);
  }
  const form = asDict(doc.get(cat, 'AcroForm'));
  const seenFields = new Set<CosDict>();
  const fstack: CosObject[] = [...arrayItems(doc.get(form, 'Fields'))];
  while (fstack.length && seenFields.size < MAX_ITEMS) {
    const f = doc.resolve(fstack.pop());
    if (!isDict(f) || seenFields.has(f)) continue;
    seenFields.add(f);
    const name = textValue(doc.get(f, 'T'));
    addAA(f, `form field ${name ?? '(unnamed)'}`);
    const act = f.entries.get('A');
    if (act !== undefined) add(act, `form field ${name ?? '(unnamed)'} / A`);
    for (const k of arrayItems(doc.get(f, 'Kids'))) fstack.push(k);
  }
  if (fstack.length) noteBoundReached(doc, 'form fields', MAX_ITEMS);
  for (const item of outlineItems(doc)) {
    const act = item.dict.entries.get('A');
    if (act !== undefined) add(act, `${item.location} / A`);
  }
  return out;
}

export function* outlineItems(
  doc: PdfDocumentModel,
): Generator<{ dict: CosDict; location: string }> {
  const root = doc.get(doc.catalog, 'Outlines');
  if (!isDict(root)) return;
  const seen = new Set<CosDict>([root]);
  const stack: CosObject[] = [root.entries.get('First') ?? null];
  let n = 0;
  while (stack.length && n < MAX_ITEMS) {
    const item = doc.resolve(stack.pop());
    if (!isDict(item) || seen.has(item)) continue;
    seen.add(item);
    n++;
    const title = textValue(doc.get(item, 'Title'));
    yield { dict: item, location: `outline item ${n}${title ? ` "${title.slice(0, 40)}"` : ''}` };
    const next = item.entries.get('Next');
    if (next !== undefined) stack.push(next);
    const first = item.entries.get('First');
    if (first !== undefined) stack.push(first);
  }
  if (stack.length) noteBoundReached(doc, 'outline items', MAX_ITEMS);
}

const MAX_DICT_STEPS = 5_000_000;

/**
 * Every dictionary in the final revision, direct ones nested in other objects included, with
 * the number of the indirect object holding it. Bounded.
 */
export function* allDicts(doc: PdfDocumentModel): Generator<{ dict: CosDict; num: number }> {
  let steps = 0;
  for (const { ref, value } of doc.objects()) {
    const stack: CosObject[] = [value];
    while (stack.length) {
      if (steps++ > MAX_DICT_STEPS) {
        noteBoundReached(doc, 'objects of the file (dictionary walk)', MAX_DICT_STEPS);
        return;
      }
      const o = stack.pop()!;
      if (o === null || typeof o !== 'object') continue;
      if (o.kind === 'array') {
        for (const it of o.items)
          if (it !== null && typeof it === 'object' && (it.kind === 'dict' || it.kind === 'array'))
            stack.push(it);
      } else if (o.kind === 'dict' || o.kind === 'stream') {
        const d = o.kind === 'dict' ? o : o.dict;
        yield { dict: d, num: ref.num };
        for (const it of d.entries.values())
          if (it !== null && typeof it === 'object' && (it.kind === 'dict' || it.kind === 'array'))
            stack.push(it);
      }
    }
  }
}
