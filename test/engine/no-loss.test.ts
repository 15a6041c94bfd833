/**
 * The no-loss invariant over every HTML fixture of the test suite: each visible word reaches
 * the PDF's text layer and its structure tree (read back with pdfjs-dist), or a warning names
 * its element and says why (test/support/no-loss.ts). The fuzz corpus has its own run
 * (test/fuzz/no-loss.test.ts).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { checkNoLoss, describeLoss } from '../support/no-loss.js';
import { FIXTURES, loadFixture } from './helpers.js';

const names = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.html'))
  .map((f) => f.slice(0, -'.html'.length))
  .sort();

describe('no silent loss over the HTML fixtures', () => {
  it('finds the fixtures', () => {
    expect(names.length).toBeGreaterThanOrEqual(12);
  });

  for (const name of names) {
    it(`${name}: every visible word is in the text layer and the structure tree`, async () => {
      const html = await loadFixture(name);
      const result = await render({ kind: 'html', html }, { deterministic: true });
      const report = await checkNoLoss({
        html,
        loader: createResourceLoader(),
        pdf: result.pdf,
        warnings: result.warnings,
      });
      expect(describeLoss(report)).toEqual([]);
      expect(report.visibleWords).toBeGreaterThan(0);
    }, 120_000);
  }
});
