import { describe, expect, it } from 'vitest';
import type { GlyphRun, LaidOutDocument, StructNode } from '../../src/document/index.js';
import { layoutStyled } from '../../src/layout/document.js';
import type { LayoutOptions } from '../../src/layout/options.js';
import type { ResourceLoader } from '../../src/resources/types.js';
import type { PageStyle, StyledElement } from '../../src/style/types.js';
import { A4, glyphRuns, layBody, offlineLoader, testOptions } from './harness.js';
import { baseStyle, el, marker } from './styled.js';

const loader = offlineLoader;
const options = testOptions;

async function lay(
  body: StyledElement[],
  opts: Partial<LayoutOptions> = {},
): Promise<LaidOutDocument> {
  return (await layBody(body, { options: opts })).document;
}

function text(run: GlyphRun): string {
  return run.glyphs.texts.join('');
}

function types(n: StructNode): string[] {
  return [n.type, ...n.children.flatMap((c) => (c.kind === 'node' ? types(c) : []))];
}

const lorem =
  'The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill and wonders why anyone would run at all. ';

describe('block flow', () => {
  it('stacks blocks with collapsed margins inside the page margins', async () => {
    const doc = await lay([
      el('p', { marginBottom: 20 }, ['First']),
      el('p', { marginTop: 30 }, ['Second']),
    ]);
    const runs = glyphRuns(doc.pages[0].items);
    const first = runs.find((r) => text(r).includes('First'))!;
    const second = runs.find((r) => text(r).includes('Second'))!;
    expect(first.x).toBeCloseTo(72, 0);
    // 16px * 1.25 line = 15pt; the margins collapse to 30px = 22.5pt.
    expect(second.y - first.y).toBeCloseTo(15 + 22.5, 0);
  });

  it('wraps a long paragraph within the content width', async () => {
    const doc = await lay([el('p', {}, [lorem.repeat(3)])]);
    const runs = glyphRuns(doc.pages[0].items);
    const ys = new Set(runs.map((r) => Math.round(r.y)));
    expect(ys.size).toBeGreaterThan(3);
    for (const r of runs) {
      const w = r.glyphs.advances.reduce((w, a) => w + a, 0);
      expect(r.x + w).toBeLessThanOrEqual(595.3 - 72 + 0.5);
    }
  });

  it('paginates long content and keeps every line exactly once', async () => {
    const paras = Array.from({ length: 60 }, (_, i) =>
      el('p', { marginBottom: 8 }, [`Paragraph ${i + 1}. ${lorem}`]),
    );
    const doc = await lay(paras);
    expect(doc.pages.length).toBeGreaterThan(2);
    const all = doc.pages.flatMap((p) => glyphRuns(p.items).map(text)).join(' ');
    for (let i = 1; i <= 60; i++) expect(all).toContain(`Paragraph ${i}.`);
    for (const p of doc.pages) {
      for (const r of glyphRuns(p.items)) {
        expect(r.y).toBeGreaterThan(72);
        expect(r.y).toBeLessThan(841.9 - 72 + 1);
      }
    }
  });
});

describe('structure', () => {
  it('maps headings, paragraphs, lists and links in DOM order', async () => {
    const doc = await lay([
      el('h1', {}, ['Title']),
      el('p', {}, ['See ', el('a', {}, ['the guide'], { href: 'https://example.org/' }), ' now.']),
      el('ul', {}, [el('li', {}, [marker('• '), 'One']), el('li', {}, [marker('• '), 'Two'])]),
    ]);
    expect(types(doc.structure)).toEqual([
      'Document',
      'H1',
      'P',
      'Link',
      'L',
      'LI',
      'Lbl',
      'LBody',
      'LI',
      'Lbl',
      'LBody',
    ]);
    const links = doc.pages[0].items.filter((i) => i.kind === 'link');
    expect(links).toHaveLength(1);
    expect(links[0].kind === 'link' && links[0].contents).toBe('the guide');
  });

  it('tags every drawn item as a slot of the tree or an artifact, each slot owned once', async () => {
    const doc = await lay([
      el(
        'div',
        {
          backgroundColor: { r: 1, g: 0.9, b: 0.9, a: 1 },
          borderTopWidth: 2,
          borderTopStyle: 'solid',
        },
        ['Loose text in a div'],
      ),
      el('p', {}, ['A paragraph']),
    ]);
    const slots: number[] = [];
    const walk = (n: StructNode): void =>
      n.children.forEach((c) => (c.kind === 'node' ? walk(c) : slots.push(c.slot)));
    walk(doc.structure);
    expect(new Set(slots).size).toBe(slots.length);
    for (const it of doc.pages[0].items) {
      if (it.kind === 'glyphs')
        expect(it.tag.kind === 'content' && slots.includes(it.tag.slot)).toBe(true);
      if (it.kind === 'path') expect(it.tag.kind).toBe('artifact');
    }
    // Text directly in a div is wrapped in a P.
    expect(types(doc.structure)).toEqual(['Document', 'P', 'P']);
  });
});

