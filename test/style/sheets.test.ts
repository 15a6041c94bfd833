import * as csstree from 'css-tree';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LimitError } from '../../src/diagnostics.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { ResourceError } from '../../src/resources/types.js';
import { DEFAULT_CSS_LIMITS, styleDocument } from '../../src/style/index.js';
import { byId, byTag, fakeLoader, find, style } from './helpers.js';

const RED = { r: 1, g: 0, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 1, a: 1 };

describe('stylesheet loading', () => {
  it('loads <link> and @import through the loader, relative to the right base, in cascade order', async () => {
    const loader = fakeLoader({
      'https://ex.test/css/main.css':
        '@import "parts/a.css"; p { color: red; background: url(img/bg.png) }',
      'https://ex.test/css/parts/a.css': 'p { color: blue; font-size: 20px }',
      'https://ex.test/late.css': 'p { font-size: 30px }',
    });
    const d = await styleDocument(
      '<link rel=stylesheet href="../css/main.css"><style>p { font-size: 25px }</style><link rel=stylesheet href="/late.css"><p id=t>x</p>',
      { baseUrl: 'https://ex.test/doc/index.html', loader },
    );
    const p = find(d.root, byId('t'));
    expect(p.style.color).toEqual(RED); // main.css after its import
    expect(p.style.fontSize).toBe(30); // late.css last
    expect(p.style.backgroundLayers[0].image).toEqual({
      kind: 'url',
      url: 'https://ex.test/css/img/bg.png',
    });
    expect(loader.requests.sort()).toEqual([
      'https://ex.test/css/main.css',
      'https://ex.test/css/parts/a.css',
      'https://ex.test/late.css',
    ]);
  });

  it('honours <base href> for links and the returned baseUrl', async () => {
    const loader = fakeLoader({ 'https://cdn.test/s/x.css': 'p { color: blue }' });
    const d = await styleDocument(
      '<base href="https://cdn.test/s/"><link rel=stylesheet href=x.css><p id=t>x</p>',
      { loader },
    );
    expect(find(d.root, byId('t')).style.color).toEqual(BLUE);
    expect(d.baseUrl).toBe('https://cdn.test/s/');
  });

  it('turns a failed stylesheet into a warning, or an error in strict mode', async () => {
    const d = await style('<link rel=stylesheet href="https://ex.test/missing.css"><p>x</p>');
    expect(d.warnings.map((w) => w.code)).toContain('resource.failed');
    await expect(
      styleDocument('<link rel=stylesheet href="https://ex.test/missing.css">', {
        loader: fakeLoader(),
        strict: true,
      }),
    ).rejects.toBeInstanceOf(ResourceError);
  });

  it('stops @import cycles', async () => {
    const loader = fakeLoader({
      'https://ex.test/a.css': '@import "b.css"; p { color: red }',
      'https://ex.test/b.css': '@import "a.css"; p { font-size: 9px }',
    });
    const d = await styleDocument(
      '<link rel=stylesheet href="https://ex.test/a.css"><p id=t>x</p>',
      { loader },
    );
    expect(find(d.root, byId('t')).style.color).toEqual(RED);
    expect(find(d.root, byId('t')).style.fontSize).toBe(9);
    expect(d.warnings.map((w) => w.code)).toContain('css.import-cycle');
  });

  it('evaluates @media for print and the page width, and media attributes', async () => {
    const d = await style(
      `<style>
        @media screen { #a { color: red } }
        @media print { #b { color: blue } }
        @media (min-width: 100px) and (max-width: 10000px) { #c { color: blue } }
        @media (width >= 5000px) { #d { color: red } }
        @media not screen { #e { color: blue } }
        @media print and (orientation: portrait) { #f { color: blue } }
      </style><style media="screen">#g { color: red }</style><style media="print, screen">#h { color: blue }</style>
      <p id=a>a</p><p id=b>b</p><p id=c>c</p><p id=d>d</p><p id=e>e</p><p id=f>f</p><p id=g>g</p><p id=h>h</p>`,
    );
    const c = (id: string) => find(d.root, byId(id)).style.color;
    for (const id of ['a', 'd', 'g']) expect(c(id), id).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    for (const id of ['b', 'c', 'e', 'f', 'h']) expect(c(id), id).toEqual(BLUE);
  });

  it('evaluates @supports', async () => {
    const d = await style(
      '<style>@supports (display: flex) { #a { color: blue } } @supports (display: ruby) { #b { color: red } } @supports not (frob: 1) { #c { color: blue } } @supports (display: grid) and (columns: 2) { #d { color: blue } }</style><p id=a></p><p id=b></p><p id=c></p><p id=d></p>',
    );
    expect(find(d.root, byId('a')).style.color).toEqual(BLUE);
    expect(find(d.root, byId('b')).style.color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(find(d.root, byId('c')).style.color).toEqual(BLUE);
    expect(find(d.root, byId('d')).style.color).toEqual(BLUE);
  });

  it('collects @font-face rules with resolved sources', async () => {
    const d = await style(
      `<style>@font-face { font-family: "Brand Sans"; src: url(f/brand.woff2) format("woff2"), local(Brand); font-weight: 300 700; font-style: italic; unicode-range: U+0000-00FF, U+4?? }</style>`,
      { baseUrl: 'https://ex.test/' },
    );
    expect(d.fontFaces).toEqual([
      {
        family: 'Brand Sans',
        sources: [{ url: 'https://ex.test/f/brand.woff2', format: 'woff2' }, { local: 'Brand' }],
        weight: [300, 700],
        style: 'italic',
        unicodeRange: [
          [0, 0xff],
          [0x400, 0x4ff],
        ],
      },
    ]);
  });

  it('says which part an ignored @font-face lacks', async () => {
    // Word's font declarations: a family and metrics, no file.
    const d = await style(
      '<style>@font-face { font-family: Calibri; panose-1: 2 15 5 2 2 2 4 3 2 4 } @font-face { src: url(a.woff) }</style>',
    );
    expect(d.fontFaces).toEqual([]);
    const msgs = d.warnings.filter((w) => w.code === 'css.invalid').map((w) => w.message);
    expect(msgs).toEqual([
      expect.stringContaining('without src'),
      expect.stringContaining('without font-family'),
    ]);
  });
});

describe('warnings and robustness', () => {
  it('reports unsupported properties once as css.unsupported and ignores them', async () => {
    const d = await style(
      '<style>p { offset-path: circle(50%); offset-path: none; color: red; cursor: pointer; -webkit-foo: 1 }</style><p id=t>x</p>',
    );
    const w = d.warnings.filter((x) => x.code === 'css.unsupported');
    expect(w).toHaveLength(1);
    expect(w[0].message).toContain('offset-path');
    expect(find(d.root, byId('t')).style.color).toEqual(RED);
  });

  it("reports office suites' private properties once per suite, not once per name", async () => {
    const d = await style(
      '<style>p { mso-style-priority: 9; mso-outline-level: 1; tab-stops: 1in; color: red } a { so-language: zxx }</style>' +
        "<p id=t style='mso-list: l0 level1 lfo1; mso-ansi-language: EN-GB'>x<a>y</a></p>",
    );
    const w = d.warnings.filter((x) => x.code === 'css.unsupported');
    expect(w.map((x) => x.message)).toEqual([
      expect.stringContaining('Microsoft Office'),
      expect.stringContaining('LibreOffice'),
    ]);
    expect(find(d.root, byId('t')).style.color).toEqual(RED);
  });

  it('warns on unsupported selectors and at-rules and drops just those rules', async () => {
    const d = await style(
      '<style>p::no-such-part, p { color: red } p { color: blue } @no-such-rule (width > 1px) { p { color: red } }</style><p id=t>x</p>',
    );
    expect(find(d.root, byId('t')).style.color).toEqual(BLUE);
    const msgs = d.warnings.map((w) => w.message).join('\n');
    expect(msgs).toContain('no-such-part');
    expect(msgs).toContain('@no-such-rule');
  });

  it('keeps a rule listing :host or browser-UI pseudo-elements beside real selectors', async () => {
    const d = await style(
      `<style>
        :root, :host { --c: blue }
        p { color: var(--c) }
        p::selection, #t, [type=file]::file-selector-button, input::-webkit-inner-spin-button,
          b::-moz-focus-inner { margin-top: 3px }
        :-moz-focusring, #t:-webkit-autofill, #t { margin-bottom: 5px }
        ::-webkit-scrollbar { margin-left: 9px }
      </style><p id=t>x</p>`,
    );
    const t = find(d.root, byId('t')).style;
    expect(t.color).toEqual(BLUE);
    expect(t.marginTop).toBe(3);
    expect(t.marginBottom).toBe(5);
    expect(t.marginLeft).toBe(0);
    const msgs = d.warnings.map((w) => w.message);
    expect(msgs).toContain('::selection is not rendered; the rest of the rule applies');
    expect(msgs).toContain('rule ignored: ::-webkit-scrollbar is not rendered');
    expect(msgs.some((m) => m.includes(':host') || m.includes('focusring'))).toBe(false);
  });

  it('tells valid-but-unsupported values from invalid ones', async () => {
    const d = await style(
      '<style>p { color: red; color: device-cmyk(0 0 0 1); width: 7px; width: 12 apples }</style><p id=t>x</p>',
    );
    expect(find(d.root, byId('t')).style.color).toEqual(RED);
    expect(find(d.root, byId('t')).style.width).toBe(7);
    const codes = d.warnings.map((w) => `${w.code} ${w.message}`);
    expect(codes.some((c) => c.startsWith('css.unsupported') && c.includes('device-cmyk('))).toBe(
      true,
    );
    expect(codes.some((c) => c.startsWith('css.invalid-value') && c.includes('apples'))).toBe(true);
  });

  it('display: grid and inline-grid are display types of their own, without a warning', async () => {
    const d = await style(
      '<style>#t { display: grid } #u { display: inline grid }</style><div id=t>x</div><span id=u>y</span>',
    );
    expect(find(d.root, byId('t')).style.display).toBe('grid');
    expect(find(d.root, byId('u')).style.display).toBe('inline-grid');
    expect(d.warnings).toEqual([]);
  });

  it('survives broken CSS and style attributes', async () => {
    const d = await style(
      `<style>p { color: red; } } { ;;; @media { p { color: } @page :nope { size: 1px } p { width: calc(1px + ; } "unterminated
      </style><p id=t style="color: ; ;; width: 10px; }{ @x">x</p>`,
    );
    expect(find(d.root, byTag('p')).style.color).toEqual(RED);
  });

  it('never throws on arbitrary CSS text (property test)', async () => {
    const pieces = [
      'p',
      '{',
      '}',
      ':',
      ';',
      'color',
      'red',
      'var(--x',
      ')',
      '(',
      'calc(',
      '1px',
      '+',
      '@media',
      '@page',
      '@import',
      '"',
      "'",
      '/*',
      '*/',
      '!important',
      '::before',
      'content:',
      'counter(a)',
      '--x:',
      ',',
      '#',
      '.',
      '[',
      ']',
      '>',
      '~',
      'url(',
      '\\',
      ' ',
      '\n',
      'margin',
      'auto',
      '%',
      'e',
      '-',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pieces), { maxLength: 40 }),
        fc.string({ maxLength: 20 }),
        async (parts, noise) => {
          const css = parts.join('') + noise;
          const d = await style(`<style>${css}</style><p style="${css.replace(/"/g, '')}">x</p>`);
          expect(d.root.tag).toBe('html');
        },
      ),
      { numRuns: 80 },
    );
  });

  it('stops when the signal is aborted', async () => {
    const ac = new AbortController();
    ac.abort(new Error('stop'));
    await expect(
      styleDocument('<p>x</p>', { loader: fakeLoader(), signal: ac.signal }),
    ).rejects.toThrow('stop');
  });

  it('handles a large rule set through the index', async () => {
    const rules = Array.from({ length: 5000 }, (_, i) => `.c${i} { margin-top: ${i}px }`).join(
      '\n',
    );
    const d = await style(`<style>${rules}</style><p id=t class="c4321">x</p>`);
    expect(find(d.root, byId('t')).style.marginTop).toBe(4321);
  });
});

