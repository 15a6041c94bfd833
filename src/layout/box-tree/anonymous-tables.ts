/**
 * Anonymous table objects (CSS 2.1 §17.2.1): any arrangement of `display: table-*` boxes is
 * completed into whole tables before layout, in the spec's three stages.
 *
 * 1. Irrelevant boxes go: children of a table-column, anything but columns in a column group,
 *    white space between table parts.
 * 2. Missing child wrappers: content directly in a table or a row group that is not a row gets
 *    an anonymous row; content in a row that is not a cell gets an anonymous cell.
 * 3. Missing parents: cells outside a row get an anonymous row; rows, row groups, columns and
 *    captions outside a table get an anonymous table around them and their table siblings
 *    (an inline-table inside an inline box).
 *
 * Anonymous boxes are elements with an empty tag and an anonymous style (inherited properties
 * from their parent, the rest initial): they have no semantics of their own.
 */
import type { ComputedStyle, Display, StyledElement, StyledNode } from '../../style/index.js';
import { anonymousStyle, isCollapsibleWhitespace } from './boxes.js';

/** Makes an anonymous element of `display` inside `parent`, holding `children`. */
export type AnonymousFactory = (
  parent: ComputedStyle,
  display: Display,
  children: readonly StyledNode[],
  lang: string,
) => StyledElement;

export function anonymousFactory(nextId: () => number): AnonymousFactory {
  const NO_ATTRS: ReadonlyMap<string, string> = new Map();
  return (parent, display, children, lang) => ({
    kind: 'element',
    nodeId: -nextId(),
    style: anonymousStyle(parent, display),
    tag: '',
    namespace: 'html',
    attrs: NO_ATTRS,
    lang,
    children,
  });
}

export function isAnonymous(el: StyledElement): boolean {
  return el.tag === '';
}

const ROW_GROUPS: ReadonlySet<Display> = new Set<Display>([
  'table-row-group',
  'table-header-group',
  'table-footer-group',
]);

/** Children a table box takes as they are (CSS 2.1 "proper table child"). */
const PROPER_TABLE_CHILD: ReadonlySet<Display> = new Set<Display>([
  ...ROW_GROUPS,
  'table-row',
  'table-caption',
  'table-column-group',
  'table-column',
]);

/** Boxes that need a table around them: proper table children and cells. */
const TABLE_PART: ReadonlySet<Display> = new Set<Display>([...PROPER_TABLE_CHILD, 'table-cell']);

const displayOf = (n: StyledNode): Display | null =>
  n.kind === 'element' ? n.style.display : null;

const isPart = (n: StyledNode): boolean => {
  const d = displayOf(n);
  return d !== null && TABLE_PART.has(d);
};

/**
 * Stage 1.3/1.4: white space between table parts (or at the edge of a run of them) goes.
 * `inside` says whether `n`'s siblings count as table parts.
 */
function dropWhitespaceBetween(
  kids: readonly StyledNode[],
  inside: (n: StyledNode) => boolean,
): StyledNode[] {
  const out: StyledNode[] = [];
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i];
    if (isCollapsibleWhitespace(k)) {
      const before = kids[i - 1];
      const after = kids[i + 1];
      if ((before === undefined || inside(before)) && (after === undefined || inside(after)))
        continue;
    }
    out.push(k);
  }
  return out;
}

// The helpers below are module-level functions rather than closures made for every table, row
// group and row: functions made anew on every call lose their optimized code at each major
// garbage collection (Node 20).

/** Children a table box takes as they are. */
function proper(n: StyledNode): boolean {
  const d = displayOf(n);
  return d !== null && PROPER_TABLE_CHILD.has(d);
}

const isRow = (n: StyledNode): boolean => displayOf(n) === 'table-row';
const isCell = (n: StyledNode): boolean => displayOf(n) === 'table-cell';
const isColumn = (k: StyledNode): k is StyledElement =>
  k.kind === 'element' && k.style.display === 'table-column';

/** The nodes that generate a box (display: none ones do not). */
function visibleOf(kids: readonly StyledNode[]): StyledNode[] {
  const out: StyledNode[] = [];
  for (const k of kids) if (k.kind !== 'element' || k.style.display !== 'none') out.push(k);
  return out;
}

/** Whether a run holds more than white space. */
function hasContent(run: readonly StyledNode[]): boolean {
  for (const k of run) if (!isCollapsibleWhitespace(k)) return true;
  return false;
}

/**
 * Stage 3 for the children of a block container or an inline box: each run of table parts
 * (with the white space between them) becomes an anonymous table, or an inline-table when the
 * parent is an inline box; cells in the run first get anonymous rows.
 */
export function wrapTableParts(
  parent: StyledElement,
  kids: readonly StyledNode[],
  anon: AnonymousFactory,
): readonly StyledNode[] {
  if (!kids.some(isPart)) return kids;
  const d = parent.style.display;
  const inline = d === 'inline' || d === 'contents';
  const out: StyledNode[] = [];
  let i = 0;
  while (i < kids.length) {
    if (!isPart(kids[i])) {
      out.push(kids[i++]);
      continue;
    }
    // The run: table parts and the white space between them.
    const run: StyledNode[] = [];
    while (i < kids.length) {
      const k = kids[i];
      if (isPart(k)) run.push(k);
      else if (!isCollapsibleWhitespace(k)) break;
      else {
        const next = nextNonBlank(kids, i);
        if (!next || !isPart(next)) break;
      }
      i++;
    }
    out.push(anon(parent.style, inline ? 'inline-table' : 'table', run, parent.lang));
  }
  return out;
}

