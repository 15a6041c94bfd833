/**
 * The logical structure tree (ISO 32000-1, 14.7) as the structure rules see it: every structure
 * element reachable from StructTreeRoot /K, in document order, with its resolved standard type,
 * its kids and the content items (MCIDs, MCRs, OBJRs) it owns.
 *
 * Built once per document on first use and bounded: a dictionary reached twice is one element,
 * so cycles in /K end; the walk uses an explicit stack, so a very deep tree never overflows the
 * call stack; and the number of elements is capped.
 */
import { noteBoundReached } from '../doc-walk.js';
import type { CosDict, CosObject, CosRef } from '../../model/cos.js';
import type { PdfDocumentModel } from '../../model/document.js';
import {
  isArray,
  isDict,
  isRef,
  nameAt,
  refKey,
  resolvedDict,
  resolvedNumber,
} from '../../model/read.js';
import { resolveRole, type RoleInfo, type RoleMap } from './rolemap.js';
import { isPassThrough, isStandardType } from './types.js';

/** Upper bound on the elements read, so a hostile file cannot exhaust memory. */
export const MAX_STRUCT_ELEMENTS = 500_000;

export interface McidItem {
  readonly mcid: number;
  /** The page the marked content is on (MCR /Pg, else the element's own or inherited /Pg). */
  readonly page: CosRef | null;
  /** A content stream other than the page's (MCR /Stm), e.g. a form XObject. */
  readonly stream: CosRef | null;
}

export interface ObjrItem {
  readonly obj: CosRef | null;
  readonly page: CosRef | null;
}

export interface StructNode {
  /** Position in document order (0-based). */
  readonly index: number;
  readonly dict: CosDict;
  readonly ref: CosRef | null;
  /** /S as written, or null when missing or not a name. */
  readonly type: string | null;
  readonly role: RoleInfo;
  readonly standardType: string | null;
  /** The element whose /K holds this one (null for a kid of the root). */
  readonly treeParent: StructNode | null;
  readonly depth: number;
  /** Structure-element kids in /K order; the same node may appear twice if /K repeats it. */
  readonly kids: StructNode[];
  readonly mcids: McidItem[];
  readonly objrs: ObjrItem[];
  /** /Pg of the element or the nearest ancestor that has one. */
  readonly page: CosRef | null;
}

export interface StructTree {
  readonly root: CosDict | null;
  readonly rootRef: CosRef | null;
  readonly roleMap: RoleMap;
  readonly classMap: CosDict | null;
  /** Kids of the root in /K order. */
  readonly rootKids: StructNode[];
  /** Every element once, in document (pre-)order. */
  readonly nodes: readonly StructNode[];
  /** The element cap was hit; rules saw only part of the tree. */
  readonly truncated: boolean;
  /** Standard type of an arbitrary structure element dictionary (for /P chains). */
  standardTypeOf(dict: CosDict | null): string | null;
  roleOf(type: string | null): RoleInfo;
  /** The node for a dictionary reached through the tree, if any. */
  nodeOf(dict: CosDict): StructNode | undefined;
  nodeByRef(ref: CosRef): StructNode | undefined;
}

const NO_ROLE: RoleInfo = { standardType: null, circular: false, remappedStandard: false };

function readRoleMap(doc: PdfDocumentModel, root: CosDict | null): Map<string, string> {
  const map = new Map<string, string>();
  const rm = root ? resolvedDict(doc, root.entries.get('RoleMap')) : null;
  if (!rm) return map;
  for (const [k, v] of rm.entries) {
    const target = doc.resolve(v);
    if (target !== null && typeof target === 'object' && target.kind === 'name')
      map.set(k, target.value);
  }
  return map;
}

interface Pending {
  raw: CosObject;
  parent: StructNode | null;
  depth: number;
  /** Where to append the resulting node (the parent's kids, or rootKids). */
  into: StructNode[];
}

/** Whether a resolved /K entry is a structure element dictionary (Type absent or StructElem). */
function isStructElemDict(doc: PdfDocumentModel, d: CosDict): boolean {
  const t = nameAt(doc, d, 'Type');
  return t === null || t === 'StructElem';
}

