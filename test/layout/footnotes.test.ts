/**
 * Footnotes (CSS GCPM §2): float: footnote leaves a call in the line and puts the body in the
 * footnote area at the bottom of the page the call lands on; the body shrinks by them; a line
 * whose footnotes do not fit moves with them to the next page.
 */
import { describe, expect, it } from 'vitest';
import type { StructNode } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

const PAGE = `@page { size: 400px 300px; margin: 20px } body { margin: 0; font-size: 10px; line-height: 20px } p { margin: 0 }`;

function find(n: StructNode, type: string): StructNode[] {
  const out: StructNode[] = n.type === type ? [n] : [];
  for (const c of n.children) if (c.kind === 'node') out.push(...find(c, type));
  return out;
}

describe('float: footnote', () => {
  it('puts the call in the line and the body at the bottom of the page', async () => {
    const r = await layoutSnippet(
      `<p>Text<span class="fn" id="n1">The note.</span> goes on.</p>`,
      `${PAGE} .fn { float: footnote }`,
    );
    expect(r.pages).toBe(1);
    // (text() joins runs with a space: the call is a run of its own.)
    expect(r.text(0)).toBe('Text 1 goes on. 1. The note.');
    const note = r.box('n1')[0];
    // The area sits at the bottom of the 260px body (20px margins), after its 1em margin-top.
    expect(note.y + note.height).toBeCloseTo(280, 0);
    expect(note.x).toBeCloseTo(20, 0);
  });

  it('numbers the calls and markers with the footnote counter', async () => {
    const r = await layoutSnippet(
      `<p>A<span class="fn">one</span> B<span class="fn">two</span></p>`,
      `${PAGE} .fn { float: footnote } ::footnote-call { content: "[" counter(footnote) "]" }`,
    );
    expect(r.text(0)).toBe('A [1] B [2] 1. one 2. two');
  });

  it('draws the @footnote area with its rule', async () => {
    const r = await layoutSnippet(
      `<p>A<span class="fn" id="n">note</span></p>`,
      `${PAGE} .fn { float: footnote }
       @page { @footnote { border-top: 2px solid black; padding-top: 6px; margin-top: 0 } }`,
    );
    const note = r.box('n')[0];
    // Border box of the area: 2px rule + 6px padding above the body.
    expect(note.y).toBeCloseTo(280 - 20, 0);
    const rule = r.document.pages[0].items.some(
      (i) => i.kind === 'path' && i.tag.kind === 'artifact' && Math.abs(i.ops.length) > 0,
    );
    expect(rule).toBe(true);
  });

  it('shrinks the page body by the footnotes', async () => {
    // 13 lines fill the 260px body; one footnote (1em margin + 20px) takes two lines' room.
    const lines = Array.from({ length: 13 }, (_, i) => `<p id="l${i}">line ${i}</p>`).join('');
    const r = await layoutSnippet(
      `<p>call<span class="fn">note</span></p>${lines}`,
      `${PAGE} .fn { float: footnote }`,
    );
    expect(r.pages).toBe(2);
    // 260 - 30 (area) = 230: 11 lines of 20px, the call's line and 10 more.
    expect(r.box('l9')[0].page).toBe(0);
    expect(r.box('l10')[0].page).toBe(1);
  });

  it('moves a line whose footnote does not fit to the next page, with its footnote', async () => {
    const lines = Array.from({ length: 11 }, (_, i) => `<p>line ${i}</p>`).join('');
    const r = await layoutSnippet(
      `${lines}<p id="c">call<span class="fn" id="n">a note</span></p><p>after</p>`,
      `${PAGE} .fn { float: footnote }`,
    );
    // The 12th line would fit alone (240px) but not with its 30px footnote.
    expect(r.box('c')[0].page).toBe(1);
    expect(r.box('n')[0].page).toBe(1);
    expect(r.text(0)).not.toContain('a note');
  });

  it('is a Note with an ID right after its call in the structure tree', async () => {
    const r = await layoutSnippet(
      `<p>Call<span class="fn" id="fn-a">Body text.</span> more</p>`,
      `${PAGE} .fn { float: footnote }`,
    );
    const [note] = find(r.document.structure, 'Note');
    expect(note).toBeDefined();
    expect(note.elementId).toBe('fn-a');
    const [p] = find(r.document.structure, 'P');
    const idx = p.children.findIndex((c) => c.kind === 'node' && c.type === 'Note');
    // Content before it (the call) and after it (the rest of the sentence).
    expect(idx).toBeGreaterThan(0);
    expect(idx).toBeLessThan(p.children.length - 1);
  });

  it('gives a footnote without an id a generated one', async () => {
    const r = await layoutSnippet(
      `<p>a<span class="fn">x</span> b<span class="fn">y</span></p>`,
      `${PAGE} .fn { float: footnote }`,
    );
    const ids = find(r.document.structure, 'Note').map((n) => n.elementId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('follows the content on one continuous page', async () => {
    const r = await layoutSnippet(
      `<p id="p">Call<span class="fn" id="n">The body.</span></p><p id="q">After</p>`,
      `${PAGE} .fn { float: footnote }`,
      { mode: 'continuous' },
    );
    expect(r.pages).toBe(1);
    expect(r.text(0)).toBe('Call 1 After 1. The body.');
    expect(r.box('n')[0].y).toBeGreaterThanOrEqual(r.box('q')[0].y + r.box('q')[0].height - 0.5);
  });

  it('keeps a footnote inside a footnote in place, as text of the outer body', async () => {
    const r = await layoutSnippet(
      `<p>A<span class="fn">outer <span class="fn">inner</span> end</span></p>`,
      `${PAGE} .fn { float: footnote }`,
    );
    expect(r.text(0)).toContain('outer');
    expect(r.text(0)).toContain('inner');
    expect(r.text(0)).toContain('end');
  });

  it('travels with a table row: the call in a cell puts its body on that page', async () => {
    const rows = Array.from({ length: 14 }, (_, i) => `<tr><td>row ${i}</td></tr>`).join('');
    const r = await layoutSnippet(
      `<table>${rows}<tr><td>cell<span class="fn" id="n">in a cell</span></td></tr></table>`,
      `${PAGE} .fn { float: footnote } td { padding: 0 }`,
    );
    const page = r.pages - 1;
    expect(r.box('n')[0].page).toBe(page);
    expect(r.text(page)).toContain('in a cell');
  });
});

describe('footnote numbers restarted by the pages', () => {
  // 13 lines of 20px fill the 260px body; a footnote takes 30px (1em margin + one line).
  const filler = (n: number): string =>
    Array.from({ length: n }, (_, i) => `<p>line ${i}</p>`).join('');

  it('restarts at 1 on every page with @page { counter-reset: footnote }', async () => {
    const r = await layoutSnippet(
      `<p>A<span class="fn" id="a">one</span> B<span class="fn" id="b">two</span></p>${filler(8)}
       <p>C<span class="fn" id="c">three</span></p><p>D<span class="fn" id="d">four</span></p>`,
      `${PAGE} @page { counter-reset: footnote } .fn { float: footnote }`,
    );
    expect(r.pages).toBe(2);
    expect(r.box('b')[0].page).toBe(0);
    expect(r.box('c')[0].page).toBe(1);
    expect(r.flowText(0)).toContain('A 1 B 2');
    expect(r.flowText(0)).toContain('1. one 2. two');
    // Call and marker both restart on the second page.
    expect(r.flowText(1)).toContain('C 1');
    expect(r.flowText(1)).toContain('D 2');
    expect(r.flowText(1)).toContain('1. three 2. four');
  });

  it('numbers through the pages without the page reset', async () => {
    const r = await layoutSnippet(
      `<p>A<span class="fn">one</span> B<span class="fn">two</span></p>${filler(8)}
       <p>C<span class="fn" id="c">three</span></p>`,
      `${PAGE} .fn { float: footnote }`,
    );
    expect(r.box('c')[0].page).toBe(1);
    expect(r.flowText(1)).toContain('C 3');
    expect(r.flowText(1)).toContain('3. three');
  });

  it('restarts only on the pages whose rule says so (:left pages here)', async () => {
    const r = await layoutSnippet(
      `<p>A<span class="fn">one</span></p>${filler(11)}
       <p>B<span class="fn" id="b">two</span></p>${filler(10)}
       <p>C<span class="fn" id="c">three</span></p>`,
      `${PAGE} @page :left { counter-reset: footnote 10 } .fn { float: footnote }`,
    );
    expect(r.box('b')[0].page).toBe(1);
    expect(r.box('c')[0].page).toBe(2);
    // Page 2 is a left page: it restarts at 10, so its first footnote is 11; page 3 goes on.
    expect(r.flowText(1)).toContain('11. two');
    expect(r.flowText(2)).toContain('12. three');
  });

  it('restarts on named pages that reset it', async () => {
    const r = await layoutSnippet(
      `<p>A<span class="fn">one</span> B<span class="fn">two</span></p>
       <section style="page: notes"><p>C<span class="fn" id="c">three</span></p></section>`,
      `${PAGE} @page notes { counter-reset: footnote } .fn { float: footnote }`,
    );
    expect(r.box('c')[0].page).toBe(1);
    expect(r.flowText(1)).toContain('1. three');
  });

  it('keeps element resets (per chapter) and author increments working', async () => {
    const r = await layoutSnippet(
      `<section><p>A<span class="fn">one</span> B<span class="fn">two</span></p></section>
       <section><p>C<span class="fn" id="c">three</span></p></section>`,
      `${PAGE} @page { counter-reset: footnote } section { counter-reset: footnote }
       section + section { break-before: page } .fn { float: footnote }
       #c { counter-increment: footnote 5 }`,
    );
    expect(r.flowText(0)).toContain('1. one 2. two');
    expect(r.flowText(1)).toContain('5. three');
  });

  it('gives calls and markers the same number when a call moves with its footnote', async () => {
    // The 12th line fits alone but not with its footnote: both move, and renumber.
    const r = await layoutSnippet(
      `<p>A<span class="fn">one</span></p>${filler(10)}
       <p id="m">M<span class="fn" id="n">moved</span></p>`,
      `${PAGE} @page { counter-reset: footnote } .fn { float: footnote }`,
    );
    expect(r.box('m')[0].page).toBe(1);
    expect(r.flowText(1)).toContain('M 1');
    expect(r.flowText(1)).toContain('1. moved');
  });
});

describe('a footnote taller than the page', () => {
  const long = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');

  it('is cut between lines and continues at the top of the next page area', async () => {
    // 25 lines of 20px in a 200px-wide area: about 500px of footnote for a 260px body.
    const words = Array.from({ length: 120 }, (_, i) => `n${i}`).join(' ');
    const r = await layoutSnippet(
      `<p id="c">Call<span class="fn" id="n">${words}</span></p><p id="after">After</p>`,
      `${PAGE} @page { size: 240px 300px } .fn { float: footnote }`,
    );
    expect(r.pages).toBeGreaterThan(1);
    // The call is on page 1 with the start of its footnote; nothing of it is lost or doubled.
    expect(r.box('c')[0].page).toBe(0);
    const all = Array.from({ length: r.pages }, (_, p) => r.flowText(p)).join(' ');
    for (let i = 0; i < 120; i++) expect(all.match(new RegExp(`\\bn${i}\\b`, 'g'))).toHaveLength(1);
    expect(r.flowText(0)).toContain('n0');
    expect(r.flowText(1)).not.toContain('n0 ');
    // Every piece stays inside its page's body (20px margins).
    for (let p = 0; p < r.pages; p++)
      for (const l of r.lines(p)) {
        expect(l.baseline).toBeGreaterThan(20);
        expect(l.baseline).toBeLessThanOrEqual(280);
      }
    expect(r.warnings.filter((w) => w.code === 'layout.footnote-overflow')).toEqual([]);
  });

  it('keeps the rest of the flow after the continued footnote', async () => {
    const r = await layoutSnippet(
      `<p>Call<span class="fn">${long} ${long} ${long} ${long} ${long} ${long} ${long}</span></p>
       <p id="after">After</p>`,
      `${PAGE} .fn { float: footnote }`,
    );
    const after = r.box('after')[0];
    // The flow goes on below the footnote continuation, not under it.
    const lines = r.lines(after.page);
    const afterLine = lines.find((l) => l.text.includes('After'))!;
    for (const l of lines)
      if (l !== afterLine && /w\d/.test(l.text))
        expect(l.baseline).toBeGreaterThan(afterLine.baseline);
  });

  it('cuts a continued piece at the height of the named page it lands on', async () => {
    // A chapter ends with a break; the next starts on a named page twice as tall. The page
    // after the break holds only the continued note until that chapter renames it.
    const words = Array.from({ length: 150 }, (_, i) => `n${i}`).join(' ');
    const r = await layoutSnippet(
      `<section style="break-after: page"><p>Call<span class="fn">${words}</span></p></section>
       <section style="page: tall"><p id="next">Next</p></section>`,
      `${PAGE} @page { size: 240px 300px } @page tall { size: 240px 600px }
       .fn { float: footnote }`,
    );
    const all = Array.from({ length: r.pages }, (_, p) => r.flowText(p)).join(' ');
    for (let i = 0; i < 150; i++) expect(all.match(new RegExp(`\\bn${i}\\b`, 'g'))).toHaveLength(1);
    const next = r.box('next')[0];
    expect(r.pageSize(next.page).height).toBe(600);
    // The rest of the note (about 9 more lines) fits the tall page's 560px body whole, under
    // "Next": nothing of it is cut to a third page.
    expect(next.page).toBe(1);
    expect(r.pages).toBe(2);
    for (let p = 0; p < r.pages; p++)
      for (const l of r.lines(p)) expect(l.baseline).toBeLessThanOrEqual(r.pageSize(p).height - 20);
    expect(r.flowText(1)).toMatch(/^Next n\d+/);
  });

  it('cuts continued pieces at the height of each page (:left pages shorter)', async () => {
    const words = Array.from({ length: 300 }, (_, i) => `n${i}`).join(' ');
    const r = await layoutSnippet(
      `<p>Call<span class="fn">${words}</span></p><p id="after">After</p>`,
      `${PAGE} @page { size: 240px 300px } @page :left { margin-bottom: 150px }
       .fn { float: footnote }`,
    );
    const all = Array.from({ length: r.pages }, (_, p) => r.flowText(p)).join(' ');
    for (let i = 0; i < 300; i++) expect(all.match(new RegExp(`\\bn${i}\\b`, 'g'))).toHaveLength(1);
    for (let p = 0; p < r.pages; p++) {
      const bottom = p % 2 === 1 ? 150 : 280;
      const lines = r.lines(p);
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) expect(l.baseline).toBeLessThanOrEqual(bottom);
      // Each page's area is full down to its own body's foot (the last line within a line).
      if (p < r.pages - 1)
        expect(Math.max(...lines.map((l) => l.baseline))).toBeGreaterThan(bottom - 20);
    }
  });

  it('places a footnote line taller than any page anyway, with a warning', async () => {
    const r = await layoutSnippet(
      `<p>Call<span class="fn"><span style="display: inline-block; height: 400px; width: 10px"></span> tall</span></p>
       <p id="after">After</p>`,
      `${PAGE} .fn { float: footnote }`,
    );
    const all = Array.from({ length: r.pages }, (_, p) => r.flowText(p)).join(' ');
    expect(all).toContain('tall');
    expect(all).toContain('After');
    expect(r.warnings.some((w) => w.code === 'layout.footnote-overflow')).toBe(true);
  });
});

describe('footnote-policy', () => {
  const filler = Array.from({ length: 9 }, (_, i) => `<p>line ${i}</p>`).join('');
  // 9 lines, then a 3-line paragraph whose last line calls a footnote: the line alone fits
  // (240px of 260px) but not with its 30px footnote.
  const doc = `${filler}<p id="para"><span id="l1">one</span><br>two<br>three<span class="fn" id="n">note</span></p>`;
  const css = `${PAGE} p { widows: 1; orphans: 1 } .fn { float: footnote }`;

  it('line (and auto): only the line of the call moves with its footnote', async () => {
    for (const policy of ['line', 'auto']) {
      const r = await layoutSnippet(doc, `${css} .fn { footnote-policy: ${policy} }`);
      expect(r.box('para').map((b) => b.page)).toEqual([0, 1]);
      expect(r.box('n')[0].page).toBe(1);
      expect(r.flowText(0)).toContain('two');
    }
  });

  it('block: the whole paragraph of the call moves with its footnote', async () => {
    const r = await layoutSnippet(doc, `${css} .fn { footnote-policy: block }`);
    expect(r.box('para').map((b) => b.page)).toEqual([1]);
    expect(r.box('n')[0].page).toBe(1);
    expect(r.flowText(0)).not.toContain('two');
  });
});

describe('footnotes called from other layouts', () => {
  const all = (r: { pages: number; flowText(p: number): string }): string =>
    Array.from({ length: r.pages }, (_, p) => r.flowText(p)).join(' | ');
  const once = (text: string, word: string): void =>
    expect(text.match(new RegExp(`\\b${word}\\b`, 'g'))).toHaveLength(1);

  it('numbers footnotes in columns in document order, each body once, below the columns', async () => {
    const paras = Array.from(
      { length: 40 },
      (_, i) => `<p>x${i}${i % 7 === 0 ? `<span class="fn">M${i}</span>` : ''}</p>`,
    ).join('');
    const r = await layoutSnippet(
      `<div style="columns: 2; column-gap: 0">${paras}</div><p>end<span class="fn">E</span></p>`,
      `${PAGE} .fn { float: footnote }`,
    );
    const text = all(r);
    for (const i of [0, 7, 14, 21, 28, 35]) once(text, `M${i}`);
    once(text, 'E');
    expect(text).toMatch(/1\. M0 2\. M7 3\. M14/);
    // Column text stays above the footnote area of its page.
    for (let p = 0; p < r.pages; p++) {
      const lines = r.lines(p);
      const notes = lines.filter((l) => /\d\. [ME]/.test(l.text)).map((l) => l.baseline);
      const flow = lines.filter((l) => /x\d/.test(l.text)).map((l) => l.baseline);
      if (notes.length && flow.length) expect(Math.max(...flow)).toBeLessThan(Math.min(...notes));
    }
  });

  it('keeps footnotes of floats, flex and grid items and table cells, in document order', async () => {
    const r = await layoutSnippet(
      `<div style="float: left; width: 100px">f<span class="fn">F1</span></div><p>g<span class="fn">F2</span></p>
       <div style="display: flex"><div>h<span class="fn">X1</span></div><div>i<span class="fn">X2</span></div></div>
       <div style="display: grid; grid-template-columns: 1fr 1fr"><div>j<span class="fn">G1</span></div><div>k<span class="fn">G2</span></div></div>
       <table><tr><td>l<span class="fn">T1</span></td><td>m<span class="fn">T2</span></td></tr></table>`,
      `${PAGE} @page { size: 400px 500px } .fn { float: footnote } td { padding: 0 }`,
    );
    expect(r.pages).toBe(1);
    expect(r.flowText(0)).toMatch(/1\. F1 2\. F2 3\. X1 4\. X2 5\. G1 6\. G2 7\. T1 8\. T2/);
  });

  it('keeps a footnote of fixed content or of a running element in place, text not lost', async () => {
    const r = await layoutSnippet(
      `<div style="position: running(hd)">head<span class="fn">R1</span></div>
       <div style="position: fixed; top: 0; left: 200px">fixed<span class="fn">P1</span></div>
       <p>body<span class="fn">B1</span></p>`,
      `${PAGE} @page { @top-center { content: element(hd) } } .fn { float: footnote }`,
    );
    expect(r.furniture(0)).toContain('R1');
    expect(r.text(0)).toContain('P1');
    once(r.text(0), 'B1');
  });
});

describe('footnotes called inside multi-column content', () => {
  const css = `${PAGE} .fn { float: footnote }`;
  const paras = (n: number, calls: readonly number[]): string =>
    Array.from(
      { length: n },
      (_, i) =>
        `<p id="x${i}">x${i}${calls.includes(i) ? `<span class="fn" id="n${i}">M${i}</span>` : ''}</p>`,
    ).join('');
  /** Every column line on the page of note `id` ends above the top of that note. */
  const clearOfNotes = (
    r: Awaited<ReturnType<typeof layoutSnippet>>,
    n: number,
    notes: readonly number[],
  ): void => {
    for (const i of notes) {
      const note = r.box(`n${i}`)[0];
      const top = Math.min(
        ...notes
          .map((j) => r.box(`n${j}`)[0])
          .filter((b) => b.page === note.page)
          .map((b) => b.y),
      );
      for (let k = 0; k < n; k++)
        for (const b of r.box(`x${k}`))
          if (b.page === note.page) expect(b.y + b.height).toBeLessThanOrEqual(top - 10 + 0.01);
    }
  };

  it('shortens the whole balanced set when calls land in the first and second column', async () => {
    const r = await layoutSnippet(`<div style="columns: 2">${paras(20, [2, 13])}</div>`, css);
    expect(r.pages).toBe(1);
    // Two notes of 20px under a 10px margin: the area takes 50px of the 260px body.
    expect(r.box('n2')[0].y).toBeCloseTo(240, 0);
    expect(r.box('n13')[0].y).toBeCloseTo(260, 0);
    clearOfNotes(r, 20, [2, 13]);
    // Balanced: ten lines each, the second column starting at the top.
    expect(r.box('x10')[0].y).toBeCloseTo(20, 0);
    expect(r.box('x10')[0].x).toBeGreaterThan(100);
  });

  it('with column-fill: auto fills the first column only down to the footnote area', async () => {
    const r = await layoutSnippet(
      `<div style="columns: 2; column-fill: auto">${paras(20, [2, 13])}</div>`,
      css,
    );
    expect(r.pages).toBe(1);
    clearOfNotes(r, 20, [2, 13]);
    // 260 - 50 = 210px: ten lines in the first column, x10 starts the second.
    expect(r.box('x9')[0].x).toBeLessThan(100);
    expect(r.box('x10')[0].x).toBeGreaterThan(100);
    expect(r.box('x10')[0].y).toBeCloseTo(20, 0);
  });

  it('reserves the room on the page the call lands on when the set runs across pages', async () => {
    // 13 lines fill a column; the call is in the second column of the second page.
    const r = await layoutSnippet(`<div style="columns: 2">${paras(60, [40])}</div>`, css);
    const note = r.box('n40')[0];
    expect(r.box('x40')[0].page).toBe(1);
    expect(note.page).toBe(1);
    expect(note.y + note.height).toBeCloseTo(280, 0);
    clearOfNotes(r, 60, [40]);
    // The first page's columns keep their full height; the second page's lose the area's
    // 30px (11 lines each: x26 to x36, then x37 to x47).
    expect(r.box('x25')[0].page).toBe(0);
    expect(r.box('x36')[0]).toMatchObject({ page: 1, x: 20 });
    expect(r.box('x37')[0].page).toBe(1);
    expect(r.box('x37')[0].x).toBeGreaterThan(100);
    expect(r.box('x48')[0].page).toBe(2);
  });
});
