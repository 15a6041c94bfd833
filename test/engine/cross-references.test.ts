/**
 * A table of contents with page numbers and bookmarks through the whole pipeline, read back
 * with pdfjs-dist: the outline, the link annotations, the structure tree, and our validator.
 */
import { describe, expect, it } from 'vitest';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { render } from '../../src/render.js';
import { openDocument } from '../../src/validate/parser/index.js';
import type { CosDict, CosObject } from '../../src/validate/model/cos.js';
import { findRole, readPdf, roles, type StructNodeOut } from './helpers.js';

const HTML = `<!DOCTYPE html><html lang="en"><head><title>Report</title><style>
  @page { size: A5; margin: 20mm }
  body { font-family: sans-serif }
  nav ol { list-style: none; padding: 0 }
  nav a { text-decoration: none; color: black }
  nav a::after { content: leader(dotted) target-counter(attr(href), page) }
  h1 { break-before: page }
  h2.quiet { bookmark-level: none }
  h1.annex { bookmark-label: "Annex: " content(text); bookmark-state: closed }
  .side { bookmark-level: 3; bookmark-label: attr(data-label) }
</style></head><body>
  <nav><h2 class="quiet">Contents</h2><ol>
    <li><a href="#intro">Introduction</a></li>
    <li><a href="#method">Method</a><ol><li><a href="#data">Data</a></li></ol></li>
    <li><a href="#annex">Figures</a></li>
  </ol></nav>
  <h1 id="intro">Introduction</h1><p>Text.</p>
  <h1 id="method">Method</h1><p>Text.</p>
  <h2 id="data" style="break-before: page">Data</h2><p class="side" data-label="Side note">Note.</p>
  <h1 id="annex" class="annex">Figures</h1><h2>Plates</h2>
</body></html>`;

interface OutlineNode {
  title: string;
  count?: number;
  dest: unknown;
  items: OutlineNode[];
}

