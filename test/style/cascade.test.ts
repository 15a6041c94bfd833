import { describe, expect, it } from 'vitest';
import { resolveLength } from '../../src/style/length.js';
import type { LengthPercentage } from '../../src/style/types.js';
import { all, byId, byTag, find, style } from './helpers.js';

const RED = { r: 1, g: 0, b: 0, a: 1 };
const GREEN = { r: 0, g: 128 / 255, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 1, a: 1 };

async function el(css: string, body: string, id = 't') {
  const d = await style(`<style>${css}</style><body>${body}</body>`);
  return { el: find(d.root, byId(id)), doc: d };
}

describe('cascade order', () => {
  it('later rules win at equal specificity; higher specificity wins regardless of order', async () => {
    const { el: e } = await el(
      '#t { color: blue } p.c { color: red } p { color: green }',
      '<p id=t class=c>x</p>',
    );
    expect(e.style.color).toEqual(BLUE);
    const { el: f } = await el('p { color: red } p { color: green }', '<p id=t>x</p>');
    expect(f.style.color).toEqual(GREEN);
  });

  it('!important beats specificity and the style attribute; style attribute beats rules', async () => {
    const { el: e } = await el(
      'p { color: red !important } #t { color: blue }',
      '<p id=t style="color: green">x</p>',
    );
    expect(e.style.color).toEqual(RED);
    const { el: f } = await el('#t { color: blue }', '<p id=t style="color: green">x</p>');
    expect(f.style.color).toEqual(GREEN);
    const { el: g } = await el(
      '#t { color: blue !important }',
      '<p id=t style="color: green !important">x</p>',
    );
    expect(g.style.color).toEqual(GREEN);
  });

  it('matches rules whose leftmost parts are siblings of an ancestor', async () => {
    const { el: e } = await el(
      'h2 + p span { color: red } .a ~ div > b { margin-top: 3px }',
      '<h2>h</h2><p><span id=t>x</span></p>',
    );
    expect(e.style.color).toEqual(RED);
    const { el: f } = await el(
      '.a ~ div > b { margin-top: 3px }',
      '<i class=a></i><div><b id=t>x</b></div>',
    );
    expect(f.style.marginTop).toBe(3);
  });

  it('author rules override the UA sheet even with lower specificity', async () => {
    const { el: e } = await el('* { margin: 0 }', '<p id=t>x</p>');
    expect(e.style.marginTop).toBe(0);
  });

  it('gives dd an indent and no vertical margins, as the HTML rendering rules do', async () => {
    const { el: dd } = await el('', '<dl><dt>term</dt><dd id=t>definition</dd></dl>');
    expect([dd.style.marginTop, dd.style.marginBottom, dd.style.marginLeft]).toEqual([0, 0, 40]);
  });

  it('skips invalid declarations so an earlier valid one applies', async () => {
    const { el: e, doc } = await el(
      'p { color: red; color: notacolor; width: 10px; width: -5px }',
      '<p id=t>x</p>',
    );
    expect(e.style.color).toEqual(RED);
    expect(e.style.width).toBe(10);
    expect(doc.warnings.some((w) => w.code === 'css.invalid-value')).toBe(true);
  });

  it('presentational hints lose to author rules but beat the UA sheet', async () => {
    const { el: img } = await el('', '<img id=t width=120 height="50%">');
    expect(img.style.width).toBe(120);
    expect(img.style.height).toEqual({ percent: 50, px: 0 });
    const { el: img2 } = await el('img { width: 3px }', '<img id=t width=120>');
    expect(img2.style.width).toBe(3);
    const { el: td } = await el(
      '',
      '<table border=1 cellpadding=4><tr><td id=t align=right>x</td></tr></table>',
    );
    expect(td.style.paddingLeft).toBe(4);
    expect(td.style.borderTopWidth).toBe(1);
    expect(td.style.textAlign).toBe('right');
  });
});

