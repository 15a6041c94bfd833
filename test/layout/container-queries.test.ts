/**
 * Container queries (CSS Conditional 5 §3): @container rules match against the content box of
 * the nearest query container as layout measures it, cq* units resolve against it, and size
 * containment makes a container's intrinsic width that of an empty box.
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from './geometry.js';

const PAGE =
  '@page { size: 800px 600px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif }';

/** A card that stacks its media above its text, or sets them side by side when it is wide. */
const CARD_CSS = `
  .col { container-type: inline-size }
  .media { height: 50px; background: #ccc }
  @container (min-width: 400px) {
    .card { display: flex }
    .media { width: 150px; flex: none }
  }`;
const card = (id: string): string =>
  `<div class=card id=${id}><div class=media id=${id}-m></div><p id=${id}-t style="margin:0">Text</p></div>`;

describe('@container size queries', () => {
  it('styles the same card by the width of the column it sits in', async () => {
    const r = await layoutSnippet(
      `<div style="display:flex">
        <div class=col id=main style="width:600px">${card('wide')}</div>
        <div class=col id=side style="width:200px">${card('narrow')}</div>
      </div>`,
      PAGE + CARD_CSS,
    );
    // Wide column: media and text side by side.
    expect(r.box('wide-m')[0]).toMatchObject({ x: 0, y: 0, width: 150, height: 50 });
    expect(r.box('wide-t')[0]).toMatchObject({ x: 150, y: 0 });
    // Narrow column: stacked.
    expect(r.box('narrow-m')[0]).toMatchObject({ x: 600, y: 0, width: 200, height: 50 });
    expect(r.box('narrow-t')[0]).toMatchObject({ x: 600, y: 50 });
    expect(r.warnings.filter((w) => w.code.startsWith('css'))).toEqual([]);
  });

  it('reads range syntax, and, or and not', async () => {
    const r = await layoutSnippet(
      `<div class=c style="width:500px"><p id=a>a</p><p id=b>b</p><p id=c>c</p><p id=d>d</p></div>`,
      `${PAGE} p { margin: 0; height: 10px }
       .c { container-type: inline-size }
       @container (400px <= width < 800px) { #a { height: 30px } }
       @container (width > 600px) or (max-width: 450px) { #b { height: 30px } }
       @container not (width > 600px) { #c { height: 30px } }
       @container (min-width: 1px) and (orientation: landscape) { #d { height: 30px } }`,
    );
    expect(r.box('a')[0].height).toBe(30);
    expect(r.box('b')[0].height).toBe(10);
    expect(r.box('c')[0].height).toBe(30);
    // orientation needs a size container: with inline-size only the query is unknown.
    expect(r.box('d')[0].height).toBe(10);
  });

  it('queries the nearest container of the name, and a size container for height', async () => {
    const r = await layoutSnippet(
      `<div style="container: outer / size; width: 700px; height: 300px">
        <div style="container-type: inline-size; width: 300px">
          <p id=a>a</p><p id=b>b</p><p id=c>c</p>
        </div>
      </div>`,
      `${PAGE} p { margin: 0; height: 10px }
       @container outer (width > 600px) { #a { height: 30px } }
       @container (width > 600px) { #b { height: 30px } }
       @container (height > 200px) { #c { height: 30px } }`,
    );
    expect(r.box('a')[0].height).toBe(30);
    // The unnamed query asks the nearest container: 300px wide.
    expect(r.box('b')[0].height).toBe(10);
    // Height is answered only by the size container around it.
    expect(r.box('c')[0].height).toBe(30);
  });

  it('applies inside @media and @layer, and holds nested style rules and @media', async () => {
    const r = await layoutSnippet(
      `<div style="container-type: inline-size; width: 500px"><p id=a>a</p><p id=b>b</p><p id=c>c</p></div>`,
      `${PAGE} p { margin: 0; height: 10px }
       @media print { @layer base { @container (width > 400px) { #a { width: 70px } } } }
       #b { @container (width > 400px) { height: 30px; @media print { width: 50px } } }
       @container (width > 400px) { @container (width < 450px) { #c { height: 30px } } }`,
    );
    expect(r.box('a')[0].width).toBe(70);
    expect(r.box('b')[0]).toMatchObject({ width: 50, height: 30 });
    expect(r.box('c')[0].height).toBe(10);
  });

  it('measures em in a query against the container font size', async () => {
    const r = await layoutSnippet(
      `<div style="container-type: inline-size; width: 300px; font-size: 20px"><p id=a>a</p></div>`,
      `${PAGE} p { margin: 0; height: 10px; font-size: 10px }
       @container (width >= 15em) { #a { height: 30px } }`,
    );
    expect(r.box('a')[0].height).toBe(30);
  });

  it('settles nested containers whose width a query of the outer one decides', async () => {
    const r = await layoutSnippet(
      `<div class=outer style="width: 600px"><div class=inner id=inner><p id=a>a</p></div></div>`,
      `${PAGE} p { margin: 0; height: 10px }
       .outer, .inner { container-type: inline-size }
       @container (width > 500px) { .inner { width: 450px } }
       @container (width > 400px) and (width < 500px) { #a { height: 30px } }`,
    );
    expect(r.box('inner')[0].width).toBe(450);
    expect(r.box('a')[0].height).toBe(30);
    expect(r.warnings.map((w) => w.code)).not.toContain('layout.container-queries');
  });
});

