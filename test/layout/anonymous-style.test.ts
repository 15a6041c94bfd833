import { describe, expect, it } from 'vitest';
import { anonymousStyle } from '../../src/layout/box-tree/boxes.js';
import { byId, find, style } from '../style/helpers.js';

async function styleOf(css: string) {
  const doc = await style(`<style>${css}</style><div id=d>x</div>`);
  return find(doc.root, byId('d')).style;
}

describe('anonymous box styles', () => {
  it('inherit from the parent and reset box properties', async () => {
    const parent = await styleOf(
      '#d { color: red; font-size: 20px; margin: 12px; padding: 3px; border: 2px solid; background: blue }',
    );
    const s = anonymousStyle(parent);
    expect(s.display).toBe('block');
    expect(s.color).toEqual(parent.color);
    expect(s.fontSize).toBe(20);
    expect([s.marginTop, s.paddingLeft, s.borderTopWidth]).toEqual([0, 0, 0]);
    expect(s.backgroundColor.a).toBe(0);
    expect(anonymousStyle(parent, 'inline-block').display).toBe('inline-block');
  });

  it('are one object per parent style and display, so caches keyed by style hit', async () => {
    const parent = await styleOf('#d { color: green }');
    expect(anonymousStyle(parent)).toBe(anonymousStyle(parent));
    expect(anonymousStyle(parent, 'inline')).toBe(anonymousStyle(parent, 'inline'));
    expect(anonymousStyle(parent, 'inline')).not.toBe(anonymousStyle(parent));
    const other = await styleOf('#d { color: blue }');
    expect(anonymousStyle(other)).not.toBe(anonymousStyle(parent));
    expect(anonymousStyle(other).color).not.toEqual(anonymousStyle(parent).color);
  });
});
