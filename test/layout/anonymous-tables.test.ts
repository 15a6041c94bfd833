/**
 * Anonymous table objects, CSS 2.1 §17.2.1, case by case: the missing rows, cells and tables
 * are generated so any arrangement of `display: table-*` boxes lays out as a table, and the
 * structure follows the source (Table/TR/TD for HTML and ARIA tables, none for layout tables).
 */
import { describe, expect, it } from 'vitest';
import type { StructNode } from '../../src/document/index.js';
import { layoutSnippet, type BoxRect } from './geometry.js';

const PAGE =
  '@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif }';

function shape(n: StructNode): string {
  const kids = n.children.filter((c): c is StructNode => c.kind === 'node');
  return kids.length === 0 ? n.type : `${n.type}(${kids.map(shape).join(',')})`;
}

const at = (r: BoxRect[]): [number, number, number] => [r[0].x, r[0].y, r[0].width];

describe('stage 3: missing parents', () => {
  it('wraps cells directly in a table in an anonymous row (cells side by side)', async () => {
    const r = await layoutSnippet(
      '<div class=t id=t><div class=c id=a>A</div><div class=c id=b>B</div><div class=c id=c>C</div></div>',
      `${PAGE} .t { display: table } .c { display: table-cell; width: 100px }`,
    );
    expect(at(r.box('a'))).toEqual([0, 0, 100]);
    expect(at(r.box('b'))).toEqual([100, 0, 100]);
    expect(at(r.box('c'))).toEqual([200, 0, 100]);
    expect(r.box('t')[0].height).toBe(20);
  });

  it('wraps cells with neither row nor table in both (a run of siblings)', async () => {
    const r = await layoutSnippet(
      '<div id=p><span class=c id=a>Label</span> <span class=c id=b>Value</span></div><p id=after>after</p>',
      `${PAGE} p { margin: 0 } .c { display: table-cell; width: 120px }`,
    );
    expect(at(r.box('a'))).toEqual([0, 0, 120]);
    expect(at(r.box('b'))).toEqual([120, 0, 120]);
    expect(r.box('after')[0].y).toBe(20);
  });

  it('wraps rows without a table in one anonymous table with shared columns', async () => {
    const r = await layoutSnippet(
      `<div><div class=r><span class=c id=a1>Name</span><span class=c id=a2>Ada</span></div>
       <div class=r><span class=c id=b1>Profession and title</span><span class=c id=b2>Mathematician</span></div></div>`,
      `${PAGE} .r { display: table-row } .c { display: table-cell; padding-right: 10px }`,
    );
    // One table: the second column starts at the same x in both rows.
    expect(r.box('a2')[0].x).toBe(r.box('b2')[0].x);
    expect(r.box('a2')[0].x).toBeGreaterThan(100);
    expect(r.box('b1')[0].y).toBe(20);
  });

  it('wraps a caption, a row group and columns outside a table', async () => {
    const r = await layoutSnippet(
      `<div><div class=cap id=cap>Caption</div><div class=g><div class=r><div class=c id=c>x</div></div></div></div>`,
      `${PAGE} .cap { display: table-caption } .g { display: table-row-group }
       .r { display: table-row } .c { display: table-cell; width: 50px }`,
    );
    expect(r.box('cap')[0].y).toBe(0);
    expect(r.box('c')[0].y).toBe(20);
  });

  it('makes an inline-table inside an inline box, on the line with the text', async () => {
    const r = await layoutSnippet(
      '<p>Before <span><span class=c id=a>A</span><span class=c id=b>B</span></span> after</p>',
      `${PAGE} p { margin: 0 } .c { display: table-cell; width: 30px }`,
    );
    const a = r.box('a')[0];
    expect(a.y).toBe(0);
    expect(a.x).toBeGreaterThan(30);
    expect(r.box('b')[0].x).toBe(a.x + 30);
    expect(r.text(0)).toMatch(/^Before A B after$/);
  });

  it('starts a new table after a box that is not a table part', async () => {
    const r = await layoutSnippet(
      `<div><span class=c id=a>A</span><span class=c id=b>B</span><p id=m>middle</p><span class=c id=z>Z</span></div>`,
      `${PAGE} p { margin: 0 } .c { display: table-cell; width: 40px }`,
    );
    expect(r.box('b')[0].y).toBe(0);
    expect(r.box('m')[0].y).toBe(20);
    expect(at(r.box('z'))).toEqual([0, 40, 40]);
  });
});

