/**
 * The structure tree writer on its own: the StructElem objects, parent tree, role map, ID tree
 * and attributes it writes for a hand-built tree of nodes and the marked content recorded for
 * them, read back as plain values (references as `@n`, names as `/N`, byte strings as `<s>`).
 */
import { describe, expect, it } from 'vitest';
import type { StructAttributes, StructChild, StructNode } from '../../src/document/index.js';
import type { Warning } from '../../src/diagnostics.js';
import type { ContentLeaf, SlotRecord } from '../../src/pdf/content.js';
import { PdfFile } from '../../src/pdf/file.js';
import {
  PdfBytes,
  PdfDict,
  PdfName,
  PdfRef,
  PdfText,
  type PdfValue,
} from '../../src/pdf/objects.js';
import {
  writeStructure,
  type AnnotationLeaf,
  type StructureInput,
} from '../../src/pdf/structure.js';

type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

function plain(v: PdfValue): Plain {
  if (v instanceof PdfRef) return `@${v.num}`;
  if (v instanceof PdfName) return `/${v.value}`;
  if (v instanceof PdfText) return v.text;
  if (v instanceof PdfBytes) return `<${Buffer.from(v.bytes).toString('utf8')}>`;
  if (v instanceof PdfDict)
    return Object.fromEntries([...v.entries].map(([k, x]) => [k, plain(x)]));
  if (Array.isArray(v)) return v.map(plain);
  return v as Plain;
}

let nextId = 1;
function node(type: string, children: StructChild[], extra: Partial<StructNode> = {}): StructNode {
  return { kind: 'node', id: nextId++, type, children, ...extra } as StructNode;
}
const slot = (n: number): StructChild => ({ kind: 'content', slot: n });

/** Slots and their marked-content leaves (page, mcid), with bounds per page. */
function slots(
  spec: Record<
    number,
    {
      leaves: Omit<ContentLeaf, 'key'>[];
      bounds?: Record<number, [number, number, number, number]>;
    }
  >,
): Map<number, SlotRecord> {
  return new Map(
    Object.entries(spec).map(([k, v]) => [
      Number(k),
      {
        leaves: v.leaves.map((l) => ({ key: l.page, ...l })),
        texts: [],
        bounds: new Map(Object.entries(v.bounds ?? {}).map(([p, b]) => [Number(p), b])),
      },
    ]),
  );
}

interface Written {
  readonly file: PdfFile;
  readonly warnings: Warning[];
  readonly root: { [key: string]: Plain };
  /** `@n` of the root. */
  readonly rootRef: string;
  readonly elements: ReadonlyMap<number, PdfRef>;
  /** The plain value of an object by `@n` or reference. */
  obj(ref: Plain | PdfRef | undefined): { [key: string]: Plain };
  /** The element written for a node. */
  el(n: StructNode): { [key: string]: Plain };
  /** `@n` of the element written for a node. */
  at(n: StructNode): string;
  /** The parent tree as [key, value] pairs, arrays resolved. */
  parentTree(): [number, Plain][];
}

function write(root: StructNode, input: Partial<StructureInput> = {}): Written {
  const file = new PdfFile();
  const pageCount = input.pageRefs?.length ?? 3;
  const pageRefs = input.pageRefs ?? Array.from({ length: pageCount }, () => file.alloc());
  const warnings: Warning[] = [];
  const out = writeStructure(
    file,
    {
      root,
      slots: new Map(),
      pageRefs,
      pageHeights: pageRefs.map(() => 800),
      streams: pageRefs.map((_, i) => ({ key: i, count: 4 })),
      annotations: [],
      nextKey: 100,
      ...input,
    },
    warnings,
  );
  const obj = (ref: Plain | PdfRef | undefined) => {
    const num =
      ref instanceof PdfRef ? ref.num : typeof ref === 'string' ? Number(ref.slice(1)) : NaN;
    const v = file.valueOf(new PdfRef(num));
    if (v === undefined) throw new Error(`object ${String(ref)} was not written`);
    return plain(v) as { [key: string]: Plain };
  };
  return {
    file,
    warnings,
    root: obj(out.root),
    rootRef: `@${out.root.num}`,
    elements: out.elements,
    obj,
    el: (n) => obj(out.elements.get(n.id)),
    at: (n) => `@${out.elements.get(n.id)!.num}`,
    parentTree() {
      const nums = obj(this.root.ParentTree).Nums as Plain[];
      const pairs: [number, Plain][] = [];
      for (let i = 0; i < nums.length; i += 2) {
        const v = nums[i + 1];
        const resolved = file.valueOf(new PdfRef(Number(String(v).slice(1))));
        pairs.push([nums[i] as number, Array.isArray(resolved) ? plain(resolved) : v]);
      }
      return pairs;
    },
  };
}

