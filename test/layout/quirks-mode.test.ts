/**
 * Quirks mode, as a legacy DOCTYPE (office suites' HTML export) selects it: tables do not inherit
 * the text's alignment and font, and default margins vanish at the top and bottom of cells.
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from './geometry.js';

const LEGACY = '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN">';

function page(doctype: string, centre = '<center>'): string {
  const close = centre === '<center>' ? '</center>' : '</div>';
  return (
    `${doctype}<html lang=en><head><title>Quirks</title><style>` +
    '@page { size: 400px 300px; margin: 0 } body { margin: 0 }' +
    ' p { margin-bottom: 5px; font-size: 10px; line-height: 10px } td { padding: 0 } #d p { margin-top: 3px }</style></head><body>' +
    `${centre}<table id=t cellspacing=0><tr><td id=c style="width: 100px"><p>Studio</p></td>` +
    `<td id=d><p>Two-bedroom house</p></td></tr></table>${close}</body></html>`
  );
}

describe('quirks mode', () => {
  it('drops the default top margin in a cell but keeps the author margins', async () => {
    const quirks = await layoutSnippet(page(LEGACY));
    // The row is as tall as the neighbour's author margin of 3px (kept) + 10px line + 5px; the
    // 1em default above "Studio" is gone, so it no longer sets the height.
    expect(quirks.box('c')[0].height).toBe(18);
    const standard = await layoutSnippet(page('<!DOCTYPE html>'));
    expect(standard.box('c')[0].height).toBe(25);
  });

  it('starts cell text at the start edge inside centred text, and no DOCTYPE stays standard', async () => {
    const centred = '<div style="text-align: center">';
    const quirks = await layoutSnippet(page(LEGACY, centred));
    const c = quirks.box('c')[0];
    const line = quirks.lines(0).find((l) => l.text.startsWith('Studio'));
    expect(line?.x).toBeCloseTo(c.x, 0);
    const bare = await layoutSnippet(page('', centred));
    const b = bare.box('c')[0];
    const inherited = bare.lines(0).find((l) => l.text.startsWith('Studio'));
    expect(inherited?.x).toBeGreaterThan(b.x + 5);
  });

  it('never lets <center> or align=center align the text of a table inside, in any mode', async () => {
    for (const doctype of [LEGACY, '<!DOCTYPE html>'])
      for (const centre of ['<center>', '<div align=center>']) {
        const r = await layoutSnippet(page(doctype, centre));
        const c = r.box('c')[0];
        const line = r.lines(0).find((l) => l.text.startsWith('Studio'));
        expect(line?.x).toBeCloseTo(c.x, 0);
        // The table itself is still centred.
        expect(r.box('t')[0].x).toBeGreaterThan(50);
      }
  });
});