function nextNonBlank(kids: readonly StyledNode[], from: number): StyledNode | undefined {
  for (let j = from + 1; j < kids.length; j++)
    if (!isCollapsibleWhitespace(kids[j])) return kids[j];
  return undefined;
}

/** A table row and its cells, every one an element (anonymous where the source had none). */
export interface RowParts {
  readonly row: StyledElement;
  readonly cells: readonly StyledElement[];
}

export interface SectionParts {
  readonly kind: 'head' | 'body' | 'foot';
  /** The row group element; undefined for rows directly in the table. */
  readonly group?: StyledElement;
  readonly rows: readonly RowParts[];
}

export interface TableParts {
  readonly captions: readonly StyledElement[];
  /** Column and column-group elements that define columns, one entry per column. */
  readonly columns: readonly StyledElement[];
  /** In source order (the caller moves footers after the body). */
  readonly sections: readonly SectionParts[];
}

/**
 * The parts of a table box (`kids` are its children in box order): stages 1 and 2 inside it.
 * Only the first header group is the table's header and only the first footer group its
 * footer; later ones are body row groups.
 */
export function tableParts(
  table: StyledElement,
  kids: readonly StyledNode[],
  anon: AnonymousFactory,
  childrenOf: (el: StyledElement) => readonly StyledNode[],
): TableParts {
  const captions: StyledElement[] = [];
  const columns: StyledElement[] = [];
  const sections: SectionParts[] = [];
  let loose: RowParts[] | null = null;
  let head = false;
  let foot = false;
  const visible = visibleOf(kids);
  const children = dropWhitespaceBetween(visible, proper);
  let run: StyledNode[] = [];
  for (const c of children) {
    if (!proper(c)) {
      // Stage 2.1: everything else directly in a table goes into anonymous rows.
      run.push(c);
      continue;
    }
    loose = flushRun(table, run, anon, sections, loose);
    run = [];
    const el = c as StyledElement;
    const d = el.style.display;
    if (d === 'table-caption') captions.push(el);
    else if (d === 'table-column') columns.push(el);
    else if (d === 'table-column-group') {
      const cols = childrenOf(el).filter(isColumn);
      if (cols.length === 0) columns.push(el);
      else columns.push(...cols);
    } else if (d === 'table-row') {
      loose = addLoose(sections, loose, rowParts(el, childrenOf(el), anon));
    } else {
      let kind: SectionParts['kind'] = 'body';
      if (d === 'table-header-group' && !head) {
        kind = 'head';
        head = true;
      } else if (d === 'table-footer-group' && !foot) {
        kind = 'foot';
        foot = true;
      }
      sections.push({ kind, group: el, rows: groupRows(el, childrenOf(el), anon, childrenOf) });
      loose = null;
    }
  }
  flushRun(table, run, anon, sections, loose);
  return { captions, columns, sections };
}

/**
 * Adds `row` to the section of rows directly in the table (`loose`, started when null); returns
 * that section's rows.
 */
function addLoose(sections: SectionParts[], loose: RowParts[] | null, row: RowParts): RowParts[] {
  if (!loose) {
    loose = [];
    sections.push({ kind: 'body', rows: loose });
  }
  loose.push(row);
  return loose;
}

/** A run of non-parts directly in `table` as an anonymous row, when it holds content. */
function flushRun(
  table: StyledElement,
  run: StyledNode[],
  anon: AnonymousFactory,
  sections: SectionParts[],
  loose: RowParts[] | null,
): RowParts[] | null {
  if (!hasContent(run)) return loose;
  const row = anon(table.style, 'table-row', run, table.lang);
  return addLoose(sections, loose, rowParts(row, run, anon));
}

/** Stage 2.2: the rows of a row group, non-rows wrapped in anonymous rows. */
function groupRows(
  group: StyledElement,
  kids: readonly StyledNode[],
  anon: AnonymousFactory,
  childrenOf: (el: StyledElement) => readonly StyledNode[],
): RowParts[] {
  const visible = visibleOf(kids);
  const rows: RowParts[] = [];
  let run: StyledNode[] = [];
  for (const c of dropWhitespaceBetween(visible, isRow)) {
    if (isRow(c)) {
      flushRows(group, run, anon, rows);
      run = [];
      rows.push(rowParts(c as StyledElement, childrenOf(c as StyledElement), anon));
    } else run.push(c);
  }
  flushRows(group, run, anon, rows);
  return rows;
}

/** Stage 2.3: the cells of a row, runs of anything else wrapped in anonymous cells. */
function rowParts(
  row: StyledElement,
  kids: readonly StyledNode[],
  anon: AnonymousFactory,
): RowParts {
  const visible = visibleOf(kids);
  const cells: StyledElement[] = [];
  let run: StyledNode[] = [];
  for (const c of dropWhitespaceBetween(visible, isCell)) {
    if (isCell(c)) {
      if (hasContent(run)) cells.push(anon(row.style, 'table-cell', run, row.lang));
      run = [];
      cells.push(c as StyledElement);
    } else run.push(c);
  }
  if (hasContent(run)) cells.push(anon(row.style, 'table-cell', run, row.lang));
  return { row, cells };
}

/** A run of non-rows in a row group as an anonymous row, when it holds content. */
function flushRows(
  group: StyledElement,
  run: StyledNode[],
  anon: AnonymousFactory,
  rows: RowParts[],
): void {
  if (!hasContent(run)) return;
  const row = anon(group.style, 'table-row', run, group.lang);
  rows.push(rowParts(row, run, anon));
}
