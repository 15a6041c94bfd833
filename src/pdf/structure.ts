/**
 * The structure tree (ISO 32000-1, 14.7): one StructElem per StructNode, however many pages
 * its content spans; marked-content leaves collected while drawing are hung under the node
 * owning their slot, in reading order. Written after the pages, as krilla does.
 */
import type { Warning } from '../diagnostics.js';
import {
  isStandardStructType,
  type StandardStructType,
  type StructAttributes,
  type StructNode,
} from '../document/index.js';
import { normaliseLang, nodeSource } from './check.js';
import type { SlotRecord } from './content.js';
import type { PdfFile } from './file.js';
import { PdfBytes, PdfDict, PdfRef, dict, name, text, type PdfValue } from './objects.js';

export interface AnnotationLeaf {
  readonly node: number;
  readonly annot: PdfRef;
  readonly page: number;
  /** StructParent key of the annotation. */
  readonly key: number;
}

export interface StructureInput {
  readonly root: StructNode;
  readonly slots: ReadonlyMap<number, SlotRecord>;
  readonly pageRefs: readonly PdfRef[];
  readonly pageHeights: readonly number[];
  /** Every content stream with marked content: its parent-tree key and MCID count (pages and transparency-group forms). */
  readonly streams: readonly { readonly key: number; readonly count: number }[];
  readonly annotations: readonly AnnotationLeaf[];
  /** First key not used by pages, forms or annotations. */
  readonly nextKey: number;
}

export interface StructureOutput {
  readonly root: PdfRef;
  /** Element of each structure node id. */
  readonly elements: ReadonlyMap<number, PdfRef>;
}

export function writeStructure(
  file: PdfFile,
  input: StructureInput,
  warnings: Warning[],
): StructureOutput {
  const rootRef = file.alloc();
  const annotsByNode = new Map<number, AnnotationLeaf[]>();
  for (const a of input.annotations) {
    const list = annotsByNode.get(a.node) ?? [];
    list.push(a);
    annotsByNode.set(a.node, list);
  }
  const tree: TreeBuild = {
    file,
    input,
    warnings,
    elements: new Map<number, PdfRef>(),
    roleMap: new Map<string, StandardStructType>(),
    ids: [],
    seenIds: new Set<string>(),
    parents: new Map<number, (PdfRef | undefined)[]>(input.streams.map(parentsEntry)),
    annotsByNode,
    annotParents: new Map<number, PdfRef>(),
  };
  const { elements, roleMap, ids, parents, annotParents } = tree;

  const docRef = file.alloc();
  build(tree, input.root, docRef, rootRef);

  // Link annotations whose node is missing still need a Link parent (PDF/UA-1 7.18.5).
  const orphans = input.annotations.filter((a) => !elements.has(a.node));
  const extraKids: PdfRef[] = [];
  for (const a of orphans) {
    const ref = file.add(
      dict({
        Type: name('StructElem'),
        S: name('Link'),
        P: docRef,
        K: [dict({ Type: name('OBJR'), Obj: a.annot, Pg: input.pageRefs[a.page] })],
      }),
    );
    annotParents.set(a.key, ref);
    extraKids.push(ref);
    warnings.push({
      code: 'pdf.link-node-missing',
      message: `link annotation names structure node ${a.node}, which does not exist; it was tagged under the document`,
    });
  }
  if (extraKids.length > 0) {
    const docDict = fileGet(file, docRef);
    const k = docDict.get('K') as PdfValue[];
    docDict.set('K', [...k, ...extraKids]);
  }

  // Number tree entries in ascending key order: streams map to arrays, annotations to elements.
  const entries: [number, PdfValue][] = [];
  for (const [key, arr] of parents) entries.push([key, file.add(Array.from(arr, orNull))]);
  for (const [key, ref] of annotParents) entries.push([key, ref]);
  entries.sort(byKey);
  const nums: PdfValue[] = entries.flat();
  const nextKey = input.nextKey;

  const root = new PdfDict({
    Type: name('StructTreeRoot'),
    K: [docRef],
    ParentTree: file.add(dict({ Nums: nums })),
    ParentTreeNextKey: nextKey,
  });
  if (roleMap.size > 0) {
    const rm = new PdfDict();
    for (const [role, type] of roleMap) rm.set(role, name(type));
    root.set('RoleMap', rm);
  }
  if (ids.length > 0) {
    ids.sort(byIdBytes);
    root.set('IDTree', file.add(dict({ Names: ids.flatMap(idTreeEntry) })));
  }
  file.put(rootRef, root);
  return { root: rootRef, elements };
}

/**
 * What the structure elements are built into. The tree is built by module-level functions
 * taking this, made once per process: as closures inside writeStructure they were made anew
 * for every file and lost their optimized code at each major garbage collection.
 */
