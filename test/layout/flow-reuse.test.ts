/**
 * A document laid out again for its page numbers takes the parts of the flow that come out the
 * same from the pass before: what is reused is counted (LayoutOptions.passes), and the pages
 * must equal those of a document that had the final numbers from the start.
 */
import { describe, expect, it } from 'vitest';
import type { LayoutPassCount } from '../../src/layout/options.js';
import { layoutSnippet } from './geometry.js';

const CSS = `@page { size: 400px 300px; margin: 20px } body { margin: 0; font: 16px/20px sans-serif }
  nav ul { list-style: none; padding: 0; margin: 0 } a { text-decoration: none }
  h1 { break-before: page; font-size: 16px; margin: 0 0 10px }
  h2 { font-size: 14px; margin: 10px 0 }
  .box { position: relative; height: 30px } .pin { position: absolute; top: 5px; left: 5px }`;

/** Three chapters (headings with and without ids, a positioned box) after a table of contents. */
function book(entry: (n: number) => string): string {
  const chapters = [1, 2, 3]
    .map(
      (n) => `<section><h1 id="c${n}">Chapter ${n}</h1>
        <p>${'Words of the chapter. '.repeat(12 * n)}</p>
        <h2>Part ${n}</h2><div class="box"><span class="pin">pinned</span></div>
        <p>${'More words. '.repeat(20)}</p></section>`,
    )
    .join('');
  return `<nav><ul>${[1, 2, 3]
    .map((n) => `<li class="e${n}"><a href="#c${n}">Chapter ${n}</a></li>`)
    .join('')}</ul></nav>${entry(0)}${chapters}`;
}

const TARGETS = `a::after { content: leader('.') target-counter(attr(href), page) }`;

describe('a second layout pass for page numbers', () => {
  it('takes the chapters from the first pass when the table of contents keeps its height', async () => {
    const passes: LayoutPassCount[] = [];
    const reused = await layoutSnippet(
      book(() => ''),
      `${CSS} ${TARGETS}`,
      { passes },
    );
    expect(passes).toHaveLength(2);
    // The first pass lays everything out; the second only what holds the changed numbers.
    expect(passes[0].reused).toBe(0);
    expect(passes[1].reused).toBeGreaterThanOrEqual(3);
    expect(passes[1].laidOut).toBeLessThan(passes[0].laidOut / 2);

    // The same pages as a document that had the final numbers all along (one pass).
    const pages = reused.document.pages.length;
    const numbers = [1, 2, 3].map((n) => {
      const at = reused.box(`c${n}`)[0].page + 1;
      return `.e${n} a::after { content: leader('.') "${at}" }`;
    });
    const written = await layoutSnippet(
      book(() => ''),
      `${CSS} ${numbers.join(' ')}`,
    );
    expect(written.document.pages.length).toBe(pages);
    expect(reused.text(0)).toMatch(/^Chapter 1 \.+ 2 Chapter 2 \.+ 4/);
    expect(reused.document.pages).toEqual(written.document.pages);
    expect(reused.structure).toEqual(written.structure);
  });

  it('lays the rest out again when the numbers change the height of the table of contents', async () => {
    // Each entry wraps once its number is two characters wide: the second pass moves
    // everything after the table of contents down, and nothing after it can be reused.
    const passes: LayoutPassCount[] = [];
    const css = `@page { size: 300px 140px; margin: 20px } body { margin: 0; font: 16px/20px monospace }
      p { width: 6.5ch; margin: 0 } #filler { height: 80px; break-inside: avoid }
      h1 { font-size: 16px; line-height: 40px; margin: 0 } section { margin: 0 }`;
    const html = `<p id="entry"><a href="#t">xxxx</a></p><div id="filler"></div>
      <section><h1 id="t">Target</h1><p id="after">after</p></section>`;
    const r = await layoutSnippet(
      html,
      `${css} a::after { content: " " target-counter(attr(href), page, upper-roman) }`,
      { passes },
    );
    expect(passes).toHaveLength(3);
    // Pass 2: the entry grew a line; the filler and the section start lower, laid out again.
    expect(passes[1].reused).toBe(0);
    expect(r.box('entry')[0].height).toBe(40);
    expect(r.box('t')[0].page).toBe(2);
    expect(r.text(0)).toContain('III');
    // Pass 3 ("II" to "III", the same two lines): what follows the entry is the second pass's.
    expect(passes[2].reused).toBeGreaterThanOrEqual(2);

    const written = await layoutSnippet(html, `${css} a::after { content: " III" }`);
    expect(r.document.pages).toEqual(written.document.pages);
  });

  it('lays out again content beside a float and content that hands a positioned box upwards', async () => {
    const passes: LayoutPassCount[] = [];
    const html = `${book(() => '')}
      <div id="loose"><span style="position: absolute; top: 0; right: 0">corner</span></div>
      <div style="float: left; width: 50px; height: 400px"></div>
      <p id="beside">${'Beside the float. '.repeat(10)}</p>`;
    const r = await layoutSnippet(html, `${CSS} ${TARGETS}`, { passes });
    // The three chapters are taken from the first pass; the div whose positioned box belongs
    // to the page is laid out again (with the nav, its list and entries, and the body), and so
    // are the float and the paragraph beside it (not counted: floats are never reused).
    expect(passes[1].reused).toBe(3);
    expect(passes[1].laidOut).toBe(7);
    const numbers = [1, 2, 3].map(
      (n) => `.e${n} a::after { content: leader('.') "${r.box(`c${n}`)[0].page + 1}" }`,
    );
    const written = await layoutSnippet(html, `${CSS} ${numbers.join(' ')}`);
    expect(r.document.pages).toEqual(written.document.pages);
  });
});
