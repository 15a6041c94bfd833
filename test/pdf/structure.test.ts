import { describe, expect, it } from 'vitest';
import type { DisplayItem, StructNode } from '../../src/document/index.js';
import { writeValid } from './validate-helper.js';
import { content, doc, node, page, shape, slotChild } from './helpers.js';
import { inspect, openPdf, outlineOf, type StructOut } from './inspect.js';

const F = 'LiberationSans-Regular.ttf';
const FB = 'LiberationSans-Bold.ttf';

/** A table of one header row and 6 body rows spread over three pages (2 rows a page). */
function tableDoc(): { root: StructNode; pages: DisplayItem[][] } {
  let slot = 100;
  const pages: DisplayItem[][] = [[], [], []];
  const th = (label: string, id: string): StructNode => {
    const s = slot++;
    pages[0]?.push(shape(FB, label, label === 'Item' ? 72 : 300, 80, 12, content(s)));
    return node('TH', [slotChild(s)], { elementId: id, attributes: { scope: 'Column' } });
  };
  const head = node('THead', [node('TR', [th('Item', 'h-item'), th('Price', 'h-price')])]);
  const rows: StructNode[] = [];
  for (let r = 0; r < 6; r++) {
    const p = Math.floor(r / 2);
    const y = 120 + (r % 2) * 20;
    const a = slot++;
    const b = slot++;
    pages[p]?.push(
      shape(F, `Row ${r + 1}`, 72, y, 12, content(a)),
      shape(F, `${(r + 1) * 10}.00`, 300, y, 12, content(b)),
    );
    rows.push(
      node('TR', [
        node('TD', [slotChild(a)], { attributes: { headers: ['h-item'] } }),
        node('TD', [slotChild(b)], { attributes: { headers: ['h-price'] } }),
      ]),
    );
  }
  const table = node('Table', [head, node('TBody', rows)]);
  return { root: node('Document', [node('H1', [slotChild(99)]), table]), pages };
}

