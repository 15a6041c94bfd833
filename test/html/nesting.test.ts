/**
 * Nesting is bounded while the HTML is parsed, not after: the parser's own work grows with the
 * square of the depth, so a cap applied to the finished tree comes a minute too late.
 */
import { describe, expect, it } from 'vitest';
import { LimitError } from '../../src/diagnostics.js';
import { MAX_OPEN_ELEMENTS, parseHtml } from '../../src/html/parse.js';

const nested = (depth: number, tag = 'div') => `<html lang="en">${`<${tag}>`.repeat(depth)}x`;

describe('nesting while parsing', () => {
  it('refuses 100,000 nested elements while parsing, naming the limit', () => {
    let checkpoints = 0;
    let err: unknown;
    try {
      parseHtml(nested(100_000), { checkpoint: () => void checkpoints++ });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LimitError);
    expect((err as LimitError).limit).toBe('html-depth');
    expect((err as LimitError).message).toContain(String(MAX_OPEN_ELEMENTS));
    // Stopped at the limit: the parser never opened the elements past it.
    expect(checkpoints).toBeLessThanOrEqual(MAX_OPEN_ELEMENTS / 256 + 2);
  });

  it('parses nesting up to the limit and flattens the tree below the layout cap', () => {
    const p = parseHtml(nested(MAX_OPEN_ELEMENTS - 10));
    expect(p.warnings.map((w) => w.code)).toContain('html.too-deep');
  });

  it('counts open elements, not elements: closed siblings never add up', () => {
    const siblings = `<html lang="en">${'<div><span>x</span></div>'.repeat(MAX_OPEN_ELEMENTS * 3)}`;
    expect(parseHtml(siblings).root.elementChildren.length).toBe(2);
  });

  it('honours a smaller limit given by the caller', () => {
    expect(() => parseHtml(nested(60), { maxOpenElements: 50 })).toThrow(/more than 50 levels/);
  });

  it('reaches its checkpoint while parsing, so a deadline can stop it', () => {
    let calls = 0;
    const stop = new Error('deadline');
    const html = `<html lang="en">${'<p><b>x</b></p>'.repeat(20_000)}`;
    expect(() =>
      parseHtml(html, {
        checkpoint: () => {
          if (++calls === 3) throw stop;
        },
      }),
    ).toThrow(stop);
  });
});

describe('document size limits while parsing', () => {
  it('stops at the element limit while parsing, naming it', () => {
    const cells = `<table>${'<tr><td>1</td><td>2</td></tr>'.repeat(50_000)}</table>`;
    let checkpoints = 0;
    let err: unknown;
    try {
      parseHtml(cells, { maxElements: 10_000, checkpoint: () => void checkpoints++ });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LimitError);
    expect((err as LimitError).limit).toBe('document-elements');
    expect((err as LimitError).message).toMatch(/more than 10000 elements/);
    // Stopped near the limit, not after the 150,000 elements were all built.
    expect(checkpoints).toBeLessThan(60);
  });

  it('counts text, not markup, style sheets or scripts, against the text limit', () => {
    const css = `<style>${'p { color: red } '.repeat(1000)}</style><script>${'x'.repeat(20_000)}</script>`;
    expect(() =>
      parseHtml(`${css}<p>${'a'.repeat(900)}</p>`, { maxTextChars: 1000 }),
    ).not.toThrow();
    expect(() => parseHtml(`<p>${'a '.repeat(600)}</p>`, { maxTextChars: 1000 })).toThrow(
      /more than 1000 characters of text/,
    );
  });

  it('refuses HTML source over its length limit before parsing', () => {
    let checkpoints = 0;
    const err = (() => {
      try {
        parseHtml(`<p>${'x'.repeat(5000)}</p>`, {
          maxHtmlChars: 4096,
          checkpoint: () => void checkpoints++,
        });
      } catch (e) {
        return e as LimitError;
      }
      return null;
    })();
    expect(err?.limit).toBe('document-html');
    expect(err?.message).toMatch(/the HTML has 5007 characters; the limit is 4096/);
    expect(checkpoints).toBe(0);
  });
});
