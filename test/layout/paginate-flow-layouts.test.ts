/**
 * The flow laid out at more than one width (pages of different widths): one layout per
 * distinct width, made when first asked for, and its block containers found by flow key.
 */
import { describe, expect, it } from 'vitest';
import { FlowLayouts } from '../../src/layout/paginate/flow-layouts.js';
import type { BoxFragment, Fragment } from '../../src/layout/paginate/fragments.js';

const tree = (width: number): BoxFragment => ({
  kind: 'box',
  top: 0,
  bottom: 100,
  flowKey: 1,
  children: [
    { kind: 'leaf', top: 0, bottom: 10, items: [] },
    {
      kind: 'box',
      top: 10,
      bottom: 100,
      flowKey: 2,
      children: [{ kind: 'box', top: 10, bottom: width, flowKey: 3, children: [] }],
    },
    { kind: 'box', top: 100, bottom: 100, children: [] },
  ],
});

describe('flow layouts', () => {
  it('lays the flow out once per distinct width, when first asked for', () => {
    const made: [number, number][] = [];
    const layouts = new FlowLayouts({ root: tree(400), width: 400, originX: 20 }, (w, x) => {
      made.push([w, x]);
      return { root: tree(w) };
    });
    expect(layouts.first.width).toBe(400);
    expect(layouts.first.originX).toBe(20);
    expect(layouts.at(400.005, 0)).toBe(layouts.first);
    expect(made).toEqual([]);
    const wide = layouts.at(600, 0);
    expect([wide.width, wide.originX]).toEqual([600, 0]);
    expect(made).toEqual([[600, 0]]);
    expect(layouts.at(600, 50)).toBe(wide);
    expect(layouts.at(400.02, 20)).not.toBe(layouts.first);
    expect(made).toEqual([
      [600, 0],
      [400.02, 20],
    ]);
  });

  it('takes a layout that stopped early only for the boxes it has', () => {
    const asked: (number | undefined)[] = [];
    const partialTree: BoxFragment = {
      kind: 'box',
      top: 0,
      bottom: 10,
      flowKey: 1,
      children: [{ kind: 'box', top: 0, bottom: 10, flowKey: 2, children: [] }],
    };
    const layouts = new FlowLayouts({ root: tree(400), width: 400, originX: 0 }, (w, _x, from) => {
      asked.push(from);
      return from === undefined ? { root: tree(w) } : { root: partialTree, partial: true };
    });
    const cover = layouts.at(600, 0, 2);
    expect(cover.partial).toBe(true);
    expect(layouts.at(600, 0, 2)).toBe(cover);
    // Box 3 is past where the first layout at 600 stopped: that width is laid out whole.
    const whole = layouts.at(600, 0, 3);
    expect(whole.partial).toBeUndefined();
    expect(whole.byKey.has(3)).toBe(true);
    expect(layouts.at(600, 0, 2)).toBe(cover);
    expect(asked).toEqual([2, undefined]);
  });

  it('lays out whole a layout that stopped before the box it was entered at', () => {
    const asked: (number | undefined)[] = [];
    const layouts = new FlowLayouts({ root: tree(400), width: 400, originX: 0 }, (w, _x, from) => {
      asked.push(from);
      return from === undefined
        ? { root: tree(w) }
        : { root: { kind: 'box', top: 0, bottom: 1, flowKey: 1, children: [] }, partial: true };
    });
    const t = layouts.at(600, 0, 3);
    expect(t.partial).toBeUndefined();
    expect(t.byKey.has(3)).toBe(true);
    expect(asked).toEqual([3, undefined]);
  });

  it('finds every block container by its flow key, at any depth', () => {
    const layouts = new FlowLayouts({ root: tree(400), width: 400, originX: 0 }, (w) => ({
      root: tree(w),
    }));
    const t = layouts.first;
    expect([...t.byKey.keys()].sort()).toEqual([1, 2, 3]);
    expect(t.byKey.get(1)).toBe(t.root);
    expect(t.byKey.get(2)?.top).toBe(10);
    expect(t.byKey.get(3)?.bottom).toBe(400);
    const leafRoot: Fragment = { kind: 'leaf', top: 0, bottom: 1, items: [] };
    expect(
      new FlowLayouts({ root: leafRoot, width: 1, originX: 0 }, (w) => ({ root: tree(w) })).first
        .byKey.size,
    ).toBe(0);
  });
});
