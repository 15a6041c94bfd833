import { describe, expect, it } from 'vitest';
import type { StructNode } from '../../src/document/index.js';
import type { PageStyle, StyledElement } from '../../src/style/types.js';
import { A4, layBody } from './harness.js';
import { el } from './styled.js';

const page: PageStyle = {
  ...A4,
  name: '',
  width: 800,
  height: 1100,
  marginTop: 50,
  marginRight: 50,
  marginBottom: 50,
  marginLeft: 50,
  backgroundColor: { r: 0, g: 0, b: 0, a: 0 },
  marginBoxes: [],
};

function structure(body: StyledElement[], title: string | null = 'T') {
  return layBody(body, { title, page });
}

function find(n: StructNode, type: string): StructNode[] {
  const out: StructNode[] = n.type === type ? [n] : [];
  for (const c of n.children) if (c.kind === 'node') out.push(...find(c, type));
  return out;
}

function shape(n: StructNode): string {
  const kids = n.children.filter((c): c is StructNode => c.kind === 'node');
  return kids.length === 0 ? n.type : `${n.type}(${kids.map(shape).join(',')})`;
}

describe('semantics to structure', () => {
  it('maps sectioning, quotations and code', async () => {
    const r = await structure([
      el('main', {}, [
        el('article', {}, [
          el('h1', {}, ['Title']),
          el('section', {}, [
            el('h2', {}, ['Part']),
            el('p', {}, [
              'He said ',
              el('q', {}, ['hello']),
              ' and ran ',
              el('code', {}, ['ls -l']),
              '.',
            ]),
          ]),
        ]),
        el('blockquote', {}, [el('p', {}, ['Quoted.'])]),
        el('pre', { whiteSpace: 'pre' }, ['line 1\nline 2']),
      ]),
    ]);
    expect(shape(r.document.structure)).toBe(
      'Document(Part(Art(H1,Sect(H2,P(Quote,Code))),BlockQuote(P),Code))',
    );
  });

  it('gives TH IDs and Scope, TD Headers, and keeps empty cells', async () => {
    const r = await structure([
      el('table', {}, [
        el('thead', {}, [
          el('tr', {}, [el('th', {}, ['']), el('th', {}, ['Q1']), el('th', {}, ['Q2'])]),
        ]),
        el('tbody', {}, [
          el('tr', {}, [el('th', {}, ['North']), el('td', {}, ['1']), el('td', {}, [])]),
        ]),
      ]),
    ]);
    const ths = find(r.document.structure, 'TH');
    expect(ths.map((t) => t.attributes?.scope)).toEqual(['Column', 'Column', 'Column', 'Row']);
    for (const t of ths) expect(t.elementId).toMatch(/\S/);
    const tds = find(r.document.structure, 'TD');
    expect(tds).toHaveLength(2);
    expect(tds[0].attributes?.headers).toEqual([ths[1].elementId, ths[3].elementId]);
  });

  it('makes decorative and hidden content artifacts and names languages', async () => {
    const r = await structure([
      el('p', {}, [
        'Visible ',
        el('span', {}, ['hidden'], { 'aria-hidden': 'true' }),
        ' and ',
        el('span', {}, ['Bonjour'], { lang: 'fr' }),
      ]),
      el('div', {}, [el('p', {}, ['Presentational'])], { role: 'presentation' }),
    ]);
    expect(shape(r.document.structure)).toBe('Document(P(Span),P)');
    expect(find(r.document.structure, 'Span')[0].lang).toBe('fr');
  });

  it('uses the first heading as title when <title> is missing, with a warning', async () => {
    const r = await structure([el('h1', {}, ['Annual  report ', el('em', {}, ['2024'])])], null);
    expect(r.document.metadata.title).toBe('Annual report 2024');
    expect(r.warnings.some((w) => w.code === 'document.missing-title')).toBe(true);
  });

  it('turns a failed image into a Figure with Alt (placeholder drawn) and alt="" into an artifact', async () => {
    const r = await structure([
      el('p', {}, [
        el('img', {}, [], { src: 'https://example.invalid/x.png', alt: 'Chart of sales' }),
        el('img', {}, [], { src: 'https://example.invalid/y.png', alt: '' }),
      ]),
    ]);
    const figs = find(r.document.structure, 'Figure');
    expect(figs).toHaveLength(1);
    expect(figs[0].alt).toBe('Chart of sales');
  });

  it('gives an image without alt its file name, but never the base64 of a data: URI', async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/q842iQAAAABJRU5ErkJggg==';
    const r = await structure([
      el('p', {}, [
        el('img', {}, [], { src: png }),
        el('img', {}, [], { src: 'https://example.invalid/charts/sales.png?v=2' }),
      ]),
    ]);
    expect(find(r.document.structure, 'Figure').map((f) => f.alt)).toEqual(['image', 'sales.png']);
    const w = r.warnings.filter((x) => x.code === 'layout.image-without-alt');
    expect(w.map((x) => x.source)).toEqual([
      'data: URI',
      'https://example.invalid/charts/sales.png?v=2',
    ]);
    expect(w[0].message).not.toContain('ErkJggg');
  });

  it('figure with a table is a Div with a Caption', async () => {
    const r = await structure([
      el('figure', {}, [
        el('figcaption', {}, ['Table 1']),
        el('table', {}, [el('tbody', {}, [el('tr', {}, [el('td', {}, ['x'])])])]),
      ]),
    ]);
    expect(shape(r.document.structure)).toBe('Document(Div(Caption,Table(TBody(TR(TD)))))');
  });

  it('lists: ordered list numbering and Lbl/LBody per item', async () => {
    const { marker } = await import('./styled.js');
    const r = await structure([
      el('ol', { listStyleType: 'upper-roman' }, [
        el('li', {}, [marker('I. '), 'One']),
        el('li', {}, [marker('II. '), 'Two']),
      ]),
    ]);
    const l = find(r.document.structure, 'L')[0];
    expect(l.attributes?.listNumbering).toBe('UpperRoman');
    expect(shape(l)).toBe('L(LI(Lbl,LBody),LI(Lbl,LBody))');
  });
});
