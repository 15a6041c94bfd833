/**
 * Properties that cannot change a printed page (scrolling, scroll snapping, scrollbars) are
 * dropped without a warning: nothing is lost, and a warning would only bury the ones that
 * matter.
 */
import { describe, expect, it } from 'vitest';
import { style } from './helpers.js';

describe('properties without effect in print', () => {
  it('drop scrolling and scrollbar properties quietly', async () => {
    const d = await style(
      `<style>p { scroll-margin-top: 4rem; scroll-snap-align: start; scrollbar-gutter: stable; scrollbar-width: thin; overscroll-behavior: contain }</style><p>x</p>`,
    );
    expect(d.warnings).toEqual([]);
  });

  it('still report containment, which can change layout (size) and clip (paint)', async () => {
    const d = await style(`<style>p { contain: paint }</style><p>x</p>`);
    expect(d.warnings.map((w) => w.code)).toContain('css.unsupported');
  });
});
