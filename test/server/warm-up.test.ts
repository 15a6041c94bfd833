/**
 * The worker warm-up renders documents that exercise what real requests use; they must render
 * cleanly (a warning would mean a path was not warmed) and stay PDF/A-3a + PDF/UA-1, except for
 * the one style sheet value it uses because the engine does not draw it.
 */
import { describe, expect, it } from 'vitest';
import { render, validate } from '../../src/index.js';
import { warmUpInputs, warmUpWorker } from '../../src/server/warm-up.js';

describe('worker warm-up', () => {
  it('renders an HTML document and a template, both compliant, warning only of its one undrawn value', async () => {
    const inputs = warmUpInputs(1);
    expect(inputs.map((i) => i.kind)).toEqual(['html', 'template']);
    const warnings: string[] = [];
    for (const input of inputs) {
      const result = await render(input);
      warnings.push(...result.warnings.map((w) => `${w.code} ${w.message}`));
      expect(validate(result.pdf).isCompliant).toBe(true);
    }
    // The image-set() background is there to warm the check that tells an unsupported value from an
    // invalid one; nothing else may warn.
    expect(warnings.length).toBeGreaterThan(0);
    for (const w of warnings) expect(w).toMatch(/^css\.unsupported .*image-set\(/);
  });

  it('uses tables, lists, links, an SVG, a raster image, flex and a QR code', () => {
    const [html, template] = warmUpInputs(0);
    const markup = html.kind === 'html' ? html.html : '';
    for (const part of ['<table', '<ul', '<a href', '<svg', 'data:image/png', 'display: flex'])
      expect(markup).toContain(part);
    expect(JSON.stringify(template)).toContain('"symbology":"qr"');
  });

  it('varies its documents from round to round, so caches do not make later rounds free', () => {
    expect(warmUpInputs(1)).not.toEqual(warmUpInputs(2));
  });

  it('runs at least the minimum rounds within its budget and none without one', async () => {
    const warm = await warmUpWorker(60_000, { minRounds: 2 });
    expect(warm.rounds).toBeGreaterThanOrEqual(2);
    expect((await warmUpWorker(0)).rounds).toBe(0);
  });
});
