/**
 * The no-loss checker itself (test/support/no-loss.ts): it must find words that are missing,
 * tell the text layer from the structure tree, and ask only for visible text.
 */
import { describe, expect, it } from 'vitest';
import type { Warning } from '../../src/diagnostics.js';
import { render } from '../../src/render.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { checkNoLoss, type NoLossReport } from '../support/no-loss.js';

const page = (body: string, head = '') =>
  `<!doctype html><html lang="en"><head><title>t</title>${head}</head><body>${body}</body></html>`;

/** Checks `checked` against the PDF rendered from `rendered` (the same document by default). */
async function check(
  checked: string,
  rendered = checked,
  warnings?: readonly Warning[],
): Promise<NoLossReport> {
  const result = await render({ kind: 'html', html: rendered }, { deterministic: true });
  return checkNoLoss({
    html: checked,
    loader: createResourceLoader(),
    pdf: result.pdf,
    warnings: warnings ?? result.warnings,
  });
}

const lostWords = (r: NoLossReport) => ({
  text: r.lostFromText.map((l) => l.word),
  structure: r.lostFromStructure.map((l) => l.word),
});

describe('the no-loss invariant', () => {
  it('passes a document whose words all reach the PDF, generated text included', async () => {
    const html = page(
      '<h1>Quarterly figures</h1><p class="n">Revenue rose <b>twelve</b> percent.</p><ol><li>First item</li></ol>',
      '<style>.n::before { content: "Note: " } .n::after { content: attr(class) "-suffix" }</style>',
    );
    const report = await check(html);
    expect(lostWords(report)).toEqual({ text: [], structure: [] });
    // 8 words of text, plus generated ones: "note", "n" and "suffix", the list marker's "1".
    expect(report.visibleWords).toBe(12);
  });

  it('names each word that is missing, with its element', async () => {
    const report = await check(
      page('<p id="intro">Alpha beta gamma</p><p>delta</p>'),
      page('<p id="intro">Alpha gamma</p><p>delta</p>'),
    );
    expect(lostWords(report)).toEqual({ text: ['beta'], structure: ['beta'] });
    expect(report.lostFromText[0].elements).toEqual(['html > body > p#intro']);
  });

  it('counts repeated words: two in the document and one in the PDF loses one', async () => {
    const report = await check(page('<p>echo echo</p>'), page('<p>echo</p>'));
    expect(report.lostFromText).toEqual([
      { word: 'echo', missing: 1, elements: ['html > body > p'] },
    ]);
  });

  it('tells the structure tree from the text layer: page furniture is an artifact', async () => {
    const furniture = '<style>@page { @bottom-center { content: "Confidential" } }</style>';
    const report = await check(
      page('<p>Alpha</p><p>Confidential</p>'),
      page('<p>Alpha</p>', furniture),
    );
    expect(lostWords(report)).toEqual({ text: [], structure: ['confidential'] });
  });

  it('asks only for visible text: not display: none, not visibility: hidden, not alt text', async () => {
    const style =
      '<style>.gone { display: none } .ghost { visibility: hidden } .ghost em { visibility: visible }</style>';
    const html = page(
      '<p>Shown</p><p class="gone">Hidden one</p><p class="ghost">Hidden two <em>shown again</em></p>' +
        '<img alt="Picture words" src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%222%22 height=%222%22/%3E">',
      style,
    );
    const report = await check(html, page('<p>Shown</p><p><em>shown again</em></p>'));
    expect(lostWords(report)).toEqual({ text: [], structure: [] });
    expect(report.visibleWords).toBe(3);
  });

  it('asks for form values: a text field value, the selected option, a placeholder', async () => {
    const html = page(
      '<input value="Ada Lovelace"><input placeholder="Phone number"><select><option>Red</option><option selected>Green</option></select>',
    );
    const report = await check(html, page('<p>Ada Lovelace</p><p>Phone number</p><p>Red</p>'));
    expect(lostWords(report).text).toEqual(['green']);
  });

  it('is excused by a warning that names the element (or an ancestor) and is not about CSS', async () => {
    const checked = page('<div class="kpi"><p>Revenue</p></div><p id="x">Costs</p>');
    const rendered = page('<p>Other</p>');
    const naming: Warning = {
      code: 'layout.content-dropped',
      message: 'grid items are not laid out',
      source: 'div.kpi',
    };
    const cssOnly: Warning = { code: 'css.unsupported', message: 'rule ignored', source: '#x' };
    const report = await check(checked, rendered, [naming, cssOnly]);
    expect(lostWords(report).text).toEqual(['costs']);
    expect(report.excusedWords).toBe(1);
  });

  it('reads letter-spaced capitals as words although pdfjs splits their letters', async () => {
    const html = page(
      '<h2 style="letter-spacing: 0.3em; text-transform: uppercase">Billed to</h2><p>Marrow Lane</p>',
    );
    expect(lostWords(await check(html))).toEqual({ text: [], structure: [] });
  });
});
