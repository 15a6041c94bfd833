/**
 * Query container properties and the styling side of container queries: which documents the
 * cascade marks as depending on container sizes (they alone are laid out more than once), and
 * restyling with measured sizes.
 */
import { describe, expect, it } from 'vitest';
import type { StyledDocument } from '../../src/style/index.js';
import { byId, find, style } from './helpers.js';

const heightOf = (d: StyledDocument, id: string): unknown => find(d.root, byId(id)).style.height;

describe('container-type, container-name, container', () => {
  it('computes the longhands and the shorthand', async () => {
    const d = await style(`<style>
      #a { container: card sidebar / inline-size }
      #b { container-type: size; container-name: none }
      #c { container: main }
      #d { container-name: none auto; container-type: block-size }
    </style><div id=a></div><div id=b></div><div id=c></div><div id=d></div>`);
    const s = (id: string) => find(d.root, byId(id)).style;
    expect([s('a').containerName, s('a').containerType]).toEqual([
      ['card', 'sidebar'],
      'inline-size',
    ]);
    expect([s('b').containerName, s('b').containerType]).toEqual([[], 'size']);
    expect([s('c').containerName, s('c').containerType]).toEqual([['main'], 'normal']);
    // Invalid values are dropped: the initial values stay.
    expect([s('d').containerName, s('d').containerType]).toEqual([[], 'normal']);
  });
});

describe('restyling for container sizes', () => {
  const HTML = `<style>
      .c { container-type: inline-size }
      p { height: 10px }
      @container (width > 300px) { p { height: 30px } }
    </style><div class=c id=c><p id=p>x</p></div>`;

  it('marks a document with size queries and containers, and restyles it with sizes', async () => {
    const d = await style(HTML);
    expect(heightOf(d, 'p')).toBe(10);
    const restyle = d.containerQueries;
    expect(restyle).toBeDefined();
    const c = find(d.root, byId('c'));
    const wide = restyle?.restyle(new Map([[c.nodeId, { width: 400, height: 50 }]]));
    expect(wide && heightOf(wide, 'p')).toBe(30);
    // The same sizes again: the styles already hold.
    const c2 = wide && find(wide.root, byId('c'));
    expect(
      c2 && wide.containerQueries?.restyle(new Map([[c2.nodeId, { width: 400, height: 50 }]])),
    ).toBeNull();
  });

  it('leaves documents without size containers or size queries alone', async () => {
    expect(
      (await style('<style>p { width: 10cqw }</style><p>x</p>')).containerQueries,
    ).toBeUndefined();
    expect(
      (await style('<style>.c { container-type: inline-size }</style><div class=c>x</div>'))
        .containerQueries,
    ).toBeUndefined();
    expect(
      (
        await style(
          '<style>@container style(--a: 1) { p { color: red } }</style><div style="--a: 1"><p>x</p></div>',
        )
      ).containerQueries,
    ).toBeUndefined();
    // cq units inside a size container do depend on its size, a pseudo-element's too.
    expect(
      (
        await style(
          '<style>.c { container-type: inline-size } .c::before { content: "a"; width: 10cqw }</style><div class=c>x</div>',
        )
      ).containerQueries,
    ).toBeDefined();
    expect(
      (
        await style(
          '<style>.c { container-type: inline-size } p { width: 10cqw }</style><div class=c><p>x</p></div>',
        )
      ).containerQueries,
    ).toBeDefined();
  });
});
