/**
 * Lists and generated content: list styles, `content`, counters and quotes.
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import type {
  ContentItem,
  ContentList,
  CounterChange,
  CounterStyleName,
  ListStyleType,
  Quotes,
  RunningWhich,
  TargetRef,
  TextPart,
} from '../types.js';
import * as cssValues from '../values.js';
import { PREDEFINED } from '../counter-styles.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

export function parseCounterStyle(
  n: CssNode | undefined,
  _ctx: kit.ParseCtx,
): ListStyleType | null {
  if (!n) return null;
  if (n.type === 'String') return { string: n.value };
  const id = cssValues.ident(n);
  if (id === null) return null;
  if (id === 'none') return 'none';
  if (PREDEFINED.has(id)) return id as CounterStyleName;
  if (['inherit', 'initial', 'unset', 'revert', 'default'].includes(id)) return null;
  // Any other name is an @counter-style rule's (case kept); an undefined one reads as decimal.
  return n.type === 'Identifier' ? { name: n.name } : null;
}

function parseCounterChanges(dflt: number) {
  return (nodes: readonly CssNode[]): CounterChange[] | null => {
    if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return [];
    const out: CounterChange[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      if (n.type !== 'Identifier') return null;
      const name = n.name;
      if (['none', 'inherit', 'initial', 'unset', 'default'].includes(name.toLowerCase()))
        return null;
      const v = cssValues.parseInteger(nodes[i + 1]);
      if (v !== null) i++;
      out.push({ name, value: v ?? dflt });
    }
    return out.length ? out : null;
  };
}

/** Where a content list is used: each allows a different set of functions. */
export type ContentListUse = 'content' | 'string-set' | 'bookmark-label';

const RUNNING_WHICH = ['first', 'start', 'last', 'first-except'] as const;
const TEXT_PARTS = ['text', 'before', 'after', 'first-letter'] as const;
const LEADER_FILLS: Readonly<Record<string, string>> = { dotted: '.', solid: '_', space: ' ' };

/** The element a cross-reference names: attr(name) or attr(name url), or a URL / string. */
function parseTargetRef(nodes: readonly CssNode[], ctx: kit.ParseCtx): TargetRef | null {
  if (nodes.length !== 1) return null;
  const n = nodes[0];
  if (n.type === 'Function' && n.name.toLowerCase() === 'attr') {
    const a = n.children.toArray().filter((x) => x.type !== 'WhiteSpace');
    const name = a[0];
    if (!name || name.type !== 'Identifier') return null;
    // The only type an attribute may be read as here is url.
    if (a.length > 2 || (a[1] && cssValues.ident(a[1]) !== 'url')) return null;
    return { kind: 'attr', name: name.name.toLowerCase() };
  }
  const url = n.type === 'Url' ? n.value : cssValues.stringValue(n);
  if (url === null) return null;
  return { kind: 'url', url: url.startsWith('#') ? url : kit.resolveUrl(url, ctx.base) };
}

