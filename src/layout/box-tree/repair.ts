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
  let nextId = maxId(root) + 1;
  const make = (type: StandardStructType, children: readonly Kid[]): StructNode => ({
    kind: 'node',
    id: nextId++,
    type,
    children,
  });
  const fixed = fix(root, make);
  return renumberHeadings(fixed);
}

function maxId(n: StructNode): number {
  let m = n.id;
  for (const c of n.children) if (c.kind === 'node') m = Math.max(m, maxId(c));
  return m;
}

type Make = (type: StandardStructType, children: readonly Kid[]) => StructNode;

/**
 * Groups consecutive kids for which `misplaced` holds and replaces each run by `wrap(run)`;
 * the other kids stay as they are. With nothing out of place, `kids` itself (most nodes of
 * most documents need no repair, and copying every list made the check cost a render).
 */
function wrapRuns(
  kids: readonly Kid[],
  misplaced: (k: Kid) => boolean,
  wrap: (run: Kid[]) => Kid,
): readonly Kid[] {
  if (!kids.some(misplaced)) return kids;
  const out: Kid[] = [];
  let run: Kid[] = [];
  const flush = (): void => {
    if (run.length > 0) out.push(wrap(run));
    run = [];
  };
  for (const k of kids) {
    if (misplaced(k)) run.push(k);
    else {
      flush();
      out.push(k);
    }
  }
  flush();
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

/** `children` with `f` applied to each node child; the same list when no child changed. */
function mapNodeChildren(
  children: readonly Kid[],
  f: (n: StructNode) => StructNode,
): readonly Kid[] {
  let out: Kid[] | undefined;
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    if (c.kind !== 'node') continue;
    const mapped = f(c);
    if (mapped !== c) (out ??= children.slice())[i] = mapped;
  }
  return out ?? children;
}

/** The node repaired; the node itself when nothing in it needed repair. */
function fix(n: StructNode, make: Make): StructNode {
  let kids = mapNodeChildren(n.children, (c) => fix(c, make));
  const t = n.type;

  // Lists.
  if (t === 'L') {
    kids = wrapRuns(
      kids,
      (k) => !isListKid(k),
      (run) => (run.every(isItemKid) ? make('LI', run) : make('LI', [make('LBody', run)])),
    );
  } else {
    if (t !== 'LI') kids = wrapRuns(kids, isItemKid, (run) => make('LI', run));
    kids = wrapRuns(kids, isItem, (run) => make('L', run));
  }
  if (t === 'LI')
    kids = wrapRuns(
      kids,
      (k) => !isItemKid(k),
      (run) => make('LBody', run),
    );

  // Tables.
  if (t === 'TR') {
    kids = wrapRuns(
      kids,
      (k) => !isCell(k),
      (run) => make('TD', run),
    );
  } else {
    kids = wrapRuns(kids, isCell, (run) => make('TR', run));
  }
  if (ROW_GROUPS.has(t)) {
    kids = wrapRuns(
      kids,
      (k) => !isRow(k),
      (run) => make('TR', [make('TD', run)]),
    );
  }
  if (t === 'Table') kids = tableKids(kids, make);
  else if (!ROW_GROUPS.has(t)) {
    kids = wrapRuns(
      kids,
      (k) => isRow(k) || isRowGroup(k),
      (run) => make('Table', run),
    );
  }
  return kids === n.children ? n : { ...n, children: kids };
}

function tableKids(kids: readonly Kid[], make: Make): readonly Kid[] {
  let out = wrapRuns(
    kids,
    (k) => !isTableKid(k),
    (run) => make('TR', [make('TD', run)]),
  );
  // A Caption sits first or last: one in the middle moves to the front (it titles the table
  // either way); any further one is the content of a row of its own.
  const captions = out.filter(isCaption);
  if (captions.length > 0) {
    const last = out[out.length - 1];
    const lead = captions.find((c) => c !== last);
    const trailing = typeOf(last) === 'Caption' ? last : undefined;
    out = [...(lead ? [lead] : []), ...out.filter((k) => k !== lead)];
    out = out.map((k) =>
      typeOf(k) === 'Caption' && k !== lead && k !== trailing ? make('TR', [make('TD', [k])]) : k,
    );
  }
  const hasGroups = out.some(isRowGroup);
  if (hasGroups)
    out = wrapRuns(
      out,
      (k) => typeOf(k) === 'TR',
      (run) => make('TBody', run),
    );
  // At most one THead and one TFoot, and a TBody beside them.
  let head = false;
  let foot = false;
  out = out.map((k) => {
    if (k.kind !== 'node') return k;
    if (k.type === 'THead') {
      if (head) return { ...k, type: 'TBody' };
      head = true;
    } else if (k.type === 'TFoot') {
      if (foot) return { ...k, type: 'TBody' };
      foot = true;
    }
    return k;
  });
  if ((head || foot) && !out.some((k) => typeOf(k) === 'TBody')) {
    // Only header or footer rows: they are the body.
    out = out.map((k) =>
      k.kind === 'node' && (k.type === 'THead' || k.type === 'TFoot') ? { ...k, type: 'TBody' } : k,
    );
  }
  return out;
}

const LEVELS: readonly StandardStructType[] = ['H1', 'H2', 'H3', 'H4', 'H5', 'H6'];

function headingLevel(t: StandardStructType): number {
  const i = LEVELS.indexOf(t);
  return i < 0 ? 0 : i + 1;
}

/** H1..H6 renumbered in reading order so the outline starts at H1 and never skips a level. */
function renumberHeadings(root: StructNode): StructNode {
  // Source level → used level of the headings still "open" above the current one.
  const open: { source: number; used: number }[] = [];
  const visit = (n: StructNode): StructNode => {
    let node = n;
    const source = headingLevel(n.type);
    if (source > 0) {
      while (open.length > 0 && open[open.length - 1].source >= source) open.pop();
      const used = Math.min(6, (open[open.length - 1]?.used ?? 0) + 1);
      open.push({ source, used });
      if (used !== source) node = { ...n, type: LEVELS[used - 1] };
    }
    const children = mapNodeChildren(node.children, visit);
    return children === node.children ? node : { ...node, children };
  };
  return visit(root);
}
