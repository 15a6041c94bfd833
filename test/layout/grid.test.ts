/**
 * CSS Grid layout in WeasyPrint's manner: lay out a snippet, assert where each item's border
 * box lands. The expected numbers are Chromium's layout of the same snippet (its
 * getBoundingClientRect, the page as its viewport, the same Liberation Serif face), so they are
 * a real engine's answer rather than this one's; text widths agree to a fraction of a pixel.
 */
import { describe, it } from 'vitest';
import { expectBoxes, snippet } from './chromium-boxes.js';

describe('grid layout', () => {
  it('places items in fixed and fr columns, a spanning item on its own row', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='height:20px'></div><div id=b></div><div id=c style='grid-column:span 2;height:5px'></div></div>",
      '#g{display:grid;grid-template-columns:100px 1fr;gap:10px;width:500px}',
    );
    expectBoxes(r, {
      g: [0, 0, 500, 35],
      a: [0, 0, 100, 20],
      b: [110, 0, 390, 20],
      c: [0, 30, 500, 5],
    });
  });

  it('keeps an fr column at least as wide as its longest word (min-content floor)', async () => {
    const r = await snippet(
      '<div id=g><div id=a>Supercalifragilisticexpialidocious</div><div id=b>x</div></div>',
      '#g{display:grid;grid-template-columns:1fr 1fr;width:200px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 200, 20],
      a: [0, 0, 215.05, 20],
      b: [215.05, 0, 8, 20],
    });
  });

  it('lets minmax(0, 1fr) columns share the space equally whatever their content', async () => {
    const r = await snippet(
      '<div id=g><div id=a>Supercalifragilisticexpialidocious</div><div id=b>x</div></div>',
      '#g{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);width:200px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 200, 20],
      a: [0, 0, 100, 20],
      b: [100, 0, 100, 20],
    });
  });

  it('gives fr columns the space the fixed columns and gaps leave, by their factors', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=b></div><div id=c></div></div>',
      '#g{display:grid;grid-template-columns:100px 1fr 3fr;column-gap:20px;grid-auto-rows:10px;width:500px}',
    );
    expectBoxes(r, {
      g: [0, 0, 500, 10],
      a: [0, 0, 100, 10],
      b: [120, 0, 90, 10],
      c: [230, 0, 270, 10],
    });
  });

  it('leaves space free when the flex factors sum to less than one', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=b></div></div>',
      '#g{display:grid;grid-template-columns:0.25fr 0.5fr;grid-auto-rows:10px;width:400px}',
    );
    expectBoxes(r, {
      g: [0, 0, 400, 10],
      a: [0, 0, 100, 10],
      b: [100, 0, 200, 10],
    });
  });

  it('repeats auto-fill tracks as often as they fit, gaps included', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='height:20px'></div><div id=b></div><div id=c style='grid-column:span 2;height:5px'></div><div id=d style='height:18px'></div><div id=e style='grid-column:-1;height:18px'></div></div>",
      '#g{display:grid;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));gap:10px;width:500px}',
    );
    expectBoxes(r, {
      g: [0, 0, 500, 48],
      a: [0, 0, 156.66, 20],
      b: [166.66, 0, 156.67, 20],
      c: [333.33, 0, 166.67, 5],
      d: [0, 30, 156.66, 18],
      e: [500, 30, 0, 18],
    });
  });

  it('collapses the empty tracks of auto-fit so the items share the width', async () => {
    const r = await snippet(
      '<div id=g><div id=a>x</div><div id=b>yy</div></div>',
      '#g{display:grid;grid-template-columns:repeat(auto-fit,minmax(100px,1fr));gap:10px;width:500px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 500, 20],
      a: [0, 0, 245, 20],
      b: [255, 0, 245, 20],
    });
  });

  it('keeps the empty tracks of auto-fill', async () => {
    const r = await snippet(
      '<div id=g><div id=a>x</div><div id=b>yy</div></div>',
      '#g{display:grid;grid-template-columns:repeat(auto-fill,minmax(100px,1fr));gap:10px;width:500px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 500, 20],
      a: [0, 0, 117.5, 20],
      b: [127.5, 0, 117.5, 20],
    });
  });

  it('sizes single-span items first, then spreads a spanning item over its auto tracks', async () => {
    const r = await snippet(
      "<div id=g><div id=a>aa</div><div id=b>bbbbbbbbbb</div><div id=c style='grid-column:span 2'>cccccccccccccccccccccccccccccccccccccccc</div></div>",
      '#g{display:grid;grid-template-columns:auto auto;justify-content:start;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 40],
      a: [0, 0, 109.13, 20],
      b: [109.13, 0, 174.94, 20],
      c: [0, 20, 284.06, 20],
    });
  });

  it('grows a max-content track for a spanning item before a min-content one', async () => {
    const r = await snippet(
      "<div id=g><div id=c style='grid-column:1/3'>wide wide wide wide wide</div><div id=a>a</div><div id=b>b</div></div>",
      '#g{display:grid;grid-template-columns:min-content max-content;width:300px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 300, 40],
      c: [0, 0, 171.52, 20],
      a: [0, 20, 15.11, 20],
      b: [15.11, 20, 156.41, 20],
    });
  });

  it('spreads an item spanning flexible tracks by their flex factors', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-column:span 2'>Supercalifragilisticexpialidocious-long-word</div><div id=b>b</div><div id=c>c</div></div>",
      '#g{display:grid;grid-template-columns:1fr 3fr;width:100px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 100, 60],
      a: [0, 0, 100, 40],
      b: [0, 40, 25, 20],
      c: [25, 40, 75, 20],
    });
  });

  it('sizes min-content and max-content columns from their items', async () => {
    const r = await snippet(
      '<div id=g><div id=a>one two three</div><div id=b>four five six</div></div>',
      '#g{display:grid;grid-template-columns:min-content max-content;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 60],
      a: [0, 0, 31.97, 60],
      b: [31.97, 0, 78.2, 60],
    });
  });

  it('caps fit-content() columns at their argument', async () => {
    const r = await snippet(
      '<div id=g><div id=a>aaa aaa aaa aaa aaa aaa aaa aaa aaa aaa aaa</div><div id=b>b</div></div>',
      '#g{display:grid;grid-template-columns:fit-content(100px) fit-content(100px);width:400px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 400, 60],
      a: [0, 0, 100, 60],
      b: [100, 0, 8, 60],
    });
  });

  it('grows minmax() tracks to their maximum before fr tracks take the rest', async () => {
    const r = await snippet(
      '<div id=g><div id=a>a</div><div id=b>b</div><div id=c>c</div></div>',
      '#g{display:grid;grid-template-columns:minmax(100px,200px) auto minmax(50px,1fr);width:500px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 500, 20],
      a: [0, 0, 200, 20],
      b: [200, 0, 8, 20],
      c: [208, 0, 292, 20],
    });
  });

  it('resolves percentage tracks against the content box', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=b></div></div>',
      '#g{display:grid;grid-template-columns:25% 75%;grid-auto-rows:10px;width:400px;column-gap:0}',
    );
    expectBoxes(r, {
      g: [0, 0, 400, 10],
      a: [0, 0, 100, 10],
      b: [100, 0, 300, 10],
    });
  });

  it('resolves a percentage column gap against the content box', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=b></div></div>',
      '#g{display:grid;grid-template-columns:1fr 1fr;grid-auto-rows:10px;width:400px;column-gap:10%}',
    );
    expectBoxes(r, {
      g: [0, 0, 400, 10],
      a: [0, 0, 180, 10],
      b: [220, 0, 180, 10],
    });
  });

  it('stretches auto tracks into the free space (justify-content: normal)', async () => {
    const r = await snippet(
      '<div id=g><div id=a>a</div><div id=b>bb</div></div>',
      '#g{display:grid;grid-template-columns:auto 100px;height:100px;width:400px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 400, 100],
      a: [0, 0, 300, 100],
      b: [300, 0, 100, 100],
    });
  });

  it('divides a fixed height between fr rows', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=b></div></div>',
      '#g{display:grid;grid-template-rows:1fr 2fr;height:90px;width:100px}',
    );
    expectBoxes(r, {
      g: [0, 0, 100, 90],
      a: [0, 0, 100, 30],
      b: [0, 30, 100, 60],
    });
  });

  it('makes equal fr rows as tall as the tallest item when the height is auto', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='height:30px'></div><div id=b style='height:50px'></div></div>",
      '#g{display:grid;grid-template-rows:1fr 1fr;width:100px}',
    );
    expectBoxes(r, {
      g: [0, 0, 100, 100],
      a: [0, 0, 100, 30],
      b: [0, 50, 100, 50],
    });
  });

  it('stretches auto rows to fill a min-height', async () => {
    const r = await snippet(
      '<div id=g><div id=a>a</div><div id=b>b</div></div>',
      '#g{display:grid;grid-template-rows:auto auto;min-height:100px;width:100px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 100, 100],
      a: [0, 0, 100, 50],
      b: [0, 50, 100, 50],
    });
  });

  it('grows the rows an item spans to fit it, after the single-row items', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-row:span 2;height:100px'></div><div id=b style='height:20px'></div><div id=c></div></div>",
      '#g{display:grid;grid-template-columns:50px 50px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 100],
      a: [0, 0, 50, 100],
      b: [50, 0, 50, 20],
      c: [50, 60, 50, 40],
    });
  });

  it('sizes auto rows from their tallest item, with row and column gaps', async () => {
    const r = await snippet(
      '<div id=g><div id=a>a</div><div id=b>b<br>b</div><div id=c>c</div></div>',
      '#g{display:grid;grid-template-columns:1fr 1fr;gap:5px 10px;width:200px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 200, 65],
      a: [0, 0, 95, 40],
      b: [105, 0, 95, 40],
      c: [0, 45, 95, 20],
    });
  });

  it('fills earlier holes with later items under grid-auto-flow: dense', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=b class=w></div><div id=c></div><div id=d class=w></div><div id=e></div></div>',
      '#g{display:grid;grid-template-columns:repeat(3,50px);grid-auto-rows:20px;grid-auto-flow:row dense} .w{grid-column:span 2}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 60],
      a: [0, 0, 50, 20],
      b: [50, 0, 100, 20],
      c: [0, 20, 50, 20],
      d: [50, 20, 100, 20],
      e: [0, 40, 50, 20],
    });
  });

  it('never goes back to fill a hole in sparse auto-placement', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=b class=w></div><div id=c></div><div id=d class=w></div><div id=e></div></div>',
      '#g{display:grid;grid-template-columns:repeat(3,50px);grid-auto-rows:20px} .w{grid-column:span 2}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 60],
      a: [0, 0, 50, 20],
      b: [50, 0, 100, 20],
      c: [0, 20, 50, 20],
      d: [50, 20, 100, 20],
      e: [0, 40, 50, 20],
    });
  });

  it('places items with a definite row first, then flows the rest around them', async () => {
    const r = await snippet(
      "<div id=g><div id=a></div><div id=b style='grid-row:1'></div><div id=c style='grid-row:1;grid-column:span 2'></div><div id=d></div></div>",
      '#g{display:grid;grid-template-columns:repeat(4,40px);grid-auto-rows:10px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 20],
      a: [120, 0, 40, 10],
      b: [0, 0, 40, 10],
      c: [40, 0, 80, 10],
      d: [0, 10, 40, 10],
    });
  });

  it("moves the cursor down a row when an item's column lies behind it", async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-column:3'></div><div id=b style='grid-column:1'></div><div id=c style='grid-column:2'></div></div>",
      '#g{display:grid;grid-template-columns:repeat(3,40px);grid-auto-rows:10px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 20],
      a: [80, 0, 40, 10],
      b: [0, 10, 40, 10],
      c: [40, 10, 40, 10],
    });
  });

  it('fills columns first under grid-auto-flow: column', async () => {
    const r = await snippet(
      "<div id=g><div id=a></div><div id=b></div><div id=c></div><div id=d style='grid-row:span 2'></div></div>",
      '#g{display:grid;grid-auto-flow:column;grid-template-rows:20px 20px;grid-auto-columns:40px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 40],
      a: [0, 0, 40, 20],
      b: [0, 20, 40, 20],
      c: [40, 0, 40, 20],
      d: [80, 0, 40, 40],
    });
  });

  it('places items in named areas', async () => {
    const r = await snippet(
      "<div id=g><div id=h style='grid-area:h'></div><div id=s style='grid-area:s'></div><div id=m style='grid-area:m'></div><div id=f style='grid-area:f'></div></div>",
      "#g{display:grid;grid-template-areas:'h h' 's m' 'f f';grid-template-columns:100px 1fr;grid-template-rows:30px 50px 20px;width:400px}",
    );
    expectBoxes(r, {
      g: [0, 0, 400, 100],
      h: [0, 0, 400, 30],
      s: [0, 30, 100, 50],
      m: [100, 30, 300, 50],
      f: [0, 80, 400, 20],
    });
  });

  it('names the lines around an area <name>-start and <name>-end', async () => {
    const r = await snippet(
      "<div id=g><div id=x style='grid-column:m-start/m-end;grid-row:h'></div><div id=y style='grid-row:m-start;grid-column:s'></div></div>",
      "#g{display:grid;grid-template-areas:'h h' 's m';grid-template-columns:100px 1fr;grid-auto-rows:25px;width:400px}",
    );
    expectBoxes(r, {
      g: [0, 0, 400, 50],
      x: [100, 0, 300, 25],
      y: [0, 25, 100, 25],
    });
  });

  it('leaves the . cells of grid-template-areas empty for auto-placed items', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-area:a'></div><div id=b></div><div id=c></div></div>",
      "#g{display:grid;grid-template-areas:'. a' 'a2 .';grid-template-columns:50px 60px;grid-auto-rows:10px}",
    );
    expectBoxes(r, {
      g: [0, 0, 800, 20],
      a: [50, 0, 60, 10],
      b: [0, 0, 50, 10],
      c: [0, 10, 50, 10],
    });
  });

  it('finds named lines, spans to a named line and the n-th line of a name', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-column:b/c'></div><div id=b style='grid-column:a/span c;grid-row:2'></div><div id=c style='grid-column:x 2'></div></div>",
      '#g{display:grid;grid-template-columns:[a] 100px [b x] 50px [c x] 70px [x];grid-auto-rows:10px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 20],
      a: [100, 0, 50, 10],
      b: [0, 10, 150, 10],
      c: [150, 0, 70, 10],
    });
  });

  it('counts names made by repeat() and from the end with negative numbers', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-column: col 2 / span col 2'></div><div id=b style='grid-column:span 2 / col -1'></div></div>",
      '#g{display:grid;grid-template-columns:repeat(4,[col] 40px);grid-auto-rows:10px;width:400px}',
    );
    expectBoxes(r, {
      g: [0, 0, 400, 20],
      a: [40, 0, 80, 10],
      b: [40, 10, 80, 10],
    });
  });

  it('puts a line name that does not exist past the explicit grid', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-column:nope'></div><div id=b></div></div>",
      '#g{display:grid;grid-template-columns:40px 40px;grid-auto-columns:15px;grid-auto-rows:10px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 20],
      a: [95, 0, 15, 10],
      b: [0, 10, 40, 10],
    });
  });

  it('counts negative line numbers from the end of the explicit grid', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-column:1/-1'></div><div id=b style='grid-column:-2'></div><div id=c style='grid-column:-3/-2;grid-row:-1'></div></div>",
      '#g{display:grid;grid-template-columns:50px 60px 70px;grid-template-rows:10px 10px;grid-auto-rows:15px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 35],
      a: [0, 0, 180, 10],
      b: [110, 10, 70, 10],
      c: [50, 20, 60, 15],
    });
  });

  it('sizes implicit tracks after the explicit grid with the grid-auto-* pattern', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-column:5'></div><div id=b style='grid-row:4'></div><div id=c></div></div>",
      '#g{display:grid;grid-template-columns:50px 50px;grid-auto-columns:20px 30px;grid-auto-rows:11px 13px;grid-template-rows:5px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 40],
      a: [150, 0, 20, 5],
      b: [0, 29, 50, 11],
      c: [0, 5, 50, 11],
    });
  });

  it('adds implicit tracks before the explicit grid for lines before its start', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-column:-5'></div><div id=b></div></div>",
      '#g{display:grid;grid-template-columns:50px 50px;grid-auto-columns:20px 30px;grid-auto-rows:10px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 10],
      a: [0, 0, 20, 10],
      b: [20, 0, 30, 10],
    });
  });

  it('swaps a start line after its end line, and spans one track for equal lines', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-column:3/1'></div><div id=b style='grid-column:2/2'></div></div>",
      '#g{display:grid;grid-template-columns:30px 40px 50px;grid-auto-rows:10px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 20],
      a: [0, 0, 70, 10],
      b: [30, 10, 40, 10],
    });
  });

  it('auto-places items in order-modified document order', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='order:2'></div><div id=b></div><div id=c style='order:-1'></div></div>",
      '#g{display:grid;grid-template-columns:repeat(3,30px);grid-auto-rows:10px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 10],
      a: [60, 0, 30, 10],
      b: [30, 0, 30, 10],
      c: [0, 0, 30, 10],
    });
  });

  it('aligns items in their areas with justify-/align-items and -self', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='width:30px;height:10px'></div><div id=b style='height:10px;justify-self:end;width:20px'></div><div id=c style='align-self:end;width:10px;height:5px'></div><div id=d style='width:10px;height:5px;align-self:center;justify-self:center'></div></div>",
      '#g{display:grid;grid-template-columns:100px 100px;grid-template-rows:40px 40px;justify-items:center;align-items:start}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 80],
      a: [35, 0, 30, 10],
      b: [180, 0, 20, 10],
      c: [45, 75, 10, 5],
      d: [145, 57.5, 10, 5],
    });
  });

  it('stretches items with auto sizes to fill their areas, less their margins', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='margin:5px 10px'></div><div id=b style='max-height:15px'></div></div>",
      '#g{display:grid;grid-template-columns:100px 100px;grid-template-rows:40px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 40],
      a: [10, 5, 80, 30],
      b: [100, 0, 100, 15],
    });
  });

  it('stretches shorter items to the row, content at their top, positioned ones with it', async () => {
    const r = await snippet(
      "<div id=g><div id=a><p id=a1>one</p></div><div id=b><p>one</p><p>two</p><p>three</p></div><div id=c style='position:relative'>c<span id=c1 style='position:absolute;bottom:0;left:0;width:10px'>x</span></div></div>",
      '#g{display:grid;grid-template-columns:100px 100px 100px;line-height:20px} p{margin:0}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 60],
      a: [0, 0, 100, 60],
      a1: [0, 0, 100, 20],
      b: [100, 0, 100, 60],
      c: [200, 0, 100, 60],
      c1: [200, 40, 10, 20],
    });
  });

  it('shrinks an item that is not stretched to its fit-content width', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='justify-self:start'>ab</div><div id=b style='justify-self:end'>Long text that wraps inside the area</div></div>",
      '#g{display:grid;grid-template-columns:100px 100px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 60],
      a: [0, 0, 15.11, 60],
      b: [100, 0, 100, 60],
    });
  });

  it('distributes free space between tracks with justify-/align-content', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=b></div><div id=c></div></div>',
      '#g{display:grid;grid-template-columns:50px 50px 50px;grid-auto-rows:20px;width:400px;height:100px;justify-content:space-between;align-content:center}',
    );
    expectBoxes(r, {
      g: [0, 0, 400, 100],
      a: [0, 40, 50, 20],
      b: [175, 40, 50, 20],
      c: [350, 40, 50, 20],
    });
  });

  it('spaces tracks evenly and around with space-evenly and space-around', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=b></div><div id=c></div></div>',
      '#g{display:grid;grid-template-columns:50px 50px 50px;grid-template-rows:20px 20px;width:400px;height:100px;justify-content:space-evenly;align-content:space-around}',
    );
    expectBoxes(r, {
      g: [0, 0, 400, 100],
      a: [62.5, 15, 50, 20],
      b: [175, 15, 50, 20],
      c: [287.5, 15, 50, 20],
    });
  });

  it('moves the whole grid to the end with justify-content: end', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=b></div></div>',
      '#g{display:grid;grid-template-columns:50px 50px;grid-auto-rows:20px;width:400px;justify-content:end}',
    );
    expectBoxes(r, {
      g: [0, 0, 400, 20],
      a: [300, 0, 50, 20],
      b: [350, 0, 50, 20],
    });
  });

  it('gives auto margins the free space of the area before alignment', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='margin:auto;width:20px;height:10px'></div><div id=b style='margin-left:auto;width:20px;height:10px'></div></div>",
      '#g{display:grid;grid-template-columns:100px 100px;grid-template-rows:50px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 50],
      a: [40, 20, 20, 10],
      b: [180, 0, 20, 10],
    });
  });

  it('aligns the first baselines of the items in a row', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='font-size:30px'>A</div><div id=b style='font-size:12px;padding-top:3px'>b</div><div id=c>c</div></div>",
      '#g{display:grid;grid-template-columns:100px 100px 100px;align-items:baseline;line-height:20px}',
    );
    expectBoxes(
      r,
      {
        g: [0, 0, 800, 26],
        a: [0, 0, 100, 20],
        b: [100, 3, 100, 23],
        c: [200, 5, 100, 20],
      },
      0.5,
    );
  });

  it('sets align-items and justify-items with place-items', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='width:10px;height:10px'></div></div>",
      '#g{display:grid;grid-template:50px / 100px;place-items:end center}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 50],
      a: [45, 40, 10, 10],
    });
  });

  it('sets align-content and justify-content with place-content', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div></div>',
      '#g{display:grid;grid-template:20px / 30px;width:100px;height:60px;place-content:end center}',
    );
    expectBoxes(r, {
      g: [0, 0, 100, 60],
      a: [35, 40, 30, 20],
    });
  });

  it('sets align-self and justify-self with place-self', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='width:10px;height:10px;place-self:center end'></div></div>",
      '#g{display:grid;grid-template:50px / 100px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 50],
      a: [90, 20, 10, 10],
    });
  });

  it("lays the grid out in the container's content box, items with their margins", async () => {
    const r = await snippet(
      "<div id=g><div id=a></div><div id=b style='margin:5px;padding:3px;border:2px solid'></div></div>",
      '#g{display:grid;grid-template-columns:100px 100px;grid-auto-rows:40px;padding:10px 20px;border:3px solid;margin:7px}',
    );
    expectBoxes(r, {
      g: [7, 7, 786, 66],
      a: [30, 20, 100, 40],
      b: [135, 25, 90, 30],
    });
  });

  it("keeps an item's own width, a percentage of its area", async () => {
    const r = await snippet(
      "<div id=g><div id=a style='width:40px'>a</div><div id=b style='width:50%'>b</div></div>",
      '#g{display:grid;grid-template-columns:100px 100px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 20],
      a: [0, 0, 40, 20],
      b: [100, 0, 50, 20],
    });
  });

  it('wraps runs of text into anonymous grid items', async () => {
    const r = await snippet(
      '<div id=g>Hello<span id=s>span</span><div id=d>div</div></div>',
      '#g{display:grid;grid-template-columns:100px 100px 100px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 20],
      s: [100, 0, 100, 20],
      d: [200, 0, 100, 20],
    });
  });

  it('reads grid: auto-flow <rows> / <columns>', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=b></div><div id=c></div></div>',
      '#g{display:grid;grid:auto-flow 15px / 60px 40px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 30],
      a: [0, 0, 60, 15],
      b: [60, 0, 40, 15],
      c: [0, 15, 60, 15],
    });
  });

  it('reads the areas form of grid-template', async () => {
    const r = await snippet(
      "<div id=g><div id=a style='grid-area:b'></div><div id=b style='grid-area:a'></div></div>",
      "#g{display:grid;grid-template:[top] 'a b' 30px [mid] 'a c' 20px / 70px 90px}",
    );
    expectBoxes(r, {
      g: [0, 0, 800, 50],
      a: [70, 0, 90, 30],
      b: [0, 0, 70, 50],
    });
  });

  it('lays out a grid inside a grid item', async () => {
    const r = await snippet(
      '<div id=g><div id=a>x</div><div id=n><div id=n1>aaa aaa</div><div id=n2>b</div></div></div>',
      '#g{display:grid;grid-template-columns:auto 1fr;width:300px;line-height:20px} #n{display:grid;grid-template-columns:1fr 2fr;gap:5px}',
    );
    expectBoxes(r, {
      g: [0, 0, 300, 20],
      a: [0, 0, 8, 20],
      n: [8, 0, 292, 20],
      n1: [8, 0, 95.66, 20],
      n2: [108.66, 0, 191.34, 20],
    });
  });

  it("sizes an auto column from a nested grid's max-content width", async () => {
    const r = await snippet(
      '<div id=g><div id=n><div id=n1>one two</div><div id=n2>three</div></div><div id=b>b</div></div>',
      '#g{display:grid;grid-template-columns:auto 1fr;width:400px;line-height:20px} #n{display:grid;grid-template-columns:auto auto;column-gap:8px}',
    );
    expectBoxes(r, {
      g: [0, 0, 400, 20],
      n: [0, 0, 91.09, 20],
      n1: [0, 0, 51.11, 20],
      n2: [59.11, 0, 31.98, 20],
      b: [91.09, 0, 308.91, 20],
    });
  });

  it('gives a grid inside a flex row its max-content width', async () => {
    const r = await snippet(
      '<div id=f><div id=g><div id=a>one</div><div id=b>two two</div></div><div id=z>zzz</div></div>',
      '#f{display:flex;width:400px;line-height:20px} #g{display:grid;grid-template-columns:auto auto;column-gap:10px}',
    );
    expectBoxes(r, {
      f: [0, 0, 400, 20],
      g: [0, 0, 85.11, 20],
      a: [0, 0, 23.11, 20],
      b: [33.11, 0, 52, 20],
      z: [85.11, 0, 21.31, 20],
    });
  });

  it('lays out a flex container as a grid item', async () => {
    const r = await snippet(
      '<div id=g><div id=f><div id=a>one</div><div id=b>two</div></div><div id=c>c</div></div>',
      '#g{display:grid;grid-template-columns:1fr 100px;width:300px;line-height:20px} #f{display:flex;justify-content:space-between}',
    );
    expectBoxes(r, {
      g: [0, 0, 300, 20],
      f: [0, 0, 200, 20],
      a: [0, 0, 23.11, 20],
      b: [176, 0, 24, 20],
      c: [200, 0, 100, 20],
    });
  });

  it('shrinks an inline-grid to fit its tracks', async () => {
    const r = await snippet(
      "<div style='width:400px'><span id=g><span id=a>aaa</span><span id=b>b</span></span></div>",
      '#g{display:inline-grid;grid-template-columns:auto auto;gap:4px;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 33.31, 20],
      a: [0, 0, 21.31, 20],
      b: [25.31, 0, 8, 20],
    });
  });

  it('shrinks a floated grid to its max-content width', async () => {
    const r = await snippet(
      "<div style='width:400px'><div id=g><div id=a>aaa</div><div id=b>b b b</div></div></div>",
      '#g{float:left;display:grid;grid-template-columns:1fr 1fr;line-height:20px}',
    );
    expectBoxes(r, {
      g: [0, 0, 64, 20],
      a: [0, 0, 32, 20],
      b: [32, 0, 32, 20],
    });
  });

  it('positions an absolute child of a positioned grid against its padding box', async () => {
    const r = await snippet(
      '<div id=g><div id=a></div><div id=p></div></div>',
      '#g{display:grid;grid-template-columns:100px;grid-auto-rows:30px;position:relative;padding:5px;width:200px} #p{position:absolute;right:0;bottom:0;width:10px;height:10px}',
    );
    expectBoxes(r, {
      g: [0, 0, 210, 40],
      a: [5, 5, 100, 30],
      p: [200, 30, 10, 10],
    });
  });

  it("keeps an image's own size in its area", async () => {
    const r = await snippet(
      "<div id=g><img id=i width=40 height=20 src='data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI0MCIgaGVpZ2h0PSIyMCI+PHJlY3Qgd2lkdGg9IjQwIiBoZWlnaHQ9IjIwIiBmaWxsPSIjMzY5Ii8+PC9zdmc+' alt='x'><div id=b></div></div>",
      '#g{display:grid;grid-template-columns:100px 100px;grid-auto-rows:50px}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 50],
      i: [0, 0, 40, 20],
      b: [100, 0, 100, 50],
    });
  });

  it('lets an image with max-width: 100% shrink with an fr column', async () => {
    const r = await snippet(
      "<div id=g><div id=a><img id=i width=400 height=100 src='data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI0MDAiIGhlaWdodD0iMTAwIj48cmVjdCB3aWR0aD0iNDAwIiBoZWlnaHQ9IjEwMCIgZmlsbD0iIzM2OSIvPjwvc3ZnPg==' alt='x' style='display:block;max-width:100%'></div><div id=b></div></div>",
      '#g{display:grid;grid-template-columns:2fr 1fr;width:300px;grid-auto-rows:auto}',
    );
    expectBoxes(r, {
      g: [0, 0, 300, 100],
      a: [0, 0, 200, 100],
      i: [0, 0, 200, 100],
      b: [200, 0, 100, 100],
    });
  });
});
