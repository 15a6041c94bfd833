/**
 * mix-blend-mode, isolation, background-blend-mode and the mask longhands as the cascade parses
 * and computes them: every blend mode, the mask shorthand's parts in any order, the -webkit-
 * names, and values CSS refuses dropped with a warning.
 */
import { describe, expect, it } from 'vitest';
import { byId, find, style } from './helpers.js';

async function computed(css: string) {
  const d = await style(`<style>${css}</style><div id=t><span id=s>x</span></div>`);
  return {
    t: find(d.root, byId('t')).style,
    s: find(d.root, byId('s')).style,
    warnings: d.warnings,
  };
}

describe('blend modes', () => {
  it.each([
    'multiply',
    'screen',
    'overlay',
    'darken',
    'lighten',
    'color-dodge',
    'color-burn',
    'hard-light',
    'soft-light',
    'difference',
    'exclusion',
    'hue',
    'saturation',
    'color',
    'luminosity',
  ] as const)('reads mix-blend-mode: %s, not inherited', async (mode) => {
    const { t, s, warnings } = await computed(`#t { mix-blend-mode: ${mode} }`);
    expect(warnings).toEqual([]);
    expect(t.mixBlendMode).toBe(mode);
    expect(s.mixBlendMode).toBe('normal');
  });

  it('drops a blend mode CSS does not know, with a warning', async () => {
    const { t, warnings } = await computed('#t { mix-blend-mode: multiply; mix-blend-mode: burn }');
    expect(t.mixBlendMode).toBe('multiply');
    expect(warnings.map((w) => w.message).join('\n')).toMatch(/mix-blend-mode/);
  });

  it('reads isolation and a list of background blend modes', async () => {
    const { t, warnings } = await computed(
      '#t { isolation: isolate; background-blend-mode: multiply, screen }',
    );
    expect(warnings).toEqual([]);
    expect(t.isolation).toBe('isolate');
    expect(t.backgroundBlendMode).toEqual(['multiply', 'screen']);
  });
});

describe('mask layers', () => {
  it('starts with one empty layer: alpha of the source, border box, no offset', async () => {
    const { t } = await computed('');
    expect(t.maskImage).toEqual(['none']);
    expect(t.maskPosition).toEqual([{ x: 0, y: 0 }]);
    expect(t.maskSize).toEqual([{ width: 'auto', height: 'auto' }]);
    expect(t.maskRepeat).toEqual([['repeat', 'repeat']]);
    expect(t.maskOrigin).toEqual(['border-box']);
    expect(t.maskClip).toEqual(['border-box']);
    expect(t.maskMode).toEqual(['match-source']);
  });

  it('reads the longhands, with url() resolved against the document', async () => {
    const { t, warnings } = await computed(`#t {
      mask-image: linear-gradient(black, transparent), url(m.png);
      mask-size: 50% auto, cover; mask-repeat: no-repeat; mask-position: right 10px bottom;
      mask-mode: luminance, alpha; mask-origin: content-box; mask-clip: no-clip }`);
    expect(warnings).toEqual([]);
    expect(t.maskImage).toHaveLength(2);
    expect((t.maskImage[0] as { kind: string }).kind).toBe('linear-gradient');
    expect(t.maskImage[1]).toEqual({ kind: 'url', url: expect.stringMatching(/m\.png$/) });
    expect(t.maskSize).toEqual([{ width: { percent: 50, px: 0 }, height: 'auto' }, 'cover']);
    expect(t.maskRepeat).toEqual([['no-repeat', 'no-repeat']]);
    expect(t.maskPosition).toEqual([{ x: { percent: 100, px: -10 }, y: { percent: 100, px: -0 } }]);
    expect(t.maskMode).toEqual(['luminance', 'alpha']);
    expect(t.maskOrigin).toEqual(['content-box']);
    expect(t.maskClip).toEqual(['no-clip']);
  });

  it('expands the mask shorthand with its parts in any order', async () => {
    const { t, warnings } = await computed(
      '#t { mask: luminance no-repeat center / 40px 20px padding-box radial-gradient(black, transparent), url(a.svg) repeat-x content-box no-clip }',
    );
    expect(warnings).toEqual([]);
    expect((t.maskImage[0] as { kind: string }).kind).toBe('radial-gradient');
    expect(t.maskMode).toEqual(['luminance', 'match-source']);
    expect(t.maskRepeat).toEqual([
      ['no-repeat', 'no-repeat'],
      ['repeat', 'no-repeat'],
    ]);
    expect(t.maskSize[0]).toEqual({ width: 40, height: 20 });
    expect(t.maskPosition[0]).toEqual({
      x: { percent: 50, px: 0 },
      y: { percent: 50, px: 0 },
    });
    expect(t.maskOrigin).toEqual(['padding-box', 'content-box']);
    expect(t.maskClip).toEqual(['padding-box', 'no-clip']);
  });

  it('reads the -webkit- names as the standard ones', async () => {
    const { t, warnings } = await computed(
      '#t { -webkit-mask-image: linear-gradient(black, transparent); -webkit-mask-size: 10px; -webkit-mask-repeat: no-repeat }',
    );
    expect(warnings).toEqual([]);
    expect((t.maskImage[0] as { kind: string }).kind).toBe('linear-gradient');
    expect(t.maskSize).toEqual([{ width: 10, height: 'auto' }]);
    expect(t.maskRepeat).toEqual([['no-repeat', 'no-repeat']]);
    const w = await computed('#t { -webkit-mask: url(x.png) no-repeat }');
    expect(w.warnings).toEqual([]);
    expect(w.t.maskRepeat).toEqual([['no-repeat', 'no-repeat']]);
  });

  it('drops a mask shorthand with two images in one layer, with a warning', async () => {
    const { t, warnings } = await computed('#t { mask: url(a.png) url(b.png) }');
    expect(t.maskImage).toEqual(['none']);
    expect(warnings.length).toBeGreaterThan(0);
  });
});