describe('splitStatements', () => {
  it('keeps small sheets whole and cuts big ones only between statements', async () => {
    const { splitStatements } = await import('../../src/style/sheet.js');
    expect(splitStatements('a{}b{}')).toEqual(['a{}b{}']);
    const rule =
      '.a { content: "}{"; background: url("x}.png") } /* } */ @media print { b { c: d } }\n';
    const css = rule.repeat(8000);
    const chunks = splitStatements(css);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(css);
    // Every chunk holds whole statements: parsed piecewise, the rule count is unchanged.
    let statements = 0;
    for (const c of chunks) {
      const ast = csstree.parse(c, { parseValue: false });
      if (ast.type === 'StyleSheet') statements += ast.children.size;
    }
    expect(statements).toBe(16000);
  });
});

describe('CSS limits per document', () => {
  const refusal = async (p: Promise<unknown>): Promise<LimitError> => {
    const e: unknown = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(LimitError);
    return e as LimitError;
  };
  const rules = (n: number, prefix = 'r') =>
    Array.from({ length: n }, (_, i) => `.${prefix}${i}{color:red}`).join('');

  it('has defaults of 50,000 rules and 5 MB', () => {
    expect(DEFAULT_CSS_LIMITS).toEqual({ maxRules: 50_000, maxBytes: 5 * 1024 * 1024 });
  });

  it('refuses more style rules than maxRules, counting each selector of a list', async () => {
    const cssLimits = { maxRules: 10, maxBytes: 1 << 20 };
    const d = await style(`<style>${rules(10)}</style><p class=r9 id=t>x</p>`, { cssLimits });
    expect(find(d.root, byId('t')).style.color).toEqual(RED);
    const e = await refusal(style(`<style>${rules(9)} a, b {color:red}</style>`, { cssLimits }));
    expect(e.limit).toBe('css-rules');
    expect(e.status).toBe(413);
    expect(e.message).toBe("the document's style sheets have more than 10 style rules (the limit)");
  });

  it('counts rules of @import-ed sheets and applying @media blocks, not of other media', async () => {
    const cssLimits = { maxRules: 10, maxBytes: 1 << 20 };
    const loader = fakeLoader({ 'https://ex.test/a.css': rules(6, 'a') });
    const html = (media: string) =>
      `<style>@import "a.css"; @media ${media} { ${rules(5)} }</style>`;
    await style(html('screen'), { cssLimits, loader, baseUrl: 'https://ex.test/' });
    const e = await refusal(
      style(html('print'), { cssLimits, loader, baseUrl: 'https://ex.test/' }),
    );
    expect(e.limit).toBe('css-rules');
  });

  it('refuses more UTF-8 bytes of CSS than maxBytes over <style>, <link> and @import', async () => {
    const cssLimits = { maxRules: 1000, maxBytes: 100 };
    const sheet = (bytes: number) => `p{color:red}/*${'x'.repeat(bytes - 16)}*/`;
    expect(Buffer.byteLength(sheet(60))).toBe(60);
    // 2 × 50 bytes is at the limit; one more byte, even in a multi-byte character, is over.
    await style(`<style>${sheet(50)}</style><style>${sheet(50)}</style>`, { cssLimits });
    const e = await refusal(
      style(`<style>${sheet(50)}</style><style>${sheet(49)}é</style>`, { cssLimits }),
    );
    expect(e.limit).toBe('css-bytes');
    expect(e.message).toBe(
      "the document's style sheets have 101 bytes of CSS or more; the limit is 100",
    );
    const loader = fakeLoader({
      'https://ex.test/l.css': `@import "i.css";${sheet(34)}`,
      'https://ex.test/i.css': sheet(30),
    });
    const opts = { cssLimits, loader, baseUrl: 'https://ex.test/' };
    await style(`<style>${sheet(20)}</style><link rel=stylesheet href=l.css>`, opts);
    const over = await refusal(
      style(`<style>${sheet(21)}</style><link rel=stylesheet href=l.css>`, opts),
    );
    expect(over.limit).toBe('css-bytes');
  });

  it('keeps a data: sheet out of warnings and gives it no base for relative URLs', async () => {
    const css = `p{color:nonsense;background-image:url(img.png)}/*${'x'.repeat(200)}*/`;
    const href = `data:text/css;base64,${Buffer.from(css).toString('base64')}`;
    const d = await styleDocument(`<link rel=stylesheet href="${href}"><p id=t>x</p>`, {
      loader: createResourceLoader(),
    });
    const w = d.warnings.find((x) => x.code === 'css.invalid-value');
    expect(w?.source).toBe(`${href.slice(0, 60)}…`);
    expect(find(d.root, byId('t')).style.backgroundLayers[0].image).toEqual({
      kind: 'url',
      url: 'img.png',
    });
  });

  it('applies the last of 100,000 declarations in one style attribute', async () => {
    const d = await style(`<p id=t style="${'color:red;'.repeat(99_999)}color:blue">x</p>`);
    expect(find(d.root, byId('t')).style.color).toEqual(BLUE);
  });
});
