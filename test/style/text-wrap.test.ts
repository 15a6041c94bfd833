import { describe, expect, it } from 'vitest';
import { byId, find, style } from './helpers.js';

async function styleOf(css: string, body = '<p id=t>x</p>') {
  const d = await style(`<style>${css}</style><body>${body}</body>`);
  return { s: find(d.root, byId('t')).style, warnings: d.warnings.map((w) => w.message) };
}

describe('white-space as the shorthand of white-space-collapse and text-wrap-mode', () => {
  it('expands the legacy keywords and keeps the value layout reads', async () => {
    const cases: [string, string, string, string][] = [
      ['normal', 'collapse', 'wrap', 'normal'],
      ['pre', 'preserve', 'nowrap', 'pre'],
      ['nowrap', 'collapse', 'nowrap', 'nowrap'],
      ['pre-wrap', 'preserve', 'wrap', 'pre-wrap'],
      ['pre-line', 'preserve-breaks', 'wrap', 'pre-line'],
      ['break-spaces', 'break-spaces', 'wrap', 'break-spaces'],
    ];
    for (const [value, collapse, mode, legacy] of cases) {
      const { s } = await styleOf(`#t { white-space: ${value} }`);
      expect([s.whiteSpaceCollapse, s.textWrapMode, s.whiteSpace]).toEqual([
        collapse,
        mode,
        legacy,
      ]);
    }
  });

  it('takes the longhands in any order and combines them', async () => {
    expect((await styleOf('#t { white-space: nowrap preserve }')).s.whiteSpace).toBe('pre');
    expect((await styleOf('#t { white-space: preserve-breaks nowrap }')).s.whiteSpace).toBe(
      'pre-line-nowrap',
    );
    const { s } = await styleOf('#t { white-space: pre } #t { text-wrap-mode: wrap }');
    expect(s.whiteSpace).toBe('pre-wrap');
    const c = await styleOf('#t { white-space-collapse: preserve-breaks }');
    expect(c.s.whiteSpace).toBe('pre-line');
  });

  it('inherits each longhand on its own', async () => {
    const { s } = await styleOf(
      'div { white-space: pre } #t { white-space-collapse: collapse }',
      '<div><p id=t>x</p></div>',
    );
    expect(s.whiteSpace).toBe('nowrap');
  });

  it('warns where a value is approximated', async () => {
    const a = await styleOf('#t { white-space-collapse: preserve-spaces }');
    expect(a.s.whiteSpace).toBe('pre-wrap');
    expect(a.warnings.join('\n')).toMatch(/preserve-spaces is not supported/);
    const b = await styleOf('#t { white-space: collapse discard-before }');
    expect(b.warnings.join('\n')).toMatch(/white-space-trim is not supported/);
    expect((await styleOf('#t { white-space: pre pre-wrap }')).s.whiteSpace).toBe('normal');
  });
});

describe('text-wrap', () => {
  it('sets the mode and the style; stable wraps as auto', async () => {
    const b = (await styleOf('#t { text-wrap: balance }')).s;
    expect([b.textWrapMode, b.textWrapStyle]).toEqual(['wrap', 'balance']);
    const p = (await styleOf('#t { text-wrap: nowrap pretty }')).s;
    expect([p.textWrapMode, p.textWrapStyle, p.whiteSpace]).toEqual(['nowrap', 'pretty', 'nowrap']);
    expect((await styleOf('#t { text-wrap: stable }')).s.textWrapStyle).toBe('auto');
    expect((await styleOf('#t { text-wrap-style: pretty }')).s.textWrapStyle).toBe('pretty');
    expect(
      (await styleOf('div { text-wrap: balance }', '<div><p id=t>x</p></div>')).s.textWrapStyle,
    ).toBe('balance');
  });
});

describe('line clamp', () => {
  const card = 'display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden';

  it('clamps a vertical -webkit-box with -webkit-line-clamp as a block container', async () => {
    const { s, warnings } = await styleOf(`#t { ${card}; -webkit-line-clamp: 3 }`);
    expect([s.display, s.maxLines, s.continue, s.blockEllipsis]).toEqual([
      'block',
      3,
      'discard',
      'auto',
    ]);
    expect(warnings).toEqual([]);
    const inline = (
      await styleOf(`#t { ${card}; display: -webkit-inline-box; -webkit-line-clamp: 2 }`)
    ).s;
    expect([inline.display, inline.continue]).toEqual(['inline-block', 'discard']);
  });

  it('-webkit-line-clamp clamps nothing else; a legacy box is otherwise a flex container', async () => {
    const plain = (await styleOf('#t { -webkit-line-clamp: 3 }')).s;
    expect([plain.display, plain.continue]).toEqual(['block', 'auto']);
    const row = (await styleOf('#t { display: -webkit-box; -webkit-line-clamp: 3 }')).s;
    expect([row.display, row.continue, row.flexDirection]).toEqual(['flex', 'auto', 'row']);
    const column = (await styleOf('#t { display: -webkit-box; -webkit-box-orient: vertical }')).s;
    expect([column.display, column.flexDirection]).toEqual(['flex', 'column']);
  });

  it('reads line-clamp and its longhands', async () => {
    const a = (await styleOf('#t { line-clamp: 2 }')).s;
    expect([a.maxLines, a.continue, a.blockEllipsis]).toEqual([2, 'discard', 'auto']);
    const b = (await styleOf('#t { line-clamp: 4 " [more]" }')).s;
    expect([b.maxLines, b.blockEllipsis]).toEqual([4, { string: ' [more]' }]);
    const c = (await styleOf('#t { line-clamp: 2 } #t { line-clamp: none }')).s;
    expect([c.maxLines, c.continue]).toEqual(['none', 'auto']);
    const d = (await styleOf('#t { max-lines: 3; continue: discard; block-ellipsis: none }')).s;
    expect([d.maxLines, d.continue, d.blockEllipsis]).toEqual([3, 'discard', 'none']);
    const bad = await styleOf('#t { line-clamp: 0; max-lines: -2 }');
    expect(bad.s.maxLines).toBe('none');
  });
});

describe('initial-letter', () => {
  it('reads the size and sink, and floats ::first-letter to the start side', async () => {
    const d = await style(
      '<style>p::first-letter { initial-letter: 3 } #b::first-letter { initial-letter: 2.5 raise } #c::first-letter { initial-letter: 3 2 } #r { direction: rtl }</style><p id=a>Alpha</p><p id=b>Beta</p><p id=c>Gamma</p><p id=r>Rho</p>',
    );
    const letter = (id: string) => {
      const p = find(d.root, byId(id));
      const el = p.children.find((c) => c.kind === 'element');
      if (!el || el.kind !== 'element') throw new Error('no first letter');
      return el.style;
    };
    expect([letter('a').initialLetter, letter('a').float]).toEqual([{ size: 3, sink: 3 }, 'left']);
    expect(letter('b').initialLetter).toEqual({ size: 2.5, sink: 1 });
    expect(letter('c').initialLetter).toEqual({ size: 3, sink: 2 });
    expect(letter('r').float).toBe('right');
    expect(d.warnings).toEqual([]);
  });

  it('drops invalid values', async () => {
    const { s } = await styleOf('#t { initial-letter: 0.5 } #t { initial-letter: 3 0 }');
    expect(s.initialLetter).toBe('normal');
  });
});
