/**
 * A first page of another width than the rest (a cover without margins): the layout at its
 * width stops at the first forced break into pages of the other width, and the pages after it
 * come from the layout at their own width, as before. Where the guess is wrong (the pages after
 * the break keep the first page's width), the pass is laid out again whole.
 */
import { describe, expect, it } from 'vitest';
import type { LayoutPassCount } from '../../src/layout/options.js';
import { layoutSnippet } from './geometry.js';

const BASE = `@page { size: 400px 300px; margin: 50px } body { margin: 0; font: 16px/20px sans-serif }
  h1 { font-size: 16px; margin: 0 0 10px } section + section { break-before: page }`;
const CHAPTERS = [1, 2, 3]
  .map(
    (n) =>
      `<section><h1 id="c${n}">Chapter ${n}</h1><p>${'Words of the chapter go on. '.repeat(8 * n)}</p></section>`,
  )
  .join('');

describe('the layout at a cover page’s width', () => {
  it('gives the chapters the pages they get without a cover of another width', async () => {
    const cover = `<section class="cover"><h1>The Title</h1><p>By A. Writer</p></section>`;
    const covered = await layoutSnippet(
      `${cover}${CHAPTERS}`,
      `${BASE} @page :first { margin: 0 }`,
    );
    const plain = await layoutSnippet(`${cover}${CHAPTERS}`, BASE);
    expect(covered.pages).toBe(plain.pages);
    // The cover fills the whole first page width; the chapters' pages are the same.
    expect(covered.box('c1')[0].page).toBe(1);
    expect(covered.document.pages.slice(1)).toEqual(plain.document.pages.slice(1));
    expect(covered.document.pages[0]).not.toEqual(plain.document.pages[0]);
  });

  it('lays fewer boxes out in a pass when it stops after the cover', async () => {
    const toc = `<nav><ul>${[1, 2, 3]
      .map((n) => `<li><a href="#c${n}">Chapter ${n}</a></li>`)
      .join('')}</ul></nav>`;
    const css = `${BASE} nav { break-before: page } a::after { content: " " target-counter(attr(href), page) }`;
    const html = `<section class="cover"><h1>The Title</h1></section>${toc}${CHAPTERS}`;
    const cut: LayoutPassCount[] = [];
    const covered = await layoutSnippet(html, `${css} @page :first { margin: 0 }`, { passes: cut });
    const whole: LayoutPassCount[] = [];
    await layoutSnippet(html, css, { passes: whole });
    // Without a cover of its own width the flow is laid out once; a cover's width laid out
    // whole would double that, the cut adds the cover and the table of contents after it.
    expect(cut[0].laidOut).toBeGreaterThan(whole[0].laidOut);
    expect(cut[0].laidOut).toBeLessThan(2 * whole[0].laidOut);
    for (const n of [1, 2, 3])
      expect(covered.text(1)).toContain(`Chapter ${n} ${covered.box(`c${n}`)[0].page + 1}`);
  });

  it('stops the layout at a named cover page’s width where its pages end', async () => {
    // The cover is on a named page without margins; the first page's geometry (the unnamed
    // page) is the chapters' own, so the cover's width is laid out when pagination meets it.
    const toc = `<nav><ul>${[1, 2, 3]
      .map((n) => `<li><a href="#c${n}">Chapter ${n}</a></li>`)
      .join('')}</ul></nav>`;
    const css = `${BASE} .cover { page: cover } nav { break-before: page }
      a::after { content: " " target-counter(attr(href), page) }`;
    const html = `<section class="cover"><h1 id="t">The Title</h1></section>${toc}${CHAPTERS}`;
    const cut: LayoutPassCount[] = [];
    const covered = await layoutSnippet(html, `${css} @page cover { margin: 0 }`, {
      passes: cut,
    });
    const whole: LayoutPassCount[] = [];
    const plain = await layoutSnippet(html, css, { passes: whole });
    // Laid out whole, the cover's width would double the boxes laid out in a pass.
    expect(cut[0].laidOut).toBeGreaterThan(whole[0].laidOut);
    expect(cut[0].laidOut).toBeLessThan(1.5 * whole[0].laidOut);
    expect(covered.pages).toBe(plain.pages);
    expect(covered.box('t')[0].x).toBe(0);
    expect(plain.box('t')[0].x).toBe(50);
    expect(covered.document.pages.slice(1)).toEqual(plain.document.pages.slice(1));
    for (const n of [1, 2, 3])
      expect(covered.text(1)).toContain(`Chapter ${n} ${covered.box(`c${n}`)[0].page + 1}`);
  });

  it('lays a named page’s width out whole when its pages come back after the cut', async () => {
    const css = `${BASE} .wide { page: wide } @page wide { margin: 0 }`;
    const html = `<section class="wide"><h1 id="w1">Wide one</h1></section>${CHAPTERS}
      <section class="wide"><h1 id="w2">Wide two</h1></section>`;
    const r = await layoutSnippet(html, css);
    const plain = await layoutSnippet(html, BASE);
    expect(r.pages).toBe(plain.pages);
    expect([r.box('w1')[0].x, r.box('w2')[0].x]).toEqual([0, 0]);
    expect(r.box('w2')[0].page).toBe(r.pages - 1);
    expect(r.text(r.pages - 1)).toContain('Wide two');
  });

  it('keeps fixed content that comes after the cover on every page', async () => {
    const r = await layoutSnippet(
      `<section class="cover"><h1>The Title</h1></section>${CHAPTERS}
       <div style="position: fixed; top: 0; left: 0">Fernside Press</div>`,
      `${BASE} @page :first { margin: 0 }`,
    );
    expect(r.pages).toBeGreaterThan(3);
    for (let p = 0; p < r.pages; p++) expect(r.text(p)).toContain('Fernside Press');
  });

  it('lays the pass out again whole when the pages after the break keep the cover’s width', async () => {
    // The chapters are in the wide pages of their main element (no margins, as the cover):
    // judged by their own page name they would be narrower, so the cover's layout stops
    // after the first chapter, and pagination continues in it past that point.
    const r = await layoutSnippet(
      `<main><section class="cover"><h1>The Title</h1></section>${CHAPTERS}</main>`,
      `${BASE} @page :first { margin: 0 } @page wide { margin: 0 } main { page: wide }`,
    );
    expect(r.pages).toBe(4);
    for (const n of [1, 2, 3]) {
      const [box] = r.box(`c${n}`);
      expect(box.page).toBe(n);
      expect(box.x).toBe(0);
      expect(r.text(n)).toContain(`Chapter ${n} Words of the chapter go on.`);
    }
    expect(r.text(3)).toMatch(/(Words of the chapter go on\. ){23}/);
  });

  it('prints the right page numbers when a pass with a table of contents falls back', async () => {
    const toc = `<nav><ul>${[1, 2, 3]
      .map((n) => `<li><a href="#c${n}">Chapter ${n}</a></li>`)
      .join('')}</ul></nav>`;
    const passes: LayoutPassCount[] = [];
    const r = await layoutSnippet(
      `<main><section class="cover"><h1>The Title</h1></section>${toc}${CHAPTERS}</main>`,
      `${BASE} @page :first { margin: 0 } @page wide { margin: 0 } main { page: wide }
       nav { break-before: page } a::after { content: " " target-counter(attr(href), page) }`,
      { passes },
    );
    expect(passes).toHaveLength(2);
    for (const n of [1, 2, 3]) {
      const [box] = r.box(`c${n}`);
      expect(box.x).toBe(0);
      expect(r.text(1)).toContain(`Chapter ${n} ${box.page + 1}`);
    }
    expect(r.text(r.pages - 1)).toMatch(/(Words of the chapter go on\. ){23}/);
  });
});
