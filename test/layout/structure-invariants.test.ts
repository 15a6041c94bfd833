/**
 * Structure invariants PDF/UA-1 asks of every document, whatever the HTML: heading levels that
 * start at H1 and never skip, lists holding only LI (with Lbl/LBody), tables holding rows and
 * cells in their places. Unit tests of the normalisation, and documents rendered end to end and
 * read back with pdfjs-dist and our validator.
 */
import { describe, expect, it } from 'vitest';
import type { StructChild, StructNode } from '../../src/document/index.js';
import { normaliseStructure } from '../../src/layout/box-tree/repair.js';
import { render } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { readPdf, roles, type StructNodeOut } from '../engine/helpers.js';

let id = 1;
const n = (type: StructNode['type'], children: StructChild[] = []): StructNode => ({
  kind: 'node',
  id: id++,
  type,
  children,
});
const slot = (s: number): StructChild => ({ kind: 'content', slot: s });

function shape(x: StructNode): string {
  const kids = x.children.map((c) => (c.kind === 'node' ? shape(c) : '#'));
  return kids.length === 0 ? x.type : `${x.type}(${kids.join(',')})`;
}

const headings = (...types: StructNode['type'][]): string =>
  shape(
    normaliseStructure(
      n(
        'Document',
        types.map((t) => n(t, [slot(1)])),
      ),
    ),
  );

describe('heading levels', () => {
  it('starts the outline at H1', () => {
    expect(headings('H2', 'H3', 'H2')).toBe('Document(H1(#),H2(#),H1(#))');
  });

  it('never skips a level, keeping the relative order of the source levels', () => {
    expect(headings('H1', 'H3', 'H3', 'H2', 'H4')).toBe('Document(H1(#),H2(#),H2(#),H2(#),H3(#))');
    expect(headings('H2', 'H4', 'H3', 'H1', 'H2')).toBe('Document(H1(#),H2(#),H2(#),H1(#),H2(#))');
  });

  it('handles a sidebar h2 before the h1, and headings nested in sections', () => {
    const tree = n('Document', [
      n('Sect', [n('H2', [slot(1)]), n('P', [slot(2)])]),
      n('Part', [n('H1', [slot(3)]), n('Sect', [n('H3', [slot(4)])])]),
    ]);
    expect(shape(normaliseStructure(tree))).toBe(
      'Document(Sect(H1(#),P(#)),Part(H1(#),Sect(H2(#))))',
    );
  });

  it('leaves a well-formed outline as it is', () => {
    expect(headings('H1', 'H2', 'H3', 'H2', 'H1')).toBe('Document(H1(#),H2(#),H3(#),H2(#),H1(#))');
  });
});

describe('lists', () => {
  it('wraps the content of an LI in an LBody', () => {
    const tree = n('Document', [n('L', [n('LI', [n('P', [slot(1)]), n('Span', [slot(2)])])])]);
    expect(shape(normaliseStructure(tree))).toBe('Document(L(LI(LBody(P(#),Span(#)))))');
  });

  it('keeps Lbl and LBody and wraps what else an LI holds', () => {
    const tree = n('Document', [
      n('L', [n('LI', [n('Lbl', [slot(1)]), n('LBody', [slot(2)]), n('P', [slot(3)])])]),
    ]);
    expect(shape(normaliseStructure(tree))).toBe('Document(L(LI(Lbl(#),LBody(#),LBody(P(#)))))');
  });

  it('puts content of an L into list items, and list items outside a list into an L', () => {
    const tree = n('Document', [
      n('L', [n('P', [slot(1)]), n('LI', [n('LBody', [slot(2)])])]),
      n('LI', [slot(3)]),
    ]);
    expect(shape(normaliseStructure(tree))).toBe(
      'Document(L(LI(LBody(P(#))),LI(LBody(#))),L(LI(LBody(#))))',
    );
  });
});

describe('tables', () => {
  it('puts cells into rows and rows into tables', () => {
    const tree = n('Document', [
      n('TD', [slot(1)]),
      n('TD', [slot(2)]),
      n('TR', [n('TD', [slot(3)])]),
    ]);
    expect(shape(normaliseStructure(tree))).toBe('Document(Table(TR(TD(#),TD(#)),TR(TD(#))))');
  });

  it('puts stray content of a table, a row group and a row into cells', () => {
    const tree = n('Document', [
      n('Table', [
        n('P', [slot(1)]),
        n('TBody', [n('P', [slot(2)]), n('TR', [n('P', [slot(3)])])]),
      ]),
    ]);
    expect(shape(normaliseStructure(tree))).toBe(
      'Document(Table(TBody(TR(TD(P(#)))),TBody(TR(TD(P(#))),TR(TD(P(#))))))',
    );
  });

  it('keeps one THead and one TFoot beside a TBody, and the Caption first or last', () => {
    const row = (s: number): StructNode => n('TR', [n('TD', [slot(s)])]);
    const tree = n('Document', [
      n('Table', [
        n('THead', [row(1)]),
        n('Caption', [slot(2)]),
        n('THead', [row(3)]),
        row(4),
        n('TFoot', [row(5)]),
      ]),
    ]);
    expect(shape(normaliseStructure(tree))).toBe(
      'Document(Table(Caption(#),THead(TR(TD(#))),TBody(TR(TD(#))),TBody(TR(TD(#))),TFoot(TR(TD(#)))))',
    );
    const headOnly = n('Document', [n('Table', [n('THead', [row(6)])])]);
    expect(shape(normaliseStructure(headOnly))).toBe('Document(Table(TBody(TR(TD(#)))))');
  });
});

async function renderHtml(
  body: string,
  css = '',
): Promise<{ tree: StructNodeOut; failures: string[] }> {
  const html = `<!DOCTYPE html><html lang="en"><head><title>T</title><style>${css}</style></head><body>${body}</body></html>`;
  const result = await render({ kind: 'html', html }, { deterministic: true });
  const back = await readPdf(result.pdf);
  const report = validate(result.pdf);
  return {
    tree: back.structs[0] as StructNodeOut,
    failures: (report.failures ?? []).map((f) => JSON.stringify(f).slice(0, 200)),
  };
}

describe('rendered documents', () => {
  it('a document starting at h2 with a sidebar h3 is compliant, with H1 first', async () => {
    const { tree, failures } = await renderHtml(
      '<aside><h3>Contact</h3><p>x</p></aside><main><h2>Boarding pass</h2><p>y</p><h4>Gate</h4><p>z</p></main>',
    );
    expect(failures).toEqual([]);
    expect(roles(tree).filter((r) => /^H\d$/.test(r))).toEqual(['H1', 'H1', 'H2']);
  });

  it('list items laid out as flex, grid-like blocks or inline keep Lbl/LBody', async () => {
    const { tree, failures } = await renderHtml(
      `<ul class=skills><li>TypeScript <span class=lvl>expert</span></li><li>Rust</li></ul>
       <ul class=tags><li>one</li><li>two</li></ul>
       <ol><li>first</li></ol>`,
      `.skills li { display: flex; justify-content: space-between }
       .skills li::after { content: "★★★"; }
       .tags li { display: inline; margin-right: 1em }`,
    );
    expect(failures).toEqual([]);
    const lists = roles(tree).join(' ');
    expect(lists).toContain('L LI LBody');
    expect(lists).toContain('L LI Lbl LBody');
    expect(lists).not.toMatch(/LI (P|Span)/);
  });
});
