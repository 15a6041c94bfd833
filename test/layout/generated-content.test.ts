/**
 * Generated content as real boxes (CSS 2.1 ch. 12, CSS Pseudo-Elements 4, CSS Lists 3):
 * ::before and ::after with any display, size and decoration; `content` with strings, url(),
 * counter(), counters(), attr() and quotes; ::marker styling and images; the structure they
 * make (readable text in its element's structure element, decorative content as artifacts).
 */
import { describe, expect, it } from 'vitest';
import type { StructNode } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

const PAGE =
  '@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif }';

function texts(n: StructNode): string[] {
  return n.children.flatMap((c) => (c.kind === 'node' ? [shape(c)] : []));
}

/** Structure as nested types: Document(P,Div(P,P)). */
function shape(n: StructNode): string {
  const kids = n.children.filter((c): c is StructNode => c.kind === 'node');
  return kids.length === 0 ? n.type : `${n.type}(${kids.map(shape).join(',')})`;
}

describe('::before and ::after boxes', () => {
  it('lays out display: block with width, height and background as a block box', async () => {
    const r = await layoutSnippet(
      '<div id=a>text</div>',
      `${PAGE} #a::before { content: ""; display: block; width: 100px; height: 20px; background: red }`,
    );
    expect(r.box('a::before')).toEqual([{ page: 0, x: 0, y: 0, width: 100, height: 20 }]);
    // The element's own text starts below the generated block.
    expect(r.box('a')).toEqual([{ page: 0, x: 0, y: 0, width: 600, height: 40 }]);
  });

  it('lays out display: inline-block with its size on the line', async () => {
    const r = await layoutSnippet(
      '<p id=p>Key</p>',
      `${PAGE} p { margin: 0 } #p::before { content: ""; display: inline-block; width: 10px; height: 10px; margin-right: 6px; background: blue }`,
    );
    const dot = r.box('p::before')[0];
    expect([dot.x, dot.width, dot.height]).toEqual([0, 10, 10]);
    expect(dot.y).toBeGreaterThan(0);
    expect(dot.y + dot.height).toBeLessThanOrEqual(20);
  });

  it('makes ::before a flex item of a flex container (label left, value right)', async () => {
    const r = await layoutSnippet(
      '<div class=row id=r data-label="Issue date"><span id=v>3 March 2025</span></div>',
      `${PAGE} .row { display: flex; justify-content: space-between; width: 400px }
       .row::before { content: attr(data-label); width: 150px }`,
    );
    expect(r.box('r::before')[0]).toMatchObject({ x: 0, y: 0, width: 150 });
    const v = r.box('v')[0];
    expect(v.x + v.width).toBeCloseTo(400, 0);
    expect(r.text(0)).toMatch(/Issue date\s+3 March 2025/);
  });

  it('makes ::before and ::after table cells beside the element cells', async () => {
    const r = await layoutSnippet(
      '<div class=t id=t><div class=c id=c>middle</div></div>',
      `${PAGE} .t { display: table; border-spacing: 0 }
       .c { display: table-cell; width: 100px }
       .t::before { content: "left"; display: table-cell; width: 80px }
       .t::after { content: "right"; display: table-cell; width: 60px }`,
    );
    const left = r.box('t::before')[0];
    const mid = r.box('c')[0];
    const right = r.box('t::after')[0];
    expect([left.x, left.width]).toEqual([0, 80]);
    expect([mid.x, mid.width]).toEqual([80, 100]);
    expect([right.x, right.width]).toEqual([180, 60]);
    expect(left.y).toBe(mid.y);
  });

  it('draws nothing for display: none or content: none/normal', async () => {
    const r = await layoutSnippet(
      '<p id=a>a</p><p id=b>b</p><p id=c>c</p>',
      `${PAGE} #a::before { content: "X"; display: none } #b::before { content: none }
       #c::before { content: normal } #a::after { display: block; height: 50px }`,
    );
    expect(() => r.box('a::before')).toThrow();
    expect(() => r.box('a::after')).toThrow(); // no content: no box
    expect(r.text(0)).toBe('a b c');
  });

  it('keeps an empty content box for bars and badges', async () => {
    const r = await layoutSnippet(
      '<h2 id=h>Title</h2>',
      `${PAGE} h2 { margin: 0; font-size: 20px; line-height: 24px }
       #h::after { content: ""; display: block; width: 40px; height: 4px; margin-top: 6px; background: #c00 }`,
    );
    expect(r.box('h::after')).toEqual([{ page: 0, x: 0, y: 30, width: 40, height: 4 }]);
    expect(r.box('h')[0].height).toBe(34);
  });

  it('applies padding, border and background to inline generated content', async () => {
    const r = await layoutSnippet(
      '<p id=p>Order</p>',
      `${PAGE} p { margin: 0 } #p::after { content: "NEW"; padding: 0 8px; margin-left: 4px; background: #eee; border: 1px solid #999 }`,
    );
    // Text is pushed right by the margin, border and padding of the badge.
    expect(r.text(0)).toBe('Order NEW');
  });
});

