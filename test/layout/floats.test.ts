/**
 * Floats (CSS 2.1 §9.5) in WeasyPrint's manner: lay out a snippet, assert where the boxes and
 * the lines of text went. The expected numbers are Chromium's and WeasyPrint 57's for the same
 * snippets (they agree unless a comment says otherwise).
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet, type BoxRect } from './geometry.js';

const PAGE = `@page { size: 400px 600px; margin: 0 }
  body { margin: 0; font: 16px/20px 'Liberation Sans'; width: 400px }
  p { margin: 0 }`;

/** [x, y, width, height] of the first piece of a box, rounded to 0.1px. */
function rect(boxes: BoxRect[]): number[] {
  const b = boxes[0];
  return [b.x, b.y, b.width, b.height].map((v) => Math.round(v * 10) / 10);
}

describe('float placement (§9.5.1)', () => {
  it('puts left floats side by side, right floats at the right edge, text between them', async () => {
    const r = await layoutSnippet(
      `<div id="f1" style="float:left;width:100px;height:50px"></div>
       <div id="f2" style="float:left;width:100px;height:30px"></div>
       <div id="f3" style="float:right;width:150px;height:40px"></div>
       <p id="p">Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor
       incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam.</p>`,
      PAGE,
    );
    expect(rect(r.box('f1'))).toEqual([0, 0, 100, 50]);
    expect(rect(r.box('f2'))).toEqual([100, 0, 100, 30]);
    expect(rect(r.box('f3'))).toEqual([250, 0, 150, 40]);
    // The paragraph's box is not narrowed; its lines are.
    expect(rect(r.box('p'))).toEqual([0, 0, 400, 100]);
    const lines = r.lines(0).map((l) => [l.x, l.text.split(' ')[0]]);
    expect(lines).toEqual([
      [200, 'Lorem'], // between f2 and f3
      [200, 'ipsum'], // f2 ends at 30, f3 at 40: still between them
      [100, 'dolor'], // beside f1 only
      [0, 'sed'],
      [0, 'magna'],
    ]);
  });

  it('never places a float above an earlier one, and stacks it below when it does not fit', async () => {
    const r = await layoutSnippet(
      `<div id="a" style="float:left;width:250px;height:40px"></div>
       <div id="b" style="float:right;width:100px;height:60px"></div>
       <div id="c" style="float:left;width:100px;height:20px"></div>
       <div id="d" style="float:right;width:300px;height:10px"></div>`,
      PAGE,
    );
    expect(rect(r.box('b'))).toEqual([300, 0, 100, 60]);
    // 150px left of b beside a: c (100px) does not fit; below a it does.
    expect(rect(r.box('c'))).toEqual([0, 40, 100, 20]);
    // d (300px) fits only once b and c have ended.
    expect(rect(r.box('d'))).toEqual([100, 60, 300, 10]);
  });

  it('places a float at its margin edge and does not collapse its margins', async () => {
    const r = await layoutSnippet(
      `<div id="a" style="margin-bottom:20px;height:10px"></div>
       <div id="f1" style="float:left;width:50px;height:50px"></div>
       <div id="b" style="margin-top:30px;height:10px"></div>
       <div id="c" style="margin-top:10px">
         <div id="f2" style="float:left;width:50px;height:50px"></div>
         <div id="d" style="margin-top:25px">text</div>
       </div>
       <div id="g" style="clear:both;margin-top:40px;height:10px">x</div>
       <div id="f3" style="float:left;width:50px;height:50px;margin-top:7px"></div>`,
      PAGE,
    );
    // A float between two blocks goes below the first one's margin, the next block's margin
    // collapses with that margin as if the float were not there.
    expect(rect(r.box('f1'))).toEqual([0, 30, 50, 50]);
    expect(rect(r.box('b'))).toEqual([0, 40, 400, 10]);
    // c's margin collapses with d's (the float is not in flow); f2 sits at c's top, beside f1.
    expect(rect(r.box('c'))).toEqual([0, 75, 400, 20]);
    expect(rect(r.box('f2'))).toEqual([50, 75, 50, 50]);
    // A float's own margins never collapse.
    expect(r.box('f3')[0].y).toBe(r.box('g')[0].y + 10 + 7);
  });

  it('shrinks a float to fit its content', async () => {
    const r = await layoutSnippet(`<div id="s" style="float:right">Shrink me</div>`, PAGE);
    const [x, y, w, h] = rect(r.box('s'));
    expect(w).toBeCloseTo(72.02, 0);
    expect(x + w).toBeCloseTo(400, 1);
    expect([y, h]).toEqual([0, 20]);
  });

  it('keeps a right float wider than its containing block at the start edge, on the page', async () => {
    // Browsers align it right and push its start off the page; in print that loses its text.
    const r = await layoutSnippet(
      `<div id="r" style="float:right;width:500px;height:10px"></div>`,
      PAGE,
    );
    expect(rect(r.box('r'))).toEqual([0, 0, 500, 10]);
  });

  it('maps float: inline-start and inline-end by the containing block direction', async () => {
    const r = await layoutSnippet(
      `<div dir="rtl">
         <div id="s" style="float:inline-start;width:60px;height:20px"></div>
         <div id="e" style="float:inline-end;width:70px;height:20px"></div>x
       </div>`,
      PAGE,
    );
    expect(rect(r.box('s'))).toEqual([340, 0, 60, 20]);
    expect(rect(r.box('e'))).toEqual([0, 0, 70, 20]);
  });

  it('lays out a float inside a float beside the text of its parent', async () => {
    const r = await layoutSnippet(
      `<div id="n" style="float:left;width:200px">
         <div id="nn" style="float:right;width:50px;height:50px"></div>
         Nested float text that wraps beside the inner float nicely.</div>`,
      PAGE,
    );
    expect(rect(r.box('n'))).toEqual([0, 0, 200, 60]);
    expect(rect(r.box('nn'))).toEqual([150, 0, 50, 50]);
    expect(r.lines(0).map((l) => [l.x, Math.round(l.right)])).toEqual([
      [0, 147],
      [0, 121],
      [0, 119],
    ]);
  });
});