describe('tables', () => {
  const row = (cells: string[], tag = 'td') =>
    el(
      'tr',
      {},
      cells.map((c) => el(tag, { paddingLeft: 4, paddingRight: 4 }, [c])),
    );

  it('gives TH a Scope and repeats the header rows on every page as artifacts', async () => {
    const rows = Array.from({ length: 120 }, (_, i) =>
      row([`Row ${i + 1}`, String(i * 3), 'value']),
    );
    const table = el('table', { width: { percent: 100, px: 0 } }, [
      el('thead', {}, [row(['Name', 'Count', 'Note'], 'th')]),
      el('tbody', {}, rows),
    ]);
    const doc = await lay([table]);
    expect(doc.pages.length).toBeGreaterThan(1);
    const t = types(doc.structure);
    expect(t.filter((x) => x === 'Table')).toHaveLength(1);
    expect(t.filter((x) => x === 'TR')).toHaveLength(121);
    const findTh = (n: StructNode): StructNode | undefined =>
      n.type === 'TH'
        ? n
        : n.children.map((c) => (c.kind === 'node' ? findTh(c) : undefined)).find(Boolean);
    expect(findTh(doc.structure)?.attributes?.scope).toBe('Column');
    // Page 2 shows the header text again, as an artifact.
    const p2 = glyphRuns(doc.pages[1].items);
    const head = p2.find((r) => text(r) === 'Name');
    expect(head?.tag.kind).toBe('artifact');
    expect(p2.some((r) => text(r).startsWith('Row') && r.tag.kind === 'content')).toBe(true);
  });

  it('sizes columns by content', async () => {
    const table = el('table', {}, [el('tbody', {}, [row(['a', 'a much longer cell text here'])])]);
    const doc = await lay([table]);
    const runs = glyphRuns(doc.pages[0].items);
    const a = runs.find((r) => text(r) === 'a')!;
    const b = runs.find((r) => text(r).startsWith('a much'))!;
    expect(b.x - a.x).toBeGreaterThan(5);
    expect(b.x - a.x).toBeLessThan(30);
    expect(Math.abs(a.y - b.y)).toBeLessThan(0.01);
  });
});

describe('flex', () => {
  it('places items side by side and wraps text at the item width', async () => {
    const flex = el('div', { display: 'flex', columnGap: 10 }, [
      el('div', { width: 100 }, ['Side']),
      el('div', { flexGrow: 1 }, [lorem]),
    ]);
    const doc = await lay([flex]);
    const runs = glyphRuns(doc.pages[0].items);
    const side = runs.find((r) => text(r) === 'Side')!;
    const main = runs.filter((r) => !text(r).includes('Side'));
    expect(side.x).toBeCloseTo(72, 0);
    expect(Math.min(...main.map((r) => r.x))).toBeCloseTo(72 + 75 + 7.5, 0);
    expect(new Set(main.map((r) => Math.round(r.y))).size).toBeGreaterThan(1);
  });
});

describe('continuous mode', () => {
  it('makes one page as wide as the viewport and as tall as the content', async () => {
    const paras = Array.from({ length: 80 }, (_, i) => el('p', {}, [`Line ${i}`]));
    const doc = await lay(paras, { mode: 'continuous', viewportWidthPx: 800 });
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0].width).toBe(600);
    expect(doc.pages[0].height).toBeGreaterThanOrEqual(80 * 15);
  });
});

