import {
  ResourceError,
  type LoadedResource,
  type ResourceLoader,
} from '../../src/resources/types.js';
import { styleDocument } from '../../src/style/index.js';
import type {
  StyledDocument,
  StyledElement,
  StyledNode,
  StyleOptions,
} from '../../src/style/types.js';

/** A loader serving stylesheets from a map of absolute URLs; anything else fails. */
export function fakeLoader(
  files: Record<string, string> = {},
): ResourceLoader & { requests: string[] } {
  const requests: string[] = [];
  return {
    requests,
    policy: {
      allowPrivateNetwork: false,
      maxResourceBytes: 1 << 20,
      maxTotalBytes: 1 << 24,
      resourceTimeoutMs: 1000,
      maxRedirects: 3,
    },
    async load(url: string, _kind, base?: string): Promise<LoadedResource> {
      const abs = new URL(url, base).href;
      requests.push(abs);
      const body = files[abs];
      if (body === undefined) throw new ResourceError(`not found: ${abs}`, abs, 'failed', 404);
      return { bytes: new TextEncoder().encode(body), contentType: 'text/css', url: abs };
    },
  };
}

export function style(html: string, opts: Partial<StyleOptions> = {}): Promise<StyledDocument> {
  return styleDocument(html, { loader: fakeLoader(), ...opts });
}

/** Depth-first search for the first element matching a predicate. */
export function find(root: StyledNode, pred: (e: StyledElement) => boolean): StyledElement {
  const stack: StyledNode[] = [root];
  while (stack.length) {
    const n = stack.shift() as StyledNode;
    if (n.kind === 'element') {
      if (pred(n)) return n;
      stack.unshift(...n.children);
    }
  }
  throw new Error('element not found');
}

export const byTag = (tag: string) => (e: StyledElement) => e.tag === tag;
export const byId = (id: string) => (e: StyledElement) => e.attrs.get('id') === id;

export function all(root: StyledNode, pred: (e: StyledElement) => boolean): StyledElement[] {
  const out: StyledElement[] = [];
  const walk = (n: StyledNode): void => {
    if (n.kind !== 'element') return;
    if (pred(n)) out.push(n);
    n.children.forEach(walk);
  };
  walk(root);
  return out;
}
