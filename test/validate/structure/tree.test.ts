import { describe, expect, it } from 'vitest';
import type { CosDict, CosRef } from '../../../src/validate/model/cos.js';
import type { PdfDocumentModel } from '../../../src/validate/model/document.js';
import { openDocument } from '../../../src/validate/parser/index.js';
import {
  buildStructTree,
  kidTypeCounter,
  kidsStandardTypes,
  parentStandardType,
  significantKids,
  structTreeOf,
  type StructNode,
  type StructTree,
} from '../../../src/validate/rules/structure/tree.js';
import { buildPdf, el, taggedDoc } from './helpers.js';

const ref = (r: CosRef | null) => (r ? `${r.num} ${r.gen} R` : null);

/** What a node holds, in words: `7 P depth 1 page 3 0 R parent 6`. */
function describeNode(n: StructNode) {
  return {
    index: n.index,
    ref: ref(n.ref),
    type: n.type,
    standardType: n.standardType,
    depth: n.depth,
    parent: n.treeParent ? n.treeParent.index : null,
    kids: n.kids.map((k) => k.index),
    page: ref(n.page),
    mcids: n.mcids.map(
      (m) => `${m.mcid} on ${ref(m.page)}${m.stream ? ` in ${ref(m.stream)}` : ''}`,
    ),
    objrs: n.objrs.map((o) => `${ref(o.obj)} on ${ref(o.page)}`),
  };
}

function open(bytes: Uint8Array): { doc: PdfDocumentModel; tree: StructTree } {
  const doc = openDocument(bytes);
  return { doc, tree: buildStructTree(doc) };
}

/** The elements of a tree by object number. */
const nodeNumbered = (tree: StructTree) => (num: number) =>
  tree.nodeByRef({ kind: 'ref', num, gen: 0 }) as StructNode;

/** A dictionary of the document by object number. */
function dictOf(doc: PdfDocumentModel, num: number): CosDict {
  const d = doc.resolve({ kind: 'ref', num, gen: 0 });
  if (d === null || typeof d !== 'object' || d.kind !== 'dict') throw new Error(`${num}`);
  return d;
}

