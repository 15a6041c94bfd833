/** Image blocks whose src is SVG markup rather than a URL. */
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';
import { render } from '../../src/render.js';
import { layoutTemplate } from '../../src/template/index.js';
import { findRole, readPdf } from '../engine/helpers.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { testOptions } from '../layout/harness.js';

/** data: URIs are read by the resource loader; nothing here reaches the network. */
const options = { ...testOptions, loader: createResourceLoader({ allowPrivateNetwork: false }) };

const MM = 72 / 25.4;
const CIRCLE = '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#008080"/></svg>';

const withImage = (src: string, extra: Record<string, unknown> = {}) => ({
  version: 2,
  config: { title: 'Inline SVG' },
  rows: [{ blocks: [{ type: 'image', id: 'logo', src, alt: 'A teal circle', ...extra }] }],
});

function tealPaths(items: readonly DisplayItem[]): { left: number; right: number }[] {
  return items.flatMap((i) => {
    if (i.kind === 'group') return tealPaths(i.items);
    if (i.kind !== 'path' || !i.fill || !('r' in i.fill) || i.fill.g < 0.4 || i.fill.r > 0.1)
      return [];
    const xs = i.ops.flatMap((o) => ('x' in o ? [o.x] : []));
    return [{ left: Math.min(...xs), right: Math.max(...xs) }];
  });
}

describe('inline SVG in image blocks', () => {
  it('draws the markup as vectors with the alt text, filling the block width', async () => {
    const { document, warnings } = await layoutTemplate(
      withImage(CIRCLE, { config: { width: '40mm' } }),
      undefined,
      options,
    );
    expect(warnings.map((w) => w.code)).not.toContain('resource.image-failed');
    const [circle] = tealPaths(document.pages[0].items);
    expect(circle.right - circle.left).toBeCloseTo(40 * MM, 0);
    const { pdf } = await render({ kind: 'template', template: withImage(CIRCLE) });
    const read = await readPdf(pdf);
    expect(findRole(read.structs[0], 'Figure')?.alt).toBe('A teal circle');
  });

  it('keeps the size the SVG gives itself, and takes markup from data overrides', async () => {
    const sized =
      '<?xml version="1.0"?><!-- logo --><svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 10 10"><rect width="10" height="10" fill="#008080"/></svg>';
    const { document } = await layoutTemplate(
      withImage('https://example.invalid/x.png'),
      { logo: { src: sized } },
      options,
    );
    const [square] = tealPaths(document.pages[0].items);
    // 80 CSS px are 60 pt.
    expect(square.right - square.left).toBeCloseTo(60, 0);
  });

  it('refuses markup that is not well-formed SVG, naming the field', async () => {
    const refused = (template: unknown, data?: unknown) =>
      layoutTemplate(template, data, options).then(
        () => undefined,
        (e: { problems: { pointer: string; message: string }[] }) => e.problems,
      );
    expect(await refused(withImage('<svg viewBox="0 0 10 10"><circle></svg>'))).toEqual([
      {
        pointer: '/template/rows/0/blocks/0/src',
        message: expect.stringMatching(/^is not well-formed SVG/),
      },
    ]);
    expect(
      await refused(withImage('<svg><!DOCTYPE x [<!ENTITY a "b">]><text>&a;</text></svg>')),
    ).toEqual([
      {
        pointer: '/template/rows/0/blocks/0/src',
        message: 'inline SVG must not declare a DOCTYPE or entities',
      },
    ]);
    expect(await refused(withImage(CIRCLE), { logo: { src: '<svg><g></svg>' } })).toEqual([
      { pointer: '/data/logo/src', message: expect.stringMatching(/^is not well-formed SVG/) },
    ]);
  });
});
