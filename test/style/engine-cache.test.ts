import { describe, expect, it } from 'vitest';
import { EngineCache, engineKey } from '../../src/style/engine-cache.js';
import type { StyledElement, StyledNode } from '../../src/style/types.js';
import { fakeLoader, style } from './helpers.js';

function find(node: StyledNode, tag: string): StyledElement | undefined {
  if (node.kind !== 'element') return undefined;
  if (node.tag === tag) return node;
  for (const c of node.children) {
    const hit = find(c, tag);
    if (hit) return hit;
  }
  return undefined;
}

describe('style engines shared across documents', () => {
  it('gives a second document with the same sheets the same computed styles', async () => {
    const css = `<style>p { color: rgb(10, 20, 30); font-size: 13px } .x { margin-top: 2em }</style>`;
    const a = await style(`${css}<p class="x">one</p>`);
    const b = await style(`${css}<p class="x">two</p><p>three</p>`);
    const pa = find(a.root, 'p')!;
    const pb = find(b.root, 'p')!;
    expect(pb.style.color.r * 255).toBeCloseTo(10);
    expect(pb.style.color.b * 255).toBeCloseTo(30);
    expect(pb.style.fontSize).toBe(13);
    expect(pb.style.marginTop).toEqual(pa.style.marginTop);
    expect(JSON.stringify(pb.style.marginTop)).toContain('26');
  });

  it('shares the @page rules between documents with the same sheets and root style', async () => {
    const css = `<style>@page { size: A5; margin: 2em 1in } @page :first { margin-top: 3em }
      @page wide { size: A4 landscape } html { font-size: 12px }</style>`;
    const a = await style(`${css}<p>one</p>`);
    const b = await style(`${css}<p>two</p><p>three</p>`);
    expect(b.pageRules).toBe(a.pageRules);
    // Another root font size resolves the em margins again.
    const c = await style(`${css}<html style="font-size: 20px"><p>four</p></html>`);
    expect(c.pageRules).not.toBe(a.pageRules);
    expect(JSON.stringify(c.pageRules)).not.toEqual(JSON.stringify(a.pageRules));
    const d = await style(`${css}<p>five</p>`);
    expect(JSON.stringify(d.pageRules)).toEqual(JSON.stringify(a.pageRules));
  });

  it('repeats @page warnings for every document that shares the engine', async () => {
    const html = `<style>@page { size: sideways; margin: 1cm }</style><p>x</p>`;
    const first = await style(html);
    const second = await style(html);
    const invalid = (w: readonly { code: string }[]) =>
      w.filter((x) => x.code === 'css.invalid-value');
    expect(invalid(first.warnings)).toHaveLength(1);
    expect(invalid(second.warnings)).toEqual(invalid(first.warnings));
  });

  it('repeats a warning for every document, never only the first', async () => {
    const html = `<style>p { colour: red; float: left }</style><p>x</p>`;
    const first = await style(html);
    const second = await style(html);
    expect(first.warnings.length).toBeGreaterThan(0);
    expect(second.warnings.map((w) => w.message)).toEqual(first.warnings.map((w) => w.message));
  });

  it('reuses an engine whose sheets warned, repeating their warnings', async () => {
    const html = `<style>p { offset-path: circle(50%); color: rgb(1, 2, 3) }</style><p>x</p>`;
    const first = await style(html);
    const second = await style(html);
    expect(first.warnings.map((w) => w.message)).toEqual([
      "property 'offset-path' is not supported and was ignored",
    ]);
    expect(second.warnings).toEqual(first.warnings);
    // The same engine answers: the very style object its cache computed for the first document.
    expect(find(second.root, 'p')!.style).toBe(find(first.root, 'p')!.style);
  });

  it('does not reuse an engine whose styling warned', async () => {
    const html = `<style>p { color: rgb(1, 2, 3) }</style><p style="color: {">x</p>`;
    const first = await style(html);
    const second = await style(html);
    expect(first.warnings.length).toBeGreaterThan(0);
    expect(second.warnings).toEqual(first.warnings);
    expect(find(second.root, 'p')!.style).not.toBe(find(first.root, 'p')!.style);
  });

  it('loads a linked sheet that failed for an earlier document', async () => {
    const files: Record<string, string> = {};
    const loader = fakeLoader(files);
    const html = `<link rel="stylesheet" href="https://example.test/d.css"><p>x</p>`;
    const opts = { loader, baseUrl: 'https://example.test/' };
    const missing = await style(html, opts);
    expect(missing.warnings.map((w) => w.code)).toContain('resource.failed');
    files['https://example.test/d.css'] = 'p { font-size: 23px }';
    const found = await style(html, opts);
    expect(find(found.root, 'p')!.style.fontSize).toBe(23);
    expect(found.warnings).toEqual([]);
  });

  it('loads a linked sheet again for each document', async () => {
    const loader = fakeLoader({ 'https://example.test/a.css': 'p { color: blue }' });
    const html = `<link rel="stylesheet" href="https://example.test/a.css"><p>x</p>`;
    await style(html, { loader, baseUrl: 'https://example.test/' });
    await style(html, { loader, baseUrl: 'https://example.test/' });
    expect(loader.requests).toEqual(['https://example.test/a.css', 'https://example.test/a.css']);
  });

  it('does not share an engine between different sheets, bases or viewports', () => {
    const sources = [{ kind: 'inline' as const, text: 'p{color:red}' }];
    const base = { sources, base: undefined, viewport: { w: 1 }, strict: false, limits: undefined };
    const key = engineKey(base);
    expect(key).not.toBeNull();
    expect(engineKey({ ...base, sources: [{ kind: 'inline', text: 'p{color:blue}' }] })).not.toBe(
      key,
    );
    expect(engineKey({ ...base, base: 'https://a.test/' })).not.toBe(key);
    expect(engineKey({ ...base, viewport: { w: 2 } })).not.toBe(key);
    expect(engineKey({ ...base, strict: true })).not.toBe(key);
    const link = engineKey({ ...base, sources: [{ kind: 'link', text: 'p{color:red}' }] });
    expect(link).not.toBeNull();
    expect(link).not.toBe(key);
  });

  it('reuses the engine of a linked sheet only while the sheet is unchanged', async () => {
    const files = { 'https://example.test/b.css': 'p { color: rgb(0, 0, 255) }' };
    const loader = fakeLoader(files);
    const html = `<link rel="stylesheet" href="https://example.test/b.css"><p>x</p>`;
    const opts = { loader, baseUrl: 'https://example.test/' };
    const first = find((await style(html, opts)).root, 'p')!;
    const same = find((await style(html, opts)).root, 'p')!;
    // The same engine answers: the very style object its cache computed for the first document.
    expect(same.style).toBe(first.style);
    files['https://example.test/b.css'] = 'p { color: rgb(255, 0, 0) }';
    const changed = find((await style(html, opts)).root, 'p')!;
    expect(changed.style.color.r).toBeCloseTo(1);
    expect(changed.style.color.b).toBeCloseTo(0);
    expect(loader.requests.length).toBeGreaterThanOrEqual(3);
  });

  it('does not reuse the engine of a linked sheet that has since failed to load', async () => {
    const files: Record<string, string> = { 'https://example.test/c.css': 'p { font-size: 21px }' };
    const loader = fakeLoader(files);
    const html = `<link rel="stylesheet" href="https://example.test/c.css"><p>x</p>`;
    const opts = { loader, baseUrl: 'https://example.test/' };
    expect(find((await style(html, opts)).root, 'p')!.style.fontSize).toBe(21);
    delete files['https://example.test/c.css'];
    const gone = await style(html, opts);
    expect(find(gone.root, 'p')!.style.fontSize).not.toBe(21);
    expect(gone.warnings.map((w) => w.code)).toContain('resource.failed');
  });

  it('keeps only the most recently used engines', () => {
    const cache = new EngineCache(2);
    const entry = (n: number) => ({ n }) as never;
    cache.keep('a', entry(1));
    cache.keep('b', entry(2));
    expect(cache.take('a')).toBeDefined(); // a is now the most recent
    cache.keep('c', entry(3));
    expect(cache.size).toBe(2);
    expect(cache.take('b')).toBeUndefined();
    expect(cache.take('a')).toBeDefined();
    expect(cache.take('c')).toBeDefined();
  });

  it('forgets every engine when cleared', () => {
    const cache = new EngineCache(4);
    cache.keep('a', { n: 1 } as never);
    cache.keep('b', { n: 2 } as never);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.take('a')).toBeUndefined();
  });
});
