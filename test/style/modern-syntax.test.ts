/**
 * Modern CSS syntax through the real cascade: CSS Nesting, cascade layers, @supports, the
 * functional pseudo-classes, custom properties and media features as a printer answers them.
 */
import { describe, expect, it } from 'vitest';
import { styleDocument } from '../../src/style/index.js';
import type { StyledDocument } from '../../src/style/types.js';
import { byId, fakeLoader, find, style } from './helpers.js';

const RED = { r: 1, g: 0, b: 0, a: 1 };
const GREEN = { r: 0, g: 128 / 255, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 1, a: 1 };

async function colours(css: string, body: string): Promise<Record<string, unknown>> {
  const d = await style(`<style>${css}</style>${body}`);
  const out: Record<string, unknown> = {};
  for (const id of [...body.matchAll(/id=(\w+)/g)].map((m) => m[1])) {
    const c = find(d.root, byId(id)).style.color;
    out[id] = c.r === 1 ? 'red' : c.b === 1 ? 'blue' : c.g > 0 ? 'green' : 'black';
  }
  return out;
}

function unsupported(d: StyledDocument): string[] {
  return d.warnings.filter((w) => w.code.startsWith('css.')).map((w) => w.message);
}

describe('CSS Nesting', () => {
  it('reads nested rules starting with &, an element name, a class, a combinator', async () => {
    const css = `
      .card {
        color: red;
        & .title { color: blue }
        p { color: green }
        > .direct { color: blue }
        + .next { color: green }
        &.active { color: blue }
      }`;
    const body = `<div class=card id=card><span class=title id=title>t</span><p id=p>p</p>
      <div><span class=direct id=deep>x</span></div><span class=direct id=direct>d</span></div>
      <div class=next id=next>n</div><div class="card active" id=active>a</div>`;
    expect(await colours(css, body)).toEqual({
      card: 'red',
      title: 'blue',
      p: 'green',
      deep: 'red',
      direct: 'blue',
      next: 'green',
      active: 'blue',
    });
  });

  it('puts & in the middle or the end of a nested selector', async () => {
    const css = `.b { color: red; .a & { color: blue } :not(.x) > & { color: green } }`;
    const body = `<div class=a><p class=b id=in>in</p></div><div class=x><p class=b id=notx>o</p></div>
      <section><p class=b id=green>g</p></section>`;
    // .a .b → blue; :not(.x) > .b for the others (also the first, but it comes later: green).
    expect(await colours(css, `<div class=x>${body}</div>`)).toEqual({
      in: 'green',
      notx: 'red',
      green: 'green',
    });
  });

  it('gives & the specificity of :is() of the parent list', async () => {
    // `#a, .b { & span {} }` → `:is(#a, .b) span`: specificity (1,0,1) for both, so it beats
    // `.b span.c` (0,2,1) even where only .b matches.
    const css = `#a, .b { & span { color: blue } } .b span.c { color: red }`;
    expect(await colours(css, `<div class=b><span class=c id=s>x</span></div>`)).toEqual({
      s: 'blue',
    });
    // A single parent is inlined with the same weight: `.x .y { &.z {} }` = `.x .y.z`.
    const d = await colours(
      `.x .y { &.z { color: blue } } .x .y.z { color: red }`,
      `<div class=x><p class="y z" id=t>x</p></div>`,
    );
    expect(d).toEqual({ t: 'red' }); // equal specificity: the later rule wins
  });

  it('nests several levels and keeps declarations after a nested rule in order', async () => {
    const css = `
      .a {
        color: red;
        .b { .c { color: blue } }
        & .d { color: blue }
        color: green;
      }
      .a .d { color: red }`;
    const body = `<div class=a id=a><div class=b><p class=c id=c>c</p></div><p class=d id=d>d</p></div>`;
    expect(await colours(css, body)).toEqual({ a: 'green', c: 'blue', d: 'red' });
  });

  it('applies nested @media and @supports to the parent selector', async () => {
    const css = `
      .a {
        color: red;
        @media print { color: blue; .b { color: green } }
        @media screen { color: red; }
        @supports (display: flex) { & .s { color: blue } }
        @supports (display: frobnicate) { & .s { color: red } }
      }`;
    const body = `<div class=a id=a><p class=b id=b>b</p><p class=s id=s>s</p></div>`;
    expect(await colours(css, body)).toEqual({ a: 'blue', b: 'green', s: 'blue' });
  });

  it('reads custom properties holding braces and values with braces in strings', async () => {
    const d = await style(`<style>
      .a { --x: { a: b }; content: "}{"; & p { color: blue } }
    </style><div class=a><p id=p>x</p></div>`);
    expect(find(d.root, byId('p')).style.color).toEqual(BLUE);
    expect(unsupported(d)).toEqual([]);
  });

  it('treats a top-level & as the root', async () => {
    expect(await colours(`& p { color: blue }`, `<p id=p>x</p>`)).toEqual({ p: 'blue' });
  });

  it('nests inside @media and @layer at the top level, and in imported sheets', async () => {
    const loader = fakeLoader({
      'https://ex.test/n.css': '.a { .b { color: blue } }',
    });
    const d = await styleDocument(
      `<style>@import "n.css"; @media print { .c { & span { color: green } } }</style>
       <div class=a><p class=b id=b>x</p></div><div class=c><span id=s>s</span></div>`,
      { baseUrl: 'https://ex.test/', loader },
    );
    expect(find(d.root, byId('b')).style.color).toEqual(BLUE);
    expect(find(d.root, byId('s')).style.color).toEqual(GREEN);
  });
});