describe('content values', () => {
  it('combines strings, attr(), counter() and quotes', async () => {
    const r = await layoutSnippet(
      '<p class=n data-no="4711">x</p><p class=n data-no="4712">y</p><p id=q><q>outer <q>inner <q>deep</q></q></q></p>',
      `${PAGE} body { counter-reset: n } .n { counter-increment: n }
       .n::before { content: "No. " counter(n, upper-roman) " (" attr(data-no) "): " }
       #q { quotes: "«" "»" "‹" "›" }`,
    );
    // Past the last pair of quotes the last pair repeats; text runs are joined by spaces here.
    expect(r.text(0).replace(/\s/g, '')).toBe('No.I(4711):xNo.II(4712):y«outer‹inner‹deep››»');
  });

  it('numbers nested lists with counters() and a separator', async () => {
    const r = await layoutSnippet(
      `<ol><li>a<ol><li>a1</li><li>a2<ol><li>a2x</li></ol></li></ol></li><li>b</li></ol>`,
      `${PAGE} ol { counter-reset: item; list-style: none } li { counter-increment: item }
       li::before { content: counters(item, ".") ". " }`,
    );
    expect(r.text(0)).toBe('1. a 1.1. a1 1.2. a2 1.2.1. a2x 2. b');
  });

  it('draws content: url() as an image at its intrinsic size', async () => {
    const svg =
      "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8'%3E%3Crect width='12' height='8' fill='red'/%3E%3C/svg%3E";
    const r = await layoutSnippet(
      '<p id=p>Phone</p>',
      `${PAGE} p { margin: 0 } #p::before { content: url("${svg}"); display: inline-block; margin-right: 4px }`,
      { loader: await dataLoader() },
    );
    // The inline-block holds the 12 × 8 image on a line of its own (20px line height).
    const icon = r.box('p::before')[0];
    expect(icon.x).toBe(0);
    expect(icon.width).toBeCloseTo(12, 1);
    expect(icon.height).toBe(20);
    // Decorative: the image is an artifact, the structure holds only the text.
    expect(shape(r.structure)).toBe('Document(P)');
  });
});

describe('the structure of generated content', () => {
  it('keeps generated text in its element structure element, in reading order', async () => {
    const r = await layoutSnippet(
      '<p id=p>4711</p><h2 id=h>Summary</h2>',
      `${PAGE} #p::before { content: "Invoice no.: "; display: block } #h::before { content: "§ " }`,
    );
    expect(texts(r.structure)).toEqual(['P', 'H1']);
  });

  it('gives generated text in a grouping element a P of its own', async () => {
    const r = await layoutSnippet(
      '<div id=d><p>value</p></div>',
      `${PAGE} #d::before { content: "Label"; display: block; font-weight: bold }`,
    );
    expect(shape(r.structure)).toBe('Document(P,P)');
  });

  it('makes decorative generated content an artifact: no text, icon-font glyphs, alt ""', async () => {
    const r = await layoutSnippet(
      '<p id=a>one</p><p id=b>two</p><p id=c>three</p>',
      `${PAGE} #a::before { content: ""; display: inline-block; width: 8px; height: 8px; background: red }
       #b::before { content: "\\e900" } #c::before { content: "→ " / "" }`,
    );
    expect(shape(r.structure)).toBe('Document(P,P,P)');
  });

  it('reads the alternative text of content: "x" / "alt" instead of the text', async () => {
    const r = await layoutSnippet(
      '<p id=a>Premium</p>',
      `${PAGE} #a::before { content: "★ " / "Favourite: " }`,
    );
    const p = r.structure.children[0] as StructNode;
    const span = p.children.find((c): c is StructNode => c.kind === 'node');
    expect(span).toMatchObject({ type: 'Span', actualText: 'Favourite: ' });
  });
});

async function dataLoader() {
  const { createResourceLoader } = await import('../../src/resources/index.js');
  return createResourceLoader({});
}

describe('details and summary', () => {
  it('shows a closed details as its summary alone, with the disclosure marker inside', async () => {
    const r = await layoutSnippet(
      `<details id=c><summary id=s>Why?</summary><p>Folded away.</p>Loose text</details>
       <details id=o open><summary>How?</summary><p>Shown.</p></details>`,
      `${PAGE} details::after { content: "end" }`,
    );
    expect(r.text(0)).toBe('▸ Why? end ▾ How? Shown. end');
    expect(r.box('c')).toEqual([{ page: 0, x: 0, y: 0, width: 600, height: 40 }]);
    // The marker sits on the summary's line, inside its box.
    const [line] = r.lines(0);
    expect(line.x).toBe(0);
  });
});