describe('a table of contents and bookmarks in the PDF', () => {
  it('gives page numbers, links, an outline and a TOC structure, PDF/A-3a + PDF/UA-1 clean', async () => {
    const r = await render({ kind: 'html', html: HTML }, { deterministic: true });
    const back = await readPdf(r.pdf);
    expect(back.pages).toHaveLength(5);
    const toc = back.pages[0].text;
    expect(toc).toMatch(/Introduction\s*\.+\s*2/);
    expect(toc).toMatch(/Method\s*\.+\s*3/);
    expect(toc).toMatch(/Data\s*\.+\s*4/);
    expect(toc).toMatch(/Figures\s*\.+\s*5/);

    // Every entry is a Link annotation to its target's page, with /Contents.
    const doc = await pdfjs.getDocument({
      data: new Uint8Array(r.pdf),
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
    }).promise;
    const pageOf = async (dest: unknown): Promise<number> => {
      const d = (typeof dest === 'string' ? await doc.getDestination(dest) : dest) as unknown[];
      return doc.getPageIndex(d[0] as { num: number; gen: number });
    };
    const links = back.links.filter((l) => l.page === 0);
    expect(await Promise.all(links.map((l) => pageOf(l.dest)))).toEqual([1, 2, 3, 4]);
    expect(links.map((l) => l.contents)).toEqual([
      'Introduction 2',
      'Method 3',
      'Data 4',
      'Figures 5',
    ]);

    // The outline follows bookmark-level, -label and -state.
    const outline = (await doc.getOutline()) as OutlineNode[];
    const shape = (o: OutlineNode): unknown => [o.title, o.items.map(shape)];
    expect(outline.map(shape)).toEqual([
      ['Introduction', []],
      ['Method', [['Data', [['Side note', []]]]]],
      ['Annex: Figures', [['Plates', []]]],
    ]);
    expect(outline[2].count).toBeLessThan(0);
    expect(await pageOf(outline[1].items[0].dest)).toBe(3);
    await doc.destroy();

    // TOC > TOCI > Reference > Link, nested entries in a TOC of their own.
    const tree = findRole(back.structs[0], 'TOC');
    expect(tree).toBeDefined();
    const r0 = roles(tree!);
    expect(r0.filter((x) => x === 'TOCI')).toHaveLength(4);
    expect(r0.filter((x) => x === 'TOC')).toHaveLength(2);
    expect(r0).toContain('Reference');
    expect(r0).toContain('Link');

    const { validate } = await import('../../src/validate/index.js');
    const report = validate(r.pdf);
    expect(report.failures ?? []).toEqual([]);
  });

  it('points every outline item at its structure element (/SE)', async () => {
    const r = await render({ kind: 'html', html: HTML }, { deterministic: true });
    // Read with the validator's parser (not the writer's objects): outline → /SE → StructElem.
    const pdf = openDocument(r.pdf);
    const dictOf = (o: CosObject | undefined): CosDict | undefined => {
      const v = pdf.resolve(o ?? null);
      return v && typeof v === 'object' && v.kind === 'dict' ? v : undefined;
    };
    const nameOf = (o: CosObject | undefined): string | undefined => {
      const v = pdf.resolve(o ?? null);
      return v && typeof v === 'object' && v.kind === 'name' ? v.value : undefined;
    };
    const refNum = (o: CosObject | undefined): number | undefined =>
      o && typeof o === 'object' && o.kind === 'ref' ? o.num : undefined;
    const items: {
      se: CosDict | undefined;
      page: number | undefined;
      sePage: number | undefined;
    }[] = [];
    const visit = (first: CosObject | undefined): void => {
      for (let it = dictOf(first); it; it = dictOf(it.entries.get('Next'))) {
        const se = dictOf(it.entries.get('SE'));
        const dest = pdf.resolve(it.entries.get('Dest') ?? null);
        const page =
          dest && typeof dest === 'object' && dest.kind === 'array'
            ? refNum(dest.items[0])
            : undefined;
        items.push({ se, page, sePage: refNum(se?.entries.get('Pg')) });
        visit(it.entries.get('First'));
      }
    };
    visit(dictOf(pdf.catalog?.entries.get('Outlines'))?.entries.get('First'));
    // Introduction, Method, Data, Side note, Annex: Figures, Plates.
    expect(items).toHaveLength(6);
    expect(items.map((i) => nameOf(i.se?.entries.get('Type')))).toEqual(
      Array(6).fill('StructElem'),
    );
    expect(items.map((i) => nameOf(i.se?.entries.get('S')))).toEqual([
      'H1',
      'H1',
      'H2',
      'P',
      'H1',
      'H2',
    ]);
    // The element is on the page the item goes to.
    expect(items.filter((i) => i.sePage !== undefined).length).toBeGreaterThan(0);
    for (const i of items) if (i.sePage !== undefined) expect(i.sePage).toBe(i.page);
  });

  const shapeOf = (n: StructNodeOut): unknown =>
    n.children.some((c) => 'role' in c)
      ? [n.role, n.children.flatMap((c) => ('role' in c ? [shapeOf(c)] : []))]
      : n.role;

  it('tags a table of contents of paragraphs as TOC > TOCI > Reference > Link', async () => {
    const html = `<!DOCTYPE html><html lang="en"><head><title>Paragraph TOC</title><style>
      @page { size: A5; margin: 20mm }
      nav a { text-decoration: none; color: black }
      nav a::after { content: leader(dotted) target-counter(attr(href), page) }
      h1 { break-before: page }
    </style></head><body>
      <nav><h2>Contents</h2>
        <p><a href="#one">One</a></p>
        <p><a href="#two">Two</a></p>
      </nav>
      <h1 id="one">One</h1><p>Text.</p><h1 id="two">Two</h1><p>Text.</p>
    </body></html>`;
    const r = await render({ kind: 'html', html }, { deterministic: true });
    const back = await readPdf(r.pdf);
    expect(back.pages[0].text).toMatch(/One\s*\.+\s*2/);
    const toc = findRole(back.structs[0], 'TOC');
    expect(toc).toBeDefined();
    expect(shapeOf(toc!)).toEqual([
      'TOC',
      [
        ['TOCI', [['Reference', ['Link']]]],
        ['TOCI', [['Reference', ['Link']]]],
      ],
    ]);
    // The heading stays a heading, outside the TOC.
    // (Heading levels are normalised: the document's first heading is an H1.)
    const nav = findRole(back.structs[0], 'Div');
    expect(shapeOf(nav!)).toEqual(['Div', ['H1', shapeOf(toc!)]]);
    const { validate } = await import('../../src/validate/index.js');
    expect(validate(r.pdf).failures ?? []).toEqual([]);
  });

  it('tags a table of contents of inline list items as TOC > TOCI > Reference', async () => {
    const html = `<!DOCTYPE html><html lang="en"><head><title>Inline TOC</title><style>
      @page { size: A5; margin: 20mm }
      nav li { display: inline; margin-right: 1em }
      h1 { break-before: page }
    </style></head><body>
      <nav><ul><li><a href="#one">One</a></li><li><a href="#two">Two</a></li></ul></nav>
      <h1 id="one">One</h1><p>Text.</p><h1 id="two">Two</h1><p>Text.</p>
    </body></html>`;
    const r = await render({ kind: 'html', html }, { deterministic: true });
    const back = await readPdf(r.pdf);
    const toc = findRole(back.structs[0], 'TOC');
    expect(toc).toBeDefined();
    expect(shapeOf(toc!)).toEqual([
      'TOC',
      [
        ['TOCI', [['Reference', ['Link']]]],
        ['TOCI', [['Reference', ['Link']]]],
      ],
    ]);
    const { validate } = await import('../../src/validate/index.js');
    expect(validate(r.pdf).failures ?? []).toEqual([]);
  });
});
