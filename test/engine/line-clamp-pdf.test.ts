/**
 * A clamped teaser in a real PDF: only the kept lines are drawn, the ellipsis ends the last,
 * the hidden text travels as the ellipsis' ActualText (in the paragraph's marked content), and
 * the document stays PDF/A-3a + PDF/UA-1.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { readPdf } from './helpers.js';

const HIDDEN = 'hidden words at the end of the teaser';

const html =
  '<!doctype html><html lang="en"><head><title>Cards</title><style>' +
  'body { font: 12pt/16pt "DejaVu Sans"; margin: 0 }' +
  '.teaser { width: 160pt; display: -webkit-box; -webkit-box-orient: vertical;' +
  ' -webkit-line-clamp: 2; overflow: hidden }' +
  '</style></head><body><h1>Products</h1>' +
  `<p class="teaser">A sturdy canvas tote with leather handles, an inner pocket and ${HIDDEN}.</p>` +
  '<p>The next paragraph.</p></body></html>';

/** The page's content streams, inflated, as text. */
function contentText(pdf: Uint8Array): string {
  const bytes = Buffer.from(pdf);
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const s = bytes.indexOf('stream\n', at);
    if (s < 0) break;
    const e = bytes.indexOf('endstream', s);
    try {
      out.push(inflateSync(bytes.subarray(s + 7, e)).toString('latin1'));
    } catch {
      // not a deflated stream (fonts, images)
    }
    at = e + 9;
  }
  return out.join('\n');
}

describe('line clamp in the PDF', () => {
  it('draws two lines and an ellipsis that reads as the hidden text', async () => {
    const r = await render({ kind: 'html', html }, { deterministic: true });
    expect(validate(r.pdf).failures ?? []).toEqual([]);
    const back = await readPdf(r.pdf);
    const shown = back.pages[0]?.items.map((i) => i.str).join(' ') ?? '';
    expect(shown).toContain('…');
    expect(shown).not.toContain('teaser');
    expect(shown).toContain('The next paragraph.');
    // The ellipsis' ActualText holds what the clamp hides.
    const actual = /\/ActualText \(([^)]*)\)/.exec(contentText(r.pdf));
    expect(actual?.[1]).toMatch(new RegExp(` ${HIDDEN}\\.$`));
  }, 60_000);
});