describe('building the structure tree', () => {
  it('reads elements in document order with their kids, depth, pages and content items', () => {
    // Page 3; a second page object 20 for MCRs and OBJRs that name their own.
    const bytes = taggedDoc({
      rootKids: '[6 0 R 9 0 R]',
      elements: [
        '<< /Type /StructElem /S /Document /P 5 0 R /Pg 3 0 R /K [7 0 R 8 0 R] >>',
        el(
          'P',
          6,
          '/K [0 1.5 << /Type /MCR /MCID 2 >> << /Type /MCR /MCID 3 /Pg 20 0 R /Stm 21 0 R >> << /Type /MCR >>]',
        ),
        el(
          'Link',
          6,
          '/Pg 20 0 R /K [<< /Type /OBJR /Obj 22 0 R >> << /Type /OBJR /Obj 22 0 R /Pg 3 0 R >> << /Type /OBJR /Obj 5 >>]',
        ),
        el('Sect', 5, '/K 4'),
      ],
      extraObjects: Array.from({ length: 10 }, () => 'null').concat([
        '<< /Type /Page >>',
        '<< /Length 0 >>\nstream\n\nendstream',
        '<< /Type /Annot /Subtype /Link >>',
      ]),
    });
    const { tree } = open(bytes);
    expect(tree.nodes.map(describeNode)).toEqual([
      {
        index: 0,
        ref: '6 0 R',
        type: 'Document',
        standardType: 'Document',
        depth: 0,
        parent: null,
        kids: [1, 2],
        page: '3 0 R',
        mcids: [],
        objrs: [],
      },
      {
        index: 1,
        ref: '7 0 R',
        type: 'P',
        standardType: 'P',
        depth: 1,
        parent: 0,
        kids: [],
        page: '3 0 R',
        // An MCID that is not an integer, and an MCR without one, are no content items.
        mcids: ['0 on 3 0 R', '2 on 3 0 R', '3 on 20 0 R in 21 0 R'],
        objrs: [],
      },
      {
        index: 2,
        ref: '8 0 R',
        type: 'Link',
        standardType: 'Link',
        depth: 1,
        parent: 0,
        kids: [],
        page: '20 0 R',
        mcids: [],
        objrs: ['22 0 R on 20 0 R', '22 0 R on 3 0 R', 'null on 20 0 R'],
      },
      {
        index: 3,
        ref: '9 0 R',
        type: 'Sect',
        standardType: 'Sect',
        depth: 0,
        parent: null,
        kids: [],
        page: null,
        mcids: ['4 on null'],
        objrs: [],
      },
    ]);
    expect(tree.rootKids.map((n) => n.index)).toEqual([0, 3]);
    expect(ref(tree.rootRef)).toBe('5 0 R');
    expect(tree.truncated).toBe(false);
  });

  it('ignores content items and non-elements at the root, and dictionaries of another Type', () => {
    const bytes = taggedDoc({
      rootKids:
        '[0 << /Type /MCR /MCID 1 >> << /Type /OBJR /Obj 6 0 R >> (text) 6 0 R 7 0 R 8 0 R]',
      elements: [
        el('P', 5),
        '<< /Type /Annot /S /P /K [9 0 R] >>',
        '<< /S /Span /P 5 0 R >>',
        el('Span', 7),
      ],
    });
    const { tree } = open(bytes);
    // The element without a Type is one; the annotation (and what only it holds) is not.
    expect(tree.nodes.map((n) => `${ref(n.ref)} ${n.type}`)).toEqual(['6 0 R P', '8 0 R Span']);
    expect(tree.nodes.every((n) => n.mcids.length === 0 && n.objrs.length === 0)).toBe(true);
  });

  it('makes a dictionary reached twice one element, counted as a kid each time', () => {
    const bytes = taggedDoc({
      rootKids: '[6 0 R]',
      elements: [
        el('Document', 5, '/K [7 0 R 7 0 R 8 0 R]'),
        el('P', 6),
        el('Div', 6, '/K [<< /S /Span /P 8 0 R /K [<< /S /Em >>] >> 6 0 R]'),
      ],
    });
    const { tree } = open(bytes);
    expect(tree.nodes.map((n) => n.type)).toEqual(['Document', 'P', 'Div', 'Span', 'Em']);
    expect(tree.nodes[0].kids.map((k) => k.index)).toEqual([1, 1, 2]);
    // The cycle back to the Document is a kid, not a new element.
    expect(tree.nodes[2].kids.map((k) => k.index)).toEqual([3, 0]);
    // Direct elements have no reference but are found by their dictionary.
    expect(tree.nodes[3].ref).toBeNull();
    expect(tree.nodeOf(tree.nodes[3].dict)).toBe(tree.nodes[3]);
    expect(tree.nodeByRef({ kind: 'ref', num: 8, gen: 0 })).toBe(tree.nodes[2]);
    expect(tree.nodeByRef({ kind: 'ref', num: 8, gen: 1 })).toBeUndefined();
    expect(tree.nodes[4].depth).toBe(3);
  });

  it('reads the role map (names only), the class map, and types of any dictionary', () => {
    const bytes = taggedDoc({
      rootKids: '[6 0 R 7 0 R]',
      rootExtra:
        '/RoleMap << /Para /P /Bad (P) /Gone 99 0 R /Loop /Loop2 /Loop2 /Loop >> /ClassMap 9 0 R',
      elements: [el('Para', 5), el('Bad', 5), '<< /S /Para >>', '<< /c1 << /O /Layout >> >>'],
    });
    const { doc, tree } = open(bytes);
    expect([...tree.roleMap]).toEqual([
      ['Para', 'P'],
      ['Loop', 'Loop2'],
      ['Loop2', 'Loop'],
    ]);
    expect(tree.classMap?.entries.has('c1')).toBe(true);
    expect(tree.nodes.map((n) => n.standardType)).toEqual(['P', null]);
    // A dictionary outside the tree is typed through the role map too.
    expect(tree.standardTypeOf(dictOf(doc, 8))).toBe('P');
    expect(tree.standardTypeOf(dictOf(doc, 6))).toBe('P');
    expect(tree.standardTypeOf(null)).toBeNull();
    expect(tree.standardTypeOf(dictOf(doc, 9))).toBeNull();
    expect(tree.roleOf(null)).toEqual({
      standardType: null,
      circular: false,
      remappedStandard: false,
    });
    expect(tree.roleOf('Loop').circular).toBe(true);
    // Asked twice, the same answer.
    expect(tree.roleOf('Para')).toBe(tree.roleOf('Para'));
    expect(tree.roleOf('Para').standardType).toBe('P');
  });

  it('is empty without a structure tree root, and built once per document', () => {
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 3 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      '[/not /a /root]',
    ]);
    const { doc, tree } = open(bytes);
    expect(tree.root).toBeNull();
    expect(ref(tree.rootRef)).toBe('3 0 R');
    expect(tree.nodes).toEqual([]);
    expect(tree.roleMap.size).toBe(0);
    expect(tree.classMap).toBeNull();
    expect(structTreeOf(doc)).toBe(structTreeOf(doc));
    // A root given directly has no reference.
    const direct = open(
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R /StructTreeRoot << /K << /S /P >> >> >>',
        '<< /Type /Pages /Kids [] /Count 0 >>',
      ]),
    ).tree;
    expect(direct.rootRef).toBeNull();
    expect(direct.nodes.map((n) => n.type)).toEqual(['P']);
  });
});