describe('containers sized by their formatting context', () => {
  const CSS = `${PAGE} p { margin: 0; height: 10px }
    .q { container-type: inline-size }
    @container (width > 300px) { p { height: 30px } }`;

  it('measures containers in flex items that share the free space', async () => {
    const r = await layoutSnippet(
      `<div style="display:flex; width: 600px">
        <div style="flex: 2"><div class=q id=wide><p id=a>a</p></div></div>
        <div style="flex: 1"><div class=q id=narrow><p id=b>b</p></div></div>
      </div>`,
      CSS,
    );
    expect(r.box('wide')[0].width).toBe(400);
    expect(r.box('a')[0].height).toBe(30);
    expect(r.box('b')[0].height).toBe(10);
  });

  it('measures containers in grid areas, table cells and columns', async () => {
    const r = await layoutSnippet(
      `<div style="display:grid; grid-template-columns: 1fr 200px; width: 600px">
        <div class=q><p id=g1>a</p></div><div class=q><p id=g2>b</p></div>
      </div>
      <table style="width: 600px; border-spacing: 0"><tr>
        <td style="width: 400px; padding: 0"><div class=q><p id=t1>a</p></div></td>
        <td style="padding: 0"><div class=q><p id=t2>b</p></div></td>
      </tr></table>
      <div style="columns: 2; column-gap: 0; width: 700px"><div class=q><p id=m>a</p></div></div>`,
      CSS,
    );
    expect(r.box('g1')[0].height).toBe(30);
    expect(r.box('g2')[0].height).toBe(10);
    expect(r.box('t1')[0].height).toBe(30);
    expect(r.box('t2')[0].height).toBe(10);
    expect(r.box('m')[0].height).toBe(30);
  });

  it('keeps the width of a container broken across pages', async () => {
    const r = await layoutSnippet(
      `<div class=q style="width: 400px"><div style="height: 700px"></div><p id=late>a</p></div>`,
      CSS,
    );
    expect(r.box('late')[0]).toMatchObject({ page: 1, height: 30 });
  });
});

describe('container query units', () => {
  it('resolve cqw, cqi, cqh, cqmin against the nearest container, else the page area', async () => {
    const r = await layoutSnippet(
      `<div style="container-type: size; width: 400px; height: 200px">
        <div style="container-type: inline-size; width: 300px">
          <div id=w style="width: 50cqw; height: 10cqh"></div>
          <div id=i style="width: 10cqi; height: 10cqmin"></div>
        </div>
      </div>
      <div id=out style="width: 10cqw; height: 10cqh"></div>`,
      PAGE,
    );
    expect(r.box('w')[0]).toMatchObject({ width: 150, height: 20 });
    expect(r.box('i')[0]).toMatchObject({ width: 30, height: 20 });
    // No container: the page area (800 x 600).
    expect(r.box('out')[0]).toMatchObject({ width: 80, height: 60 });
  });

  it('scale type with the card that holds it', async () => {
    const r = await layoutSnippet(
      `<div style="display:flex">
        <div class=c style="width: 500px"><div id=a class=t>a</div></div>
        <div class=c style="width: 200px"><div id=b class=t>b</div></div>
      </div>`,
      `${PAGE} .c { container-type: inline-size } .t { font-size: 4cqi; line-height: 1 }`,
    );
    expect(r.box('a')[0].height).toBe(20);
    expect(r.box('b')[0].height).toBe(8);
  });
});

