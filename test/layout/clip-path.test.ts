/**
 * clip-path (CSS Masking 1 §3): basic shapes in their reference box cut the whole box
 * (decoration and content) as a clip group, wherever the box is moved to (flex items, cells);
 * `evenodd` polygons keep their rule; url() says it is not applied.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, GroupItem, PathOp } from '../../src/document/index.js';
import { pathBounds } from '../../src/document/index.js';
import { byId, find, style } from '../style/helpers.js';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 400px 600px; margin: 0 } body { margin: 0 }';

function clipGroups(items: readonly DisplayItem[]): GroupItem[] {
  return items.flatMap((i) =>
    i.kind === 'group' ? [...(i.clip ? [i] : []), ...clipGroups(i.items)] : [],
  );
}

/** Bounds of a clip outline in CSS px, rounded to 0.1. */
function boundsPx(ops: readonly PathOp[]): number[] {
  return (pathBounds(ops) ?? []).map((v) => Math.round((v / 0.75) * 10) / 10);
}

describe('clip-path: parsing', () => {
  it('reads each basic shape, the reference box, and none', async () => {
    const d = await style(`<style>
      #a { clip-path: circle(40% at left 10px top) content-box }
      #b { clip-path: inset(5px 10% round 4px 8px / 2px) }
      #c { clip-path: polygon(evenodd, 0 0, 100% 0, 50% 100%) }
      #d { clip-path: padding-box }
      #e { clip-path: path('M0 0 L10 10 Z') }
      #f { clip-path: ellipse(closest-side farthest-side) }
      #g { clip-path: url(#shape) }
    </style><p id=a>a</p><p id=b>b</p><p id=c>c</p><p id=d>d</p><p id=e>e</p><p id=f>f</p><p id=g>g</p><p id=h>h</p>`);
    const cp = (id: string) => find(d.root, byId(id)).style.clipPath;
    expect(d.warnings).toEqual([]);
    expect(cp('a')).toEqual({
      shape: {
        kind: 'circle',
        radius: { percent: 40, px: 0 },
        position: { x: 10, y: 0 },
      },
      box: 'content-box',
    });
    expect(cp('b')).toMatchObject({
      shape: {
        kind: 'inset',
        top: 5,
        right: { percent: 10, px: 0 },
        radii: [{ horizontal: 4, vertical: 2 }, { horizontal: 8, vertical: 2 }, {}, {}],
      },
      box: 'border-box',
    });
    expect(cp('c')).toMatchObject({ shape: { kind: 'polygon', rule: 'evenodd' } });
    expect(cp('d')).toEqual({ box: 'padding-box' });
    expect(cp('e')).toEqual({
      shape: { kind: 'path', rule: 'nonzero', d: 'M0 0 L10 10 Z' },
      box: 'border-box',
    });
    expect(cp('f')).toMatchObject({
      shape: { kind: 'ellipse', rx: 'closest-side', ry: 'farthest-side' },
    });
    expect(cp('g')).toMatchObject({ url: expect.stringContaining('#shape') });
    expect(cp('h')).toBe('none');
  });

  it.each(['circle(1px 2px)', 'polygon()', 'inset()', 'polygon(0 0, 10px)', 'circle(-1px)'])(
    'refuses clip-path: %s',
    async (value) => {
      const d = await style(`<style>#t { clip-path: ${value} }</style><p id=t>x</p>`);
      expect(find(d.root, byId('t')).style.clipPath).toBe('none');
      expect(d.warnings.length).toBeGreaterThan(0);
    },
  );
});

describe('clip-path: drawing', () => {
  it('cuts a block, its background and its text, to a circle in its border box', async () => {
    const r = await layoutSnippet(
      `<div style="height: 50px"></div><div id=a style="width: 100px; height: 80px; background: red; clip-path: circle(closest-side)">text</div>`,
      PAGE,
    );
    const [g] = clipGroups(r.document.pages[0].items);
    expect(boundsPx(g.clip!)).toEqual([10, 50, 90, 130]);
    // The background and the text are both inside the clip group.
    expect(g.items.some((i) => i.kind === 'path')).toBe(true);
    expect(g.items.some((i) => i.kind === 'glyphs')).toBe(true);
  });

  it('follows a flex item and a padding-box reference to where they are placed', async () => {
    const r = await layoutSnippet(
      `<div style="display: flex; padding: 20px 0 0 30px">
        <div style="width: 40px; height: 40px"></div>
        <div id=b style="width: 100px; height: 60px; border: 10px solid; background: blue; clip-path: inset(0 round 5px) padding-box"></div>
      </div>`,
      PAGE,
    );
    const [g] = clipGroups(r.document.pages[0].items);
    // Border box from (70, 20) to (190, 100); its padding box is 10px inside.
    expect(boundsPx(g.clip!)).toEqual([80, 30, 180, 90]);
  });

  it('keeps the even-odd rule of a polygon', async () => {
    const r = await layoutSnippet(
      `<div style="width: 100px; height: 100px; background: gold; clip-path: polygon(evenodd, 50% 0, 79% 90%, 2% 35%, 98% 35%, 21% 90%)"></div>`,
      PAGE,
    );
    const [g] = clipGroups(r.document.pages[0].items);
    expect(g.clipRule).toBe('evenodd');
    expect(boundsPx(g.clip!)).toEqual([2, 0, 98, 90]);
  });

  it('places path() data in px from the reference box corner', async () => {
    const r = await layoutSnippet(
      `<div style="margin-left: 40px; width: 100px; height: 100px; background: pink; clip-path: path('M10 10 H60 V30 Z')"></div>`,
      PAGE,
    );
    const [g] = clipGroups(r.document.pages[0].items);
    expect(boundsPx(g.clip!)).toEqual([50, 10, 100, 30]);
  });

  it('warns that a url() clip path is not applied, and draws the box unclipped', async () => {
    const r = await layoutSnippet(
      `<div style="width: 10px; height: 10px; background: red; clip-path: url(#c)"></div>`,
      PAGE,
    );
    expect(r.warnings.map((w) => w.code)).toContain('layout.clip-path-url');
    expect(clipGroups(r.document.pages[0].items)).toEqual([]);
  });
});