describe('floats in inline content', () => {
  it('places a float on the current line when it fits there', async () => {
    const r = await layoutSnippet(
      `<p id="p">Some words come first here and then <span id="f"
         style="float:right;width:80px;height:40px;display:block"></span>the float is placed on
         this very line because it fits.</p>`,
      PAGE,
    );
    expect(rect(r.box('f'))).toEqual([320, 0, 80, 40]);
    // One paragraph: the float did not split it.
    expect(rect(r.box('p'))).toEqual([0, 0, 400, 60]);
    expect(r.lines(0).map((l) => Math.round(l.right * 100) / 100)).toEqual([292.59, 290.83, 24.89]);
  });

  it('places a float on the line where it stands, narrowing that line', async () => {
    const r = await layoutSnippet(
      `<p>A long enough line of words that fills the line up nicely so <span id="f"
         style="float:left;width:120px;height:30px;display:block"></span>the float cannot fit
         on the current line and goes below it.</p>`,
      PAGE,
    );
    // "so" wraps to the second line, and the float stands after it: on that line.
    expect(rect(r.box('f'))).toEqual([0, 20, 120, 30]);
    const lines = r.lines(0);
    expect(lines.map((l) => l.x)).toEqual([0, 120, 120]);
    expect(lines[1].text.startsWith('so the float')).toBe(true);
  });

  it('puts a float below the line when the rest of the line is too narrow for it', async () => {
    const r = await layoutSnippet(
      `<p>Words before it <span id="f" style="float:left;width:350px;height:30px;display:block">
         </span>and after it, wrapping on and on to the next line for sure here.</p>`,
      PAGE,
    );
    expect(rect(r.box('f'))).toEqual([0, 20, 350, 30]);
    expect(r.lines(0).map((l) => l.x)).toEqual([0, 350, 350, 0]);
  });

  it('moves a line down when its first word does not fit beside the floats', async () => {
    const r = await layoutSnippet(
      `<div style="float:left;width:370px;height:30px"></div>
       <p>Incomprehensibilities follow.</p>`,
      PAGE,
    );
    const first = r.lines(0)[0];
    expect(first.x).toBe(0);
    expect(first.baseline).toBeGreaterThan(30);
  });

  it('keeps a float that starts a line in place when the content after it moves below it', async () => {
    const r = await layoutSnippet(
      `<div id="f" style="float:left;width:300px;height:60px"></div>
       <div id="b" style="display:inline-block"><div style="width:300px;height:40px"></div></div>`,
      PAGE,
    );
    expect(rect(r.box('f'))).toEqual([0, 0, 300, 60]);
    expect(rect(r.box('b'))).toEqual([0, 60, 300, 40]);
  });
});