interface TreeBuild {
  readonly file: PdfFile;
  readonly input: StructureInput;
  readonly warnings: Warning[];
  readonly elements: Map<number, PdfRef>;
  readonly roleMap: Map<string, StandardStructType>;
  readonly ids: [string, PdfRef][];
  readonly seenIds: Set<string>;
  /** parents.get(key)[mcid] = element that holds the MCR. */
  readonly parents: Map<number, (PdfRef | undefined)[]>;
  readonly annotsByNode: Map<number, AnnotationLeaf[]>;
  readonly annotParents: Map<number, PdfRef>;
}

function parentsEntry(s: {
  readonly key: number;
  readonly count: number;
}): [number, (PdfRef | undefined)[]] {
  return [s.key, new Array<PdfRef | undefined>(s.count)];
}

function setParent(parents: TreeBuild['parents'], key: number, mcid: number, ref: PdfRef): void {
  const arr = parents.get(key);
  if (arr) arr[mcid] = ref;
}

function orNull(r: PdfRef | undefined): PdfRef | null {
  return r ?? null;
}

function byKey(a: [number, PdfValue], b: [number, PdfValue]): number {
  return a[0] - b[0];
}

function byIdBytes(a: [string, PdfRef], b: [string, PdfRef]): number {
  return Buffer.compare(Buffer.from(a[0], 'utf8'), Buffer.from(b[0], 'utf8'));
}

function idTreeEntry([id, r]: [string, PdfRef]): PdfValue[] {
  return [new PdfBytes(Buffer.from(id, 'utf8')), r];
}

function structName(tree: TreeBuild, n: StructNode): string {
  const { warnings, roleMap } = tree;
  const role = n.role?.trim();
  if (!role || role === n.type) return n.type;
  if (isStandardStructType(role) || Buffer.byteLength(role) > 127) {
    // Remapping a standard type is forbidden (PDF/UA-1 7.1), and names are limited to 127 bytes.
    warnings.push({
      code: 'pdf.role-ignored',
      message: `role '${role}' cannot be role-mapped; ${n.type} was written`,
      source: nodeSource(n),
    });
    return n.type;
  }
  const mapped = roleMap.get(role);
  if (mapped === undefined) roleMap.set(role, n.type);
  else if (mapped !== n.type) {
    warnings.push({
      code: 'pdf.role-conflict',
      message: `role '${role}' already maps to ${mapped}; ${n.type} was written`,
      source: nodeSource(n),
    });
    return n.type;
  }
  return role;
}

function build(tree: TreeBuild, n: StructNode, ref: PdfRef, parent: PdfRef): void {
  const { file, input, warnings, elements, ids, seenIds, parents, annotsByNode, annotParents } =
    tree;
  elements.set(n.id, ref);
  const k: PdfValue[] = [];
  let pg: number | undefined;
  for (const c of n.children) {
    if (c.kind === 'node') {
      const childRef = file.alloc();
      k.push(childRef);
      build(tree, c, childRef, ref);
      continue;
    }
    const rec = input.slots.get(c.slot);
    if (!rec) continue;
    for (const leaf of rec.leaves) {
      const pageRef = input.pageRefs[leaf.page] as PdfRef;
      if (leaf.actualText !== undefined) {
        const span = file.alloc();
        file.put(
          span,
          dict({
            Type: name('StructElem'),
            S: name('Span'),
            P: ref,
            Pg: pageRef,
            K: leaf.stm
              ? dict({ Type: name('MCR'), Pg: pageRef, Stm: leaf.stm, MCID: leaf.mcid })
              : leaf.mcid,
            ActualText: text(leaf.actualText),
          }),
        );
        setParent(parents, leaf.key, leaf.mcid, span);
        k.push(span);
        continue;
      }
      setParent(parents, leaf.key, leaf.mcid, ref);
      if (leaf.stm) {
        // Marked content inside a transparency group's form XObject.
        k.push(dict({ Type: name('MCR'), Pg: pageRef, Stm: leaf.stm, MCID: leaf.mcid }));
        continue;
      }
      pg ??= leaf.page;
      k.push(
        leaf.page === pg ? leaf.mcid : dict({ Type: name('MCR'), Pg: pageRef, MCID: leaf.mcid }),
      );
    }
  }
  for (const a of annotsByNode.get(n.id) ?? []) {
    k.push(dict({ Type: name('OBJR'), Obj: a.annot, Pg: input.pageRefs[a.page] }));
    annotParents.set(a.key, ref);
  }
  if (annotsByNode.has(n.id) && n.type !== 'Link') {
    warnings.push({
      code: 'pdf.link-not-in-link',
      message: `a link annotation belongs to a ${n.type}, not a Link element`,
      source: nodeSource(n),
    });
  }
  const e = new PdfDict({ Type: name('StructElem'), S: name(structName(tree, n)), P: parent });
  if (pg !== undefined) e.set('Pg', input.pageRefs[pg]);
  e.set('K', k);
  if (n.alt !== undefined && n.alt !== '') e.set('Alt', text(n.alt));
  if (n.actualText !== undefined) e.set('ActualText', text(n.actualText));
  if (n.expansion !== undefined) e.set('E', text(n.expansion));
  const lang = normaliseLang(n.lang);
  if (lang) e.set('Lang', text(lang));
  if (n.title !== undefined) e.set('T', text(n.title));
  if (n.elementId !== undefined && n.elementId !== '') {
    if (seenIds.has(n.elementId)) {
      warnings.push({
        code: 'pdf.duplicate-id',
        message: `element id '${n.elementId}' is used twice; the second was left out`,
        source: nodeSource(n),
      });
    } else {
      seenIds.add(n.elementId);
      e.set('ID', new PdfBytes(Buffer.from(n.elementId, 'utf8')));
      ids.push([n.elementId, ref]);
    }
  }
  // Only layout attributes need the page; finding it walks the subtree, so ask only then.
  const needsPage = n.type === 'Figure' || n.type === 'Formula' || n.type === 'Table';
  const boxPage = needsPage ? (pg ?? firstPage(n, input.slots)) : undefined;
  // A BBox is in the coordinates of the element's /Pg; give the element one when its
  // content sits only in its children.
  if (boxPage !== undefined && pg === undefined) e.set('Pg', input.pageRefs[boxPage]);
  const attrs = attributes(n, boxPage, input);
  if (attrs.length === 1) e.set('A', attrs[0]);
  else if (attrs.length > 1) e.set('A', attrs);
  file.put(ref, e);
}

