/**
 * Running content (CSS GCPM §1-2): named strings set by string-set and read by string() in
 * margin boxes, and running elements moved to margin boxes by element().
 */
import { describe, expect, it } from 'vitest';
import { furnitureRuns, layoutSnippet } from './geometry.js';

const chapters = (n: number, paras = 1): string =>
  Array.from(
    { length: n },
    (_, i) =>
      `<h1>Chapter ${i + 1}</h1>` + Array.from({ length: paras }, () => '<p>text</p>').join(''),
  ).join('');

describe('string-set and string()', () => {
  it('puts the chapter title in the running head of each page', async () => {
    const r = await layoutSnippet(
      chapters(3),
      `h1 { string-set: chapter content(); break-before: page }
       @page { @top-center { content: string(chapter) } }`,
    );
    expect(r.pages).toBe(3);
    expect([0, 1, 2].map((p) => r.furniture(p))).toEqual(['Chapter 1', 'Chapter 2', 'Chapter 3']);
  });

  it('carries the last value over to pages without an assignment', async () => {
    const r = await layoutSnippet(
      '<h1>One</h1><div style="height: 200px"></div><div style="height: 200px"></div>',
      `@page { size: 300px 300px; margin: 20px; @top-center { content: string(t) } }
       h1 { string-set: t content(); margin: 0; font-size: 10px }`,
    );
    expect(r.pages).toBe(2);
    expect(r.furniture(1)).toBe('One');
  });

  it('reads first, start, last and first-except as GCPM defines them', async () => {
    // Page 1: A at its top, then B. Page 2: C after some text. Page 3: nothing.
    const r = await layoutSnippet(
      `<h2>A</h2><h2>B</h2><div style="height: 180px"></div>
       <p>x</p><h2>C</h2><div style="height: 180px"></div><p>end</p>`,
      `@page { size: 300px 240px; margin: 20px;
         @top-left { content: string(s, first) } @top-center { content: string(s, start) }
         @top-right { content: string(s, last) } @bottom-center { content: "[" string(s, first-except) "]" } }
       h2 { string-set: s content(); margin: 0; font-size: 10px; line-height: 10px }
       p { margin: 0; font-size: 10px; line-height: 10px } body { margin: 0 }`,
    );
    expect(r.pages).toBe(3);
    const heads = (p: number): string[] =>
      furnitureRuns(r.document.pages[p].items).map((g) => g.glyphs.texts.join(''));
    // first, start, last, first-except in margin-box order.
    expect(heads(0)).toEqual(['A', 'A', 'B', '[]']);
    expect(heads(1)).toEqual(['C', 'B', 'C', '[]']);
    expect(heads(2)).toEqual(['C', 'C', 'C', '[C]']);
  });

  it('combines strings, counters and attributes', async () => {
    const r = await layoutSnippet(
      '<h1 data-short="Intro">Introduction to things</h1>',
      `body { counter-reset: chap } h1 { counter-increment: chap;
         string-set: head "Ch. " counter(chap, upper-roman) ": " attr(data-short), title content(text) }
       @page { @top-left { content: string(head) } @top-right { content: string(title) } }`,
    );
    expect(r.furniture(0)).toBe('Ch. I: Intro Introduction to things');
  });

  it('takes content(before) and the ::before text', async () => {
    const r = await layoutSnippet(
      '<h1>Methods</h1>',
      `h1::before { content: "§2 " } h1 { string-set: s content(before) content(text) }
       @page { @top-center { content: string(s) } }`,
    );
    expect(r.furniture(0)).toBe('§2 Methods');
  });

  it('sets strings from an inline element on the line it lands on', async () => {
    const r = await layoutSnippet(
      `<div style="height: 250px"></div><p>a <span class="k">Key term</span> b</p>`,
      `@page { size: 300px 300px; margin: 20px; @top-center { content: string(k, first) } }
       .k { string-set: k content() } p { margin: 0; line-height: 20px }`,
    );
    expect(r.pages).toBe(2);
    expect(r.furniture(0)).toBe('');
    expect(r.furniture(1)).toBe('Key term');
  });
});

describe('running elements', () => {
  it('moves the element out of the flow into the margin box on every page', async () => {
    const r = await layoutSnippet(
      `<div class="head">Annual <b>Report</b></div><p id="p1">one</p><p style="break-before: page">two</p>`,
      `.head { position: running(header); color: red }
       @page { @top-center { content: element(header) } }`,
    );
    expect(r.pages).toBe(2);
    expect(r.flowText(0)).toBe('one');
    expect(r.furniture(0)).toBe('Annual Report');
    expect(r.furniture(1)).toBe('Annual Report');
    const run = furnitureRuns(r.document.pages[1].items)[0];
    expect(run.tag).toMatchObject({ kind: 'artifact', type: 'Pagination', subtype: 'Header' });
    expect(run.color).toMatchObject({ r: 1, g: 0, b: 0 });
  });

  it('switches to the next running element from the page it appears on', async () => {
    const r = await layoutSnippet(
      `<footer class="f">Part A</footer><p>a</p>
       <footer class="f" style="break-before: page">Part B</footer><p style="break-before: page">b</p>`,
      `.f { position: running(foot) } @page { @bottom-center { content: element(foot) } }`,
    );
    expect(r.pages).toBe(2);
    expect(r.furniture(0)).toBe('Part A');
    expect(r.furniture(1)).toBe('Part B');
    expect(furnitureRuns(r.document.pages[1].items)[0].tag).toMatchObject({ subtype: 'Footer' });
  });

  it('is not in the structure tree', async () => {
    const r = await layoutSnippet(
      `<h2 class="h">Running title</h2><p>body</p>`,
      `.h { position: running(t) } @page { @top-center { content: element(t) } }`,
    );
    const json = JSON.stringify(r.document.structure);
    expect(json).not.toContain('H2');
    expect(r.furniture(0)).toBe('Running title');
  });
});