export function buildStructTree(doc: PdfDocumentModel): StructTree {
  const catalog = doc.catalog;
  const rootRaw = catalog ? catalog.entries.get('StructTreeRoot') : undefined;
  const root = catalog ? resolvedDict(doc, rootRaw) : null;
  const roleMap = readRoleMap(doc, root);
  const classMap = root ? resolvedDict(doc, root.entries.get('ClassMap')) : null;
  const roleCache = new Map<string, RoleInfo>();
  const roleOf = (type: string | null): RoleInfo => {
    if (type === null) return NO_ROLE;
    let r = roleCache.get(type);
    if (!r) {
      r = resolveRole(type, roleMap, isStandardType);
      roleCache.set(type, r);
    }
    return r;
  };

  const nodes: StructNode[] = [];
  const rootKids: StructNode[] = [];
  const byRef = new Map<string, StructNode>();
  const byDict = new Map<CosDict, StructNode>();
  let truncated = false;

  // The stack holds work in reverse so that popping yields document order.
  const stack: Pending[] = [];
  const pushKids = (
    k: CosObject | undefined,
    parent: StructNode | null,
    depth: number,
    into: StructNode[],
  ) => {
    if (k === undefined) return;
    const resolved = doc.resolve(k);
    const items: CosObject[] = isArray(resolved) ? resolved.items : [k];
    for (let i = items.length - 1; i >= 0; i--) stack.push({ raw: items[i], parent, depth, into });
  };
  if (root) pushKids(root.entries.get('K'), null, 0, rootKids);

  while (stack.length > 0) {
    const { raw, parent, depth, into } = stack.pop() as Pending;
    const resolved = doc.resolve(raw);
    if (resolved === null || typeof resolved !== 'object') continue;
    if (resolved.kind === 'number') {
      if (parent && resolved.isInteger) {
        parent.mcids.push({ mcid: resolved.value, page: parent.page, stream: null });
      }
      continue;
    }
    if (!isDict(resolved)) continue;
    const d = resolved;
    const typeName = nameAt(doc, d, 'Type');
    if (typeName === 'MCR') {
      if (parent) {
        const mcid = resolvedNumber(doc, d.entries.get('MCID'));
        const pg = d.entries.get('Pg');
        const stm = d.entries.get('Stm');
        if (mcid !== null) {
          parent.mcids.push({
            mcid,
            page: isRef(pg) ? pg : parent.page,
            stream: isRef(stm) ? stm : null,
          });
        }
      }
      continue;
    }
    if (typeName === 'OBJR') {
      if (parent) {
        const obj = d.entries.get('Obj');
        const pg = d.entries.get('Pg');
        parent.objrs.push({ obj: isRef(obj) ? obj : null, page: isRef(pg) ? pg : parent.page });
      }
      continue;
    }
    if (!isStructElemDict(doc, d)) continue;
    const ref = isRef(raw) ? raw : null;
    const seen = ref ? byRef.get(refKey(ref)) : byDict.get(d);
    if (seen) {
      // Shared or cyclic /K: count the kid for parent/child rules, but walk it only once.
      into.push(seen);
      continue;
    }
    if (nodes.length >= MAX_STRUCT_ELEMENTS) {
      truncated = true;
      noteBoundReached(doc, 'structure tree', MAX_STRUCT_ELEMENTS);
      break;
    }
    const type = nameAt(doc, d, 'S');
    const role = roleOf(type);
    const pg = d.entries.get('Pg');
    const node: StructNode = {
      index: nodes.length,
      dict: d,
      ref,
      type,
      role,
      standardType: role.standardType,
      treeParent: parent,
      depth,
      kids: [],
      mcids: [],
      objrs: [],
      page: isRef(pg) ? pg : parent ? parent.page : null,
    };
    nodes.push(node);
    into.push(node);
    if (ref) byRef.set(refKey(ref), node);
    byDict.set(d, node);
    pushKids(d.entries.get('K'), node, depth + 1, node.kids);
  }

  return {
    root,
    rootRef: isRef(rootRaw) ? rootRaw : null,
    roleMap,
    classMap,
    rootKids,
    nodes,
    truncated,
    roleOf,
    // An element's standard type follows from its S alone, in the tree or not.
    standardTypeOf: (dict) => roleOf(nameAt(doc, dict, 'S')).standardType,
    nodeOf: (dict) => byDict.get(dict),
    nodeByRef: (r) => byRef.get(refKey(r)),
  };
}

/**
 * Standard types of an element's kids, reading through pass-through grouping kids (Div, Part,
 * NonStruct) and leaving out kids without a standard type. Bounded against cycles.
 */
export function kidsStandardTypes(node: { readonly kids: readonly StructNode[] }): string[] {
  return significantKids(node).flatMap((k) => (k.standardType === null ? [] : [k.standardType]));
}

/**
 * How many kids of the given standard type an element has, reading through pass-through kids.
 * Counts of pass-through elements are memoised, so a long chain of Divs costs linear time.
 */
