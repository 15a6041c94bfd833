/**
 * The start-up snapshot forgets its sample's cache entries before the heap is saved: a process
 * that forgets them renders the same document to the same bytes, and keeps rendering.
 */
import { describe, expect, it } from 'vitest';
import { forgetDocumentCaches, render } from '../../src/render.js';

const html =
  '<!doctype html><html lang="en"><head><title>Again</title>' +
  '<style>p { font-family: sans-serif } td { border: 1px solid }</style></head><body>' +
  '<h1>Again</h1><p>Shaped <em>words</em> and a subset.</p>' +
  '<table><tr><td>Tea</td><td>1.00</td></tr></table></body></html>';

describe('forgetDocumentCaches', () => {
  it('leaves renders unchanged, before and after', async () => {
    const once = await render({ kind: 'html', html }, { deterministic: true });
    forgetDocumentCaches();
    const again = await render({ kind: 'html', html }, { deterministic: true });
    const cached = await render({ kind: 'html', html }, { deterministic: true });
    expect(Buffer.from(again.pdf).equals(Buffer.from(once.pdf))).toBe(true);
    expect(Buffer.from(cached.pdf).equals(Buffer.from(once.pdf))).toBe(true);
  });
});
