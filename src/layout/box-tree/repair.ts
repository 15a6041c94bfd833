/**
 * Structure invariants that PDF/UA-1 asks of any tagged document, enforced on the finished
 * structure tree whatever the HTML and CSS were (a list item laid out as a flex container, a
 * heading outline that starts at h2, table parts made by anonymous boxes):
 *
 * - Headings start at H1 and never skip a level (7.4.2): the document's own levels are kept in
 *   their relative order, each heading becoming one level below the nearest earlier heading of
 *   a higher source level (h2 h4 h3 h1 → H1 H2 H2 H1).
 * - Lists: an L holds only L, LI and Caption; an LI only Lbl and LBody; LI sits in an L and
 *   LBody/Lbl in an LI (7.2 tests 17-20).
 * - Tables: a Table holds TR, THead, TBody, TFoot and one leading or trailing Caption; row
 *   groups hold TR; a TR holds TH and TD; cells sit in rows and rows in tables; at most one
 *   THead and one TFoot, and never without a TBody (7.2 tests 2-14, 16, 36).
 *
 * Anything out of place is wrapped in the missing parent (never dropped or reordered, so the
 * reading order stays the content order).
 */
import type { StandardStructType, StructChild, StructNode } from '../../document/index.js';

type Kid = StructChild;

const typeOf = (k: Kid): StandardStructType | null => (k.kind === 'node' ? k.type : null);

export function normaliseStructure(root: StructNode): StructNode {
  const fixed = fix(root, new Make(maxId(root) + 1));
  return renumberHeadings(fixed);
}

function maxId(n: StructNode): number {
  let m = n.id;
  for (const c of n.children) if (c.kind === 'node') m = Math.max(m, maxId(c));
  return m;
}

/**
 * Makes the missing parents, numbered after the tree's own nodes. The repair steps below are
 * module-level functions handed this rather than closures made for every node: functions made
 * anew on every call lose their optimized code at each major garbage collection (Node 20).
 */
class Make {
  constructor(private nextId: number) {}

  node(type: StandardStructType, children: readonly Kid[]): StructNode {
    return { kind: 'node', id: this.nextId++, type, children };
  }
}

type Wrap = (run: Kid[], make: Make) => Kid;

/**
 * Groups consecutive kids for which `misplaced` holds and replaces each run by `wrap(run)`;
 * the other kids stay as they are. With nothing out of place, `kids` itself (most nodes of
 * most documents need no repair, and copying every list made the check cost a render).
 */
function wrapRuns(
  kids: readonly Kid[],
  misplaced: (k: Kid) => boolean,
  wrap: Wrap,
  make: Make,
): readonly Kid[] {
  if (!kids.some(misplaced)) return kids;
  const out: Kid[] = [];
  let run: Kid[] = [];
  for (const k of kids) {
    if (misplaced(k)) run.push(k);
    else {
      if (run.length > 0) out.push(wrap(run, make));
      run = [];
      out.push(k);
    }
  }
  if (run.length > 0) out.push(wrap(run, make));
  return out;
}

const LIST_KIDS = new Set<StandardStructType>(['L', 'LI', 'Caption']);
const ITEM_KIDS = new Set<StandardStructType>(['Lbl', 'LBody']);
const TABLE_KIDS = new Set<StandardStructType>(['TR', 'THead', 'TBody', 'TFoot', 'Caption']);
const ROW_GROUPS = new Set<StandardStructType>(['THead', 'TBody', 'TFoot']);
const CELLS = new Set<StandardStructType>(['TH', 'TD']);

const is =
  (set: ReadonlySet<StandardStructType>) =>
  (k: Kid): boolean => {
    const t = typeOf(k);
    return t !== null && set.has(t);
  };

const isListKid = is(LIST_KIDS);
const isItemKid = is(ITEM_KIDS);
const isCell = is(CELLS);
const isRowGroup = is(ROW_GROUPS);
const isTableKid = is(TABLE_KIDS);
const isRow = (k: Kid): boolean => typeOf(k) === 'TR';
const isItem = (k: Kid): boolean => typeOf(k) === 'LI';
const isCaption = (k: Kid): boolean => typeOf(k) === 'Caption';
const isBody = (k: Kid): boolean => typeOf(k) === 'TBody';
const notListKid = (k: Kid): boolean => !isListKid(k);
const notItemKid = (k: Kid): boolean => !isItemKid(k);
const notCell = (k: Kid): boolean => !isCell(k);
const notRow = (k: Kid): boolean => !isRow(k);
const notTableKid = (k: Kid): boolean => !isTableKid(k);
const isRowOrGroup = (k: Kid): boolean => isRow(k) || isRowGroup(k);

const inItem: Wrap = (run, make) =>
  run.every(isItemKid) ? make.node('LI', run) : make.node('LI', [make.node('LBody', run)]);
const inWrap =
  (type: StandardStructType): Wrap =>
  (run, make) =>
    make.node(type, run);
