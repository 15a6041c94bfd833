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
