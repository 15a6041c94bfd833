import * as csstree from 'css-tree';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/html/parse.js';
import type { DomElement } from '../../src/html/dom.js';
import {
  compileSelector,
  matchesSelector,
  type ComplexSelector,
} from '../../src/style/selectors.js';

function compile(sel: string): ComplexSelector {
  const list = csstree.parse(sel, { context: 'selectorList' });
  if (list.type !== 'SelectorList') throw new Error('bad');
  return compileSelector(list.children.first as csstree.CssNode);
}

function ids(html: string, sel: string): string[] {
  const p = parseHtml(html);
  const s = compile(sel);
  const out: string[] = [];
  const walk = (e: DomElement): void => {
    if (e.idAttr && matchesSelector(e, s)) out.push(e.idAttr);
    e.elementChildren.forEach(walk);
  };
  walk(p.root);
  return out;
}

const LIST =
  '<ul id=u><li id=a class="x y">a</li><li id=b lang=en-GB data-k="v1 v2">b</li><li id=c class=x></li><li id=d title="hello world">d</li></ul>';

describe('selector matching', () => {
  it.each([
    ['li', ['a', 'b', 'c', 'd']],
    ['.x', ['a', 'c']],
    ['.x.y', ['a']],
    ['#b', ['b']],
    ['[data-k]', ['b']],
    ['[data-k="v1 v2"]', ['b']],
    ['[data-k~=v2]', ['b']],
    ['[lang|=en]', ['b']],
    ['[title^=hel]', ['d']],
    ['[title$=world]', ['d']],
    ['[title*="o w"]', ['d']],
    ['[title=HELLO\\ WORLD i]', ['d']],
    ['ul > li', ['a', 'b', 'c', 'd']],
    ['ul li + li', ['b', 'c', 'd']],
    ['#a ~ li', ['b', 'c', 'd']],
    ['li:first-child', ['a']],
    ['li:last-child', ['d']],
    ['li:nth-child(2n+1)', ['a', 'c']],
    ['li:nth-child(even)', ['b', 'd']],
    ['li:nth-child(-n+2)', ['a', 'b']],
    ['li:nth-last-child(1)', ['d']],
    ['li:nth-child(2 of .x)', ['c']],
    ['li:nth-last-child(2 of .x)', ['a']],
    ['li:nth-last-of-type(2)', ['c']],
    ['li:not(.x, #d)', ['b']],
    ['li:is(#a, #d)', ['a', 'd']],
    ['li:where(.y)', ['a']],
    ['li:empty', ['c']],
    [':root', []],
    ['li:lang(en)', ['b']],
    ['li:hover', []],
  ])('%s', (sel, want) => {
    expect(ids(LIST, sel)).toEqual(want);
  });

  it('handles :first-of-type, :last-of-type and :only-child', () => {
    const html = '<div id=w><p id=p1></p><span id=s1><b id=o></b></span><p id=p2></p></div>';
    expect(ids(html, 'p:first-of-type')).toEqual(['p1']);
    expect(ids(html, 'p:last-of-type')).toEqual(['p2']);
    expect(ids(html, ':only-child')).toEqual(['w', 'o']);
    expect(ids(html, 'span:only-of-type')).toEqual(['s1']);
  });

  it('matches :has() with descendant, child and sibling relative selectors', () => {
    const html =
      '<div id=f1><table><tr><td><img class=x></td></tr></table></div><div id=f2><p><img></p></div><h2 id=h>t</h2><p id=after>p</p><div id=f3><span><b></b></span></div>';
    expect(ids(html, 'div:has(table)')).toEqual(['f1']);
    expect(ids(html, 'div:has(img.x)')).toEqual(['f1']);
    expect(ids(html, 'div:has(> p > img)')).toEqual(['f2']);
    expect(ids(html, 'div:has(> img)')).toEqual([]);
    expect(ids(html, 'h2:has(+ p)')).toEqual(['h']);
    expect(ids(html, 'h2:has(~ div span > b)')).toEqual(['h']);
    expect(ids(html, ':has(> span b)')).toEqual(['f3']);
    // The relative selector is anchored: an ancestor above the subject does not count.
    expect(ids(html, 'p:has(div img)')).toEqual([]);
    expect(compile('div:has(#a, .b)').specificity).toBe(1e8 + 1);
  });

  it('matches :link on a[href] only', () => {
    expect(ids('<a id=l href="#x">x</a><a id=n>y</a>', 'a:link')).toEqual(['l']);
  });

  it('matches the root element', () => {
    const p = parseHtml('<p>x</p>');
    expect(matchesSelector(p.root, compile(':root'))).toBe(true);
  });

  it('does not backtrack exponentially on long descendant chains', () => {
    const html = '<div>'.repeat(200) + '<span id=t></span>' + '</div>'.repeat(200);
    // The compound that fails is the outermost, so every placement of the divs gets to it.
    const failing = 'p div div div div div div div div div div div div span';
    // The work, counted as steps up the tree: a matcher that retries every way of placing the
    // twelve divs among 200 ancestors takes astronomically many; a linear one at most one pass
    // per compound. Past that bound the count stops the match instead of letting it run.
    const bound = 210 * 14;
    const root = parseHtml(html).root;
    let steps = 0;
    let span: DomElement | null = null;
    const stack: DomElement[] = [root];
    while (stack.length > 0) {
      const el = stack.pop() as DomElement;
      if (el.tag === 'span') span = el;
      const parent = el.parent;
      Object.defineProperty(el, 'parent', {
        get: () => {
          if (++steps > bound) throw new Error(`more than ${bound} steps up the tree`);
          return parent;
        },
      });
      stack.push(...el.elementChildren);
    }
    expect(span).not.toBeNull();
    expect(matchesSelector(span!, compile(failing))).toBe(false);
    expect(steps).toBeGreaterThan(0);

    expect(ids(html, failing)).toEqual([]);
    // Correctness of a positive match on the same tree.
    expect(ids(html, 'div div div div div div div div div div div div span')).toEqual(['t']);
  });
});