describe('the structure tree root', () => {
  it('holds the document element, the parent tree and the next key', () => {
    const p = node('P', [slot(1)]);
    const doc = node('Document', [p]);
    const w = write(doc, { slots: slots({ 1: { leaves: [{ page: 0, mcid: 0 }] } }), nextKey: 7 });
    expect(w.root.Type).toBe('/StructTreeRoot');
    expect(w.root.K).toEqual([w.at(doc)]);
    expect(w.root.ParentTreeNextKey).toBe(7);
    expect(w.root.RoleMap).toBeUndefined();
    expect(w.root.IDTree).toBeUndefined();
    expect(w.el(doc)).toMatchObject({ Type: '/StructElem', S: '/Document', K: [w.at(p)] });
    expect(w.el(p).P).toBe(w.at(doc));
    expect(w.warnings).toEqual([]);
  });

  it('points the document element at the root', () => {
    const doc = node('Document', []);
    const w = write(doc);
    expect(w.el(doc).P).toBe(w.rootRef);
    expect(w.el(doc).K).toEqual([]);
    expect(w.el(doc).Pg).toBeUndefined();
  });
});

describe('marked content', () => {
  it('is hung under its node in reading order, MCIDs on the first page as integers', () => {
    const p = node('P', [slot(1), slot(2)]);
    const w = write(node('Document', [p]), {
      slots: slots({
        1: {
          leaves: [
            { page: 0, mcid: 0 },
            { page: 0, mcid: 2 },
          ],
        },
        2: { leaves: [{ page: 1, mcid: 1 }] },
      }),
    });
    const e = w.el(p);
    expect(e.Pg).toBe('@1');
    expect(e.K).toEqual([0, 2, { Type: '/MCR', Pg: '@2', MCID: 1 }]);
  });

  it('skips slots that were never drawn', () => {
    const p = node('P', [slot(9), slot(1)]);
    const w = write(node('Document', [p]), {
      slots: slots({ 1: { leaves: [{ page: 2, mcid: 3 }] } }),
    });
    expect(w.el(p)).toMatchObject({ Pg: '@3', K: [3] });
  });

  it('records every MCID in the parent tree, streams in key order', () => {
    const a = node('P', [slot(1)]);
    const b = node('P', [slot(2)]);
    const w = write(node('Document', [a, b]), {
      slots: slots({
        1: { leaves: [{ page: 1, mcid: 0 }] },
        2: {
          leaves: [
            { page: 0, mcid: 1 },
            { page: 1, mcid: 1 },
          ],
        },
      }),
      streams: [
        { key: 1, count: 2 },
        { key: 0, count: 3 },
      ],
    });
    expect(w.parentTree()).toEqual([
      [0, [null, w.at(b), null]],
      [1, [w.at(a), w.at(b)]],
    ]);
  });

  it('ignores MCIDs of streams it was not told about', () => {
    const p = node('P', [slot(1)]);
    const w = write(node('Document', [p]), {
      slots: slots({ 1: { leaves: [{ page: 0, mcid: 0, key: 42 } as ContentLeaf] } }),
      streams: [{ key: 0, count: 1 }],
    });
    expect(w.parentTree()).toEqual([[0, [null]]]);
  });

  it('refers to content in a form XObject with an MCR naming the stream', () => {
    const p = node('P', [slot(1)]);
    const file = new PdfFile();
    const pages = [file.alloc()];
    const form = new PdfRef(99);
    const w = write(node('Document', [p]), {
      pageRefs: pages,
      slots: slots({ 1: { leaves: [{ page: 0, mcid: 0, stm: form, key: 5 } as ContentLeaf] } }),
      streams: [
        { key: 0, count: 0 },
        { key: 5, count: 1 },
      ],
    });
    expect(w.el(p).K).toEqual([{ Type: '/MCR', Pg: '@1', Stm: '@99', MCID: 0 }]);
    // Content only inside forms gives the element no /Pg of its own.
    expect(w.el(p).Pg).toBeUndefined();
    expect(w.parentTree()).toEqual([
      [0, []],
      [5, [w.at(p)]],
    ]);
  });

  it('wraps runs with ActualText in a Span of their own', () => {
    const p = node('P', [slot(1)]);
    const w = write(node('Document', [p]), {
      slots: slots({
        1: {
          leaves: [
            { page: 0, mcid: 0 },
            { page: 0, mcid: 1, actualText: 'ﬁ' },
            { page: 0, mcid: 2, actualText: 'x', stm: new PdfRef(77) },
          ],
        },
      }),
    });
    const k = w.el(p).K as Plain[];
    expect(k[0]).toBe(0);
    const span = w.obj(k[1]);
    expect(span).toEqual({
      Type: '/StructElem',
      S: '/Span',
      P: w.at(p),
      Pg: '@1',
      K: 1,
      ActualText: 'ﬁ',
    });
    expect(w.obj(k[2]).K).toEqual({ Type: '/MCR', Pg: '@1', Stm: '@77', MCID: 2 });
    const [[, page0]] = w.parentTree();
    expect(page0).toEqual([w.at(p), k[1], k[2], null]);
  });
});

