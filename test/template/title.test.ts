/**
 * HTML without <title> follows the templates' rule: the first heading, else the first block of
 * text, else the default title, always with a document.missing-title warning and never a
 * refusal; the PDF's title (read back by pdf.js) is the one reported.
 */
import { describe, expect, it } from 'vitest';
import { titleFromText } from '../../src/layout/title.js';
import { render } from '../../src/render.js';
import { readPdf } from '../engine/helpers.js';

async function titleOf(body: string, head = '') {
  const result = await render({
    kind: 'html',
    html: `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`,
  });
  expect((await readPdf(result.pdf)).title).toBe(result.title);
  return {
    title: result.title,
    warned: result.warnings.some((w) => w.code === 'document.missing-title'),
  };
}

describe('title of an HTML document without <title>', () => {
  it('keeps a given title without a warning', async () => {
    expect(await titleOf('<h1>Heading</h1>', '<title>Given</title>')).toEqual({
      title: 'Given',
      warned: false,
    });
  });

  it('takes the first heading, even after text', async () => {
    expect(await titleOf('<p>Intro</p><h2>Second-level  heading</h2><h1>Later</h1>')).toEqual({
      title: 'Second-level heading',
      warned: true,
    });
  });

  it('takes the first visible block of text when there is no heading', async () => {
    expect(
      await titleOf(
        '<div style="display:none">Hidden</div><div aria-hidden="true">Decoration</div>' +
          '<img alt="Logo" src="data:,"><p>Dear <b>customer</b>,\nthank you.</p><p>Next</p>',
      ),
    ).toEqual({ title: 'Dear customer, thank you.', warned: true });
    expect(await titleOf('<table><tr><td>Cell text</td></tr></table>')).toEqual({
      title: 'Cell text',
      warned: true,
    });
  });

  it('falls back to the default title for a document without text', async () => {
    expect(await titleOf('<div style="height:10px"></div>')).toEqual({
      title: 'Untitled document',
      warned: true,
    });
  });

  it('cuts a long text at a word boundary', () => {
    const long = 'word '.repeat(40);
    const title = titleFromText(long)!;
    expect(title.endsWith('word…')).toBe(true);
    expect([...title].length).toBeLessThanOrEqual(81);
    expect(titleFromText(' \n ')).toBeUndefined();
    expect(titleFromText('x'.repeat(100))).toBe(`${'x'.repeat(80)}…`);
  });
});