describe('clear (§9.5.2)', () => {
  it('clears several floats of both sides, past the lowest', async () => {
    const r = await layoutSnippet(
      `<div style="float:left;width:50px;height:80px"></div>
       <div style="float:right;width:50px;height:120px"></div>
       <div style="float:left;width:50px;height:100px"></div>
       <div id="l" style="clear:left;height:10px"></div>
       <div id="b" style="clear:both;height:10px"></div>`,
      PAGE,
    );
    expect(r.box('l')[0].y).toBe(100);
    expect(r.box('b')[0].y).toBe(120);
  });

  it('keeps the hypothetical position when it is already below the floats', async () => {
    const r = await layoutSnippet(
      `<div style="float:left;width:50px;height:50px"></div>
       <div id="h" style="clear:both;margin-top:100px;height:10px"></div>`,
      PAGE,
    );
    expect(r.box('h')[0].y).toBe(100);
  });

  it('absorbs the margin into the clearance', async () => {
    const r = await layoutSnippet(
      `<div style="float:left;width:50px;height:50px"></div>
       <div id="c" style="clear:left;margin-top:5px;height:10px"></div>`,
      PAGE,
    );
    expect(r.box('c')[0].y).toBe(50);
  });
});

describe('block formatting contexts and floats', () => {
  it('narrows a formatting-context root beside a float; its margin reaches under it', async () => {
    const r = await layoutSnippet(
      `<div style="float:left;width:100px;height:50px"></div>
       <div id="a" style="overflow:hidden;margin-left:20px;height:10px"></div>
       <div id="b" style="display:flow-root;margin-left:120px;height:10px"></div>`,
      PAGE,
    );
    // Chromium (WeasyPrint 57 lets them overlap the float).
    expect(rect(r.box('a'))).toEqual([100, 0, 300, 10]);
    expect(rect(r.box('b'))).toEqual([120, 10, 280, 10]);
  });

  it('moves a formatting-context root too wide for the room beside floats down', async () => {
    const r = await layoutSnippet(
      `<div style="float:left;width:100px;height:50px"></div>
       <div id="c" style="display:flow-root;width:350px;height:10px"></div>
       <div style="float:right;width:100px;height:30px"></div>
       <table id="t" style="width:250px;border-spacing:0"><tr><td style="padding:0">x</td></tr></table>`,
      PAGE,
    );
    expect(rect(r.box('c'))).toEqual([0, 50, 350, 10]);
    // The table fits beside the right float that starts with it.
    expect(rect(r.box('t')).slice(0, 3)).toEqual([0, 60, 250]);
  });

  it('grows a formatting-context root to hold its floats, not a plain block', async () => {
    const r = await layoutSnippet(
      `<div id="c" style="overflow:hidden"><div style="float:left;width:50px;height:100px"></div>text</div>
       <div id="d"><div style="float:left;width:50px;height:100px"></div>text</div>`,
      PAGE,
    );
    expect(rect(r.box('c'))).toEqual([0, 0, 400, 100]);
    expect(rect(r.box('d'))).toEqual([0, 100, 400, 20]);
    // The text of d is beside its float.
    expect(r.lines(0)[1].x).toBe(50);
  });

  it('contains floats in floats, inline-blocks and table cells', async () => {
    const r = await layoutSnippet(
      `<div id="f" style="float:left;width:100px"><div style="float:left;width:10px;height:70px"></div></div>
       <div style="clear:both"></div>
       <span id="i" style="display:inline-block;width:100px"><span style="float:left;width:10px;height:40px"></span></span>
       <table style="border-spacing:0"><tr><td id="td" style="padding:0"><div style="float:left;width:10px;height:30px"></div></td></tr></table>`,
      PAGE,
    );
    expect(r.box('f')[0].height).toBe(70);
    expect(r.box('i')[0].height).toBe(40);
    expect(r.box('td')[0].height).toBe(30);
  });
});