describe('element entries', () => {
  it('writes Alt, ActualText, E, Lang and T when given', () => {
    const fig = node('Figure', [], {
      alt: 'A chart',
      actualText: 'AT',
      expansion: 'Exp',
      lang: 'en_GB',
      title: 'Title',
    });
    const span = node('Span', [], { alt: '', lang: 'not a language!' });
    const w = write(node('Document', [fig, span]));
    expect(w.el(fig)).toMatchObject({
      Alt: 'A chart',
      ActualText: 'AT',
      E: 'Exp',
      Lang: 'en-GB',
      T: 'Title',
    });
    const s = w.el(span);
    for (const key of ['Alt', 'ActualText', 'E', 'Lang', 'T', 'ID', 'A', 'Pg'])
      expect(s[key], key).toBeUndefined();
  });

  it('writes an empty ActualText, which means no text', () => {
    const art = node('Span', [], { actualText: '' });
    expect(write(node('Document', [art])).el(art).ActualText).toBe('');
  });

  it('writes element ids once, in an ID tree sorted by bytes', () => {
    const b = node('P', [], { elementId: 'b' });
    const a = node('P', [], { elementId: 'a' });
    const again = node('P', [], { elementId: 'b' });
    const none = node('P', [], { elementId: '' });
    const w = write(node('Document', [b, a, again, none]));
    expect(w.el(b).ID).toBe('<b>');
    expect(w.el(again).ID).toBeUndefined();
    expect(w.el(none).ID).toBeUndefined();
    expect(w.obj(w.root.IDTree)).toEqual({ Names: ['<a>', w.at(a), '<b>', w.at(b)] });
    expect(w.warnings).toEqual([
      {
        code: 'pdf.duplicate-id',
        message: "element id 'b' is used twice; the second was left out",
        source: `structure node ${again.id} (P)`,
      },
    ]);
  });
});