const inLI = inWrap('LI');
const inL = inWrap('L');
const inLBody = inWrap('LBody');
const inTD = inWrap('TD');
const inTR = inWrap('TR');
const inTable = inWrap('Table');
const inTBody = inWrap('TBody');
const inRow: Wrap = (run, make) => make.node('TR', [make.node('TD', run)]);

/** `children` with `f` applied to each node child; the same list when no child changed. */
function mapNodeChildren<A>(
  children: readonly Kid[],
  f: (n: StructNode, a: A) => StructNode,
  a: A,
): readonly Kid[] {
  let out: Kid[] | undefined;
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    if (c.kind !== 'node') continue;
    const mapped = f(c, a);
    if (mapped !== c) (out ??= children.slice())[i] = mapped;
  }
  return out ?? children;
}

/** The node repaired; the node itself when nothing in it needed repair. */
function fix(n: StructNode, make: Make): StructNode {
  let kids = mapNodeChildren(n.children, fix, make);
  const t = n.type;

  // Lists.
  if (t === 'L') {
    kids = wrapRuns(kids, notListKid, inItem, make);
  } else {
    if (t !== 'LI') kids = wrapRuns(kids, isItemKid, inLI, make);
    kids = wrapRuns(kids, isItem, inL, make);
  }
  if (t === 'LI') kids = wrapRuns(kids, notItemKid, inLBody, make);

  // Tables.
  if (t === 'TR') {
    kids = wrapRuns(kids, notCell, inTD, make);
  } else {
    kids = wrapRuns(kids, isCell, inTR, make);
  }
  if (ROW_GROUPS.has(t)) {
    kids = wrapRuns(kids, notRow, inRow, make);
  }
  if (t === 'Table') kids = tableKids(kids, make);
  else if (!ROW_GROUPS.has(t)) {
    kids = wrapRuns(kids, isRowOrGroup, inTable, make);
  }
  return kids === n.children ? n : { ...n, children: kids };
}

function tableKids(kids: readonly Kid[], make: Make): readonly Kid[] {
  let out = wrapRuns(kids, notTableKid, inRow, make);
  // A Caption sits first or last: one in the middle moves to the front (it titles the table
  // either way); any further one is the content of a row of its own.
  if (out.some(isCaption)) {
    const last = out[out.length - 1];
    let lead: Kid | undefined;
    for (const c of out)
      if (isCaption(c) && c !== last) {
        lead = c;
        break;
      }
    const trailing = typeOf(last) === 'Caption' ? last : undefined;
    const moved: Kid[] = lead ? [lead] : [];
    for (const k of out) {
      if (k === lead) continue;
      moved.push(
        typeOf(k) === 'Caption' && k !== trailing ? make.node('TR', [make.node('TD', [k])]) : k,
      );
    }
    out = moved;
  }
  const hasGroups = out.some(isRowGroup);
  if (hasGroups) out = wrapRuns(out, isRow, inTBody, make);
  // At most one THead and one TFoot, and a TBody beside them.
  let head = false;
  let foot = false;
  const single: Kid[] = [];
  for (const k of out) {
    if (k.kind === 'node' && k.type === 'THead') {
      if (head) {
        single.push({ ...k, type: 'TBody' });
        continue;
      }
      head = true;
    } else if (k.kind === 'node' && k.type === 'TFoot') {
      if (foot) {
        single.push({ ...k, type: 'TBody' });
        continue;
      }
      foot = true;
    }
    single.push(k);
  }
  out = single;
  if ((head || foot) && !out.some(isBody)) {
    // Only header or footer rows: they are the body.
    const bodies: Kid[] = [];
    for (const k of out)
      bodies.push(
        k.kind === 'node' && (k.type === 'THead' || k.type === 'TFoot')
          ? { ...k, type: 'TBody' }
          : k,
      );
    out = bodies;
  }
  return out;
}

const LEVELS: readonly StandardStructType[] = ['H1', 'H2', 'H3', 'H4', 'H5', 'H6'];

function headingLevel(t: StandardStructType): number {
  const i = LEVELS.indexOf(t);
  return i < 0 ? 0 : i + 1;
}

/** The level of a heading still "open" above the current one: its source and used levels. */
interface OpenHeading {
  source: number;
  used: number;
}

/** H1..H6 renumbered in reading order so the outline starts at H1 and never skips a level. */
function renumberHeadings(root: StructNode): StructNode {
  // Source level → used level of the headings still "open" above the current one.
  const open: OpenHeading[] = [];
  return visit(root, open);
}

function visit(n: StructNode, open: OpenHeading[]): StructNode {
  let node = n;
  const source = headingLevel(n.type);
  if (source > 0) {
    while (open.length > 0 && open[open.length - 1].source >= source) open.pop();
    const used = Math.min(6, (open[open.length - 1]?.used ?? 0) + 1);
    open.push({ source, used });
    if (used !== source) node = { ...n, type: LEVELS[used - 1] };
  }
  const children = mapNodeChildren(node.children, visit, open);
  return children === node.children ? node : { ...node, children };
}
