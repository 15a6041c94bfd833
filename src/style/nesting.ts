/**
 * CSS Nesting: the contents of a style rule's block split into declarations, nested style rules
 * and nested at-rules (css-tree reads nested rules only when they start with `&`), and nested
 * selectors resolved against their parent rule's selectors: `&` stands for `:is(<parents>)`, so
 * it matches like it and weighs like it (the most specific parent), and a nested selector
 * without `&` is relative to the parent (`.b` means `& .b`, `> .c` means `& > .c`).
 */
import { csstree } from './css-tree.js';
import type { CssNode } from 'css-tree';

/** One statement of a block's contents, as written. */
export type BlockItem =
  | { readonly kind: 'declarations'; readonly text: string }
  | { readonly kind: 'rule'; readonly prelude: string; readonly body: string }
  | {
      readonly kind: 'at-rule';
      readonly name: string;
      readonly prelude: string;
      /** null for a statement at-rule (`@layer a, b;`). */
      readonly body: string | null;
    };

/**
 * Splits the text inside a block's braces into its statements (CSS Syntax "consume a block's
 * contents"): a statement that reaches a top-level `{}` block before a `;` is a nested rule,
 * unless it declares a custom property, whose value may hold braces; runs of declarations stay
 * together so they are parsed in one go.
 */
export function splitBlock(text: string): BlockItem[] {
  const out: BlockItem[] = [];
  let decls = '';
  const flushDecls = (): void => {
    if (decls.trim() !== '') out.push({ kind: 'declarations', text: decls });
    decls = '';
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    i = skipSpaceAndComments(text, i);
    if (i >= n) break;
    const ch = text[i];
    if (ch === ';') {
      i++;
      continue;
    }
    const start = i;
    const custom = /^--[^\s:]*\s*:/.test(text.slice(i, i + 256));
    // Scan to the statement's end: a top-level ';' or, for rules, the end of its block.
    let depth = 0;
    let blockStart = -1;
    while (i < n) {
      const c = text[i];
      if (c === '/' && text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        i = end < 0 ? n : end + 2;
        continue;
      }
      if (c === '"' || c === "'") {
        i = skipString(text, i);
        continue;
      }
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
      else if (c === '{') {
        if (depth === 0 && !custom) {
          blockStart = i;
          break;
        }
        depth++;
      } else if (c === '}') depth = Math.max(0, depth - 1);
      else if (c === ';' && depth === 0) break;
      i++;
    }
    if (blockStart < 0) {
      // A declaration (or a statement at-rule) ending at ';' or at the end of the block.
      const stmt = text.slice(start, i);
      i++;
      if (ch === '@') {
        flushDecls();
        const { name, prelude } = atHead(stmt);
        out.push({ kind: 'at-rule', name, prelude, body: null });
      } else decls += stmt + ';';
      continue;
    }
    const end = matchingBrace(text, blockStart);
    const prelude = text.slice(start, blockStart);
    const body = text.slice(blockStart + 1, end);
    i = end + 1;
    flushDecls();
    if (ch === '@') {
      const { name, prelude: atPrelude } = atHead(prelude);
      out.push({ kind: 'at-rule', name, prelude: atPrelude, body });
    } else out.push({ kind: 'rule', prelude: prelude.trim(), body });
  }
  flushDecls();
  return out;
}

function atHead(stmt: string): { name: string; prelude: string } {
  const m = /^@([-\w]+)/.exec(stmt.trim());
  const name = m ? m[1].toLowerCase() : '';
  return { name, prelude: m ? stmt.trim().slice(m[0].length).trim() : '' };
}

function skipSpaceAndComments(s: string, i: number): number {
  for (;;) {
    while (i < s.length && /\s/.test(s[i])) i++;
    if (s[i] === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end < 0 ? s.length : end + 2;
      continue;
    }
    return i;
  }
}

function skipString(s: string, i: number): number {
  const q = s[i];
  let j = i + 1;
  while (j < s.length) {
    const c = s[j];
    if (c === '\\') j += 2;
    else if (c === q || c === '\n') return j + 1;
    else j++;
  }
  return j;
}

/** Index of the `}` closing the `{` at `open` (the end of the text when unclosed). */
function matchingBrace(s: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < s.length) {
    const c = s[i];
    if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end < 0 ? s.length : end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipString(s, i);
      continue;
    }
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return i;
    }
    i++;
  }
  return s.length;
}

