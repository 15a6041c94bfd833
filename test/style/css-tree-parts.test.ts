/**
 * The style stage takes css-tree's parser, walker, generator and lexer from the package's
 * subpath entries (src/style/css-tree-parts.ts) rather than from its root, which builds a lexer
 * as it loads. These parts must answer exactly as the root's do.
 */
import * as root from 'css-tree';
import { describe, expect, it } from 'vitest';
import * as parts from '../../src/style/css-tree-parts.js';

const SHEETS = [
  'p { color: red } h1 + h2 > em::before { content: "x" counter(a) }',
  '@page :first { margin: 1in; @top-center { content: string(title) } }',
  '@media print and (min-width: 10cm) { .a:not(.b, .c) { width: calc(100% - 2em) } }',
  '.grid { grid-template-areas: "a b" "c d"; grid-template-columns: repeat(3, minmax(0, 1fr)) }',
  '@font-face { font-family: X; src: url(x.woff2) format("woff2") } :root { --gap: 4px }',
  'a[href^="http"]:hover { color: rgb(0 0 0 / 50%) !important } /* comment */ }',
];

const VALUES: [string, string][] = [
  ['color', 'red'],
  ['color', 'device-cmyk(0 0 0 1)'],
  ['color', 'lab(50% 40 59)'],
  ['color', '12 apples'],
  ['width', '7px'],
  ['width', 'calc(100% - 3em)'],
  ['width', 'fit-content(20em)'],
  ['width', 'red'],
  ['margin', '1px 2px 3px 4px 5px'],
  ['margin', 'auto 0'],
  ['grid-template-columns', 'repeat(auto-fill, minmax(10em, 1fr))'],
  ['grid-template-areas', '"a b" "c d"'],
  ['box-shadow', '0 0 1px red, inset 2px 2px blue'],
  ['box-shadow', 'none none'],
  ['font', 'italic bold 12pt/1.4 Georgia, serif'],
  ['font', 'bold'],
  ['transform', 'rotate(45deg) translate(1px, 2px)'],
  ['transform', 'spin(3)'],
  ['background', 'url(a.png) no-repeat center / cover, linear-gradient(red, blue)'],
  ['text-decoration', 'underline wavy red'],
  ['content', 'counter(page) " of " counter(pages)'],
  ['clip-path', 'circle(50% at 50% 50%)'],
  ['filter', 'blur(2px) drop-shadow(0 0 2px black)'],
  ['display', 'inline flex'],
  ['display', 'sideways'],
];

describe("css-tree's parts", () => {
  it('parse and generate sheets as the root entry does', () => {
    for (const sheet of SHEETS) {
      const mine = parts.generate(parts.parse(sheet, { positions: true }));
      expect(mine, sheet).toBe(root.generate(root.parse(sheet, { positions: true })));
    }
  });

  it('walk the same nodes as the root entry', () => {
    const types = (walk: typeof root.walk, ast: root.CssNode) => {
      const seen: string[] = [];
      walk(ast, (n) => {
        seen.push(n.type);
      });
      return seen;
    };
    for (const sheet of SHEETS)
      expect(types(parts.walk, parts.parse(sheet))).toEqual(types(root.walk, root.parse(sheet)));
  });

  it('build a lexer that tells valid values from invalid ones as the root lexer does', () => {
    for (const [property, value] of VALUES) {
      const ast = parts.parse(value, { context: 'value' });
      const mine = !parts.cssLexer().matchProperty(property, ast).error;
      const theirs = !root.lexer.matchProperty(property, root.parse(value, { context: 'value' }))
        .error;
      expect(mine, `${property}: ${value}`).toBe(theirs);
    }
    // Both verdicts occur in the sample.
    const verdicts = VALUES.map(
      ([p, v]) => !parts.cssLexer().matchProperty(p, parts.parse(v, { context: 'value' })).error,
    );
    expect(new Set(verdicts).size).toBe(2);
  });
});