describe('inheritance and CSS-wide keywords', () => {
  it('inherits inherited properties and not the others', async () => {
    const { el: e } = await el(
      'div { color: red; border: 1px solid; font-size: 20px }',
      '<div><span id=t>x</span></div>',
    );
    expect(e.style.color).toEqual(RED);
    expect(e.style.fontSize).toBe(20);
    expect(e.style.borderTopWidth).toBe(0);
  });

  it('inherit, initial, unset and revert', async () => {
    const css = `div { border: 2px solid blue; color: red; margin: 5px }
      #i { border-top-width: inherit } #n { color: initial } #u { color: unset; margin: unset }
      h1#r { font-size: revert; margin: revert } p#r2 { display: revert }`;
    const body =
      '<div><p id=i></p><p id=n></p><p id=u></p><h1 id=r></h1><p id=r2 style="display:inline"></p></div>';
    const d = await style(
      `<style>${css} h1 { font-size: 10px } p#r2 { display: inline !important }</style><body>${body}</body>`,
    );
    expect(find(d.root, byId('i')).style.borderTopWidth).toBe(0); // inherited 2px, but style none ⇒ 0
    expect(find(d.root, byId('n')).style.color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    const u = find(d.root, byId('u'));
    expect(u.style.color).toEqual(RED);
    expect(u.style.marginTop).toBe(0);
    const r = find(d.root, byId('r'));
    expect(r.style.fontSize).toBe(32); // UA: 2em of 16px
    expect(r.style.marginTop).toBeCloseTo(0.67 * 32);
  });

  it('all: initial/unset resets every property but direction', async () => {
    const d = await style(
      '<style>div { color: red; direction: rtl } p { all: initial } span { all: unset } b { all: bogus }</style><div><p id=p>x</p><span id=s>y</span><b id=b>z</b></div>',
    );
    const p = find(d.root, byId('p')).style;
    expect(p.display).toBe('inline');
    expect(p.marginTop).toBe(0);
    expect(p.color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(p.direction).toBe('rtl');
    const s = find(d.root, byId('s')).style;
    expect(s.color).toEqual(RED);
    expect(find(d.root, byId('b')).style.fontWeight).toBe(700);
  });

  it('currentcolor follows the element colour; border colour defaults to it', async () => {
    const { el: e } = await el(
      'p { color: blue; border: 1px solid; text-decoration: underline }',
      '<p id=t>x</p>',
    );
    expect(e.style.borderLeftColor).toEqual(BLUE);
    expect(e.style.textDecorationColor).toEqual(BLUE);
    expect(e.style.textDecorationLine).toEqual(['underline']);
  });

  it('bolder/lighter resolve against the parent weight', async () => {
    const { el: e } = await el(
      'div { font-weight: 300 } span { font-weight: bolder }',
      '<div><span id=t>x</span></div>',
    );
    expect(e.style.fontWeight).toBe(400);
    const { el: f } = await el('', '<h1><b id=t>x</b></h1>');
    expect(f.style.fontWeight).toBe(900);
  });
});

describe('units and math', () => {
  it('converts absolute units to px', async () => {
    const { el: e } = await el(
      '#t { margin-top: 72pt; margin-right: 1in; margin-bottom: 2.54cm; margin-left: 25.4mm; padding-top: 1pc; padding-left: 4Q }',
      '<p id=t>x</p>',
    );
    expect(e.style.marginTop).toBeCloseTo(96);
    expect(e.style.marginRight).toBeCloseTo(96);
    expect(e.style.marginBottom).toBeCloseTo(96);
    expect(e.style.marginLeft).toBeCloseTo(96);
    expect(e.style.paddingTop).toBeCloseTo(16);
    expect(e.style.paddingLeft).toBeCloseTo(96 / 25.4);
  });

  it('em uses the element font size, font-size em/% use the parent; rem uses the root', async () => {
    const { el: e } = await el(
      'html { font-size: 10px } div { font-size: 20px } #t { font-size: 1.5em; margin-top: 2em; margin-left: 3rem; width: 50% } ',
      '<div><p id=t>x</p></div>',
    );
    expect(e.style.fontSize).toBe(30);
    expect(e.style.marginTop).toBe(60);
    expect(e.style.marginLeft).toBe(30);
    expect(e.style.width).toEqual({ percent: 50, px: 0 });
  });

  it('ex and ch use the given metrics, the bundled fonts by default, 0.5em without metrics', async () => {
    const html =
      '<style>#t { font-size: 20px; margin-top: 2ex; margin-left: 3ch }</style><p id=t>x</p>';
    const none = await style(html, { fontMetrics: () => undefined });
    expect(find(none.root, byId('t')).style.marginTop).toBe(20);
    expect(find(none.root, byId('t')).style.marginLeft).toBe(30);
    const given = await style(html, { fontMetrics: () => ({ xHeight: 0.4, zeroAdvance: 0.6 }) });
    expect(find(given.root, byId('t')).style.marginTop).toBeCloseTo(16);
    expect(find(given.root, byId('t')).style.marginLeft).toBeCloseTo(36);
    // Default: the bundled serif face's real x-height (about 0.46 em), not the approximation.
    const bundled = find((await style(html)).root, byId('t')).style.marginTop as number;
    expect(bundled).toBeGreaterThan(14);
    expect(bundled).toBeLessThan(22);
    expect(bundled).not.toBe(20);
  });

  it('vw/vh are relative to the given viewport, or to the page area from @page', async () => {
    const d = await style('<style>#t { width: 10vw; height: 10vh }</style><p id=t>x</p>', {
      viewport: { width: 1000, height: 500 },
    });
    expect(find(d.root, byId('t')).style.width).toBe(100);
    expect(find(d.root, byId('t')).style.height).toBe(50);
    const e = await style(
      '<style>@page { size: 500px 300px; margin: 50px } #t { width: 100vw; height: 100vh }</style><p id=t>x</p>',
    );
    expect(find(e.root, byId('t')).style.width).toBe(400);
    expect(find(e.root, byId('t')).style.height).toBe(200);
  });

  it('calc/min/max/clamp fold to px or keep percentages for layout', async () => {
    const { el: e } = await el(
      `#t { font-size: 10px; margin-top: calc(1em + 2px * 3); margin-left: calc(100% - 2em);
        width: min(100%, 300px); padding-top: clamp(1px, 5em, 20px); height: max(1em, 3px);
        margin-right: calc((10px + 5px) / 3); text-indent: calc(10% + 1em) }`,
      '<p id=t>x</p>',
    );
    expect(e.style.marginTop).toBe(16);
    expect(e.style.marginLeft).toEqual({ percent: 100, px: -20 });
    const w = e.style.width as LengthPercentage;
    expect(typeof w === 'object' && 'calc' in w).toBe(true);
    expect(resolveLength(w, 200)).toBe(200);
    expect(resolveLength(w, 1000)).toBe(300);
    expect(e.style.paddingTop).toBe(20);
    expect(e.style.height).toBe(10);
    expect(e.style.marginRight).toBe(5);
    expect(e.style.textIndent).toEqual({ percent: 10, px: 10 });
  });

  it('rejects calc() with type errors', async () => {
    const { el: e } = await el(
      '#t { width: 5px; width: calc(1px + 2); width: calc(1px*2px) }',
      '<p id=t>x</p>',
    );
    expect(e.style.width).toBe(5);
  });

  it('line-height: normal, number (inherited as number), length and percentage', async () => {
    const d = await style(
      `<style>div { font-size: 10px; line-height: 1.5 } #a { font-size: 20px } #b { line-height: 150% } #c { line-height: 2em } #d { line-height: normal }</style>
       <div><p id=a>a</p><p id=b>b</p><p id=c>c</p><p id=d>d</p></div>`,
    );
    expect(find(d.root, byId('a')).style.lineHeight).toEqual({ kind: 'number', value: 1.5 });
    expect(find(d.root, byId('b')).style.lineHeight).toEqual({ kind: 'length', px: 15 });
    expect(find(d.root, byId('c')).style.lineHeight).toEqual({ kind: 'length', px: 20 });
    expect(find(d.root, byId('d')).style.lineHeight).toEqual({ kind: 'normal' });
  });

  it('vertical-align percentages resolve against line-height', async () => {
    const { el: e } = await el(
      '#t { font-size: 10px; line-height: 20px; vertical-align: 50% }',
      '<span id=t>x</span>',
    );
    expect(e.style.verticalAlign).toBe(10);
    const { el: s } = await el('', '<sup id=t>x</sup>');
    expect(s.style.verticalAlign).toBe('super');
  });
});

describe('custom properties', () => {
  it('substitutes var() with inheritance and fallbacks', async () => {
    const { el: e } = await el(
      ':root { --main: blue; --gap: 4px } div { --gap: 8px } #t { color: var(--main); margin: var(--gap) var(--none, 3px); border-color: var(--missing) }',
      '<div><p id=t>x</p></div>',
    );
    expect(e.style.color).toEqual(BLUE);
    expect(e.style.marginTop).toBe(8);
    expect(e.style.marginLeft).toBe(3);
    // Invalid at computed time: border-color falls back to unset → initial (currentcolor).
    expect(e.style.borderTopColor).toEqual(BLUE);
  });

  it('nested var() and var() in fallback and calc', async () => {
    const { el: e } = await el(
      ':root { --a: 10px; --b: calc(var(--a) * 2) } #t { width: calc(var(--b) + var(--x, var(--a))) }',
      '<p id=t>x</p>',
    );
    expect(e.style.width).toBe(30);
  });

  it('cycles make the properties invalid without hanging', async () => {
    const { el: e } = await el(
      '#t { --a: var(--b); --b: var(--a); color: red; color: var(--a, green) }',
      '<p id=t>x</p>',
    );
    // var(--a) is invalid (cycle) so its fallback is used.
    expect(e.style.color).toEqual(GREEN);
  });

  it('refuses exponential expansion', async () => {
    const defs = Array.from(
      { length: 30 },
      (_, i) => `--v${i + 1}: var(--v${i}) var(--v${i});`,
    ).join(' ');
    const { el: e } = await el(
      `:root { --v0: x; ${defs} } #t { font-family: var(--v30, serif) }`,
      '<p id=t>x</p>',
    );
    expect(e.style.fontFamily).toEqual(['serif']);
  });

  it('resolves fallbacks nested 200 deep, and gives up on a hostile 10,000', async () => {
    const nested = (n: number): string => `${'var(--n, '.repeat(n)}rgb(0, 128, 0)${')'.repeat(n)}`;
    const deep = await el(`#t { color: red; color: ${nested(200)} }`, '<p id=t>x</p>');
    expect(deep.el.style.color).toEqual(GREEN);
    // Past the depth limit the value is invalid at computed-value time: color inherits.
    const hostile = await el(
      `body { color: blue } #t { color: ${nested(10_000)} }`,
      '<p id=t>x</p>',
    );
    expect(hostile.el.style.color).toEqual(BLUE);
  });
});

describe('computed values', () => {
  it('text-decoration-thickness and text-underline-offset: px, em and % of the font size', async () => {
    const { el: e, doc } = await el(
      'p { font-size: 20px; text-decoration: underline dotted 10%; text-underline-offset: 0.25em }',
      '<p><a id=t>x</a></p>',
    );
    const p = find(doc.root, byTag('p'));
    expect([p.style.textDecorationThickness, p.style.textUnderlineOffset]).toEqual([2, 5]);
    // The offset is inherited, the thickness is not.
    expect([e.style.textDecorationThickness, e.style.textUnderlineOffset]).toEqual(['auto', 5]);
  });

  it('reads -webkit-appearance as appearance, as browsers do, and not -moz-appearance', async () => {
    const { el: a } = await el('#t { -webkit-appearance: none }', '<select id=t></select>');
    expect(a.style.appearance).toBe('none');
    const { el: b } = await el('#t { -moz-appearance: none }', '<select id=t></select>');
    expect(b.style.appearance).toBe('auto');
    const { el: c } = await el('#t { -webkit-column-count: 2 }', '<div id=t></div>');
    expect(c.style.columnCount).toBe(2);
  });

  it('reads the -webkit- names older sheets give alone as the standard properties', async () => {
    const { el: e } = await el(
      `#t { display: -webkit-inline-flex; -webkit-justify-content: space-between;
        -webkit-flex: 2; -webkit-border-radius: 6px; -webkit-transform: translateX(3px) }`,
      '<p id=t>x</p>',
    );
    expect(e.style.display).toBe('inline-flex');
    expect(e.style.justifyContent).toBe('space-between');
    expect(e.style.flexGrow).toBe(2);
    expect(e.style.borderTopLeftRadius).toEqual({ horizontal: 6, vertical: 6 });
    expect(e.style.transform).not.toEqual([]);
    // The standard name given later wins, as one property.
    const { el: f } = await el(
      '#t { -webkit-transform: translateX(3px); transform: none }',
      '<p id=t>x</p>',
    );
    expect(f.style.transform).toEqual([]);
  });

  it('parses shorthands: margin, padding, border, border-radius, font, flex, background', async () => {
    const { el: e } = await el(
      `#t { margin: 1px 2px 3px; padding: 4px 5px; border: 3px dashed #0f0; border-radius: 10px 20% / 5px;
        font: italic bold 12px/1.25 "Open Sans", Arial, sans-serif; flex: 2 1 30%;
        background: #fff url(img.png) no-repeat right 10px top / 50% auto }`,
      '<p id=t>x</p>',
    );
    const s = e.style;
    expect([s.marginTop, s.marginRight, s.marginBottom, s.marginLeft]).toEqual([1, 2, 3, 2]);
    expect([s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft]).toEqual([4, 5, 4, 5]);
    expect(s.borderBottomStyle).toBe('dashed');
    expect(s.borderBottomWidth).toBe(3);
    expect(s.borderBottomColor).toEqual({ r: 0, g: 1, b: 0, a: 1 });
    expect(s.borderTopLeftRadius).toEqual({ horizontal: 10, vertical: 5 });
    expect(s.borderTopRightRadius).toEqual({ horizontal: { percent: 20, px: 0 }, vertical: 5 });
    expect(s.fontStyle).toBe('italic');
    expect(s.fontWeight).toBe(700);
    expect(s.fontSize).toBe(12);
    expect(s.lineHeight).toEqual({ kind: 'number', value: 1.25 });
    expect(s.fontFamily).toEqual(['Open Sans', 'Arial', 'sans-serif']);
    expect([s.flexGrow, s.flexShrink, s.flexBasis]).toEqual([2, 1, { percent: 30, px: 0 }]);
    expect(s.backgroundColor).toEqual({ r: 1, g: 1, b: 1, a: 1 });
    expect(s.backgroundLayers).toHaveLength(1);
    const layer = s.backgroundLayers[0];
    expect(layer.image).toEqual({ kind: 'url', url: 'img.png' });
    expect(layer.repeatX).toBe('no-repeat');
    expect(layer.position).toEqual({ x: { percent: 100, px: -10 }, y: 0 });
    expect(layer.size).toEqual({ width: { percent: 50, px: 0 }, height: 'auto' });
  });

  it('parses linear-gradient into a typed value', async () => {
    const { el: e } = await el(
      '#t { background-image: linear-gradient(to top right, rgba(255,0,0,.5), blue 30%, #00ff00 2em 80%), linear-gradient(45deg, red, blue) }',
      '<p id=t>x</p>',
    );
    const [a, b] = e.style.backgroundLayers;
    expect(a.image).toEqual({
      kind: 'linear-gradient',
      direction: { corner: { x: 'right', y: 'top' } },
      repeating: false,
      stops: [
        { color: { r: 1, g: 0, b: 0, a: 0.5 }, position: null },
        { color: BLUE, position: { percent: 30, px: 0 } },
        { color: { r: 0, g: 1, b: 0, a: 1 }, position: 32 },
        { color: { r: 0, g: 1, b: 0, a: 1 }, position: { percent: 80, px: 0 } },
      ],
    });
    expect(b.image).toMatchObject({ direction: { angle: 45 } });
  });

  it('colours: hex forms, rgb/hsl with alpha, transparent, names', async () => {
    const { el: e } = await el(
      '#t { color: #11223380; background-color: hsl(120 100% 25% / 50%); border-top-color: rgb(0 0 255); border-left-color: transparent; border-right-color: rebeccapurple }',
      '<p id=t>x</p>',
    );
    expect(e.style.color.a).toBeCloseTo(128 / 255);
    expect(e.style.backgroundColor.g).toBeCloseTo(0.5);
    expect(e.style.backgroundColor.a).toBe(0.5);
    expect(e.style.borderTopColor).toEqual(BLUE);
    expect(e.style.borderLeftColor.a).toBe(0);
    expect(e.style.borderRightColor.r).toBeCloseTo(0x66 / 255);
  });

  it('blockifies floats, absolutely positioned boxes and flex items', async () => {
    const d = await style(
      '<style>#f { float: left } #a { position: absolute } .flex { display: flex }</style><span id=f></span><span id=a></span><div class=flex><span id=i></span><table id=tb style="display: inline-table"></table></div>',
    );
    expect(find(d.root, byId('f')).style.display).toBe('block');
    expect(find(d.root, byId('a')).style.display).toBe('block');
    expect(find(d.root, byId('i')).style.display).toBe('block');
    expect(find(d.root, byId('tb')).style.display).toBe('table');
  });

  it('maps page-break-* to break-* and keeps orphans/widows', async () => {
    const { el: e } = await el(
      '#t { page-break-before: always; page-break-inside: avoid; break-after: avoid-page; orphans: 3; widows: 4 }',
      '<p id=t>x</p>',
    );
    expect(e.style.breakBefore).toBe('page');
    expect(e.style.breakInside).toBe('avoid');
    expect(e.style.breakAfter).toBe('avoid');
    expect([e.style.orphans, e.style.widows]).toEqual([3, 4]);
  });

  it('covers every ComputedStyle field with a defined value', async () => {
    const { el: e } = await el('', '<p id=t>x</p>');
    for (const [k, v] of Object.entries(e.style)) expect(v, k).not.toBeUndefined();
    expect(Object.keys(e.style).length).toBeGreaterThan(90);
    expect(Object.isFrozen(e.style)).toBe(true);
  });
});

describe('logical properties', () => {
  it('map inline-start/end by direction and block ones to top/bottom', async () => {
    const d = await style(
      `<style>p { margin-inline-start: 10px; padding-inline: 1px 2px; margin-block: 3px 4px; border-inline-end: 2px solid; inline-size: 50px }
       #b { margin-left: 7px } #c { margin-inline-start: 9px }</style>
       <p id=l>a</p><div dir=rtl><p id=r>b</p></div><p id=b>c</p><p id=c style="margin-left: 1px">d</p>`,
    );
    const l = find(d.root, byId('l')).style;
    expect([l.marginLeft, l.marginRight, l.paddingLeft, l.paddingRight]).toEqual([10, 0, 1, 2]);
    expect([l.marginTop, l.marginBottom, l.borderRightWidth, l.borderLeftWidth, l.width]).toEqual([
      3, 4, 2, 0, 50,
    ]);
    const r = find(d.root, byId('r')).style;
    expect([r.marginLeft, r.marginRight, r.paddingLeft, r.paddingRight, r.borderLeftWidth]).toEqual(
      [0, 10, 2, 1, 2],
    );
    // A later or more specific physical declaration wins, and vice versa.
    expect(find(d.root, byId('b')).style.marginLeft).toBe(7);
    expect(find(d.root, byId('c')).style.marginLeft).toBe(1);
  });

  it('take var() values, shorthands included, on the side the direction gives', async () => {
    const d = await style(
      `<style>:root { --brand: hsl(160 60% 30%); --w: 6px }
       p { border-inline-start: 0.5rem solid var(--brand); padding-inline: var(--w) 2px; margin-inline-end: var(--w) }</style>
       <p id=l>a</p><div dir=rtl><p id=r>b</p></div>`,
    );
    const l = find(d.root, byId('l')).style;
    expect([l.borderLeftWidth, l.borderLeftStyle, l.borderRightWidth]).toEqual([8, 'solid', 0]);
    expect(l.borderLeftColor.g).toBeCloseTo(0.48, 2);
    expect([l.paddingLeft, l.paddingRight, l.marginRight]).toEqual([6, 2, 6]);
    const r = find(d.root, byId('r')).style;
    expect([
      r.borderRightWidth,
      r.borderLeftWidth,
      r.paddingRight,
      r.paddingLeft,
      r.marginLeft,
    ]).toEqual([8, 0, 6, 2, 6]);
  });
});

describe('user-agent stylesheet', () => {
  it('applies HTML defaults', async () => {
    const d = await style(
      '<h1 id=h1>a</h1><h2 id=h2>b</h2><p id=p>c</p><ul id=ul><li id=li>d</li></ul><b id=b>e</b><em id=em>f</em><code id=code>g</code><pre id=pre>h</pre><table><tr><th id=th>i</th><td id=td>j</td></tr></table><blockquote id=bq>k</blockquote>',
    );
    const s = (id: string) => find(d.root, byId(id)).style;
    expect(find(d.root, byTag('body')).style.marginTop).toBe(8);
    expect(s('h1').fontSize).toBe(32);
    expect(s('h1').fontWeight).toBe(700);
    expect(s('h2').fontSize).toBe(24);
    expect(s('p').marginTop).toBe(16);
    expect(s('ul').paddingLeft).toBe(40);
    expect(s('ul').listStyleType).toBe('disc');
    expect(s('li').display).toBe('list-item');
    expect(s('b').fontWeight).toBe(700);
    expect(s('em').fontStyle).toBe('italic');
    expect(s('code').fontFamily).toEqual(['monospace']);
    expect(s('pre').whiteSpace).toBe('pre');
    expect(s('th').display).toBe('table-cell');
    expect(s('th').fontWeight).toBe(700);
    expect(s('td').verticalAlign).toBe('middle');
    expect(s('bq').marginLeft).toBe(40);
    expect(find(d.root, byTag('head')).style.display).toBe('none');
  });

  it('hides [hidden], script, style and template', async () => {
    const d = await style('<p hidden id=h>x</p><script>1</script><template><p>t</p></template>');
    expect(find(d.root, byId('h')).style.display).toBe('none');
    for (const t of ['script', 'template'])
      expect(find(d.root, byTag(t)).style.display).toBe('none');
    expect(find(d.root, byId('h')).children).toEqual([]);
  });

  it('produces no warnings for its own rules', async () => {
    const d = await style('<p>x</p>');
    expect(d.warnings).toEqual([]);
  });

  it('sets direction from dir attributes and nested list bullets', async () => {
    const d = await style('<div dir=rtl id=r><ul><li><ul id=n><li>x</li></ul></li></ul></div>');
    expect(find(d.root, byId('r')).style.direction).toBe('rtl');
    expect(find(d.root, byId('n')).style.listStyleType).toBe('circle');
  });
});

describe('tree', () => {
  it('keeps text unchanged with the parent style, lang inherited, node ids increasing', async () => {
    const d = await style(
      '<html lang=en><body><p id=t lang=fr>  a\n  b <span>c</span></p></body></html>',
    );
    const p = find(d.root, byId('t'));
    const text = p.children[0];
    expect(text.kind).toBe('text');
    if (text.kind === 'text') {
      expect(text.text).toBe('  a\n  b ');
      expect(text.style).toBe(p.style);
    }
    expect(p.lang).toBe('fr');
    expect(find(d.root, byTag('span')).lang).toBe('fr');
    expect(find(d.root, byTag('body')).lang).toBe('en');
    const idsInOrder = all(d.root, () => true).map((e) => e.nodeId);
    expect([...idsInOrder].sort((a, b) => a - b)).toEqual(idsInOrder);
  });

  it('shares one computed style between identical siblings', async () => {
    const rows = Array.from(
      { length: 20 },
      (_, i) => `<tr><td>${i}</td><td class=n>${i}</td></tr>`,
    ).join('');
    const d = await style(`<style>td.n { text-align: right }</style><table>${rows}</table>`);
    const tds = all(d.root, byTag('td'));
    const styles = new Set(tds.map((t) => t.style));
    expect(styles.size).toBe(2);
  });
});