/** Does a rule's block (as css-tree read it) hold anything but declarations? */
export function blockHasNesting(block: CssNode | null | undefined): boolean {
  if (!block || block.type !== 'Block') return false;
  let found = false;
  block.children.forEach((c) => {
    if (c.type !== 'Declaration') found = true;
    else if (c.value.type === 'Raw' && !c.property.startsWith('--') && c.value.value.includes('{'))
      found = true;
  });
  return found;
}

/** Does a sheet hold a style rule with nested rules or a `&` anywhere? */
export function sheetHasNesting(ast: CssNode): boolean {
  let found = false;
  csstree.walk(ast, {
    enter(n: CssNode) {
      if (found) return;
      if (n.type === 'NestingSelector') found = true;
      else if (n.type === 'Rule' && blockHasNesting(n.block)) found = true;
    },
  });
  return found;
}

/**
 * A nested (or top-level) selector with `&` resolved against the parent rule's selector list.
 * Without parents (a top-level rule) `&` is the scoping root, `:root`. A selector without `&`
 * is made relative to its parent. A leading `&` with a single parent selector is replaced by
 * that selector itself (`.a .b { &.c {} }` → `.a .b.c`), which is what `:is()` would match
 * with the same specificity; anything else becomes `:is(<parents>)`.
 */
export function resolveNesting(sel: CssNode, parents: CssNode | null): CssNode {
  if (sel.type !== 'Selector') return sel;
  const copy = csstree.clone(sel) as csstree.Selector;
  if (!parents) {
    if (!containsNesting(copy)) return copy;
    replaceNesting(copy, () => [pseudoClass('root')]);
    return copy;
  }
  const parts = copy.children.toArray();
  if (!containsNesting(copy)) {
    // Relative: `> .c` → `& > .c`, `.b` → `& .b`.
    const lead: CssNode[] = [{ type: 'NestingSelector' } as CssNode];
    if (parts[0]?.type !== 'Combinator') lead.push({ type: 'Combinator', name: ' ' } as CssNode);
    copy.children = new csstree.List<CssNode>().fromArray([...lead, ...parts]);
  }
  const list = parents.type === 'SelectorList' ? parents.children.toArray() : [parents];
  const single = list.length === 1 && list[0].type === 'Selector' ? list[0] : null;
  let first = true;
  replaceNesting(copy, (atStart) => {
    const inline = single !== null && atStart && first;
    first = false;
    if (inline) return (csstree.clone(single) as csstree.Selector).children.toArray();
    return [isOf(parents)];
  });
  return copy;
}

function containsNesting(n: CssNode): boolean {
  let found = false;
  csstree.walk(n, {
    enter(x: CssNode) {
      if (x.type === 'NestingSelector') found = true;
    },
  });
  return found;
}

/** Replaces every `&` in a selector (also inside :is(), :not(), :has()) by `make`'s nodes. */
function replaceNesting(sel: csstree.Selector, make: (atStart: boolean) => CssNode[]): void {
  const visit = (s: csstree.Selector): void => {
    const out: CssNode[] = [];
    s.children.toArray().forEach((c, i) => {
      if (c.type === 'NestingSelector') {
        out.push(...make(i === 0 && s === sel));
        return;
      }
      if (c.type === 'PseudoClassSelector' && c.children) {
        c.children.forEach((arg) => {
          if (arg.type === 'SelectorList')
            arg.children.forEach((x) => {
              if (x.type === 'Selector') visit(x);
            });
          else if (arg.type === 'Selector') visit(arg);
          else if (arg.type === 'Nth' && arg.selector?.type === 'SelectorList')
            arg.selector.children.forEach((x) => {
              if (x.type === 'Selector') visit(x);
            });
        });
      }
      out.push(c);
    });
    s.children = new csstree.List<CssNode>().fromArray(out);
  };
  visit(sel);
}

function pseudoClass(name: string): CssNode {
  return { type: 'PseudoClassSelector', name, children: null } as CssNode;
}

function isOf(parents: CssNode): CssNode {
  const list =
    parents.type === 'SelectorList'
      ? (csstree.clone(parents) as csstree.SelectorList)
      : ({
          type: 'SelectorList',
          children: new csstree.List<CssNode>().fromArray([csstree.clone(parents)]),
        } as CssNode);
  return {
    type: 'PseudoClassSelector',
    name: 'is',
    children: new csstree.List<CssNode>().fromArray([list]),
  } as CssNode;
}

/** A selector list node holding `selectors`. */
export function selectorList(selectors: readonly CssNode[]): CssNode {
  return {
    type: 'SelectorList',
    children: new csstree.List<CssNode>().fromArray([...selectors]),
  } as CssNode;
}
