import { describe, expect, it } from 'vitest';
import { foldRepeatedWarnings } from '../../src/diagnostics.js';
import { render } from '../../src/render.js';

const page = (body: string): string =>
  `<!doctype html><html lang="en"><head><title>Badges</title></head><body>${body}</body></html>`;

describe('repeated warnings', () => {
  it('folds identical warnings into the first, saying how many there were', () => {
    const w = { code: 'a', message: 'm', source: 's' };
    const other = { code: 'a', message: 'm', source: 't' };
    expect(foldRepeatedWarnings([w, other, w, w])).toEqual([
      { ...w, message: 'm (3 times)' },
      other,
    ]);
    expect(foldRepeatedWarnings([w, other])).toEqual([w, other]);
  });

  it('reports thirty unlabelled inline SVG icons once, naming the element', async () => {
    const icon = '<svg width="10" height="10"><rect width="10" height="10"/></svg>';
    const r = await render(
      { kind: 'html', html: page(`<p>${icon.repeat(30)}</p>`) },
      {
        deterministic: true,
      },
    );
    const alt = r.warnings.filter((w) => w.code === 'layout.image-without-alt');
    expect(alt).toHaveLength(1);
    expect(alt[0].message).toMatch(/^<svg> without a <title>.*\(30 times\)$/);
  });
});
