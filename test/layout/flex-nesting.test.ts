/**
 * Nested flex containers (fuzz finding F2): the layout work grows linearly with the nesting
 * depth, and nesting past MAX_FLEX_DEPTH is laid out as blocks with a warning instead of
 * nesting yoga calculations until the wasm module faults.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import Yoga from 'yoga-layout';
import { MAX_FLEX_DEPTH } from '../../src/layout/box-tree/build.js';
import type { GlyphRun } from '../../src/document/index.js';
import type { StyledElement } from '../../src/style/types.js';
import { glyphRuns, layBody } from './harness.js';
import { el } from './styled.js';

function lay(body: StyledElement[]) {
  return layBody(body, { title: 'Flex nesting' });
}

/** `depth` flex containers, each with a 2px padding, around `inner`. */
function nested(depth: number, inner: StyledElement): StyledElement {
  let box = inner;
  for (let i = 0; i < depth; i++)
    box = el('div', { display: 'flex', paddingLeft: 2, paddingTop: 2 }, [box]);
  return box;
}

const word = () => el('span', {}, ['Word']);

function wordRun(doc: Awaited<ReturnType<typeof lay>>): GlyphRun {
  const runs = glyphRuns(doc.document.pages[0].items);
  const run = runs.find((r) => r.glyphs.texts.join('') === 'Word');
  expect(run).toBeDefined();
  return run!;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('nested flex containers', () => {
  it('create a number of yoga nodes linear in the nesting depth', async () => {
    // Yoga measures an item several times per pass; before item layouts were shared, every
    // level multiplied the work of the levels inside it (12 levels: thousands of trees).
    const counts: number[] = [];
    for (const depth of [6, 12]) {
      const create = vi.spyOn(Yoga.Node, 'create');
      await lay([nested(depth, word())]);
      counts.push(create.mock.calls.length);
      create.mockRestore();
    }
    // One container and one item node per level and layout; a few layouts per level.
    expect(counts[1]).toBeLessThanOrEqual(8 * 12);
    expect(counts[1]).toBeLessThanOrEqual(3 * counts[0]);
  });

  it('place the innermost content as the padding of every level says', async () => {
    const depth = 20;
    const r = await lay([nested(depth, word())]);
    const run = wordRun(r);
    // 2px = 1.5pt of padding per level from the 72pt page margin.
    expect(run.x).toBeCloseTo(72 + depth * 1.5, 1);
    expect(r.warnings.some((w) => w.code === 'layout.nesting-limit')).toBe(false);
  });

  it(`lay out containers nested deeper than ${MAX_FLEX_DEPTH} levels as blocks, with a warning`, async () => {
    const depth = MAX_FLEX_DEPTH + 40;
    const r = await lay([nested(depth, word())]);
    const run = wordRun(r);
    // Blocks keep their padding too, so the word ends up where full flex layout would put it.
    expect(run.x).toBeCloseTo(72 + depth * 1.5, 1);
    const limits = r.warnings.filter((w) => w.code === 'layout.nesting-limit');
    expect(limits).toHaveLength(1);
    expect(limits[0].message).toContain(`flex containers nested deeper than ${MAX_FLEX_DEPTH}`);
  });

  it('still lay out side-by-side items at the depth limit as flex items', async () => {
    const pair = el('div', { display: 'flex', columnGap: 10 }, [
      el('div', { width: 100 }, ['Left']),
      el('div', {}, ['Right']),
    ]);
    const r = await lay([nested(MAX_FLEX_DEPTH - 1, pair)]);
    const runs = glyphRuns(r.document.pages[0].items);
    const text = (g: GlyphRun) => g.glyphs.texts.join('');
    const left = runs.find((g) => text(g) === 'Left')!;
    const right = runs.find((g) => text(g) === 'Right')!;
    expect(Math.abs(left.y - right.y)).toBeLessThan(0.01);
    expect(right.x - left.x).toBeCloseTo(75 + 7.5, 1);
    expect(r.warnings.some((w) => w.code === 'layout.nesting-limit')).toBe(false);
  });

  it('stack those items once the container is past the limit', async () => {
    const pair = el('div', { display: 'flex' }, [
      el('div', { width: 100 }, ['Left']),
      el('div', {}, ['Right']),
    ]);
    const r = await lay([nested(MAX_FLEX_DEPTH, pair)]);
    const runs = glyphRuns(r.document.pages[0].items);
    const text = (g: GlyphRun) => g.glyphs.texts.join('');
    const left = runs.find((g) => text(g) === 'Left')!;
    const right = runs.find((g) => text(g) === 'Right')!;
    expect(right.y).toBeGreaterThan(left.y + 5);
    expect(r.warnings.some((w) => w.code === 'layout.nesting-limit')).toBe(true);
  });
});
