import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, parseHtml } from '../../src/html/parse.js';
import type { DomElement } from '../../src/html/dom.js';

function findTag(el: DomElement, tag: string): DomElement | null {
  if (el.tag === tag) return el;
  for (const c of el.elementChildren) {
    const f = findTag(c, tag);
    if (f) return f;
  }
  return null;
}

describe('parseHtml', () => {
  it('takes the language from <body> when <html> has none', () => {
    expect(parseHtml('<html><body lang=DE><p>x').lang).toBe('DE');
    expect(parseHtml('<html lang=fr><body lang=DE><p>x').lang).toBe('fr');
    expect(parseHtml('<p>x').lang).toBeNull();
  });

  it('reports quirks mode for a legacy DOCTYPE, not for a missing one', () => {
    const legacy = '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN"><p>x';
    expect(parseHtml(legacy).quirks).toBe(true);
    expect(parseHtml('<!DOCTYPE html><p>x').quirks).toBe(false);
    expect(parseHtml('<html xmlns:o="urn:schemas-microsoft-com:office:office"><p>x').quirks).toBe(
      false,
    );
  });

  it('reads title (whitespace collapsed), html lang and base href', () => {
    const p = parseHtml(
      '<!doctype html><html lang="de-CH"><head><base href="https://x.test/a/"><title>\n  Rechnung   Nr. 7 </title></head><body></body></html>',
    );
    expect(p.title).toBe('Rechnung Nr. 7');
    expect(p.lang).toBe('de-CH');
    expect(p.baseHref).toBe('https://x.test/a/');
  });

  it('gives null title and lang when missing or empty', () => {
    const p = parseHtml('<p>hi</p><title>   </title>');
    expect(p.title).toBeNull();
    expect(p.lang).toBeNull();
  });

  it('collects <style> and <link rel=stylesheet> in document order with media', () => {
    const p = parseHtml(
      `<link rel="stylesheet" href="a.css"><style media="print">p{}</style>
       <link rel="alternate stylesheet" href="alt.css"><link rel="icon" href="i.png">
       <body><style>q{}</style><link rel=Stylesheet href=" b.css "></body>`,
    );
    expect(p.sheets).toEqual([
      { kind: 'link', text: 'a.css' },
      { kind: 'inline', text: 'p{}', media: 'print' },
      { kind: 'inline', text: 'q{}' },
      { kind: 'link', text: 'b.css' },
    ]);
  });

  it('builds elements with lower-case tags, attributes, id, classes and sibling indexes', () => {
    const p = parseHtml('<DIV ID=main Class=" a  b "><P>1</P><span></span><P>2</P></DIV>');
    const div = findTag(p.root, 'div') as DomElement;
    expect(div.idAttr).toBe('main');
    expect(div.classes).toEqual(['a', 'b']);
    expect(div.elementChildren.map((c) => [c.tag, c.index])).toEqual([
      ['p', 0],
      ['span', 1],
      ['p', 2],
    ]);
    expect(div.elementChildren[0].parent).toBe(div);
  });

  it('keeps inline SVG in the DOM with its case and namespace; its <title> is not the document title', () => {
    const p = parseHtml('<p><svg viewBox="0 0 10 10"><title>A</title><linearGradient/></svg></p>');
    const svg = findTag(p.root, 'svg') as DomElement;
    expect(svg.namespace).toBe('svg');
    expect(svg.attrs.get('viewBox')).toBe('0 0 10 10');
    expect(svg.elementChildren[1].localName).toBe('linearGradient');
    expect(p.title).toBeNull();
  });

  it('parses <noscript> content as markup (scripts never run) and skips <template> content', () => {
    const p = parseHtml(
      '<body><noscript><p id=n>no js</p></noscript><template><p id=t></p></template>',
    );
    const noscript = findTag(p.root, 'noscript') as DomElement;
    expect(noscript.elementChildren[0]?.tag).toBe('p');
    const tpl = findTag(p.root, 'template') as DomElement;
    expect(tpl.children).toHaveLength(0);
  });

  it('caps nesting depth without losing content or order', () => {
    const n = MAX_DEPTH + 200;
    const html = '<div>'.repeat(n) + 'deep' + '</div>'.repeat(n) + '<p>after</p>';
    const p = parseHtml(html);
    let depth = 0;
    let el: DomElement = p.root;
    let text = '';
    const stack: [DomElement, number][] = [[p.root, 0]];
    while (stack.length) {
      const [e, d] = stack.pop() as [DomElement, number];
      depth = Math.max(depth, d);
      for (const c of e.children) {
        if (c.kind === 'element') stack.push([c, d + 1]);
        else text += c.text;
      }
      el = e;
    }
    expect(el).toBeTruthy();
    expect(depth).toBeLessThanOrEqual(MAX_DEPTH + 1);
    expect(text).toContain('deep');
    expect(p.warnings.map((w) => w.code)).toContain('html.too-deep');
  });
});
