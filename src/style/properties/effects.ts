/** Visual effects: colour, opacity, visibility, overflow and clip. */
import type { CssNode } from 'css-tree';
import { BLACK } from '../colors.js';
import * as kit from './kit.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

const OVERFLOW = ['visible', 'hidden', 'clip', 'scroll', 'auto'] as const;
longhands.push(
  kit.keywordProp('overflow-x', 'overflowX', false, 'visible', OVERFLOW),
  kit.keywordProp('overflow-y', 'overflowY', false, 'visible', OVERFLOW),
  kit.longhand<number>({
    name: 'opacity',
    key: 'opacity',
    inherited: false,
    initial: 1,
    parse: kit.single((n) => {
      const v = cssValues.parseAlphaValue(n);
      return v === null ? null : Math.min(1, Math.max(0, v));
    }),
  }),
  kit.keywordProp('visibility', 'visibility', true, 'visible', ['visible', 'hidden', 'collapse']),
  kit.colorProp('color', 'color', true, BLACK),
  kit.longhand<ClipSpec>({
    name: 'clip',
    key: 'clip',
    inherited: false,
    initial: 'auto',
    parse: kit.single(parseClip),
    compute: (s, c) =>
      s === 'auto'
        ? 'auto'
        : s.map((e) => (e === 'auto' ? 'auto' : kit.computeLenOrKeyword(e, c.env))),
  }),
);

/** `clip: rect(top, right, bottom, left)` (CSS 2.1 §11.1.2): offsets from the border box. */
type ClipSpec = 'auto' | readonly (kit.LenOrKeyword | 'auto')[];

function parseClip(n: CssNode): ClipSpec | null {
  if (cssValues.ident(n) === 'auto') return 'auto';
  if (n.type !== 'Function' || n.name.toLowerCase() !== 'rect') return null;
  const nodes = n.children.toArray().filter((c) => c.type !== 'WhiteSpace');
  // The comma-separated form is the standard one; the space-separated one is still read.
  const parts = nodes.some(cssValues.isComma)
    ? cssValues.splitCommas(nodes)
    : nodes.map((c) => [c]);
  if (parts.length !== 4 || parts.some((p) => p.length !== 1)) return null;
  const edges: (kit.LenOrKeyword | 'auto')[] = [];
  for (const [c] of parts) {
    if (cssValues.ident(c) === 'auto') edges.push('auto');
    else {
      const l = cssValues.parseLength(c);
      if (!l) return null;
      edges.push(l);
    }
  }
  return edges;
}
shorthands.push({
  name: 'overflow',
  longhands: ['overflow-x', 'overflow-y'],
  expand(nodes) {
    const p = kit.keywordParser(OVERFLOW);
    const v = nodes.map(p);
    if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
    return new Map([
      ['overflow-x', v[0]],
      ['overflow-y', v[1] ?? v[0]],
    ]);
  },
});