describe('stage 2: missing child wrappers', () => {
  it('puts text and blocks directly in a table into an anonymous row and cell', async () => {
    const r = await layoutSnippet(
      '<div class=t id=t>loose text<div class=r><div class=c id=c>cell</div></div></div>',
      `${PAGE} .t { display: table } .r { display: table-row } .c { display: table-cell }`,
    );
    expect(r.text(0)).toBe('loose text cell');
    expect(r.box('c')[0].y).toBe(20);
  });

  it('wraps non-rows in a row group and non-cells in a row', async () => {
    const r = await layoutSnippet(
      `<div class=t><div class=g><div id=stray>stray block</div><div class=r><div class=c id=c1>1</div>
       <div id=loose>loose</div></div></div></div>`,
      `${PAGE} .t { display: table } .g { display: table-row-group } .r { display: table-row }
       .c { display: table-cell; width: 100px }`,
    );
    expect(r.box('stray')[0].y).toBe(0);
    expect(r.box('c1')[0].y).toBe(20);
    // The block after the cell became a second cell of the same row.
    expect(r.box('loose')[0]).toMatchObject({ y: 20, x: 100 });
  });
});

describe('stage 1: irrelevant boxes', () => {
  it('drops white space between table parts and ignores what is inside columns', async () => {
    const r = await layoutSnippet(
      `<div class=t>
         <div class=cg><div class=col></div><div class=col2>not a column</div></div>
         <div class=r> <div class=c id=a>A</div> <div class=c id=b>B</div> </div>
       </div>`,
      `${PAGE} .t { display: table } .cg { display: table-column-group }
       .col { display: table-column; width: 200px } .col2 { display: block }
       .r { display: table-row } .c { display: table-cell }`,
    );
    expect(r.text(0)).toBe('A B');
    // The column's width applies to the first column.
    expect(r.box('b')[0].x).toBe(200);
  });
});

describe('row groups', () => {
  it('uses only the first header group as the header, later ones as body groups', async () => {
    const r = await layoutSnippet(
      `<div class=t><div class=g><div class=r><div class=c id=b>body</div></div></div>
       <div class=h><div class=r><div class=c id=h1>head 1</div></div></div>
       <div class=h><div class=r><div class=c id=h2>head 2</div></div></div></div>`,
      `${PAGE} .t { display: table } .g { display: table-row-group } .h { display: table-header-group }
       .r { display: table-row } .c { display: table-cell }`,
    );
    expect(r.box('h1')[0].y).toBe(0);
    expect(r.box('b')[0].y).toBe(20);
    expect(r.box('h2')[0].y).toBe(40);
  });
});

describe('structure of anonymous tables', () => {
  it('keeps Table/TR/TD for an HTML table, also for rows and cells it had to make', async () => {
    const r = await layoutSnippet(
      '<table><tr><td>a</td><td>b</td></tr></table><table id=t><caption>C</caption></table>',
      `${PAGE} #t::after { content: "generated cell"; display: table-cell }`,
    );
    expect(shape(r.structure)).toBe('Document(Table(TBody(TR(TD,TD))),Table(Caption,TR(TD)))');
  });

  it('gives a layout table of divs no table semantics: its content keeps its own roles', async () => {
    const r = await layoutSnippet(
      `<div class=t><div class=c><p>para</p></div><div class=c>plain</div><div class=c><h2>Head</h2></div></div>`,
      `${PAGE} .t { display: table } .c { display: table-cell }`,
    );
    expect(shape(r.structure)).toBe('Document(P,P,H1)');
  });

  it('makes TR and TD/TH for an ARIA table laid out with display: table-*', async () => {
    const r = await layoutSnippet(
      `<div role=table><div role=row class=r><span role=columnheader class=c>Item</span><span role=columnheader class=c>Qty</span></div>
       <div role=row class=r><span role=cell class=c>Pen</span><span role=cell class=c>2</span></div></div>`,
      `${PAGE} .r { display: table-row } .c { display: table-cell }`,
    );
    expect(shape(r.structure)).toBe('Document(Table(TR(TH,TH),TR(TD,TD)))');
  });
});
