import { describe, expect, it } from 'vitest';
import type { StyledElement, StyledNode, StyledPseudo } from '../../src/style/types.js';
import { all, byTag, find, style } from './helpers.js';

const pseudos = (e: StyledElement, kind?: StyledPseudo['pseudo']): StyledPseudo[] =>
  e.children.filter((c): c is StyledPseudo => c.kind === 'pseudo' && (!kind || c.pseudo === kind));

const text = (p: StyledPseudo | undefined): string =>
  (p?.content ?? [])
    .map((c) => (c.kind === 'text' ? c.text : c.kind === 'image' ? `[${c.url}]` : `[${c.kind}]`))
    .join('');

const markers = (root: StyledNode): string[] =>
  all(root, byTag('li')).map((li) => text(pseudos(li, 'marker')[0]));

describe('::before and ::after', () => {
  it('generates content with strings, attr(), counters and urls in box order', async () => {
    const d = await style(
      `<style>body { counter-reset: sec } h2 { counter-increment: sec }
       h2::before { content: "§" counter(sec, upper-roman) " " attr(data-x) }
       h2::after { content: url(i.png) "!" } p::before { content: none } span::before { content: normal }</style>
       <h2 data-x=X>a</h2><h2>b</h2><p>c</p><span>d</span>`,
      { baseUrl: 'https://ex.test/doc/' },
    );
    const [h1, h2] = all(d.root, byTag('h2'));
    expect(h1.children.map((c) => c.kind)).toEqual(['pseudo', 'text', 'pseudo']);
    expect(text(pseudos(h1, 'before')[0])).toBe('§I X');
    expect(text(pseudos(h2, 'before')[0])).toBe('§II ');
    expect(text(pseudos(h1, 'after')[0])).toBe('[https://ex.test/doc/i.png]!');
    expect(pseudos(find(d.root, byTag('p')))).toEqual([]);
    expect(pseudos(find(d.root, byTag('span')))).toEqual([]);
  });

  it('numbers without an explicit counter-reset like browsers do', async () => {
    const d = await style(
      '<style>h3::before { counter-increment: n; content: counter(n) ". " }</style><h3>a</h3><div><h3>b</h3></div><h3>c</h3>',
    );
    expect(all(d.root, byTag('h3')).map((h) => text(pseudos(h)[0]))).toEqual(['1. ', '2. ', '3. ']);
  });

  it('scopes nested counters and joins them with counters()', async () => {
    const d = await style(
      `<style>ol { counter-reset: item; list-style: none } li { counter-increment: item }
       li::before { content: counters(item, ".") " " }</style>
       <ol><li>a<ol><li>a1</li><li>a2<ol><li>a2x</li></ol></li></ol></li><li>b</li></ol>`,
    );
    expect(all(d.root, byTag('li')).map((li) => text(pseudos(li, 'before')[0]))).toEqual([
      '1 ',
      '1.1 ',
      '1.2 ',
      '1.2.1 ',
      '2 ',
    ]);
  });

  it('resolves quotes by nesting depth and language', async () => {
    const d = await style(
      '<p lang=en id=e><q>a <q>b</q></q></p><p lang=de id=g><q>c</q></p><p id=n><q style="quotes: none">x</q></p>',
    );
    const qs = all(d.root, byTag('q'));
    expect(qs.map((q) => pseudos(q).map(text).join('|'))).toEqual(['“|”', '‘|’', '„|“', '|']);
  });

  it('applies styles to pseudo-elements with inheritance from the element', async () => {
    const d = await style(
      '<style>p { color: red } p::before { content: "x"; font-weight: bold; display: block }</style><p>y</p>',
    );
    const b = pseudos(find(d.root, byTag('p')), 'before')[0];
    expect(b.style.color).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    expect(b.style.fontWeight).toBe(700);
    expect(b.style.display).toBe('block');
    expect(b.parentNodeId).toBe(find(d.root, byTag('p')).nodeId);
  });

  it('does not generate ::before on replaced elements', async () => {
    const d = await style('<style>*::before { content: "x" }</style><img src=a.png><br>');
    expect(pseudos(find(d.root, byTag('img')))).toEqual([]);
  });
});

describe('list markers', () => {
  it('numbers ordered lists, honours start, reversed and value', async () => {
    const d = await style(
      '<ol id=a><li>a</li><li>b</li></ol><ol start=5><li>c</li><li value=10>d</li><li>e</li></ol><ol reversed><li>f</li><li>g</li><li>h</li></ol>',
    );
    expect(markers(d.root)).toEqual(['1. ', '2. ', '5. ', '10. ', '11. ', '3. ', '2. ', '1. ']);
  });

  it('uses bullets per nesting level and list-style-type counter styles', async () => {
    const d = await style(
      `<style>.r { list-style-type: lower-roman } .g { list-style-type: upper-alpha } .s { list-style-type: "→ " } .n { list-style: none }</style>
       <ul><li>a<ul><li>b<ul><li>c</li></ul></li></ul></li></ul>
       <ol class=r><li>1</li><li>2</li><li>3</li><li>4</li></ol><ol class=g start=27><li>x</li></ol>
       <ul class=s><li>s</li></ul><ul class=n><li>none</li></ul>`,
    );
    expect(markers(d.root)).toEqual([
      '• ',
      '◦ ',
      '▪ ',
      'i. ',
      'ii. ',
      'iii. ',
      'iv. ',
      'AA. ',
      '→ ',
      '',
    ]);
  });

  it('uses ::marker content and style, and list-style-image', async () => {
    const d = await style(
      `<style>li::marker { color: blue } .c li::marker { content: "(" counter(list-item) ") " } .i { list-style-image: url(https://x.test/b.png) }</style>
       <ol><li>a</li></ol><ol class=c><li>b</li><li>c</li></ol><ul class=i><li>d</li></ul>`,
    );
    expect(markers(d.root)).toEqual(['1. ', '(1) ', '(2) ', '[https://x.test/b.png]']);
    const m = pseudos(all(d.root, byTag('li'))[0], 'marker')[0];
    expect(m.style.color).toEqual({ r: 0, g: 0, b: 1, a: 1 });
    expect(m.style.whiteSpace).toBe('pre');
    // Marker comes first, before ::before.
    expect(all(d.root, byTag('li'))[0].children[0]).toBe(m);
  });

  it('generates markers for any display: list-item element and skips display: none items', async () => {
    const d = await style(
      '<style>.li { display: list-item; list-style-type: decimal } .h { display: none }</style><div class=li>a</div><ol><li class=h>x</li><li>y</li></ol>',
    );
    expect(
      text(
        pseudos(
          find(d.root, (e) => e.attrs.get('class') === 'li'),
          'marker',
        )[0],
      ),
    ).toBe('1. ');
    expect(markers(d.root)).toEqual(['', '1. ']);
  });
});