describe('cascade layers', () => {
  it('orders layers by first declaration; unlayered styles beat layered ones', async () => {
    const css = `
      @layer base, theme;
      @layer theme { p { color: blue } #x { color: blue } }
      @layer base { p { color: red } #y { color: red } }
      p { color: green }
      @layer theme { #z { color: blue } }
      #z2 { color: red }`;
    const body = `<p id=x>x</p><p id=y>y</p><p id=z>z</p><p id=z2 class=k>z2</p>`;
    // The unlayered `p` beats every layered rule, however specific.
    expect(await colours(css, body)).toEqual({ x: 'green', y: 'green', z: 'green', z2: 'red' });
  });

  it('lets later layers win over earlier ones whatever the specificity', async () => {
    const css = `@layer a { #x { color: red } } @layer b { p { color: blue } }`;
    expect(await colours(css, `<p id=x>x</p>`)).toEqual({ x: 'blue' });
  });

  it('reverses the layer order for !important, and layered !important beats unlayered', async () => {
    const css = `
      @layer a { p { color: red !important } }
      @layer b { p { color: blue !important } }
      p { color: green !important }`;
    expect(await colours(css, `<p id=p>x</p>`)).toEqual({ p: 'red' });
    // The style attribute still wins over every layer, normal or important.
    const d = await style(
      `<style>@layer a { p { color: red } }</style><p id=p style="color: blue">x</p>`,
    );
    expect(find(d.root, byId('p')).style.color).toEqual(BLUE);
    const d2 = await style(
      `<style>@layer a { p { color: red !important } }</style><p id=p style="color: blue !important">x</p>`,
    );
    expect(find(d2.root, byId('p')).style.color).toEqual(BLUE);
  });

  it('sorts sub-layers before their parent own rules, and anonymous layers in place', async () => {
    const css = `
      @layer outer { p { color: green } @layer inner { p { color: red } } }
      @layer { #q { color: blue } }
      @layer outer.late { #q { color: red } }`;
    // outer.inner and outer.late come before outer's own rules; the anonymous layer after outer.
    expect(await colours(css, `<p id=p>x</p><p id=q>q</p>`)).toEqual({ p: 'green', q: 'blue' });
  });

  it('puts an @import with layer() into that layer', async () => {
    const loader = fakeLoader({ 'https://ex.test/lib.css': '#p { color: red }' });
    const d = await styleDocument(
      `<style>@import url(lib.css) layer(lib); p { color: blue }</style><p id=p>x</p>`,
      { baseUrl: 'https://ex.test/', loader },
    );
    expect(find(d.root, byId('p')).style.color).toEqual(BLUE);
    expect(unsupported(d)).toEqual([]);
  });
});