describe('roles', () => {
  it('are written as /S and mapped to the standard type in a RoleMap', () => {
    const note = node('Note', [], { role: 'Footnote' });
    const same = node('Note', [], { role: ' Footnote ' });
    const plainP = node('P', [], { role: 'P' });
    const blank = node('P', [], { role: '  ' });
    const w = write(node('Document', [note, same, plainP, blank]));
    expect(w.el(note).S).toBe('/Footnote');
    expect(w.el(same).S).toBe('/Footnote');
    expect(w.el(plainP).S).toBe('/P');
    expect(w.el(blank).S).toBe('/P');
    expect(w.root.RoleMap).toEqual({ Footnote: '/Note' });
    expect(w.warnings).toEqual([]);
  });

  it('never remap a standard type, nor take a name over 127 bytes', () => {
    const std = node('P', [], { role: 'H1' });
    const long = node('P', [], { role: 'x'.repeat(128) });
    const limit = node('P', [], { role: 'y'.repeat(127) });
    const w = write(node('Document', [std, long, limit]));
    expect(w.el(std).S).toBe('/P');
    expect(w.el(long).S).toBe('/P');
    expect(w.el(limit).S).toBe(`/${'y'.repeat(127)}`);
    expect(w.warnings.map((x) => x.code)).toEqual(['pdf.role-ignored', 'pdf.role-ignored']);
    expect(w.warnings[0]).toEqual({
      code: 'pdf.role-ignored',
      message: "role 'H1' cannot be role-mapped; P was written",
      source: `structure node ${std.id} (H1)`,
    });
  });

  it('keep the first mapping of a role and write the standard type for a conflicting one', () => {
    const a = node('P', [], { role: 'Para' });
    const b = node('Div', [], { role: 'Para' });
    const w = write(node('Document', [a, b]));
    expect(w.el(b).S).toBe('/Div');
    expect(w.root.RoleMap).toEqual({ Para: '/P' });
    expect(w.warnings).toEqual([
      {
        code: 'pdf.role-conflict',
        message: "role 'Para' already maps to P; Div was written",
        source: `structure node ${b.id} (Para)`,
      },
    ]);
  });
});

