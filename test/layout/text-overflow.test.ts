/**
 * text-overflow (CSS Overflow 3 §4.2): a line cut by its box's overflow clip ends in an
 * ellipsis (or the author's string) in the box's style, inside the box; the text it hides is
 * kept as the marker's actual text, so nothing is lost to search or assistive technology.
 */
import { describe, expect, it } from 'vitest';
import type { GlyphRun } from '../../src/document/index.js';
import { byId, find, style } from '../style/helpers.js';
import { glyphRuns } from './harness.js';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px sans-serif }';
const text = (r: GlyphRun): string => r.glyphs.texts.join('');
const right = (r: GlyphRun): number => r.x + r.glyphs.advances.reduce((a, b) => a + b, 0);

describe('text-overflow', () => {
  it('ends a clipped line in an ellipsis inside the box, keeping the hidden text', async () => {
    const r = await layoutSnippet(
      `<div style="width: 150px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis">An ellipsis should cut this line off nicely</div>`,
      PAGE,
    );
    const runs = glyphRuns(r.document.pages[0].items);
    const last = runs[runs.length - 1];
    expect(text(last)).toBe('…');
    expect(right(last)).toBeLessThanOrEqual(150 * 0.75 + 0.01);
    const shown = runs.slice(0, -1).map(text).join('');
    expect(`${shown}${last.actualText}`).toBe('An ellipsis should cut this line off nicely');
    expect(last.tag.kind).toBe('content');
  });

  it('stops underlines where the text stops, before the ellipsis', async () => {
    const r = await layoutSnippet(
      `<div style="width: 150px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis"><u>An underlined line that is far too long</u></div>`,
      PAGE,
    );
    const runs = glyphRuns(r.document.pages[0].items);
    const mark = runs[runs.length - 1];
    const bands = r.document.pages[0].items
      .flatMap((i) => (i.kind === 'group' ? i.items : [i]))
      .flatMap((i) => (i.kind === 'path' ? i.ops : []))
      .filter((o) => o.op === 'rect');
    expect(bands.length).toBeGreaterThan(0);
    for (const b of bands)
      if (b.op === 'rect') expect(b.x + b.width).toBeLessThanOrEqual(mark.x + 0.01);
  });

  it('leaves lines that fit, and boxes that do not clip, as they are', async () => {
    const r = await layoutSnippet(
      `<div style="width: 150px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis">Short</div>
       <div style="width: 150px; white-space: nowrap; text-overflow: ellipsis">An ellipsis should cut this line off nicely</div>`,
      PAGE,
    );
    const texts = glyphRuns(r.document.pages[0].items).map(text);
    expect(texts).not.toContain('…');
    expect(texts.join('')).toContain('nicely');
  });

  it('draws the author’s string in place of the ellipsis', async () => {
    const r = await layoutSnippet(
      `<div style="width: 150px; white-space: nowrap; overflow: hidden; text-overflow: ' [more]'">An ellipsis should cut this line off nicely</div>`,
      PAGE,
    );
    const runs = glyphRuns(r.document.pages[0].items);
    expect(text(runs[runs.length - 1])).toBe(' [more]');
  });

  it('parses clip, ellipsis, a string, and two values (the end edge’s counts)', async () => {
    const d = await style(
      `<style>#a { text-overflow: ellipsis } #b { text-overflow: "»" } #c { text-overflow: clip ellipsis } #d { text-overflow: fade }</style><p id=a>a</p><p id=b>b</p><p id=c>c</p><p id=d>d</p>`,
    );
    expect(find(d.root, byId('a')).style.textOverflow).toBe('ellipsis');
    expect(find(d.root, byId('b')).style.textOverflow).toEqual({ string: '»' });
    expect(find(d.root, byId('c')).style.textOverflow).toBe('ellipsis');
    expect(find(d.root, byId('d')).style.textOverflow).toBe('clip');
    expect(d.warnings.length).toBe(1);
  });
});
