/**
 * Cascade layers (@layer): names are declared in order of first appearance, nested layers are
 * paths (`a.b`), and a layer's own rules come after its sub-layers' rules. The final order is
 * known only once every sheet is read (a later `@layer a.c` still sorts before `a`'s own rules),
 * so rules carry a layer id and `ranks()` gives each id its position at the end.
 */

interface LayerNode {
  readonly id: number;
  readonly children: Map<string, LayerNode>;
}

export class LayerRegistry {
  private nextId = 1;
  private nextAnonymous = 1;
  private readonly root: LayerNode = { id: 0, children: new Map() };

  /**
   * Declares the layer `name` (a dotted path, or '' for an anonymous layer, a new one on every
   * call) inside the enclosing layer `parent`, and its ancestors when new; returns its path.
   */
  declare(parent: readonly string[], name: string): readonly string[] {
    const parts = name === '' ? [`\u0000anonymous${this.nextAnonymous++}`] : name.split('.');
    const path = [...parent, ...parts.map((p) => p.trim())];
    this.node(path);
    return path;
  }

  /** The id of a layer path (declared on the way when new). */
  idOf(path: readonly string[]): number {
    return this.node(path).id;
  }

  private node(path: readonly string[]): LayerNode {
    let node = this.root;
    for (const p of path) {
      let next = node.children.get(p);
      if (!next) {
        next = { id: this.nextId++, children: new Map() };
        node.children.set(p, next);
      }
      node = next;
    }
    return node;
  }

  /**
   * Position of every layer id in the cascade, 0 for the first (weakest for normal
   * declarations): sub-layers in declaration order before their parent's own rules.
   */
  ranks(): Map<number, number> {
    const out = new Map<number, number>();
    let rank = 0;
    const visit = (n: LayerNode): void => {
      for (const c of n.children.values()) visit(c);
      if (n !== this.root) out.set(n.id, rank++);
    };
    visit(this.root);
    return out;
  }
}