describe('ancestor keys (index pre-filter)', () => {
  it.each([
    ['h2 + p span', ['t:p']],
    ['.a > .b + .c', ['c:a']],
    ['#x .y ~ li', ['i:x']],
    ['div.k p', ['c:k', 't:div']],
    ['li', []],
  ])('%s', (sel, keys) => {
    expect(compile(sel).ancestorKeys).toEqual(keys);
  });
});

describe('specificity', () => {
  it.each([
    ['*', 0],
    ['li', 1],
    ['ul li', 2],
    ['.x', 1e4],
    ['li.x[title]', 2e4 + 1],
    ['#a', 1e8],
    ['#a .x li::before', 1e8 + 1e4 + 2],
    ['li:before', 2],
    ['li:after', 2],
    ['.x:before', 1e4 + 1],
    [':not(#a, .x)', 1e8],
    [':is(.x, li)', 1e4],
    [':where(#a)', 0],
    ['li:nth-child(2 of #a)', 1e8 + 1e4 + 1],
  ])('%s', (sel, want) => {
    expect(compile(sel).specificity).toBe(want);
  });

  it('rejects unsupported pseudo-elements and unknown pseudo-classes', () => {
    expect(() => compile('p::frobnicate')).toThrow();
    expect(() => compile('p:frobnicate')).toThrow();
  });

  it('compiles valid pseudo-elements of browser UI and :host to selectors that never match', () => {
    expect(compile('p::selection').unrendered).toBe('::selection');
    expect(compile('div::-webkit-scrollbar-thumb:hover').unrendered).toBe(
      '::-webkit-scrollbar-thumb',
    );
    expect(ids(LIST, 'li::selection')).toEqual([]);
    for (const sel of [':host', ':host(.x)', 'li:-moz-focusring'])
      expect(ids(LIST, sel)).toEqual([]);
    expect(ids(LIST, 'li:-moz-any(#a, #b)')).toEqual(['a', 'b']);
  });

  it('gives the legacy one-colon pseudo-elements the weight of the two-colon ones', () => {
    for (const sel of ['p:before', 'div > p.x:after', '#a:before', ':after'])
      expect(compile(sel).specificity, sel).toBe(compile(sel.replace(':', '::')).specificity);
  });

  it('records the pseudo-element', () => {
    expect(compile('li::marker').pseudoElement).toBe('marker');
    expect(compile('p:before').pseudoElement).toBe('before');
    expect(compile('::after').pseudoElement).toBe('after');
    // Vendor names of a range input's parts.
    expect(compile('input::-webkit-slider-thumb').pseudoElement).toBe('slider-thumb');
    expect(compile('input::-moz-range-track').pseudoElement).toBe('slider-track');
  });
});