describe('floats beside tables and in list items', () => {
  it('narrows a table beside a float, fixed or auto width, and shrinks the auto one to fit', async () => {
    const r = await layoutSnippet(
      `<div style="float:left;width:100px;height:60px"></div>
       <table id="t" style="border-collapse:collapse;width:250px"><tr><td style="padding:0">cell</td></tr></table>
       <table id="a" style="border-collapse:collapse"><tr><td style="padding:0">${'word '.repeat(40)}</td></tr></table>`,
      PAGE,
    );
    expect(rect(r.box('t'))).toEqual([100, 0, 250, 20]);
    // The auto table is a formatting-context root: it fills the 300px beside the float and
    // wraps its text there, not under the float.
    const [a] = r.box('a');
    expect([a.x, a.width]).toEqual([100, 300]);
    expect(
      Math.min(
        ...r
          .lines(0)
          .slice(1)
          .map((l) => l.x),
      ),
    ).toBe(100);
  });

  it('floats in a list item beside its text, the outside marker staying outside', async () => {
    const r = await layoutSnippet(
      `<ul style="margin:0;padding-left:40px"><li id="li"><div id="f" style="float:left;width:50px;height:50px"></div>
       Item text beside the float that goes on and on and on</li></ul>`,
      PAGE,
    );
    expect(rect(r.box('f'))).toEqual([40, 0, 50, 50]);
    const [first, second] = r.lines(0);
    // As in Chromium and WeasyPrint: the marker at the line's start outside the item, the
    // text after the float.
    expect(first.text.startsWith('•')).toBe(true);
    expect(first.x).toBeLessThan(40);
    expect(second.x).toBe(90);
  });
});

describe('floats across pages', () => {
  const PAGED = `@page { size: 400px 300px; margin: 0 }
    body { margin: 0; font: 16px/20px 'Liberation Sans' } p { margin: 0 }`;

  it('moves a float that does not fit the rest of the page to the next, with the lines beside it', async () => {
    const r = await layoutSnippet(
      `<p>Line one of the first paragraph that goes on and on for a while and some more words.</p>
       <div style="height:150px"></div>
       <p id="p"><span id="x" style="float:left;display:block;width:100px;height:120px"></span>Beside
       the float text goes here and wraps around it for a while, several lines long, on and on
       and on until it is done.</p>`,
      PAGED,
    );
    expect(r.pages).toBe(2);
    expect(r.box('x')).toEqual([{ page: 1, x: 0, y: 0, width: 100, height: 120 }]);
    expect(r.lines(1).map((l) => l.x)).toEqual([100, 100, 100]);
    expect(r.lines(0)).toHaveLength(2);
  });

  it('wraps a paragraph that runs over two pages around a float on each', async () => {
    const words = (n: number): string => 'lorem ipsum dolor sit amet '.repeat(n);
    const r = await layoutSnippet(
      `<p>${words(11)}<span id="r" style="float:right;width:120px;height:70px"></span>${words(12)}
       <span id="l" style="float:left;width:80px;height:90px"></span>${words(14)}</p>`,
      `@page { size: 400px 300px; margin: 20px }
       body { margin: 0; font: 16px/20px 'Liberation Sans' } p { margin: 0 }`,
    );
    expect(r.pages).toBe(2);
    const [right] = r.box('r');
    expect([right.page, right.x, right.width]).toEqual([0, 260, 120]);
    // The lines beside the right float end before it; the others use the whole width.
    // A 20px line whose baseline is at b spans roughly b - 16 .. b + 4: beside a float when it
    // overlaps the float's height.
    const besideFloat = (l: { baseline: number }, f: BoxRect): boolean =>
      l.baseline + 4 > f.y && l.baseline - 16 < f.y + f.height;
    const beside = r.lines(0).filter((l) => besideFloat(l, right));
    expect(beside).toHaveLength(4);
    for (const l of beside) expect(l.right).toBeLessThanOrEqual(260);
    expect(Math.max(...r.lines(0).map((l) => l.right))).toBeGreaterThan(300);
    // The left float stands in a line of page 2: the lines beside it start after it.
    const [left] = r.box('l');
    expect([left.page, left.x, left.width]).toEqual([1, 20, 80]);
    const xs = r.lines(1).map((l) => (besideFloat(l, left) ? l.x : -l.x));
    expect(xs.filter((x) => x > 0)).toEqual([100, 100, 100, 100, 100]);
    expect(xs.filter((x) => x < 0).every((x) => x === -20)).toBe(true);
  });

  it('splits a float taller than a page like a block, the text beside it going on in parallel', async () => {
    const items = Array.from({ length: 25 }, (_, i) => `F${i}<br>`).join('');
    const r = await layoutSnippet(
      `<p>Intro line.</p>
       <div id="x" style="float:left;width:100px">${items}</div>
       <p id="p">${'Beside the float text goes here and wraps around it. '.repeat(12)}</p>
       <p id="after" style="clear:both">After the float.</p>`,
      PAGED,
    );
    expect(r.pages).toBe(2);
    // As WeasyPrint: 14 lines of the float on page 1 (280px), 11 on page 2.
    expect(r.box('x').map((b) => [b.page, b.y, b.height])).toEqual([
      [0, 20, 280],
      [1, 0, 220],
    ]);
    expect(r.box('p').map((b) => [b.page, b.y])).toEqual([
      [0, 20],
      [1, 0],
    ]);
    // Content after the float starts below its last piece.
    expect(r.box('after')).toEqual([{ page: 1, x: 0, y: 220, width: 400, height: 20 }]);
    expect(r.text(1)).toContain('F24');
    expect(r.text(0)).toContain('F13');
    expect(r.text(0)).not.toContain('F14');
  });

  it('draws the pieces of a tall float that end the document below the last of the flow', async () => {
    const items = Array.from({ length: 25 }, (_, i) => `F${i}<br>`).join('');
    const r = await layoutSnippet(
      `<p>Intro line.</p>
       <div id="x" style="float:left;width:100px">${items}</div>
       <p>Beside.</p>`,
      PAGED,
    );
    expect(r.pages).toBe(2);
    expect(r.box('x').map((b) => [b.page, b.y, b.height])).toEqual([
      [0, 20, 280],
      [1, 0, 220],
    ]);
    // F14 to F24 on the second page: nothing of the flow reaches it, the float's piece does.
    expect(r.text(1)).toBe(Array.from({ length: 11 }, (_, i) => `F${i + 14}`).join(' '));
  });
});