describe('positioning', () => {
  it('draws position: fixed content on every page, read once', async () => {
    const fixed = el('div', { position: 'fixed', top: 0, right: 0 }, ['CONFIDENTIAL']);
    const paras = Array.from({ length: 80 }, (_, i) => el('p', {}, [`Paragraph ${i} ${lorem}`]));
    const doc = await lay([fixed, ...paras]);
    expect(doc.pages.length).toBeGreaterThan(1);
    doc.pages.forEach((p, i) => {
      const mark = glyphRuns(p.items).find((r) => text(r) === 'CONFIDENTIAL');
      expect(mark, `page ${i + 1}`).toBeDefined();
      expect(mark!.tag.kind).toBe(i === 0 ? 'content' : 'artifact');
      // Right-aligned against the page area's right edge.
      expect(mark!.x).toBeGreaterThan(300);
    });
  });

  it('places absolute boxes against the nearest positioned ancestor and shifts relative ones', async () => {
    const doc = await lay([
      el('div', { position: 'relative', height: 200 }, [
        el('div', { position: 'absolute', bottom: 0, left: 100 }, ['Bottom']),
      ]),
      el('p', { position: 'relative', left: 20 }, ['Shifted']),
    ]);
    const runs = glyphRuns(doc.pages[0].items);
    const bottom = runs.find((r) => text(r) === 'Bottom')!;
    const shifted = runs.find((r) => text(r) === 'Shifted')!;
    expect(bottom.x).toBeCloseTo(72 + 75, 0);
    expect(bottom.y).toBeGreaterThan(72 + 140);
    expect(bottom.y).toBeLessThan(72 + 150);
    expect(shifted.x).toBeCloseTo(72 + 15, 0);
  });
});

describe('robustness', () => {
  it('survives 5,000 nested elements with a warning', async () => {
    let inner = el('p', {}, ['Deep text']);
    for (let i = 0; i < 5000; i++) inner = el('div', {}, [inner]);
    const root = el('html', {}, [el('body', {}, [inner])], { lang: 'en' });
    const r = await layoutStyled(
      {
        root,
        pageRules: { rules: [], variants: new Map() },
        fontFaces: [],
        title: 'Deep',
        lang: 'en',
        warnings: [],
      },
      () => A4,
      options,
    );
    expect(glyphRuns(r.document.pages[0].items).map(text).join('')).toContain('Deep text');
    expect(r.warnings.some((w) => w.code === 'layout.nesting-limit')).toBe(true);
  });
});

describe('content taller than a page side by side', () => {
  it('cuts a table row taller than a page between its lines', async () => {
    const long = Array.from({ length: 70 }, (_, i) => `Clause ${i + 1}. ${lorem}`).join(' ');
    const table = el('table', {}, [
      el('tbody', {}, [el('tr', {}, [el('th', {}, ['Terms']), el('td', {}, [long])])]),
    ]);
    const doc = await lay([table]);
    expect(doc.pages.length).toBeGreaterThan(2);
    const all = doc.pages.flatMap((p) => glyphRuns(p.items).map(text)).join(' ');
    for (const n of [1, 35, 70]) expect(all).toContain(`Clause ${n}.`);
    for (const p of doc.pages)
      for (const r of glyphRuns(p.items)) expect(r.y).toBeLessThan(841.9 - 72 + 1);
  });

  it('cuts a flex row taller than a page between its lines', async () => {
    const long = Array.from({ length: 70 }, (_, i) => el('p', {}, [`Item ${i + 1}. ${lorem}`]));
    const flex = el('div', { display: 'flex' }, [
      el('div', { width: 80 }, ['Sidebar']),
      el('div', { flexGrow: 1, flexBasis: 0 }, long),
    ]);
    const doc = await lay([flex]);
    expect(doc.pages.length).toBeGreaterThan(2);
    const all = doc.pages.flatMap((p) => glyphRuns(p.items).map(text)).join(' ');
    expect(all).toContain('Item 70.');
    for (const p of doc.pages)
      for (const r of glyphRuns(p.items)) expect(r.y).toBeLessThan(841.9 - 72 + 1);
  });
});

