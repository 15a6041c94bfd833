/** Page-level CSS through the whole pipeline: named pages and :first. */
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { readPdf } from './helpers.js';

describe('named pages', () => {
  it('put a cover on its own page with its own margin boxes', async () => {
    const html = `<!DOCTYPE html><html lang="en"><head><title>Named</title><style>
      @page { size: A5; margin: 20mm; @bottom-center { content: "Page " counter(page); } }
      @page cover { margin: 40mm; @bottom-center { content: none; } }
      .cover { page: cover; }
      body { font-family: sans-serif; }
    </style></head><body>
      <section class="cover"><h1>Cover title</h1></section>
      <h2>Chapter</h2><p>Body text.</p>
    </body></html>`;
    const r = await render({ kind: 'html', html }, { deterministic: true });
    const back = await readPdf(r.pdf);
    expect(back.pages).toHaveLength(2);
    expect(back.pages[0].text).toContain('Cover title');
    expect(back.pages[0].text).not.toContain('Page 1');
    expect(back.pages[1].text).toContain('Chapter');
    expect(back.pages[1].text).toContain('Page 2');
    // The cover page has the larger margin.
    const cover = back.pages[0].items.find((i) => i.str.includes('Cover'))!;
    const chapter = back.pages[1].items.find((i) => i.str.includes('Chapter'))!;
    expect(cover.y).toBeGreaterThan(chapter.y);
  });
});

describe('left and right breaks', () => {
  it('leave a blank page before a chapter that must start on a right page', async () => {
    const html = `<!DOCTYPE html><html lang="en"><head><title>Chapters</title><style>
      h1 { break-before: right; } body { font-family: serif; }
    </style></head><body><h1>One</h1><p>First chapter.</p><h1>Two</h1><p>Second chapter.</p></body></html>`;
    const r = await render({ kind: 'html', html }, { deterministic: true });
    const back = await readPdf(r.pdf);
    expect(back.pages.map((p) => p.text.trim().slice(0, 3))).toEqual(['One', '', 'Two']);
    const { validate } = await import('../../src/validate/index.js');
    expect(validate(r.pdf).failures ?? []).toEqual([]);
  });
});