/** One component of a content list; null when invalid, or not allowed where it is used. */
function parseContentFunction(
  n: CssNode & { type: 'Function' },
  use: ContentListUse,
  ctx: kit.ParseCtx,
): ContentItem | null {
  const fn = n.name.toLowerCase();
  const args = cssValues.splitCommas(n.children.toArray().filter((x) => x.type !== 'WhiteSpace'));
  const style = (node: CssNode | undefined): ListStyleType | null =>
    node ? parseCounterStyle(node, ctx) : 'decimal';
  const oneIdent = (a: CssNode[] | undefined): string | null =>
    a && a.length === 1 && a[0].type === 'Identifier' ? a[0].name : null;
  switch (fn) {
    case 'attr': {
      const name = args[0]?.[0];
      if (!name || name.type !== 'Identifier') return null;
      return { kind: 'attr', name: name.name.toLowerCase() };
    }
    case 'counter':
    case 'counters': {
      const name = oneIdent(args[0]);
      if (name === null) return null;
      if (fn === 'counter') {
        const st = style(args[1]?.[0]);
        if (!st || args.length > 2) return null;
        return { kind: 'counter', name, style: st };
      }
      const sep = cssValues.stringValue(args[1]?.[0]);
      const st = style(args[2]?.[0]);
      if (sep === null || !st || args.length > 3) return null;
      return { kind: 'counters', name, separator: sep, style: st };
    }
    case 'url': {
      if (use !== 'content') return null;
      const s = cssValues.stringValue(args[0]?.[0]);
      return s === null ? null : { kind: 'url', url: kit.resolveUrl(s, ctx.base) };
    }
    case 'target-counter':
    case 'target-counters': {
      const target = args[0] ? parseTargetRef(args[0], ctx) : null;
      const name = oneIdent(args[1]);
      if (!target || name === null) return null;
      if (fn === 'target-counter') {
        const st = style(args[2]?.[0]);
        if (!st || args.length > 3) return null;
        return { kind: 'target-counter', target, name, style: st };
      }
      const sep = cssValues.stringValue(args[2]?.[0]);
      const st = style(args[3]?.[0]);
      if (sep === null || !st || args.length > 4) return null;
      return { kind: 'target-counters', target, name, separator: sep, style: st };
    }
    case 'target-text': {
      const target = args[0] ? parseTargetRef(args[0], ctx) : null;
      const part = args[1] ? (cssValues.ident(args[1][0]) ?? '') : 'content';
      const p = part === 'content' ? 'text' : part;
      if (!target || args.length > 2 || !(TEXT_PARTS as readonly string[]).includes(p)) return null;
      return { kind: 'target-text', target, part: p as TextPart };
    }
    case 'leader': {
      if (use !== 'content' || args.length !== 1 || args[0].length !== 1) return null;
      const a = args[0][0];
      const fill = cssValues.stringValue(a) ?? LEADER_FILLS[cssValues.ident(a) ?? ''];
      return fill === undefined || fill === null ? null : { kind: 'leader', fill };
    }
    case 'string':
    case 'element': {
      if (use !== 'content') return null;
      const name = oneIdent(args[0]);
      const which = args[1] ? cssValues.ident(args[1][0]) : 'first';
      if (
        name === null ||
        args.length > 2 ||
        !(RUNNING_WHICH as readonly string[]).includes(which ?? '')
      )
        return null;
      return {
        kind: fn === 'string' ? 'named-string' : 'element',
        name,
        which: which as RunningWhich,
      };
    }
    case 'content': {
      if (use === 'content') return null;
      const part = args[0] && args[0].length > 0 ? cssValues.ident(args[0][0]) : 'text';
      const p = part === 'contents' ? 'text' : part;
      if (
        args.length > 1 ||
        !['text', 'before', 'after', 'first-letter', 'marker'].includes(p ?? '')
      )
        return null;
      return { kind: 'content', part: p as TextPart | 'marker' };
    }
  }
  ctx.warn(`content function ${fn}() is not supported`);
  return null;
}

/** A content list (`content`, `string-set`, `bookmark-label`); null when invalid. */
export function parseContentList(
  nodes: readonly CssNode[],
  use: ContentListUse,
  ctx: kit.ParseCtx,
): ContentItem[] | null {
  const out: ContentItem[] = [];
  for (const n of nodes) {
    if (n.type === 'String') out.push({ kind: 'string', text: n.value });
    else if (n.type === 'Url' && use === 'content')
      out.push({ kind: 'url', url: kit.resolveUrl(n.value, ctx.base) });
    else if (n.type === 'Identifier' && use === 'content') {
      const id = n.name.toLowerCase();
      if (
        id === 'open-quote' ||
        id === 'close-quote' ||
        id === 'no-open-quote' ||
        id === 'no-close-quote'
      ) {
        out.push({ kind: 'quote', which: id });
      } else return null;
    } else if (n.type === 'Function') {
      const item = parseContentFunction(n, use, ctx);
      if (!item) return null;
      out.push(item);
    } else return null;
  }
  return out;
}