describe('kids read through pass-through elements', () => {
  const tree = () =>
    open(
      taggedDoc({
        rootKids: '[6 0 R]',
        rootExtra: '/RoleMap << /Mine /Nope >>',
        elements: [
          el('Table', 5, '/K [7 0 R 8 0 R 9 0 R 10 0 R]'),
          el('TR', 6),
          el('Div', 6, '/K [11 0 R 12 0 R 8 0 R]'),
          el('Mine', 6),
          el('Part', 6, '/K [13 0 R]'),
          el('NonStruct', 8, '/K [14 0 R]'),
          el('Caption', 8),
          el('TR', 10),
          el('TR', 11),
        ],
      }),
    ).tree;

  it('replaces pass-through kids by their own kids, once along a path, and drops untyped ones', () => {
    const t = tree();
    const table = t.nodes[0];
    expect(kidsStandardTypes(table)).toEqual(['TR', 'TR', 'Caption', 'TR']);
    expect(significantKids(table).map((k) => ref(k.ref))).toEqual([
      '7 0 R',
      '14 0 R',
      '12 0 R',
      '9 0 R',
      '13 0 R',
    ]);
  });

  it('counts kids of a type through pass-through kids, and again for a shared pass-through kid', () => {
    const t = tree();
    const countTR = kidTypeCounter('TR');
    expect(countTR(t.nodes[0])).toBe(3);
    // Asked again, from what was learnt; the Div, which holds itself, counts its TR once
    // whether it is asked about first or after its table.
    expect(countTR(t.nodes[0])).toBe(3);
    const div = t.nodeByRef({ kind: 'ref', num: 8, gen: 0 }) as StructNode;
    expect(countTR(div)).toBe(1);
    expect(kidTypeCounter('TR')(div)).toBe(1);
    expect(countTR(t.nodes[1])).toBe(0);
    expect(kidTypeCounter('Caption')(t.nodes[0])).toBe(1);
    expect(kidTypeCounter('Sect')(t.nodes[0])).toBe(0);
  });

  it('counts a pass-through kid shared by two parents for each', () => {
    const t = open(
      taggedDoc({
        rootKids: '[6 0 R]',
        elements: [
          el('Document', 5, '/K [7 0 R 8 0 R]'),
          el('Sect', 6, '/K [9 0 R 9 0 R]'),
          el('Sect', 6, '/K [9 0 R]'),
          el('Div', 7, '/K [10 0 R 11 0 R]'),
          el('H', 9),
          el('H', 9),
        ],
      }),
    ).tree;
    const countH = kidTypeCounter('H');
    const [, first, second] = t.nodes;
    expect(kidsStandardTypes(first)).toEqual(['H', 'H', 'H', 'H']);
    expect(countH(first)).toBe(4);
    expect(countH(second)).toBe(2);
    expect(countH(t.nodes[0])).toBe(0);
  });
});