describe('size containment', () => {
  it('collapses an inline-size container in a shrink-to-fit box to its padding', async () => {
    const r = await layoutSnippet(
      `<div style="float: left"><div id=c style="container-type: inline-size; padding: 0 5px">Some text</div></div>
       <div style="display: inline-block"><div id=n>Some text</div></div>`,
      PAGE,
    );
    expect(r.box('c')[0].width).toBe(10);
    expect(r.box('n')[0].width).toBeGreaterThan(10);
  });

  it('does not apply to table cells or inline boxes, which answer no size query', async () => {
    const r = await layoutSnippet(
      `<table style="border-spacing: 0"><tr><td id=cell style="container-type: inline-size; padding: 0">Some text<p id=a>a</p></td></tr></table>
       <div style="width: 500px"><span style="container-type: inline-size"><b id=b style="display: inline-block">b</b></span></div>`,
      `${PAGE} p { margin: 0; height: 10px }
       @container (width >= 0px) { #a { height: 30px } #b { height: 30px } }`,
    );
    expect(r.box('cell')[0].width).toBeGreaterThan(40);
    expect(r.box('a')[0].height).toBe(10);
    expect(r.box('b')[0].height).not.toBe(30);
  });

  it('gives a size container with an auto height no content height', async () => {
    const r = await layoutSnippet(
      `<div id=s style="container-type: size; padding: 4px"><p style="margin:0">Text</p></div>
       <div id=after>After</div>`,
      PAGE,
    );
    expect(r.box('s')[0].height).toBe(8);
    expect(r.box('after')[0].y).toBe(8);
  });

  it('gives a flex size container with an auto height no content height either', async () => {
    const r = await layoutSnippet(
      `<div id=s style="display: flex; container-type: size; min-height: 6px"><p style="margin:0">Text</p></div>
       <div id=after>After</div>`,
      PAGE,
    );
    expect(r.box('s')[0].height).toBe(6);
    expect(r.box('after')[0].y).toBe(6);
  });

  it('gives a grid size container with an auto height no content height either', async () => {
    const r = await layoutSnippet(
      `<div id=s style="display: grid; container-type: size"><p style="margin:0">Text</p></div>
       <div id=after>After</div>`,
      PAGE,
    );
    expect(r.box('s')[0].height).toBe(0);
    expect(r.box('after')[0].y).toBe(0);
  });
});

describe('style() queries', () => {
  it('match custom properties of the parent, or of the named container', async () => {
    const r = await layoutSnippet(
      `<div style="container-name: theme; --tone: dark">
        <div style="--size: big"><p id=a>a</p><p id=b>b</p></div>
      </div>`,
      `${PAGE} p { margin: 0; height: 10px }
       @container style(--size: big) { #a { height: 30px } }
       @container theme style(--tone: dark) { #b { height: 30px } }
       @container style(--tone: dark) { #b { width: 40px } }`,
    );
    expect(r.box('a')[0].height).toBe(30);
    expect(r.box('b')[0].height).toBe(30);
    // --tone inherits: the parent has it too, so the unnamed query matches as well.
    expect(r.box('b')[0].width).toBe(40);
  });
});

describe('warnings', () => {
  it('warns of features that cannot be evaluated', async () => {
    const r = await layoutSnippet(
      `<div style="container-type: inline-size"><p id=a>a</p></div>`,
      `${PAGE} p { margin: 0; height: 10px }
       @container (color) { #a { height: 30px } }
       @container scroll-state(stuck: top) { #a { height: 30px } }`,
    );
    expect(r.box('a')[0].height).toBe(10);
    const messages = r.warnings.map((w) => w.message).join('\n');
    expect(messages).toContain("container feature 'color'");
    expect(messages).toContain('scroll-state');
  });
});
