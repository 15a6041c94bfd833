/**
 * Query containers (CSS Conditional 5 §3): container-type, container-name and their shorthand
 * `container`. A size container is what @container size queries and the cq* units measure;
 * the cascade (container-queries.ts) reads these, layout applies the size containment.
 */
import type { CssNode } from 'css-tree';
import type { ContainerType } from '../types.js';
import * as cssValues from '../values.js';
import * as kit from './kit.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

/** Words a container name may not be: CSS-wide keywords, `none`, and the query's own words. */
const RESERVED_NAMES = new Set([
  'none',
  'and',
  'or',
  'not',
  'initial',
  'inherit',
  'unset',
  'revert',
  'revert-layer',
  'default',
]);

function parseContainerType(nodes: readonly CssNode[]): ContainerType | null {
  return nodes.length === 1
    ? kit.keywordParser<ContainerType>(['normal', 'size', 'inline-size'])(nodes[0])
    : null;
}

/** none | <custom-ident>+ (names keep their case: they are compared as written). */
function parseContainerName(nodes: readonly CssNode[]): readonly string[] | null {
  if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return [];
  if (nodes.length === 0) return null;
  const names: string[] = [];
  for (const n of nodes) {
    if (n.type !== 'Identifier' || RESERVED_NAMES.has(n.name.toLowerCase())) return null;
    names.push(n.name);
  }
  return names;
}

longhands.push(
  kit.longhand<ContainerType>({
    name: 'container-type',
    key: 'containerType',
    inherited: false,
    initial: 'normal',
    parse: parseContainerType,
  }),
  kit.longhand<readonly string[]>({
    name: 'container-name',
    key: 'containerName',
    inherited: false,
    initial: [],
    parse: parseContainerName,
  }),
);

shorthands.push({
  // <'container-name'> [ / <'container-type'> ]?
  name: 'container',
  longhands: ['container-name', 'container-type'],
  expand(nodes) {
    const slash = nodes.findIndex((n) => cssValues.isSlash(n));
    const nameNodes = slash < 0 ? nodes : nodes.slice(0, slash);
    const name = parseContainerName(nameNodes);
    const type = slash < 0 ? 'normal' : parseContainerType(nodes.slice(slash + 1));
    if (name === null || type === null) return null;
    return new Map<string, unknown>([
      ['container-name', name],
      ['container-type', type],
    ]);
  },
});
