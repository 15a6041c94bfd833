import { describe, expect, it } from 'vitest';
import { render, renderImage } from '../../src/render.js';

const sections = `<html lang="en"><title>Breaks</title><style>section + section { break-before: page }</style>
<section><h1>One</h1><p>First.</p></section><section><h1>Two</h1><p>Second.</p></section></html>`;

describe('forced breaks', () => {
  it('paginate in paged mode', async () => {
    expect((await render({ kind: 'html', html: sections })).pages).toBe(2);
  });

  it('are ignored on one continuous page (image output)', async () => {
    const image = await renderImage({ kind: 'html', html: sections }, { width: 400 });
    expect(image.width).toBe(400);
    expect(image.height).toBeGreaterThan(50);
  });

  it('leave no empty page behind after the last element', async () => {
    const html = `<html lang="en"><title>Tail</title><p>Only</p><p style="break-after: page">Last</p></html>`;
    expect((await render({ kind: 'html', html })).pages).toBe(1);
  });
});