describe('internal links', () => {
  it('resolve to the page and position of block, table-cell and inline targets', async () => {
    const filler = Array.from({ length: 60 }, (_, i) => el('p', {}, [`Filler ${i} ${lorem}`]));
    const doc = await lay([
      el('p', {}, [
        el('a', {}, ['to cell'], { href: '#cell' }),
        ' ',
        el('a', {}, ['to span'], { href: '#word' }),
        ' ',
        el('a', {}, ['to heading'], { href: '#head' }),
      ]),
      ...filler,
      el('h2', {}, ['Heading target'], { id: 'head' }),
      el('table', {}, [
        el('tbody', {}, [el('tr', {}, [el('td', {}, ['Cell target'], { id: 'cell' })])]),
      ]),
      el('p', {}, ['Some ', el('span', {}, ['word'], { id: 'word' }), ' here.']),
    ]);
    const links = doc.pages[0].items.filter((i) => i.kind === 'link');
    expect(links).toHaveLength(3);
    const last = doc.pages.length - 1;
    const yOfText = (s: string): number => {
      const r = glyphRuns(doc.pages[last].items).find((g) => text(g).includes(s));
      return r ? r.y : NaN;
    };
    for (const [l, needle] of [
      [links[0], 'Cell target'],
      [links[1], 'word'],
      [links[2], 'Heading target'],
    ] as const) {
      expect(l.kind === 'link' && l.target.kind).toBe('internal');
      if (l.kind !== 'link' || l.target.kind !== 'internal') continue;
      expect(l.target.pageIndex).toBe(last);
      // The destination is the top of the target's box or line, just above its baseline.
      expect(yOfText(needle) - l.target.y).toBeGreaterThan(0);
      expect(yOfText(needle) - l.target.y).toBeLessThan(30);
    }
  });
});

describe('replaced images', () => {
  it('keep their aspect ratio at a percentage width and honour max-width', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const src = `data:image/png;base64,${png.toString('base64')}`;
    const imgLoader: ResourceLoader = {
      ...loader,
      load: async (url) => ({ bytes: png, contentType: 'image/png', url }),
    };
    const doc = await lay(
      [
        el('img', { display: 'block', width: { percent: 50, px: 0 } }, [], { src, alt: 'half' }),
        el('img', { display: 'block', maxWidth: { percent: 100, px: 0 } }, [], {
          src,
          alt: 'wide',
          width: '2000',
          height: '1000',
        }),
      ],
      { loader: imgLoader },
    );
    const imgs = doc.pages[0].items.filter((i) => i.kind === 'image');
    expect(imgs).toHaveLength(2);
    const [a, b] = imgs as Extract<(typeof imgs)[number], { kind: 'image' }>[];
    const cw = 595.3 - 144;
    expect(a.width).toBeCloseTo(cw / 2, 0);
    expect(a.height).toBeCloseTo(cw / 4, 0);
    expect(b.width).toBeCloseTo(cw, 0);
    expect(b.height).toBeCloseTo(cw / 2, 0);
  });
});

describe('page margin boxes', () => {
  it('number pages X of Y and stay in the page margin', async () => {
    const big = { ...baseStyle(), fontSize: 30, display: 'block' as const };
    const withBoxes: PageStyle = {
      ...A4,
      marginTop: 60,
      marginBoxes: [
        { name: 'top-center', content: [{ kind: 'text', text: 'HEAD' }], style: big },
        {
          name: 'bottom-right',
          content: [
            { kind: 'text', text: 'Page ' },
            { kind: 'counter', name: 'page', style: 'decimal' },
            { kind: 'text', text: ' of ' },
            { kind: 'counter', name: 'pages', style: 'upper-roman' },
          ],
          style: baseStyle(),
        },
      ],
    };
    const root = el(
      'html',
      {},
      [
        el(
          'body',
          {},
          Array.from({ length: 70 }, (_, i) => el('p', {}, [`Para ${i} ${lorem}`])),
        ),
      ],
      { lang: 'en' },
    );
    const r = await layoutStyled(
      {
        root,
        pageRules: { rules: [], variants: new Map() },
        fontFaces: [],
        title: 'M',
        lang: 'en',
        warnings: [],
      },
      () => withBoxes,
      options,
    );
    const pages = r.document.pages;
    const n = pages.length;
    expect(n).toBeGreaterThan(2);
    const roman = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'][n - 1];
    pages.forEach((p, i) => {
      const runs = glyphRuns(p.items);
      const foot = runs.find((g) => text(g) === `Page ${i + 1} of ${roman}`);
      expect(foot?.tag).toMatchObject({ kind: 'artifact', type: 'Pagination', subtype: 'Footer' });
      const head = runs.find((g) => text(g) === 'HEAD')!;
      expect(head.tag).toMatchObject({ kind: 'artifact', subtype: 'Header' });
      // Margin boxes live in the page margins (45pt at the top); the body starts below them.
      expect(head.y).toBeLessThan(45);
      expect(foot!.y).toBeGreaterThan(p.height - 72);
      const body = runs.filter((g) => text(g).startsWith('Para'));
      for (const b of body) expect(b.y).toBeGreaterThan(45);
    });
  });
});
