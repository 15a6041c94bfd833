/** @counter-style: author counter styles in markers, counter() and page margin boxes. */
import { describe, expect, it } from 'vitest';
import type { StyledElement, StyledPseudo } from '../../src/style/types.js';
import { all, byTag, style } from './helpers.js';
import { layoutSnippet } from '../layout/geometry.js';

const text = (p: StyledPseudo | undefined): string =>
  (p?.content ?? []).map((c) => (c.kind === 'text' ? c.text : `[${c.kind}]`)).join('');

const pseudo = (e: StyledElement, kind: StyledPseudo['pseudo']): StyledPseudo | undefined =>
  e.children.find((c): c is StyledPseudo => c.kind === 'pseudo' && c.pseudo === kind);

async function markers(css: string, items: number): Promise<string[]> {
  const d = await style(`<style>${css}</style><ol>${'<li>x</li>'.repeat(items)}</ol>`);
  return all(d.root, byTag('li')).map((li) => text(pseudo(li, 'marker')));
}

describe('@counter-style', () => {
  it('numbers list markers in each system, with prefix and suffix', async () => {
    const rule = (desc: string): string => `@counter-style s { ${desc} } ol { list-style: s }`;
    expect(await markers(rule('system: cyclic; symbols: "*" "+"; suffix: " "'), 3)).toEqual([
      '* ',
      '+ ',
      '* ',
    ]);
    // Out of range: the fallback's representation, this style's suffix.
    expect(await markers(rule('system: fixed 2; symbols: A B; suffix: ""'), 4)).toEqual([
      '1',
      'A',
      'B',
      '4',
    ]);
    expect(await markers(rule('system: symbolic; symbols: "*" "†"'), 4)).toEqual([
      '*. ',
      '†. ',
      '**. ',
      '††. ',
    ]);
    expect(await markers(rule('system: alphabetic; symbols: a b'), 4)).toEqual([
      'a. ',
      'b. ',
      'aa. ',
      'ab. ',
    ]);
    expect(await markers(rule('system: numeric; symbols: "0" "1"; pad: 3 "0"'), 3)).toEqual([
      '001. ',
      '010. ',
      '011. ',
    ]);
    expect(
      await markers(rule('system: additive; additive-symbols: 5 V, 4 IV, 1 I; suffix: ")"'), 6),
    ).toEqual(['I)', 'II)', 'III)', 'IV)', 'V)', 'VI)']);
    expect(
      await markers(rule('system: extends lower-roman; prefix: "("; suffix: ") "'), 2),
    ).toEqual(['(i) ', '(ii) ']);
  });

  it('falls back outside its range, and chains extends', async () => {
    const css = `@counter-style two { system: cyclic; symbols: x; range: 1 2; fallback: up }
      @counter-style up { system: extends upper-alpha; suffix: " " }
      ol { list-style: two }`;
    expect(await markers(css, 3)).toEqual(['x. ', 'x. ', 'C. ']);
  });

  it('formats counter() and warns once of an undefined style', async () => {
    const d = await style(`<style>@counter-style bin { system: numeric; symbols: "0" "1" }
      h2::before { counter-increment: h; content: counter(h, bin) " " counter(h, nope) }
      h3::before { content: counter(h, nope) }</style><h2>a</h2><h2>b</h2><h3>c</h3>`);
    const [, b] = all(d.root, byTag('h2'));
    expect(text(pseudo(b, 'before'))).toBe('10 2');
    expect(d.warnings.filter((w) => w.message.includes("'nope'"))).toHaveLength(1);
  });

  it('refuses a rule without enough symbols, or redefining a predefined style', async () => {
    const d = await style(`<style>@counter-style a { system: alphabetic; symbols: x }
      @counter-style decimal { system: cyclic; symbols: "*" }</style><p>x</p>`);
    expect(
      d.warnings.filter((w) => w.message.startsWith('@counter-style rule ignored')),
    ).toHaveLength(2);
  });

  it('numbers pages in a margin box', async () => {
    const r = await layoutSnippet(
      '<p>a</p><p style="break-before: page">b</p>',
      `@counter-style circled { system: fixed; symbols: ① ② ③ }
       @page { size: 300px 200px; margin: 40px; @bottom-center { content: counter(page, circled) } }`,
    );
    expect(r.text(0)).toContain('①');
    expect(r.text(1)).toContain('②');
  });
});