function parseContent(
  nodes: readonly CssNode[],
  ctx: kit.ParseCtx,
): ContentList | 'normal' | 'none' | null {
  if (nodes.length === 1) {
    const id = cssValues.ident(nodes[0]);
    if (id === 'normal' || id === 'none') return id;
  }
  // `content: <items> / <alternative text>`: the text after '/' is what assistive technology
  // reads instead of the visible content ('' marks it decorative).
  const slash = nodes.findIndex(cssValues.isSlash);
  const main = parseContentList(slash < 0 ? nodes : nodes.slice(0, slash), 'content', ctx);
  if (!main || main.length === 0) return null;
  if (slash < 0) return main;
  const altNodes = nodes.slice(slash + 1);
  const alt = altNodes.length === 0 ? null : parseContentList(altNodes, 'content', ctx);
  if (!alt || alt.some((i) => i.kind === 'url' || i.kind === 'quote')) return null;
  return Object.assign(main, { alt });
}

function parseQuotes(nodes: readonly CssNode[]): Quotes | null {
  if (nodes.length === 1) {
    const id = cssValues.ident(nodes[0]);
    if (id === 'auto' || id === 'none') return id;
  }
  if (nodes.length === 0 || nodes.length % 2 !== 0) return null;
  const strs = nodes.map(cssValues.stringValue);
  if (strs.some((s) => s === null)) return null;
  const pairs: [string, string][] = [];
  for (let i = 0; i < strs.length; i += 2) pairs.push([strs[i] as string, strs[i + 1] as string]);
  return pairs;
}

longhands.push(
  kit.longhand<ListStyleType>({
    name: 'list-style-type',
    key: 'listStyleType',
    inherited: true,
    initial: 'disc',
    parse: (nodes, ctx) => (nodes.length === 1 ? parseCounterStyle(nodes[0], ctx) : null),
  }),
  kit.keywordProp('list-style-position', 'listStylePosition', true, 'outside', [
    'inside',
    'outside',
  ]),
  kit.longhand<{ kind: 'url'; url: string } | 'none'>({
    name: 'list-style-image',
    key: 'listStyleImage',
    inherited: true,
    initial: 'none',
    parse: kit.single((n, ctx) => {
      if (cssValues.ident(n) === 'none') return 'none';
      return n.type === 'Url' ? { kind: 'url', url: kit.resolveUrl(n.value, ctx.base) } : null;
    }),
  }),
  kit.longhand<ContentList | 'normal' | 'none'>({
    name: 'content',
    key: 'content',
    inherited: false,
    initial: 'normal',
    parse: parseContent,
  }),
  kit.longhand<CounterChange[]>({
    name: 'counter-reset',
    key: 'counterReset',
    inherited: false,
    initial: [],
    parse: parseCounterChanges(0),
  }),
  kit.longhand<CounterChange[]>({
    name: 'counter-increment',
    key: 'counterIncrement',
    inherited: false,
    initial: [],
    parse: parseCounterChanges(1),
  }),
  kit.longhand<CounterChange[]>({
    name: 'counter-set',
    key: 'counterSet',
    inherited: false,
    initial: [],
    parse: parseCounterChanges(0),
  }),
  kit.longhand<Quotes>({
    name: 'quotes',
    key: 'quotes',
    inherited: true,
    initial: 'auto',
    parse: parseQuotes,
  }),
);
shorthands.push({
  name: 'list-style',
  longhands: ['list-style-type', 'list-style-position', 'list-style-image'],
  expand(nodes, ctx) {
    let type: unknown = kit.INITIAL;
    let pos: unknown = kit.INITIAL;
    let image: unknown = kit.INITIAL;
    let nones = 0;
    for (const n of nodes) {
      const id = cssValues.ident(n);
      if (id === 'none') {
        nones++;
        continue;
      }
      if ((id === 'inside' || id === 'outside') && pos === kit.INITIAL) {
        pos = id;
        continue;
      }
      if (n.type === 'Url' && image === kit.INITIAL) {
        image = { kind: 'url', url: kit.resolveUrl(n.value, ctx.base) };
        continue;
      }
      const t = type === kit.INITIAL ? parseCounterStyle(n, ctx) : null;
      if (t) {
        type = t;
        continue;
      }
      return null;
    }
    // `none` fills whichever of type and image was not given.
    if (nones > 0 && type === kit.INITIAL) {
      type = 'none';
      nones--;
    }
    if (nones > 0 && image === kit.INITIAL) {
      image = 'none';
      nones--;
    }
    if (nones > 0) return null;
    return new Map<string, unknown>([
      ['list-style-type', type],
      ['list-style-position', pos],
      ['list-style-image', image],
    ]);
  },
});
