/**
 * The HTML engine against hostile markup, style sheets, fonts and images: deep nesting, broken
 * text encodings, tag soup, huge and pathological CSS, malformed font files, images that claim
 * 400 million pixels, and documents too big for a worker's heap under the service's limits. Every case must end with a PDF (possibly with warnings) or a typed
 * error within the deadline.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  dataUri,
  malformedFonts,
  pngHeaderOnly,
  smallPng,
  toWoff,
  toWoff2,
} from './support/inputs.js';
import { loadConfig } from '../../src/server/config.js';
import { BYTE_MUTATIONS, mutateBytes, mutateText } from './support/mutate.js';
import {
  CSS_RULE,
  DECLARATIONS_BODY,
  MUTATION_BASE,
  TAG_SOUP_TOKEN,
} from './support/html-corpus.js';
import { FUZZ_SCALE, FUZZ_SEED, FuzzRunner, runs, type Result } from './support/runner.js';

const runner = new FuzzRunner('html-css');
afterAll(() => runner.close());

const page = (body: string, head = '') =>
  `<!doctype html><html lang="en"><head><title>Fuzz</title>${head}</head><body>${body}</body></html>`;

function renders(kind: string, label: string, html: string, deadlineMs?: number): Promise<Result> {
  return runner.check(kind, label, { target: 'render', input: { kind: 'html', html } }, deadlineMs);
}

function warningsOf(r: Result): string {
  return r.status === 'ok' ? (r.warnings ?? []).join('\n') : '';
}

describe('HTML', () => {
  it('10,000-deep nested elements of every layout kind', async () => {
    const depth = 10_000;
    const nests: Record<string, [string, string]> = {
      div: ['<div>', '</div>'],
      span: ['<span>', '</span>'],
      'b (formatting element)': ['<b>', '</b>'],
      'unclosed b': ['<b>', ''],
      'ul/li': ['<ul><li>', '</li></ul>'],
      'table/td': ['<table><tr><td>', '</td></tr></table>'],
      'flex div': ['<div style="display:flex">', '</div>'],
      'absolute div': ['<div style="position:absolute">', '</div>'],
      'float div': ['<div style="float:left">', '</div>'],
      blockquote: ['<blockquote>', '</blockquote>'],
      'inline-block': ['<span style="display:inline-block">', '</span>'],
      svg: ['<svg><g>', '</g></svg>'],
    };
    // The slowest kinds (several seconds each here) run in longer local runs only.
    const heavy = new Set([
      'ul/li',
      'blockquote',
      'float div',
      'absolute div',
      'inline-block',
      'svg',
    ]);
    for (const [label, [open, close]] of Object.entries(nests)) {
      if (FUZZ_SCALE === 1 && heavy.has(label)) continue;
      await renders(
        'html: deep nesting',
        `${label} x${depth}`,
        page(`${open.repeat(depth)}deep${close.repeat(depth)}`),
      );
    }
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);

  it('lone surrogates and text decoded from invalid UTF-8', async () => {
    const bad = Buffer.from([
      0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x90, 0x28, 0xbc, 0xff, 0xfe, 0xed, 0xa0,
      0x80,
    ]);
    const cases: Record<string, string> = {
      'lone high surrogate in text': page('<p>a\ud800b</p>'),
      'lone low surrogate in text': page('<p>\udfffstart</p>'),
      'surrogates in title and alt': `<html lang="en"><head><title>\ud800</title></head><body><img alt="\udc00" src="${dataUri('image/png', smallPng())}"></body></html>`,
      'surrogates in attribute and class': page(
        '<p class="\ud800" id="\udbff" lang="\udfff">x</p>',
      ),
      'surrogate in CSS content': page(
        '<p>x</p>',
        '<style>p::before{content:"\\D800 \ud800"}</style>',
      ),
      'surrogate as character reference': page('<p>&#xD800;&#xDFFF;&#0;&#x110000;</p>'),
      'invalid UTF-8 decoded as UTF-8': page(`<p>${bad.toString('utf8')}</p>`),
      'invalid UTF-8 decoded as Latin-1': page(`<p>${bad.toString('latin1')}</p>`),
      'stylesheet with invalid UTF-8': page(
        '<p>x</p>',
        `<link rel="stylesheet" href="data:text/css;base64,${Buffer.concat([Buffer.from('p::after{content:"'), bad, Buffer.from('"}')]).toString('base64')}">`,
      ),
      'stylesheet with a wrong charset': page(
        '<p>x</p>',
        `<link rel="stylesheet" href="data:text/css;charset=x-no-such;base64,${bad.toString('base64')}">`,
      ),
      'NUL and controls': page('<p>\u0000\u0001\u0008\u000b\u001f\u007f\u0085\ufffe\uffff</p>'),
      'bidi overrides unbalanced': page('<p dir="rtl">\u202e\u202d\u2067abc\u05d0\u05d1</p>'),
      'combining marks x10000': page(`<p>a${'\u0301'.repeat(10_000)}</p>`),
    };
    for (const [label, html] of Object.entries(cases))
      await renders('html: invalid text', label, html);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 300 }), async (s) => {
        await renders(
          'html: invalid text',
          'random code units',
          page(`<h1>${s}</h1><p title="${s}">${s}</p>`),
        );
      }),
      { seed: FUZZ_SEED, numRuns: runs(10), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);

  it('random tag soup', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(TAG_SOUP_TOKEN, { maxLength: 200 }), async (tokens) => {
        await renders('html: tag soup', tokens.join('').slice(0, 200), page(tokens.join('')));
      }),
      { seed: FUZZ_SEED, numRuns: runs(25), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);

  it('mutants of a realistic document (mutation fuzzer)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.integer({ min: 1, max: 8 }), async (seed, count) => {
        await renders(
          'html: mutated document',
          `seed=${seed} count=${count}`,
          mutateText(MUTATION_BASE, seed, count),
        );
      }),
      { seed: FUZZ_SEED, numRuns: runs(20), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);
});

describe('hostile sizes under the service limits', () => {
  // The limits the service sets from a 1024 MB worker heap (DOCUMENT_MAX_*).
  const documentLimits = loadConfig({}).documentLimits;
  const sized = (label: string, html: string) =>
    runner.check(
      'html: hostile sizes',
      label,
      { target: 'render', input: { kind: 'html', html }, options: { documentLimits } },
      60_000,
    );
  const para = `<p>${'Lorem ipsum dolor sit amet. '.repeat(12)}</p>`;

  it('deep nesting, huge words, many paragraphs and big tables end in a result or a limit', async () => {
    const cases: [string, string, string | null][] = [
      ['100,000 nested divs', page(`${'<div>'.repeat(100_000)}x`), 'html-depth'],
      ['100,000 unclosed spans', page(`${'<span>'.repeat(100_000)}x`), 'html-depth'],
      ['10 MB of paragraphs', page(para.repeat(28_000)), 'document-html'],
      ['a 20 MB word', page(`<p>${'x'.repeat(20_000_000)}</p>`), 'document-html'],
      ['a 6 MB word', page(`<p>${'x'.repeat(6_000_000)}</p>`), 'document-text'],
      [
        'a 3 MB table of 200,000 cells',
        page(`<table>${`<tr>${'<td>1234</td>'.repeat(10)}</tr>`.repeat(20_000)}</table>`),
        'document-elements',
      ],
      ['a 200 KB word', page(`<p>${'x'.repeat(200_000)}</p>`), null],
    ];
    for (const [label, html, limit] of cases) {
      const r = await sized(label, html);
      if (limit === null) expect(r.status, label).toBe('ok');
      else expect(r.status === 'typed' ? r.detail : r, label).toBe(limit);
    }
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);
});

describe('CSS', () => {
  it('a stylesheet of 100,000 rules', async () => {
    const rules = Array.from(
      { length: 100_000 },
      (_, i) =>
        `div.c${i} > p:nth-child(${i % 7}n+1) span#s${i}{margin-left:${i % 50}px;color:#${(i * 2654435761).toString(16).slice(-6).padStart(6, '0')}}`,
    );
    const body = Array.from(
      { length: 50 },
      (_, i) => `<div class="c${i * 1999}"><p><span id="s${i * 1999}">cell ${i}</span></p></div>`,
    ).join('');
    await renders(
      'css: 100,000 rules',
      'one <style>',
      page(body, `<style>${rules.join('\n')}</style>`),
      60_000,
    );
    await renders(
      'css: 100,000 rules',
      'as a data: stylesheet',
      page(
        body,
        `<link rel="stylesheet" href="data:text/css;base64,${Buffer.from(rules.join('\n')).toString('base64')}">`,
      ),
      60_000,
    );
    await renders(
      'css: 100,000 rules',
      '100,000 inline style declarations',
      page(`<p style="${'color:red;'.repeat(100_000)}">x</p>`),
      60_000,
    );
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);

  it('pathological selectors', async () => {
    const deepDoc = `${'<div>'.repeat(200)}<p>leaf</p>${'</div>'.repeat(200)}`;
    const cases: Record<string, string> = {
      '200 descendant combinators': `${'div '.repeat(200)}p{color:red}`,
      'descendant chain that never matches': `${'div '.repeat(150)}span p{color:red}`,
      '* * * ... x 300': `${'* '.repeat(300)}{color:red}`,
      ':is() nested 1,000 deep': `${':is('.repeat(1000)}p${')'.repeat(1000)}{color:red}`,
      ':not() nested 1,000 deep': `${':not('.repeat(1000)}span${')'.repeat(1000)}{color:red}`,
      ':has() of descendants': 'div:has(div div div div p){color:red}',
      'nth-child with huge numbers':
        'p:nth-child(99999999999n+99999999999),p:nth-last-of-type(-2147483648n){color:red}',
      'selector list of 10,000': `${Array.from({ length: 10_000 }, (_, i) => `div#x${i} p`).join(',')}{color:red}`,
      'attribute selectors with regex-like values':
        'p[class*="((((((((((a+)+)+)+)+)+)+)+)+)+"],p[id$="\\\\"]{color:red}',
      '~ and + chains': `${'div ~ '.repeat(100)}p + p{color:red}`,
      'unclosed everything': 'div{color:red;p{[(:is(',
    };
    for (const [label, css] of Object.entries(cases)) {
      await renders('css: pathological selectors', label, page(deepDoc, `<style>${css}</style>`));
    }
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);

  it('huge calc() nesting, var() cycles and expansion bombs, extreme values', async () => {
    const bombVars = Array.from(
      { length: 40 },
      (_, i) => `--v${i + 1}:var(--v${i}) var(--v${i});`,
    ).join('');
    const cases: Record<string, string> = {
      'calc nested 10,000 deep': `p{width:${'calc('.repeat(10_000)}1px${')'.repeat(10_000)}}`,
      'calc of 100,000 terms': `p{margin-left:calc(${Array.from({ length: 100_000 }, () => '1px').join(' + ')})}`,
      'min/max/clamp nested 5,000 deep': `p{width:${'min(1px, max(2px, '.repeat(2500)}3px${'))'.repeat(2500)}}`,
      'var cycle': 'p{--a:var(--b);--b:var(--a);color:var(--a)}',
      'var self reference with fallback': 'p{--a:var(--a, red);color:var(--a, var(--a))}',
      'var expansion bomb 2^40': `:root{--v0:xxxxxxxx;${bombVars}}p{content:var(--v40);width:var(--v40)}`,
      'var fallback nested 10,000 deep': `p{color:${'var(--n, '.repeat(10_000)}red${')'.repeat(10_000)}}`,
      'extreme lengths':
        'p{font-size:1e30px;width:-1e30px;margin:1e308px;padding:NaNpx;letter-spacing:1e20em;line-height:1e-30;text-indent:-1e9px}',
      'zero and negative sizes':
        'p{font-size:0;line-height:0;width:0;height:0}body{width:-100px;margin:-1e6px}',
      'huge page size': '@page{size:1000000in 1000000in;margin:-5in}',
      'tiny page with huge margins': '@page{size:1px 1px;margin:10in}',
      'column-count 100,000': 'p{column-count:100000;column-gap:0}',
      'counters at the integer edge':
        'p{counter-reset:c 2147483647;counter-increment:c 2147483647}p::before{content:counter(c, upper-roman) counters(c, ".", lower-greek)}',
      'border widths and radii extreme':
        'p{border:1e9px solid red;border-radius:1e9px;outline:1e9px solid}',
      'transforms and filters':
        'p{transform:scale(1e30) rotate(1e30deg);filter:blur(1e9px);opacity:-5}',
      'grid with 100,000 tracks': 'div{display:grid;grid-template-columns:repeat(100000, 1px)}',
      'unicode-range and @font-face without src':
        '@font-face{font-family:x;unicode-range:U+0-10FFFF}@font-face{font-family:y;src:url()}p{font-family:x,y}',
      '@import loops through data: URIs': `@import url("data:text/css,@import url('data:text/css,p{color:red}');");`,
      '@media and @supports nested 1,000 deep': `${'@media screen{'.repeat(500)}${'@supports (display:flex){'.repeat(500)}p{color:red}${'}'.repeat(1000)}`,
    };
    for (const [label, css] of Object.entries(cases)) {
      await renders(
        'css: values and var()',
        label,
        page(
          '<div><p>text with <b>words</b> and more words to break</p></div><p>second</p>',
          `<style>${css}</style>`,
        ),
      );
    }
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);

  it('random declarations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(CSS_RULE, { maxLength: 12 }), async (rules) => {
        await renders(
          'css: random declarations',
          rules.join('').slice(0, 200),
          page(DECLARATIONS_BODY, `<style>${rules.join('\n')}</style>`),
        );
      }),
      { seed: FUZZ_SEED, numRuns: runs(25), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);
});

describe('fonts and images', () => {
  const ttf = new Uint8Array(
    readFileSync(new URL('../../fonts/NotoSansHebrew-Regular.ttf', import.meta.url)),
  );
  const fontPage = (uri: string, format: string) =>
    page(
      '<p style="font-family:Fuzz">שלום עולם and Latin</p>',
      `<style>@font-face{font-family:Fuzz;src:url("${uri}") format("${format}")}</style>`,
    );

  it('valid TTF, WOFF and WOFF2 built in the test load (the mutants start from working fonts)', async () => {
    for (const [format, bytes] of [
      ['truetype', ttf],
      ['woff', toWoff(ttf)],
      ['woff2', toWoff2(ttf)],
    ] as const) {
      const r = await renders('font: valid', format, fontPage(dataUri('font/ttf', bytes), format));
      expect(r.status).toBe('ok');
      expect(warningsOf(r)).not.toMatch(/font/i);
    }
  });

  it('malformed font containers', async () => {
    for (const [label, bytes] of Object.entries(malformedFonts())) {
      for (const format of ['truetype', 'woff', 'woff2']) {
        await renders(
          'font: malformed',
          `${label} as ${format}`,
          fontPage(dataUri('font/ttf', bytes), format),
        );
      }
    }
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);

  it('mutated TTF, WOFF and WOFF2 (mutation fuzzer)', async () => {
    const bases = { ttf, woff: toWoff(ttf), woff2: toWoff2(ttf) };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('ttf', 'woff', 'woff2') as fc.Arbitrary<keyof typeof bases>,
        fc.integer(),
        fc.integer({ min: 1, max: 3 }),
        async (kind, seed, count) => {
          const bytes = mutateBytes(bases[kind], seed, BYTE_MUTATIONS, bases[kind], count);
          await renders(
            'font: mutated',
            `${kind} seed=${seed} count=${count}`,
            fontPage(dataUri('font/ttf', bytes), kind === 'ttf' ? 'truetype' : kind),
          );
        },
      ),
      { seed: FUZZ_SEED, numRuns: runs(30), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);

  it('a PNG declaring 20,000 x 20,000 pixels is refused with a clear message, the rest still renders', async () => {
    const uri = dataUri('image/png', pngHeaderOnly(20_000, 20_000));
    const r = await renders(
      'image: 20,000 x 20,000',
      'img',
      page(`<p>before</p><img alt="huge" src="${uri}"><p>after</p>`),
    );
    expect(r.status).toBe('ok');
    expect(warningsOf(r)).toMatch(/resource\.image-failed.*pixel limit/i);
    const bg = await renders(
      'image: 20,000 x 20,000',
      'CSS background',
      page('<div style="height:50px;background:url(' + uri + ')">x</div>'),
    );
    expect(bg.status).toBe('ok');
    const strict = await runner.check('image: 20,000 x 20,000', 'strict mode', {
      target: 'render',
      input: { kind: 'html', html: page(`<img alt="huge" src="${uri}">`) },
      options: { strict: true },
    });
    expect(strict.status === 'typed' && strict.message).toMatch(/pixel limit/i);
    expect(runner.unexpected()).toEqual([]);
  });

  it('corrupt and hostile images become a warning and the alternative text', async () => {
    const png = smallPng();
    const svgBomb = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&f;&f;&f;&f;&f;&f;</text></svg>`;
    const useBomb = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><g id="a0"><rect width="1" height="1"/></g>${Array.from({ length: 30 }, (_, i) => `<g id="a${i + 1}"><use xlink:href="#a${i}"/><use xlink:href="#a${i}"/></g>`).join('')}</svg>`;
    const cases: Record<string, string> = {
      'PNG header only 1 x 1': dataUri('image/png', png.subarray(0, 33)),
      'JPEG SOI only': dataUri('image/jpeg', Uint8Array.from([0xff, 0xd8, 0xff])),
      'GIF header claiming 65535 x 65535': dataUri(
        'image/gif',
        Uint8Array.from([...Buffer.from('GIF89a'), 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0x3b]),
      ),
      'SVG entity expansion bomb': dataUri('image/svg+xml', new TextEncoder().encode(svgBomb)),
      // librsvg expands it for seconds before giving up: longer local runs only.
      ...(FUZZ_SCALE > 1
        ? { 'SVG <use> doubling 2^30': dataUri('image/svg+xml', new TextEncoder().encode(useBomb)) }
        : {}),
      'SVG 1e9 x 1e9': dataUri(
        'image/svg+xml',
        new TextEncoder().encode(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1000000000" height="1000000000"><rect width="10" height="10"/></svg>',
        ),
      ),
      'not an image at all': dataUri('image/png', new TextEncoder().encode('hello')),
      'empty data URI': 'data:image/png;base64,',
      'broken base64': 'data:image/png;base64,%%%%',
    };
    for (const [label, uri] of Object.entries(cases)) {
      const r = await renders(
        'image: corrupt',
        label,
        page(`<p>x</p><img alt="alt text" src="${uri}">`),
      );
      if (r.status === 'ok' && !label.startsWith('SVG'))
        expect(warningsOf(r), label).toMatch(/resource\./);
    }
    if (FUZZ_SCALE > 1) {
      const svgInline = await renders(
        'image: corrupt',
        'inline SVG <use> doubling',
        page(useBomb.replace(/xmlns="[^"]*"/, '')),
      );
      expect(svgInline.status === 'ok' || svgInline.status === 'typed').toBe(true);
    }
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.integer({ min: 1, max: 4 }), async (seed, count) => {
        const bytes = mutateBytes(png, seed, BYTE_MUTATIONS, png, count);
        await renders(
          'image: corrupt',
          `mutated PNG seed=${seed}`,
          page(`<img alt="a" src="${dataUri('image/png', bytes)}">`),
        );
      }),
      { seed: FUZZ_SEED, numRuns: runs(15), endOnFailure: true },
    );
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);

  it('PNG/JPEG output of hostile pages stays within the pixel limit', async () => {
    const image = (label: string, html: string, options = {}) =>
      runner.check('image output', label, {
        target: 'image',
        input: { kind: 'html', html },
        options,
      });
    const tall = await image(
      '1,000,000 px tall page',
      page('<div style="height:1000000px">tall</div>'),
    );
    expect(tall.status === 'typed' && tall.message).toMatch(/limit/);
    await image('4096 wide at scale 4', page('<p>x</p>'), { width: 4096, scale: 4 });
    await image(
      'deep nesting',
      page(`${'<div style="padding-left:1px">'.repeat(10_000)}x${'</div>'.repeat(10_000)}`),
    );
    await image('jpeg of huge text', page('<p style="font-size:1e6px">W</p>'), { format: 'jpeg' });
    expect(runner.unexpected()).toEqual([]);
  }, 600_000);
});
