/**
 * Paged media (CSS Generated Content for Paged Media): named strings (string-set), PDF
 * bookmarks (bookmark-level, -label, -state) and footnotes (footnote-display, footnote-policy).
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import { parseContentList } from './content.js';
import type { ContentItem, StringSetValue } from '../types.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

/** `none | [ <custom-ident> <content-list> ]#` */
function parseStringSet(nodes: readonly CssNode[], ctx: kit.ParseCtx): StringSetValue | null {
  if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return 'none';
  const out: { name: string; items: ContentItem[] }[] = [];
  for (const part of cssValues.splitCommas(nodes)) {
    const name = part[0];
    if (!name || name.type !== 'Identifier') return null;
    const id = name.name.toLowerCase();
    if (['none', 'inherit', 'initial', 'unset', 'default'].includes(id)) return null;
    const items = parseContentList(part.slice(1), 'string-set', ctx);
    if (!items || items.length === 0) return null;
    out.push({ name: name.name, items });
  }
  return out.length > 0 ? out : null;
}

longhands.push(
  kit.longhand<StringSetValue>({
    name: 'string-set',
    key: 'stringSet',
    inherited: false,
    initial: 'none',
    parse: parseStringSet,
  }),
  kit.longhand<number | 'none'>({
    name: 'bookmark-level',
    key: 'bookmarkLevel',
    inherited: false,
    initial: 'none',
    parse: kit.single((n) => {
      if (cssValues.ident(n) === 'none') return 'none';
      const v = cssValues.parseInteger(n);
      return v !== null && v >= 1 ? v : null;
    }),
  }),
  kit.longhand<readonly ContentItem[]>({
    name: 'bookmark-label',
    key: 'bookmarkLabel',
    inherited: false,
    initial: [{ kind: 'content', part: 'text' }],
    parse: (nodes, ctx) => {
      const items = parseContentList(nodes, 'bookmark-label', ctx);
      return items && items.length > 0 ? items : null;
    },
  }),
  kit.keywordProp('bookmark-state', 'bookmarkState', false, 'open', ['open', 'closed']),
  kit.keywordProp('footnote-display', 'footnoteDisplay', false, 'block', [
    'block',
    'inline',
    'compact',
  ]),
  kit.keywordProp('footnote-policy', 'footnotePolicy', false, 'auto', ['auto', 'line', 'block']),
);