describe('@supports and @import conditions', () => {
  it('tests property: value pairs against our own parser, with not/and/or and selector()', async () => {
    const css = `
      @supports (display: flex) { #a { color: blue } }
      @supports (display: frobnicate) { #b { color: blue } }
      @supports not (display: frobnicate) { #c { color: blue } }
      @supports (color: red) and (margin: 1px 2px) { #d { color: blue } }
      @supports (color: nonsense) or (padding: 2px) { #e { color: blue } }
      @supports selector(:has(> p)) { #f { color: blue } }
      @supports selector(:frobnicate) { #g { color: blue } }
      @supports (--custom: anything) { #h { color: blue } }`;
    const body = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((i) => `<p id=${i}>x</p>`).join('');
    expect(await colours(css, body)).toEqual({
      a: 'blue',
      b: 'black',
      c: 'blue',
      d: 'blue',
      e: 'blue',
      f: 'blue',
      g: 'black',
      h: 'blue',
    });
  });

  it('loads an @import only when its supports() and media conditions hold', async () => {
    const loader = fakeLoader({
      'https://ex.test/yes.css': '#a { color: blue }',
      'https://ex.test/no.css': '#b { color: red }',
      'https://ex.test/screen.css': '#c { color: red }',
    });
    const d = await styleDocument(
      `<style>
        @import "yes.css" supports(display: flex) print;
        @import "no.css" supports(display: frobnicate);
        @import "screen.css" screen;
      </style><p id=a>a</p><p id=b>b</p><p id=c>c</p>`,
      { baseUrl: 'https://ex.test/', loader },
    );
    expect(find(d.root, byId('a')).style.color).toEqual(BLUE);
    expect(loader.requests).toEqual(['https://ex.test/yes.css']);
  });
});

describe('functional pseudo-classes', () => {
  it(':is() and :where() match lists; :where() weighs nothing', async () => {
    const css = `:where(#w) { color: red } p { color: blue } :is(#i, .x) { color: green } p.y { color: red }`;
    expect(await colours(css, `<p id=w>w</p><p id=i class=y>i</p>`)).toEqual({
      w: 'blue',
      i: 'green',
    });
  });

  it(':has() with descendant, child, next-sibling and subsequent-sibling relations', async () => {
    const css = `
      div:has(img) { color: blue }
      div:has(> p.lead) { color: green }
      h2:has(+ p) { color: blue }
      h3:has(~ .note) { color: green }
      li:has(+ li + li) { color: red }`;
    const body = `
      <div id=d1><span><img alt=""></span></div>
      <div id=d2><p class=lead>x</p></div>
      <div id=d3><span><p class=lead>x</p></span></div>
      <h2 id=h2a>a</h2><p>p</p><h2 id=h2b>b</h2><div>d</div>
      <h3 id=h3a>a</h3><p>p</p><p class=note>n</p><h3 id=h3b>b</h3>
      <ul><li id=l1>1</li><li id=l2>2</li><li id=l3>3</li></ul>`;
    expect(await colours(css, body)).toEqual({
      d1: 'blue',
      d2: 'green',
      d3: 'black',
      h2a: 'blue',
      h2b: 'black',
      h3a: 'green',
      h3b: 'black',
      l1: 'red',
      l2: 'black',
      l3: 'black',
    });
  });

  it(':not() with a list and :nth-child(An+B of S)', async () => {
    const css = `p:not(.a, #b) { color: blue } li:nth-child(2n+1 of .k) { color: green }`;
    const body = `<p class=a id=pa>a</p><p id=b>b</p><p id=pc>c</p>
      <ul><li class=k id=k1>1</li><li id=n1>x</li><li class=k id=k2>2</li><li class=k id=k3>3</li></ul>`;
    expect(await colours(css, body)).toEqual({
      pa: 'black',
      b: 'black',
      pc: 'blue',
      k1: 'green',
      n1: 'black',
      k2: 'black',
      k3: 'green',
    });
  });
});

