/**
 * Footnotes through the whole pipeline, read back with pdfjs-dist: numbers restarted per page
 * by `@page { counter-reset: footnote }`, a footnote too tall for its page continued on the
 * next, every piece in a Note, and our validator at zero failures.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { readPdf, roles } from './helpers.js';

const CSS = `@page { size: 300px 300px; margin: 20px; counter-reset: footnote }
  body { margin: 0; font: 10px/20px sans-serif } p { margin: 0 }
  .fn { float: footnote } h1 { break-before: page; font-size: 12px; margin: 0 }`;

describe('footnotes in the PDF', () => {
  it('restarts numbers per page and continues a long footnote, tagged as Notes', async () => {
    const long = Array.from({ length: 160 }, (_, i) => `w${i}`).join(' ');
    const html = `<!DOCTYPE html><html lang="en"><head><title>Notes</title><style>${CSS}</style></head><body>
      <p>First<span class="fn">alpha</span> and second<span class="fn">beta</span>.</p>
      <h1>Next</h1><p>Third<span class="fn">gamma</span> and long<span class="fn">${long}</span>.</p>
      <p>After.</p></body></html>`;
    const r = await render({ kind: 'html', html }, { deterministic: true });
    const back = await readPdf(r.pdf);
    const text = back.pages.map((p) => p.text.replace(/\s+/g, ' '));
    expect(text[0]).toMatch(/1\.?\s*alpha/);
    expect(text[0]).toMatch(/2\.?\s*beta/);
    // The second page starts again at 1.
    expect(text[1]).toMatch(/1\.?\s*gamma/);
    expect(text[1]).toMatch(/2\.?\s*w0 /);
    // The long footnote goes on over the next page(s): every word once, in order (pdfjs
    // joins the end of one line to the start of the next without a space).
    const words = text.slice(1).join(' ').match(/w\d+/g) ?? [];
    expect(words).toEqual(Array.from({ length: 160 }, (_, i) => `w${i}`));
    expect(back.pages.length).toBeGreaterThan(2);
    // Each page's pieces are in Note elements.
    expect(roles(back.structs[0]).filter((x) => x === 'Note')).toHaveLength(2);
    expect(roles(back.structs[2])).toContain('Note');
    const { validate } = await import('../../src/validate/index.js');
    expect(validate(r.pdf).failures ?? []).toEqual([]);
  });
});