describe('painting order of floats', () => {
  it('paints a float above the background of a later block and below its text', async () => {
    const r = await layoutSnippet(
      `<div style="float:left;width:100px;height:40px;background:rgb(255,0,0)">F</div>
       <div style="background:rgb(0,0,255)">text beside</div>`,
      PAGE,
    );
    const fills = r
      .items(0)
      .flatMap((i) => (i.kind === 'path' && i.fill && 'r' in i.fill ? [i.fill] : []))
      .map((c) => (c.r > 0.5 ? 'red' : c.b > 0.5 ? 'blue' : 'other'));
    expect(fills.indexOf('blue')).toBeLessThan(fills.indexOf('red'));
  });
});

describe('align, hspace and vspace on images', () => {
  // The test loader fetches nothing: a sized placeholder stands in for the picture.
  const pic = (id: string, attrs: string): string =>
    `<img id=${id} alt=${id} src="https://example.invalid/p.png" width=40 height=20 ${attrs}>`;

  it('floats an image with align=left or right and gives it hspace and vspace as margins', async () => {
    const r = await layoutSnippet(
      `<p>${pic('l', 'align=left hspace=12 vspace=4')}Text beside the picture.</p>` +
        `<p style="clear: both">${pic('r', 'ALIGN=Right')}Text.</p>` +
        `<p style="clear: both">a ${pic('t', 'align=top')} b</p>`,
      PAGE,
    );
    expect(rect(r.box('l'))).toEqual([12, 4, 40, 20]);
    // The text starts after the float and its margins.
    expect(r.lines(0)[0].x).toBeCloseTo(64, 0);
    const [right] = r.box('r');
    expect(right.x + right.width).toBeCloseTo(400, 1);
    // align=top: the picture's top at the line's top, not its bottom on the baseline.
    const [top] = r.box('t');
    const line = r.lines(0).find((l) => l.text.startsWith('a'));
    expect(top.y).toBeLessThan(line!.baseline - 15);
  });
});