describe('the standard type of an element parent', () => {
  const doc = () =>
    open(
      taggedDoc({
        rootKids: '[6 0 R]',
        elements: [
          el('Table', 5, '/K [7 0 R]'),
          el('Div', 6, '/K [8 0 R]'),
          el('NonStruct', 7, '/K [9 0 R]'),
          el('TR', 8),
        ],
      }),
    );

  it('reads through pass-through parents up to a standard type or the root', () => {
    const { doc: d, tree } = doc();
    const node = nodeNumbered(tree);
    expect(parentStandardType(d, tree, node(9))).toBe('Table');
    // The same chain again, answered from what was learnt.
    expect(parentStandardType(d, tree, node(9))).toBe('Table');
    expect(parentStandardType(d, tree, node(8))).toBe('Table');
    expect(parentStandardType(d, tree, node(7))).toBe('Table');
    expect(parentStandardType(d, tree, node(6))).toBe('StructTreeRoot');
  });

  it('answers null for a broken /P and reads a foreign root dictionary as the root', () => {
    const { doc: d, tree } = open(
      taggedDoc({
        rootKids: '[6 0 R 7 0 R 9 0 R 11 0 R]',
        elements: [
          el('TR', 99),
          el('TR', 8),
          '<< /Type /StructTreeRoot >>',
          el('TR', 10),
          el('Div', 9),
          '<< /Type /StructElem /S /TR >>',
        ],
      }),
    );
    const node = nodeNumbered(tree);
    expect(parentStandardType(d, tree, node(6))).toBeNull();
    expect(parentStandardType(d, tree, node(7))).toBe('StructTreeRoot');
    // A pass-through parent that cycles back to the element.
    expect(parentStandardType(d, tree, node(9))).toBeNull();
    expect(parentStandardType(d, tree, node(11))).toBeNull();
  });

  it('reads a root without a Type as the root, and a cycle back to an element as no parent', () => {
    // The root (5) has no Type. 7 (TR) and 8 (Div) name each other as parent; 9 (TD) is in 8.
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 5 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      'null',
      'null',
      '<< /K [6 0 R 7 0 R] >>',
      el('TR', 5),
      el('TR', 8, '/K [8 0 R]'),
      el('Div', 7, '/K [9 0 R]'),
      el('TD', 8),
    ]);
    const { doc: d, tree } = open(bytes);
    const node = nodeNumbered(tree);
    expect(parentStandardType(d, tree, node(6))).toBe('StructTreeRoot');
    expect(parentStandardType(d, tree, node(7))).toBeNull();
    // What was found climbing from 7 (a cycle back to it) does not hold for 9.
    expect(parentStandardType(d, tree, node(9))).toBe('TR');
    expect(parentStandardType(d, tree, node(8))).toBe('TR');
  });

  it('does not let a cycle through one element decide the answer for another', () => {
    // 7 and 8 are Divs whose /P point at each other; 9's /P is 7.
    const { doc: d, tree } = open(
      taggedDoc({
        rootKids: '[6 0 R]',
        elements: [
          el('Table', 5, '/K [7 0 R]'),
          el('Div', 8, '/K [8 0 R]'),
          el('Div', 7, '/K [9 0 R]'),
          el('TR', 7),
        ],
      }),
    );
    const node = nodeNumbered(tree);
    expect(parentStandardType(d, tree, node(8))).toBeNull();
    expect(parentStandardType(d, tree, node(9))).toBeNull();
  });
});