export function kidTypeCounter(type: string): (node: StructNode) => number {
  const memo = new Map<StructNode, number>();
  const onPath = new Set<StructNode>();
  const countOf = (node: StructNode): number => {
    // Post-order over pass-through descendants with an explicit stack.
    const stack: { n: StructNode; i: number; sum: number }[] = [{ n: node, i: 0, sum: 0 }];
    onPath.add(node);
    let result = 0;
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (top.i >= top.n.kids.length) {
        stack.pop();
        onPath.delete(top.n);
        if (top.n !== node) memo.set(top.n, top.sum);
        if (stack.length > 0) stack[stack.length - 1].sum += top.sum;
        else result = top.sum;
        continue;
      }
      const kid = top.n.kids[top.i++];
      if (isPassThrough(kid.standardType)) {
        // A kid on the path is a cycle back (the element asked about included), counted once
        // already, whatever an earlier question remembered for it.
        if (onPath.has(kid)) continue;
        const known = memo.get(kid);
        if (known !== undefined) top.sum += known;
        else {
          onPath.add(kid);
          stack.push({ n: kid, i: 0, sum: 0 });
        }
      } else if (kid.standardType === type) {
        top.sum++;
      }
    }
    return result;
  };
  return countOf;
}

/** Kids as the table and list algorithms see them: pass-through kids replaced by their own kids. */
export function significantKids(node: { readonly kids: readonly StructNode[] }): StructNode[] {
  const out: StructNode[] = [];
  const onPath = new Set<StructNode>();
  const stack: { kids: readonly StructNode[]; i: number; owner: StructNode | null }[] = [
    { kids: node.kids, i: 0, owner: null },
  ];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.i >= top.kids.length) {
      if (top.owner) onPath.delete(top.owner);
      stack.pop();
      continue;
    }
    const kid = top.kids[top.i++];
    if (isPassThrough(kid.standardType)) {
      if (!onPath.has(kid)) {
        onPath.add(kid);
        stack.push({ kids: kid.kids, i: 0, owner: kid });
      }
    } else {
      out.push(kid);
    }
  }
  return out;
}

/** Upper bound on /P links followed, so a sideways /P chain cannot run forever. */
const MAX_P_CHAIN = 100_000;

/**
 * Standard type of the element's parent as named by /P, reading through pass-through parents;
 * 'StructTreeRoot' when the chain reaches the root; null when /P is missing or broken.
 * Answers for pass-through dictionaries are memoised on the tree.
 */
export function parentStandardType(
  doc: PdfDocumentModel,
  tree: StructTree,
  node: StructNode,
): string | null {
  return significantTypeFrom(doc, tree, resolvedDict(doc, node.dict.entries.get('P')), node.dict);
}

const passThroughMemo = new WeakMap<StructTree, Map<CosDict, string | null>>();

function significantTypeFrom(
  doc: PdfDocumentModel,
  tree: StructTree,
  start: CosDict | null,
  self: CosDict,
): string | null {
  let memo = passThroughMemo.get(tree);
  if (!memo) {
    memo = new Map();
    passThroughMemo.set(tree, memo);
  }
  const path: CosDict[] = [];
  const seen = new Set<CosDict>([self]);
  let cur = start;
  let answer: string | null = null;
  let cycled = false;
  for (let steps = 0; cur && steps < MAX_P_CHAIN; steps++) {
    const known = memo.get(cur);
    if (known !== undefined) {
      answer = known;
      break;
    }
    if (seen.has(cur)) {
      cycled = true;
      break;
    }
    seen.add(cur);
    if (nameAt(doc, cur, 'Type') === 'StructTreeRoot' || cur === tree.root) {
      answer = 'StructTreeRoot';
      break;
    }
    const st = tree.standardTypeOf(cur);
    if (!isPassThrough(st)) {
      answer = st;
      break;
    }
    path.push(cur);
    cur = resolvedDict(doc, cur.entries.get('P'));
  }
  // A cycle back to the asking element is specific to it, so only a clean answer is shared.
  if (!cycled) for (const d of path) memo.set(d, answer);
  return answer;
}

/** Cached per document: the tree is built at most once however many rules ask. */
const treeCache = new WeakMap<PdfDocumentModel, StructTree>();

export function structTreeOf(doc: PdfDocumentModel): StructTree {
  let t = treeCache.get(doc);
  if (!t) {
    t = buildStructTree(doc);
    treeCache.set(doc, t);
  }
  return t;
}
