/**
 * The document tree the cascade works on: a compact element/text tree built from parse5's output,
 * with what selector matching needs precomputed (id, classes, element siblings).
 */

export interface DomText {
  readonly kind: 'text';
  readonly text: string;
}

export interface DomElement {
  readonly kind: 'element';
  /** Lower-case local name (SVG/MathML names keep their case in `localName`). */
  readonly tag: string;
  readonly localName: string;
  readonly namespace: 'html' | 'svg' | 'mathml';
  /** Attribute names lower-case for HTML elements. */
  readonly attrs: ReadonlyMap<string, string>;
  readonly idAttr: string | null;
  readonly classes: readonly string[];
  readonly parent: DomElement | null;
  readonly children: readonly DomNode[];
  readonly elementChildren: readonly DomElement[];
  /** 0-based position among the parent's element children. */
  readonly index: number;
  /** 0-based position among the parent's element children of the same tag. */
  readonly typeIndex: number;
  /** Number of the parent's element children with this tag (itself included). */
  readonly typeCount: number;
}

export type DomNode = DomElement | DomText;

/** Mutable form used only while building the tree. */
export interface MutableElement extends DomElement {
  parent: DomElement | null;
  children: DomNode[];
  elementChildren: DomElement[];
  index: number;
  typeIndex: number;
  typeCount: number;
}

export function createElement(
  localName: string,
  namespace: DomElement['namespace'],
  attrs: Map<string, string>,
): MutableElement {
  const cls = attrs.get('class');
  return {
    kind: 'element',
    tag: localName.toLowerCase(),
    localName,
    namespace,
    attrs,
    idAttr: attrs.get('id') ?? null,
    classes: cls ? cls.split(/[ \t\n\f\r]+/).filter((c) => c.length > 0) : [],
    parent: null,
    children: [],
    elementChildren: [],
    index: 0,
    typeIndex: 0,
    typeCount: 1,
  };
}

export function appendChild(parent: MutableElement, child: DomNode): void {
  if (child.kind === 'element') {
    const c = child as MutableElement;
    c.parent = parent;
    c.index = parent.elementChildren.length;
    parent.elementChildren.push(c);
  }
  parent.children.push(child);
}

/** Fills typeIndex/typeCount for the whole tree (after it is built), without recursion. */
export function indexTypes(root: MutableElement): void {
  const stack: MutableElement[] = [root];
  while (stack.length) {
    const el = stack.pop() as MutableElement;
    const counts = new Map<string, number>();
    for (const c of el.elementChildren as MutableElement[]) {
      const n = counts.get(c.tag) ?? 0;
      c.typeIndex = n;
      counts.set(c.tag, n + 1);
      stack.push(c);
    }
    for (const c of el.elementChildren as MutableElement[])
      c.typeCount = counts.get(c.tag) as number;
  }
}

/** Concatenated text of an element's descendants (for <title>, <style>). */
export function textContent(el: DomElement): string {
  let out = '';
  const stack: DomNode[] = [...el.children].reverse();
  while (stack.length) {
    const n = stack.pop() as DomNode;
    if (n.kind === 'text') out += n.text;
    else for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}