describe('structure tree', () => {
  it('keeps a table over three pages as one Table with Headers, Scope and an IDTree', async () => {
    const { root, pages } = tableDoc();
    pages[0]?.unshift(shape(FB, 'Prices', 72, 50, 18, content(99)));
    const r = writeValid(
      doc(
        pages.map((p) => page(p)),
        root,
      ),
      { deterministic: true },
    );
    const { objects } = inspect(r.bytes);
    expect(objects.match(/\/S \/Table\b/g)).toHaveLength(1);
    expect(objects.match(/\/S \/TR\b/g)).toHaveLength(7);
    expect(objects).toContain('/O /Table /Scope /Column');
    expect(objects).toContain('/Headers [(h-item)]');
    expect(objects).toMatch(/\/IDTree \d+ 0 R/);
    expect(objects).toMatch(/\/Names \[\(h-item\) \d+ 0 R \(h-price\) \d+ 0 R\]/);
    expect(objects).toMatch(/\/O \/Layout \/Placement \/Block \/BBox \[/);
    // Parent tree: one entry per page, ParentTreeNextKey after them.
    expect(objects).toContain('/ParentTreeNextKey 3');
    const pdf = await openPdf(r.bytes);
    for (const n of [1, 2, 3]) {
      const tree = (await (await pdf.getPage(n)).getStructTree()) as unknown as StructOut;
      expect(outlineOf(tree).join('\n')).toContain('Table');
    }
    // Every element has /P (the tree is connected).
    const elems = objects.split('\n').filter((l) => l.includes('/Type /StructElem'));
    expect(elems.length).toBeGreaterThan(20);
    for (const e of elems) expect(e).toMatch(/\/P \d+ 0 R/);
  });

  it('writes lists with ListNumbering, role maps for custom types and element attributes', () => {
    const li = (s: number): StructNode =>
      node('LI', [node('Lbl', [slotChild(s)]), node('LBody', [slotChild(s + 1)])]);
    const list = node('L', [li(1), li(3)], { attributes: { listNumbering: 'Decimal' } });
    const note = node('P', [slotChild(5)], { role: 'Callout', lang: 'fr', title: 'Note' });
    const abbr = node('Span', [slotChild(6)], { expansion: 'for example' });
    const root = node('Document', [list, note, node('P', [abbr])]);
    const items = [
      shape(F, '1.', 72, 100, 12, content(1)),
      shape(F, 'First', 90, 100, 12, content(2)),
      shape(F, '2.', 72, 120, 12, content(3)),
      shape(F, 'Second', 90, 120, 12, content(4)),
      shape(F, 'Une note', 72, 150, 12, content(5)),
      shape(F, 'e.g.', 72, 170, 12, content(6)),
    ];
    const { objects } = inspect(writeValid(doc([page(items)], root)).bytes);
    expect(objects).toContain('/A <</O /List /ListNumbering /Decimal>>');
    expect(objects).toContain('/RoleMap <</Callout /P>>');
    expect(objects).toMatch(/\/S \/Callout .*\/Lang \(fr\) \/T \(Note\)/);
    expect(objects).toContain('/E (for example)');
  });

  it('marks backgrounds, borders and running headers as artifacts, never inside tagged content', () => {
    const root = node('Document', [node('P', [slotChild(1)])]);
    const items: DisplayItem[] = [
      {
        kind: 'path',
        ops: [{ op: 'rect', x: 0, y: 0, width: 595, height: 842 }],
        fill: { r: 0.9, g: 0.9, b: 1, a: 1 },
        tag: { kind: 'artifact', type: 'Background', bbox: [0, 0, 595, 842] },
      },
      shape(F, 'Running header', 72, 30, 9, {
        kind: 'artifact',
        type: 'Pagination',
        subtype: 'Header',
      }),
      shape(F, 'Body', 72, 100, 12, content(1)),
      {
        kind: 'path',
        ops: [
          { op: 'moveTo', x: 72, y: 105 },
          { op: 'lineTo', x: 300, y: 105 },
        ],
        stroke: { paint: { r: 0, g: 0, b: 0, a: 1 }, width: 1 },
        tag: { kind: 'artifact', type: 'Layout' },
      },
      shape(F, 'Page 1 of 1', 72, 820, 9, {
        kind: 'artifact',
        type: 'Pagination',
        subtype: 'Footer',
      }),
    ];
    const { text } = inspect(writeValid(doc([page(items)], root)).bytes);
    expect(text).toContain('/Artifact <</Type /Background /BBox [0 0 595 842]>> BDC');
    expect(text).toContain('/Artifact <</Type /Pagination /Subtype /Header /Attached [/Top]>> BDC');
    expect(text).toContain(
      '/Artifact <</Type /Pagination /Subtype /Footer /Attached [/Bottom]>> BDC',
    );
    expect(text).toContain('/Artifact <</Type /Layout>> BDC');
    // No nesting: every BDC closes before the next opens, and nothing paints outside them.
    let depth = 0;
    let outside = 0;
    for (const tok of text.split(/\s+/)) {
      if (tok === 'BDC') {
        expect(depth).toBe(0);
        depth++;
      } else if (tok === 'EMC') depth--;
      else if (depth === 0 && ['f', 'S', 'TJ', 'Do', 'sh', 'B'].includes(tok)) outside++;
    }
    expect(outside).toBe(0);
  });

  it('wraps runs whose glyphs do not map one-to-one in a Span with ActualText', async () => {
    const root = node('Document', [node('P', [slotChild(1)])]);
    const run = shape(F, 'olleh', 72, 100, 12, content(1), { actualText: 'hello' });
    const r = writeValid(doc([page([run])], root));
    const { objects, text } = inspect(r.bytes);
    expect(objects).toMatch(/\/S \/Span \/P \d+ 0 R \/Pg \d+ 0 R \/K 0 \/ActualText \(hello\)/);
    expect(text).toContain('/Span <</MCID 0>> BDC');
  });

  it('tags links with an OBJR under the Link element, /Contents, /F 4 and /Tabs /S', async () => {
    const link = node('Link', [slotChild(2)]);
    const internal = node('Link', [slotChild(3)]);
    const root = node('Document', [node('P', [slotChild(1), link]), node('P', [internal])]);
    const items: DisplayItem[] = [
      shape(F, 'See ', 72, 100, 12, content(1)),
      shape(F, 'the spec', 95, 100, 12, content(2)),
      {
        kind: 'link',
        x: 95,
        y: 90,
        width: 45,
        height: 14,
        target: { kind: 'uri', uri: 'https://example.org/spec?a=1&b=ü' },
        node: link.id,
        contents: 'the spec (example.org)',
      },
      shape(F, 'Back to top', 72, 130, 12, content(3)),
      {
        kind: 'link',
        x: 72,
        y: 120,
        width: 70,
        height: 14,
        target: { kind: 'internal', pageIndex: 0, y: 0 },
        node: internal.id,
        contents: 'Back to top',
      },
    ];
    const r = writeValid(doc([page(items)], root), { deterministic: true });
    const { objects } = inspect(r.bytes);
    expect(objects).toMatch(
      /\/Subtype \/Link .*\/F 4 \/Contents \(the spec \\\(example.org\\\)\) \/StructParent 1 \/AP <<\/N \d+ 0 R>> \/A <<\/S \/URI \/URI \(https:\/\/example.org\/spec\?a=1&b=%C3%BC\)>>/,
    );
    expect(objects).toMatch(/\/StructParent 2 .*\/Dest \[\d+ 0 R \/XYZ 0 842 null\]/);
    expect(objects).toMatch(/\/Type \/OBJR \/Obj \d+ 0 R/);
    expect(objects).toContain('/Tabs /S');
    expect(objects).toContain('/ParentTreeNextKey 3');
    const pdf = await openPdf(r.bytes);
    const annots = await (await pdf.getPage(1)).getAnnotations();
    expect(annots.map((a) => a.url ?? 'internal')).toEqual([
      'https://example.org/spec?a=1&b=%C3%BC',
      'internal',
    ]);
    const tree = (await (await pdf.getPage(1)).getStructTree()) as unknown as StructOut;
    expect(JSON.stringify(tree)).toMatch(/"type":"(object|annotation)"/);
  });

  it('places link rectangles through group transforms and reports a link to a missing page', () => {
    const link = node('Link', [slotChild(1)]);
    const root = node('Document', [node('P', [link])]);
    const items: DisplayItem[] = [
      {
        kind: 'group',
        transform: [2, 0, 0, 2, 10, 20],
        items: [
          shape(F, 'Scaled link', 50, 50, 10, content(1)),
          {
            kind: 'link',
            x: 50,
            y: 40,
            width: 60,
            height: 12,
            target: { kind: 'internal', pageIndex: 7, y: 0 },
            node: link.id,
            contents: 'Nowhere',
          },
        ],
      },
    ];
    const r = writeValid(doc([page(items)], root));
    // (50,40)-(110,52) scaled by 2 and moved by (10,20): (110,100)-(230,124); y flipped on 842.
    expect(inspect(r.bytes).objects).toContain('/Rect [110 718 230 742]');
    expect(r.warnings.map((w) => w.code)).toContain('pdf.link-target-missing');
  });

  it('builds nested bookmarks from H1-H3', async () => {
    const items: DisplayItem[] = [];
    const kids: StructNode[] = [];
    ['H1:Intro', 'H2:Scope', 'H3:Detail', 'H2:Terms', 'H1:Annex'].forEach((spec, i) => {
      const [type, label] = spec.split(':') as [StructNode['type'], string];
      items.push(shape(F, label, 72, 80 + i * 30, 14, content(i + 1)));
      kids.push(node(type, [slotChild(i + 1)]));
    });
    const pdf = await openPdf(writeValid(doc([page(items)], node('Document', kids))).bytes);
    const outline = await pdf.getOutline();
    const shapeOf = (o: { title: string; items: unknown[] }): unknown => [
      o.title,
      (o.items as { title: string; items: unknown[] }[]).map(shapeOf),
    ];
    expect(outline.map(shapeOf)).toEqual([
      [
        'Intro',
        [
          ['Scope', [['Detail', []]]],
          ['Terms', []],
        ],
      ],
      ['Annex', []],
    ]);
  });
});