function firstPage(n: StructNode, slots: StructureInput['slots']): number | undefined {
  for (const c of n.children) {
    if (c.kind === 'node') {
      const p = firstPage(c, slots);
      if (p !== undefined) return p;
    } else {
      const l = slots.get(c.slot)?.leaves[0];
      if (l) return l.page;
    }
  }
  return undefined;
}

/** Reads back a plain dictionary object written earlier (only for the orphan-link repair). */
function fileGet(file: PdfFile, ref: PdfRef): PdfDict {
  const v = file.valueOf(ref);
  if (!(v instanceof PdfDict)) throw new Error('pdf writer: expected a dictionary');
  return v;
}

function attributes(n: StructNode, page: number | undefined, input: StructureInput): PdfDict[] {
  const a: StructAttributes = n.attributes ?? {};
  const out: PdfDict[] = [];
  const table = new PdfDict({ O: name('Table') });
  if (n.type === 'TH') table.set('Scope', name(a.scope ?? 'Column'));
  else if (a.scope) table.set('Scope', name(a.scope));
  if (a.headers && a.headers.length > 0)
    table.set(
      'Headers',
      a.headers.map((h) => new PdfBytes(Buffer.from(h, 'utf8'))),
    );
  if (a.rowSpan !== undefined && a.rowSpan > 1) table.set('RowSpan', Math.floor(a.rowSpan));
  if (a.colSpan !== undefined && a.colSpan > 1) table.set('ColSpan', Math.floor(a.colSpan));
  if (table.entries.size > 1) out.push(table);
  if (n.type === 'L')
    out.push(dict({ O: name('List'), ListNumbering: name(a.listNumbering ?? 'None') }));
  if (a.printField) {
    const pf = new PdfDict({ O: name('PrintField'), Role: name(a.printField.role) });
    if (a.printField.checked) pf.set('checked', name(a.printField.checked));
    if (a.printField.desc) pf.set('Desc', text(a.printField.desc));
    out.push(pf);
  }
  if (n.type === 'Figure' || n.type === 'Formula' || n.type === 'Table') {
    const pageIndex = page ?? 0;
    const h = input.pageHeights[pageIndex] ?? 0;
    let box = a.bbox
      ? ([a.bbox[0], a.bbox[1], a.bbox[0] + a.bbox[2], a.bbox[1] + a.bbox[3]] as const)
      : undefined;
    if (!box && page !== undefined) box = subtreeBounds(n, page, input);
    const layout = new PdfDict({ O: name('Layout'), Placement: name(a.placement ?? 'Block') });
    if (box) layout.set('BBox', [box[0], h - box[3], box[2], h - box[1]]);
    out.push(layout);
  } else if (a.placement) {
    out.push(dict({ O: name('Layout'), Placement: name(a.placement) }));
  }
  return out;
}

function subtreeBounds(
  n: StructNode,
  page: number,
  input: StructureInput,
): readonly [number, number, number, number] | undefined {
  return visit(n, page, input, undefined);
}

/** `b` grown by the bounds on `page` of the content under `m` (a module-level function, like build). */
function visit(
  m: StructNode,
  page: number,
  input: StructureInput,
  b: [number, number, number, number] | undefined,
): [number, number, number, number] | undefined {
  for (const c of m.children) {
    if (c.kind === 'node') b = visit(c, page, input, b);
    else {
      const r = input.slots.get(c.slot)?.bounds.get(page);
      if (r)
        b = b
          ? [Math.min(b[0], r[0]), Math.min(b[1], r[1]), Math.max(b[2], r[2]), Math.max(b[3], r[3])]
          : [...r];
    }
  }
  return b;
}