describe('custom properties', () => {
  it('substitutes var() in shorthands and calc(), with fallbacks', async () => {
    const d = await style(`<style>
      :root { --gap: 4px; --edge: 2px solid var(--ink, red); --w: 50px; }
      #a { margin: var(--gap) calc(var(--gap) * 2); border: var(--edge);
           width: calc(var(--w) + var(--missing, 10px)); padding: var(--none, 3px 5px) }
    </style><p id=a>x</p>`);
    const s = find(d.root, byId('a')).style;
    expect([s.marginTop, s.marginRight, s.marginBottom, s.marginLeft]).toEqual([4, 8, 4, 8]);
    expect(s.borderTopWidth).toBe(2);
    expect(s.borderTopColor).toEqual(RED);
    expect(s.width).toBe(60);
    expect([s.paddingTop, s.paddingRight]).toEqual([3, 5]);
  });

  it('makes a reference cycle invalid at computed-value time (inherit or initial)', async () => {
    const d = await style(`<style>
      body { color: blue; }
      #a { --x: var(--y); --y: var(--x); color: var(--x); margin-top: var(--y); --z: var(--z, 4px);
           padding-top: var(--z, 7px) }
    </style><p id=a>x</p>`);
    const s = find(d.root, byId('a')).style;
    expect(s.color).toEqual(BLUE); // inherited
    expect(s.marginTop).toBe(0); // initial
    expect(s.paddingTop).toBe(7); // --z refers to itself: invalid, the fallback applies
  });
});

describe('media features as a printer answers them', () => {
  it('matches print, the page area, orientation, resolution, colour and interaction', async () => {
    // A4 with the UA's 20 mm margins: the page area is about 642 × 971 px, portrait.
    const css = `
      @media print { #print { color: blue } }
      @media screen { #screen { color: blue } }
      @media (width >= 600px) and (width < 700px) { #width { color: blue } }
      @media (min-height: 900px) { #height { color: blue } }
      @media (orientation: portrait) { #portrait { color: blue } }
      @media (min-resolution: 72dpi) { #res { color: blue } }
      @media (color) { #color { color: blue } }
      @media (monochrome: 0) { #mono0 { color: blue } }
      @media (monochrome) { #mono { color: blue } }
      @media (hover: none) and (pointer: none) { #hover { color: blue } }
      @media (hover: hover) { #hover2 { color: blue } }
      @media (prefers-color-scheme: light) { #light { color: blue } }
      @media (prefers-color-scheme: dark) { #dark { color: blue } }
      @media not print { #notprint { color: blue } }
      @media (400px <= width <= 500px) { #range { color: blue } }`;
    const ids = [
      'print',
      'screen',
      'width',
      'height',
      'portrait',
      'res',
      'color',
      'mono0',
      'mono',
      'hover',
      'hover2',
      'light',
      'dark',
      'notprint',
      'range',
    ];
    const got = await colours(css, ids.map((i) => `<p id=${i}>x</p>`).join(''));
    expect(got).toEqual({
      print: 'blue',
      screen: 'black',
      width: 'blue',
      height: 'blue',
      portrait: 'blue',
      res: 'blue',
      color: 'blue',
      mono0: 'blue',
      mono: 'black',
      hover: 'blue',
      hover2: 'black',
      light: 'blue',
      dark: 'black',
      notprint: 'black',
      range: 'black',
    });
  });

  it('answers width and orientation from the document own @page size', async () => {
    const css = `@page { size: A4 landscape; margin: 0 }
      @media (orientation: landscape) { #l { color: blue } }
      @media (min-width: 1100px) { #w { color: blue } }`;
    expect(await colours(css, `<p id=l>l</p><p id=w>w</p>`)).toEqual({ l: 'blue', w: 'blue' });
  });

  it('answers aspect ratio, update, overflow, gamut and forced colours as paper does', async () => {
    // A4 portrait page area: about 0.66 wide per unit of height.
    const css = `
      @media (max-aspect-ratio: 1/1) { #tall { color: blue } }
      @media (min-aspect-ratio: 16/9) { #wide { color: blue } }
      @media (update: none) { #static { color: blue } }
      @media (update) { #animated { color: blue } }
      @media (overflow-block: paged) { #paged { color: blue } }
      @media (color-gamut: srgb) { #srgb { color: blue } }
      @media (color-gamut: p3) { #p3 { color: blue } }
      @media (forced-colors: active) { #forced { color: blue } }
      @media (0.5 < aspect-ratio < 0.8) { #ratio { color: blue } }`;
    const ids = ['tall', 'wide', 'static', 'animated', 'paged', 'srgb', 'p3', 'forced', 'ratio'];
    expect(await colours(css, ids.map((i) => `<p id=${i}>x</p>`).join(''))).toEqual({
      tall: 'blue',
      wide: 'black',
      static: 'blue',
      animated: 'black',
      paged: 'blue',
      srgb: 'blue',
      p3: 'black',
      forced: 'black',
      ratio: 'blue',
    });
  });
});