describe('attributes', () => {
  const attrsOf = (
    type: string,
    attributes: StructAttributes,
    input: Partial<StructureInput> = {},
  ) => {
    const n = node(type, [], { attributes });
    const w = write(node('Document', [n]), input);
    const a = w.el(n).A;
    return a === undefined ? [] : Array.isArray(a) ? a : [a];
  };

  it('give a TH a column scope by default and other cells only what they state', () => {
    expect(attrsOf('TH', {})).toEqual([{ O: '/Table', Scope: '/Column' }]);
    expect(attrsOf('TH', { scope: 'Row' })).toEqual([{ O: '/Table', Scope: '/Row' }]);
    expect(attrsOf('TD', {})).toEqual([]);
    expect(attrsOf('TD', { scope: 'Both' })).toEqual([{ O: '/Table', Scope: '/Both' }]);
  });

  it('write Headers, and spans only over one cell, as integers', () => {
    expect(attrsOf('TD', { headers: ['h1', 'h2'], rowSpan: 2.7, colSpan: 3 })).toEqual([
      { O: '/Table', Headers: ['<h1>', '<h2>'], RowSpan: 2, ColSpan: 3 },
    ]);
    expect(attrsOf('TD', { headers: [], rowSpan: 1, colSpan: 1 })).toEqual([]);
  });

  it('number lists, None by default', () => {
    expect(attrsOf('L', {})).toEqual([{ O: '/List', ListNumbering: '/None' }]);
    expect(attrsOf('L', { listNumbering: 'Decimal' })).toEqual([
      { O: '/List', ListNumbering: '/Decimal' },
    ]);
  });

  it('give a placement to other elements only when stated', () => {
    expect(attrsOf('Span', { placement: 'Inline' })).toEqual([
      { O: '/Layout', Placement: '/Inline' },
    ]);
    expect(attrsOf('Span', {})).toEqual([]);
  });

  it('give a figure a BBox in PDF space from its stated box', () => {
    // Page space is top-down: a box at y 100, 50 high, on an 800 pt page spans 650..700.
    expect(attrsOf('Figure', { bbox: [10, 100, 200, 50] })).toEqual([
      { O: '/Layout', Placement: '/Block', BBox: [10, 650, 210, 700] },
    ]);
    expect(attrsOf('Formula', { bbox: [0, 0, 10, 10], placement: 'Inline' })).toEqual([
      { O: '/Layout', Placement: '/Inline', BBox: [0, 790, 10, 800] },
    ]);
  });

  it('write a table both Table and Layout attributes in an array', () => {
    const a = attrsOf('Table', { scope: 'Row', bbox: [0, 0, 10, 10] });
    expect(a).toEqual([
      { O: '/Table', Scope: '/Row' },
      { O: '/Layout', Placement: '/Block', BBox: [0, 790, 10, 800] },
    ]);
  });

  it('bound a figure without a stated box by its content on its first page', () => {
    const img = node('Figure', [slot(1), node('Span', [slot(2)]), slot(3)]);
    const w = write(node('Document', [img]), {
      pageHeights: [800, 600, 800],
      slots: slots({
        1: { leaves: [{ page: 1, mcid: 0 }], bounds: { 1: [10, 20, 30, 40] } },
        2: { leaves: [{ page: 1, mcid: 1 }], bounds: { 1: [5, 30, 25, 60] } },
        3: { leaves: [{ page: 2, mcid: 0 }], bounds: { 2: [0, 0, 500, 500] } },
      }),
    });
    const e = w.el(img);
    expect(e.Pg).toBe('@2');
    expect(e.A).toEqual({ O: '/Layout', Placement: '/Block', BBox: [5, 540, 30, 580] });
  });

  it('take the page of a figure whose content is all in its children', () => {
    const inner = node('Span', [slot(1)]);
    const fig = node('Figure', [node('Div', []), inner]);
    const w = write(node('Document', [fig]), {
      slots: slots({ 1: { leaves: [{ page: 2, mcid: 0 }], bounds: { 2: [1, 2, 3, 4] } } }),
    });
    expect(w.el(fig)).toMatchObject({
      Pg: '@3',
      A: { O: '/Layout', Placement: '/Block', BBox: [1, 796, 3, 798] },
    });
  });

  it('leave the BBox out of a figure with no content and no stated box', () => {
    const fig = node('Figure', [slot(5)]);
    const w = write(node('Document', [fig]));
    expect(w.el(fig).A).toEqual({ O: '/Layout', Placement: '/Block' });
    expect(w.el(fig).Pg).toBeUndefined();
  });

  it('write one attribute object as a dictionary, not an array of one', () => {
    const n = node('L', []);
    const w = write(node('Document', [n]));
    expect(w.el(n).A).toEqual({ O: '/List', ListNumbering: '/None' });
  });

  it('write print field attributes: role, checked state and description when given', () => {
    expect(attrsOf('Form', { printField: { role: 'cb', checked: 'on', desc: 'Agree' } })).toEqual([
      { O: '/PrintField', Role: '/cb', checked: '/on', Desc: 'Agree' },
    ]);
    const [plainField] = attrsOf('Form', { printField: { role: 'tv' } });
    expect(Object.keys(plainField as object)).toEqual(['O', 'Role']);
    expect(plainField).toEqual({ O: '/PrintField', Role: '/tv' });
  });

  it('keep a stated box over the bounds of the content', () => {
    const fig = node('Figure', [slot(1)], { attributes: { bbox: [10, 100, 20, 30] } });
    const w = write(node('Document', [fig]), {
      slots: slots({ 1: { leaves: [{ page: 0, mcid: 0 }], bounds: { 0: [0, 0, 500, 500] } } }),
    });
    expect(w.el(fig).A).toEqual({ O: '/Layout', Placement: '/Block', BBox: [10, 670, 30, 700] });
  });

  it('bound a formula by its content and name its page, like a figure', () => {
    const formula = node('Formula', [node('Span', [slot(1)])]);
    const w = write(node('Document', [formula]), {
      slots: slots({ 1: { leaves: [{ page: 1, mcid: 0 }], bounds: { 1: [1, 2, 3, 4] } } }),
    });
    expect(w.el(formula)).toMatchObject({
      Pg: '@2',
      A: { O: '/Layout', Placement: '/Block', BBox: [1, 796, 3, 798] },
    });
  });

  it('bound a figure by the content that was drawn, past slots that never were', () => {
    const fig = node('Figure', [slot(1), node('Span', [slot(9)])]);
    const w = write(node('Document', [fig]), {
      slots: slots({ 1: { leaves: [{ page: 0, mcid: 0 }], bounds: { 0: [1, 2, 3, 4] } } }),
    });
    expect(w.el(fig).A).toEqual({ O: '/Layout', Placement: '/Block', BBox: [1, 796, 3, 798] });
  });

  it('use the page height of the first page for a stated box without content', () => {
    const fig = node('Figure', [], { attributes: { bbox: [0, 10, 10, 10] } });
    const w = write(node('Document', [fig]), { pageHeights: [500, 800, 800] });
    expect(w.el(fig).A).toMatchObject({ BBox: [0, 480, 10, 490] });
  });
});

