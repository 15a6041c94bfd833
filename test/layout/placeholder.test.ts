/**
 * ::placeholder: the placeholder of an empty text field or text area takes the pseudo-element's
 * colour, font and opacity (grey by default, as browsers print it); a value hides it.
 */
import { describe, expect, it } from 'vitest';
import { glyphRuns } from './harness.js';
import { layoutSnippet } from './geometry.js';

const CSS = '@page { margin: 0 } body { margin: 0; font: 16px/1.25 sans-serif }';
const PT = 0.75;

async function runOf(html: string, css: string, text: string) {
  const r = await layoutSnippet(html, CSS + css);
  const run = glyphRuns(r.items(0)).find((g) => g.glyphs.texts.join('') === text);
  if (!run) throw new Error(`no run '${text}' in ${r.text(0)}`);
  return run;
}

describe('::placeholder', () => {
  it('is grey by default, in the field’s font', async () => {
    const run = await runOf('<input placeholder="Name">', '', 'Name');
    expect(run.color.r).toBeCloseTo(0x75 / 255, 2);
    expect(run.size).toBeCloseTo(13.33 * PT, 1);
  });

  it('takes colour, font and opacity from ::placeholder rules', async () => {
    const css = `input::placeholder { color: rgb(200 0 0); font-size: 20px; font-style: italic; opacity: 0.5 }
      textarea::-webkit-input-placeholder { color: blue }`;
    const run = await runOf('<input placeholder="Name"> <input value="Kept">', css, 'Name');
    expect(run.color).toEqual({ r: 200 / 255, g: 0, b: 0, a: 0.5 });
    expect(run.size).toBeCloseTo(20 * PT, 1);
    const value = await runOf('<input placeholder="Name"> <input value="Kept">', css, 'Kept');
    expect(value.color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    const area = await runOf('<textarea placeholder="Notes"></textarea>', css, 'Notes');
    expect(area.color).toEqual({ r: 0, g: 0, b: 1, a: 1 });
  });

  it('inherits what it does not set from the field, and a value hides it', async () => {
    const css = 'input { color: green; font-size: 18px } input::placeholder { color: inherit }';
    const run = await runOf('<input placeholder="Name">', css, 'Name');
    expect(run.color).toEqual({ r: 0, g: 128 / 255, b: 0, a: 1 });
    expect(run.size).toBeCloseTo(18 * PT, 1);
    const r = await layoutSnippet('<textarea placeholder="Notes">Written</textarea>', CSS);
    expect(r.text(0)).toContain('Written');
    expect(r.text(0)).not.toContain('Notes');
  });
});
