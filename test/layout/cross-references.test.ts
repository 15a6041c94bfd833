/**
 * Cross-references in paged layout: target-counter(), target-counters(), target-text(),
 * counter(page) in the flow and leader(), resolved over as many layout passes as page numbers
 * need, and tagged as a table of contents.
 */
import { describe, expect, it } from 'vitest';
import type { GlyphRun, StructNode } from '../../src/document/index.js';
import { glyphRuns } from './harness.js';
import { layoutSnippet } from './geometry.js';

const PT = 0.75;
const PAGE =
  '@page { size: 400px 300px; margin: 20px } body { margin: 0; font: 16px/20px sans-serif }';
const TOC_CSS = `${PAGE} ul { list-style: none; padding: 0; margin: 0 } a { text-decoration: none }
  a::after { content: leader('.') target-counter(attr(href), page) }
  h1 { break-before: page; font-size: 16px; margin: 0 }`;
const TOC = `<ul><li><a href="#c1">One</a></li><li><a href="#c2">Two</a></li>
  <li><a href="#c3">Three</a></li></ul>
  <h1 id="c1">One</h1><h1 id="c2">Two</h1><p>more</p><h1 id="c3">Three</h1>`;

const text = (r: GlyphRun): string => r.glyphs.texts.join('');

function shape(n: StructNode): string {
  const kids = n.children.filter((c): c is StructNode => c.kind === 'node');
  return kids.length === 0 ? n.type : `${n.type}(${kids.map(shape).join(',')})`;
}

describe('target-counter() and leader()', () => {
  it('print the page of each target, right-aligned after a dotted leader', async () => {
    const r = await layoutSnippet(TOC, TOC_CSS);
    expect(r.pages).toBe(4);
    const runs = glyphRuns(r.document.pages[0].items);
    const numbers = runs.filter((g) => /^\d+$/.test(text(g)));
    expect(numbers.map(text)).toEqual(['2', '3', '4']);
    // The numbers end at the right edge of the content box (380px).
    for (const n of numbers) {
      const end = n.x + n.glyphs.advances.reduce((w, a) => w + a, 0);
      expect(end / PT).toBeCloseTo(380, 1);
    }
    // Each leader fills the gap between its title and its number (less than one dot left on
    // either side), its dots on one grid.
    const leaders = runs.filter((g) => /^\.+$/.test(text(g)));
    expect(leaders).toHaveLength(3);
    const titles = runs.filter((g) => /^[A-Z]/.test(text(g)));
    const dot =
      leaders[0].glyphs.advances.reduce((w, a) => w + a, 0) / leaders[0].glyphs.ids.length;
    leaders.forEach((l, i) => {
      const titleEnd = titles[i].x + titles[i].glyphs.advances.reduce((w, a) => w + a, 0);
      const end = l.x + l.glyphs.advances.reduce((w, a) => w + a, 0);
      expect(l.x).toBeGreaterThanOrEqual(titleEnd - 0.01);
      expect(l.x - titleEnd).toBeLessThan(dot + 0.01);
      expect(end).toBeLessThanOrEqual(numbers[i].x + 0.01);
      expect(numbers[i].x - end).toBeLessThan(dot + 0.01);
      // On the grid of the fill's width from the line's left edge (20px).
      const k = (l.x - 20 * PT) / dot;
      expect(Math.abs(k - Math.round(k))).toBeLessThan(1e-6);
      // Leaders are artifacts, the numbers stay content.
      expect(l.tag.kind).toBe('artifact');
      expect(numbers[i].tag.kind).toBe('content');
    });
  });

  it('makes each entry a link to its target and tags the list as a TOC', async () => {
    const r = await layoutSnippet(TOC, TOC_CSS);
    const links = r.document.pages[0].items.filter((i) => i.kind === 'link');
    expect(links.map((l) => (l.kind === 'link' ? l.target : null))).toEqual([
      { kind: 'internal', pageIndex: 1, y: 15 },
      { kind: 'internal', pageIndex: 2, y: 15 },
      { kind: 'internal', pageIndex: 3, y: 15 },
    ]);
    // The link area covers the title, the leader and the number.
    for (const l of links) if (l.kind === 'link') expect((l.x + l.width) / PT).toBeCloseTo(380, 0);
    expect(shape(r.structure)).toContain(
      'TOC(TOCI(Reference(Link)),TOCI(Reference(Link)),TOCI(Reference(Link)))',
    );
  });

  it('resolves a target whose page changes with the width of its own number (3 passes)', async () => {
    // The entry wraps once its number is two characters wide; wrapped, it pushes the target
    // from page 2 to page 3. Pass 1 guesses one character (page 2), pass 2 prints "II" and
    // moves the target to page 3, pass 3 prints "III" and confirms it.
    const r = await layoutSnippet(
      `<p id="entry"><a href="#t">xxxx</a></p><div id="filler"></div><h1 id="t">Target</h1>`,
      `@page { size: 300px 140px; margin: 20px } body { margin: 0; font: 16px/20px monospace }
       p { width: 6.5ch; margin: 0 } a::after { content: " " target-counter(attr(href), page, upper-roman) }
       #filler { height: 80px; break-inside: avoid } h1 { font-size: 16px; line-height: 40px; margin: 0 }`,
    );
    expect(r.box('t')[0].page).toBe(2);
    expect(r.box('entry')[0].height).toBe(40);
    expect(r.text(0)).toContain('III');
    expect(r.warnings.filter((w) => w.code === 'layout.cross-references')).toEqual([]);
  });
});

describe('counter(page) in the flow, target-counters() and target-text()', () => {
  it('print the page the content lands on and the page count', async () => {
    const r = await layoutSnippet(
      `<p class="n">a</p><div style="height: 300px"></div><p class="n">b</p>`,
      `${PAGE} .n::after { content: " on " counter(page) " of " counter(pages) }`,
    );
    expect(r.pages).toBe(3);
    expect(r.text(0)).toBe('a on 1 of 3');
    expect(r.text(2)).toBe('b on 3 of 3');
  });

  it('read the counters and the text of the target', async () => {
    const r = await layoutSnippet(
      `<p id="ref"><a href="#s2">see</a></p>
       <section><h2>Intro</h2><section><h2 id="s2" class="pre">Scope</h2></section></section>`,
      `${PAGE} section { counter-increment: sec; counter-reset: sec } h2 { font-size: 16px }
       h2.pre::before { content: "§ " }
       a::after { content: " (" target-counters(attr(href), sec, ".") ") " target-text(attr(href))
         " / " target-text(attr(href), before) target-text(attr(href), first-letter) }`,
    );
    // target-text(before) keeps the generated text as written, its space included.
    expect(r.text(0).startsWith('see (1.1) Scope / § S')).toBe(true);
  });
});
