/**
 * Awkward but legal HTML must render to a valid tagged PDF (or fail with a typed error), never
 * crash or hang.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';

const doc = (body: string, head = '') =>
  `<!DOCTYPE html><html lang="en"><head><title>Edge</title>${head}</head><body>${body}</body></html>`;

const CASES: Record<string, string> = {
  'empty body': doc(''),
  'text only': 'Just some text without any markup at all.',
  'table without rows': doc('<table></table><p>after</p>'),
  'odd spans': doc(
    '<table><tr><td colspan="0" rowspan="9999">a</td><td>b</td></tr><tr><td colspan="5">c</td></tr></table>',
  ),
  'cells outside a table': doc('<td>loose cell</td><tr><td>loose row</td></tr><li>loose item</li>'),
  'nested tables': doc(
    '<table><tr><td><table><tr><th>inner</th></tr><tr><td>x</td></tr></table></td><td>outer</td></tr></table>',
  ),
  'negative and huge sizes': doc(
    '<div style="margin-top:-50px;width:0;height:0">zero</div><p style="font-size:200px">Big</p><div style="width:5000px">wide</div><div style="padding:-5px;margin-left:-40px">neg</div>',
  ),
  'zero-size image and bad src': doc(
    '<img src="data:image/png;base64," alt="nothing"><img alt="no src"><img src="data:," alt="">',
  ),
  'long unbreakable word': doc(
    `<p>${'x'.repeat(3000)}</p><table><tr><td>${'y'.repeat(500)}</td></tr></table>`,
  ),
  'everything breaks': doc(
    Array.from(
      { length: 6 },
      (_, i) => `<p style="break-before:page;break-after:page;break-inside:avoid">p${i}</p>`,
    ).join(''),
  ),
  'deeply nested lists': doc('<ul><li>'.repeat(60) + 'deep' + '</li></ul>'.repeat(60)),
  'abs and fixed everywhere': doc(
    '<div style="position:fixed;bottom:0">fixed</div><div style="position:absolute;top:-100px;left:-100px">off-page</div><span style="position:absolute;right:0">abs inline</span>',
  ),
  'flex oddities': doc(
    '<div style="display:flex;flex-direction:column-reverse;flex-wrap:wrap-reverse;height:10px"><span>a</span>text<b>b</b></div><div style="display:inline-flex">x</div>',
  ),
};

describe('awkward HTML', () => {
  it.each(Object.keys(CASES))('%s renders to a valid PDF', async (name) => {
    const r = await render({ kind: 'html', html: CASES[name] }, { deterministic: true });
    expect(r.pages).toBeGreaterThan(0);
    const report = validate(r.pdf);
    expect((report.failures ?? []).map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
  });
});
