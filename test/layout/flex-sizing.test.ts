/**
 * Flex items as CSS Flexbox sizes and aligns them where yoga alone differs: free space shared
 * from the flex base sizes (an item's minimum does not take a share first), and items aligned
 * by their first baselines.
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from './geometry.js';

const PAGE =
  '@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif }' +
  ' .r { display: flex; width: 600px }';

describe('flexible lengths', () => {
  it('gives flex: 1 and flex: 2 one and two thirds, whatever their content', async () => {
    const r = await layoutSnippet(
      `<style>${PAGE}</style><div class=r style="gap: 12px"><div id=a style="flex: 1">Some text</div>` +
        '<div id=b style="flex: 2">More text here</div></div>',
    );
    expect(r.box('a')[0].width).toBeCloseTo(196, 1);
    expect(r.box('b')[0].width).toBeCloseTo(392, 1);
  });

  it('makes equal columns of flex: 1 items whose longest words differ', async () => {
    const r = await layoutSnippet(
      `<style>${PAGE}</style><div class=r><div id=a style="flex: 1">Short</div>` +
        '<div id=b style="flex: 1">Extraordinarily-long-hyphenated-compound</div>' +
        '<div id=c style="flex: 1">Mid</div></div>',
    );
    for (const id of ['a', 'b', 'c']) expect(r.box(id)[0].width).toBeCloseTo(200, 1);
  });

  it('freezes an item at its minimum and shares the rest among the others', async () => {
    const r = await layoutSnippet(
      `<style>${PAGE}</style><div class=r><div id=a style="flex: 1 1 0; min-width: 300px">A</div>` +
        '<div id=b style="flex: 1">B</div><div id=c style="flex: 2">C</div></div>',
    );
    expect(r.box('a')[0].width).toBeCloseTo(300, 1);
    expect(r.box('b')[0].width).toBeCloseTo(100, 1);
    expect(r.box('c')[0].width).toBeCloseTo(200, 1);
  });
});

describe('baseline alignment', () => {
  it('lines up the first baselines of items in a row, padding and font size included', async () => {
    const r = await layoutSnippet(
      `<style>${PAGE}</style><div class=r style="align-items: baseline">` +
        '<div style="font-size: 40px">Big</div><div>Small</div>' +
        '<div style="padding-top: 30px">Padded</div><div style="align-self: flex-start">Top</div></div>',
    );
    const lines = r.lines(0);
    const base = (t: string): number => {
      const l = lines.find((x) => x.text.includes(t));
      if (!l) throw new Error(`no line ${t}`);
      return l.baseline;
    };
    expect(base('Big')).toBeCloseTo(base('Small'), 1);
    expect(base('Padded')).toBeCloseTo(base('Small'), 1);
    // The padded item sets the shared baseline: 30px of padding and its own line's baseline.
    expect(base('Small')).toBeGreaterThan(30 + 10);
    expect(base('Top')).toBeLessThan(20);
  });
});

describe('display: contents in a flex container', () => {
  it('makes the children of a contents element flex items of their own', async () => {
    const r = await layoutSnippet(
      `<style>${PAGE}</style><div class=r style="gap: 20px"><div style="display: contents">` +
        '<span id=a>One</span><span id=b>Two</span></div><span id=c>Three</span></div>',
    );
    const a = r.box('a')[0];
    const b = r.box('b')[0];
    const c = r.box('c')[0];
    // Each is an item: the gap lies between all three.
    expect(b.x - (a.x + a.width)).toBeCloseTo(20, 1);
    expect(c.x - (b.x + b.width)).toBeCloseTo(20, 1);
  });
});