describe('link annotations', () => {
  const annot = (n: StructNode, ref: number, page: number, key: number): AnnotationLeaf => ({
    node: n.id,
    annot: new PdfRef(ref),
    page,
    key,
  });

  it('hang under their Link element as OBJRs, the element in the parent tree', () => {
    const link = node('Link', [slot(1)]);
    const w = write(node('Document', [node('P', [link])]), {
      slots: slots({ 1: { leaves: [{ page: 0, mcid: 0 }] } }),
      annotations: [annot(link, 50, 1, 9), annot(link, 51, 1, 3)],
    });
    expect(w.el(link).K).toEqual([
      0,
      { Type: '/OBJR', Obj: '@50', Pg: '@2' },
      { Type: '/OBJR', Obj: '@51', Pg: '@2' },
    ]);
    const tree = w.parentTree();
    expect(tree.map(([k]) => k)).toEqual([0, 1, 2, 3, 9]);
    expect(tree.find(([k]) => k === 9)?.[1]).toBe(w.at(link));
    expect(tree.find(([k]) => k === 3)?.[1]).toBe(w.at(link));
    expect(w.warnings).toEqual([]);
  });

  it('under another element are kept there, with a warning', () => {
    const p = node('P', []);
    const w = write(node('Document', [p]), { annotations: [annot(p, 50, 0, 5)] });
    expect(w.el(p).K).toEqual([{ Type: '/OBJR', Obj: '@50', Pg: '@1' }]);
    expect(w.warnings).toEqual([
      {
        code: 'pdf.link-not-in-link',
        message: 'a link annotation belongs to a P, not a Link element',
        source: `structure node ${p.id} (P)`,
      },
    ]);
  });

  it('naming a missing node get a Link element of their own under the document', () => {
    const p = node('P', [slot(1)]);
    const doc = node('Document', [p]);
    const w = write(doc, {
      slots: slots({ 1: { leaves: [{ page: 0, mcid: 0 }] } }),
      annotations: [{ node: 9999, annot: new PdfRef(60), page: 2, key: 7 }],
    });
    const k = w.el(doc).K as Plain[];
    expect(k).toHaveLength(2);
    expect(k[0]).toBe(w.at(p));
    const extra = w.obj(k[1]);
    expect(extra).toEqual({
      Type: '/StructElem',
      S: '/Link',
      P: w.at(doc),
      K: [{ Type: '/OBJR', Obj: '@60', Pg: '@3' }],
    });
    expect(w.parentTree().find(([key]) => key === 7)?.[1]).toBe(k[1]);
    expect(w.warnings).toEqual([
      {
        code: 'pdf.link-node-missing',
        message:
          'link annotation names structure node 9999, which does not exist; it was tagged under the document',
      },
    ]);
  });
});
