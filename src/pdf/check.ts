/**
 * Pre-write check: conditions of PDF/UA-1 and PDF/A-3a that the writer can judge from its
 * input alone. Each finding is a typed warning naming the structure node; where a safe repair
 * exists (a fallback title, a normalised language tag) the writer applies it and says so.
 */
import type { Warning } from '../diagnostics.js';
import type { LaidOutDocument, StructNode } from '../document/index.js';

/** ISO 32000-1 14.9.2 language identifier, as veraPDF tests it. */
export const LANG_PATTERN = /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/;

export const nodeSource = (n: StructNode): string => `structure node ${n.id} (${n.role ?? n.type})`;

/** A language tag made valid when it can be (en_US -> en-US), else undefined. */
export function normaliseLang(tag: string | undefined): string | undefined {
  if (tag === undefined) return undefined;
  const t = tag.trim().replace(/_/g, '-');
  return LANG_PATTERN.test(t) ? t : undefined;
}

export interface CheckResult {
  readonly warnings: Warning[];
  /** Title to write (the metadata's, else a stated fallback). */
  readonly title: string;
  /** Catalog language to write. */
  readonly lang: string;
}

const HEADING = /^H([1-6])$/;

export function preWriteCheck(
  doc: LaidOutDocument,
  headingText: (n: StructNode) => string,
): CheckResult {
  const warnings: Warning[] = [];
  let title = (doc.metadata.title ?? '').trim();
  if (title === '') {
    const firstH = findFirst(doc.structure, (n) => HEADING.test(n.type) || n.type === 'H');
    const fallback = firstH ? headingText(firstH).trim() : '';
    title = fallback !== '' ? fallback : 'Untitled document';
    warnings.push({
      code: 'pdf.missing-title',
      message: `the document has no title; PDF/UA-1 needs one, so '${title}' was used`,
    });
  }
  let lang = normaliseLang(doc.metadata.lang);
  if (lang === undefined) {
    warnings.push({
      code: 'pdf.invalid-lang',
      message: `document language '${doc.metadata.lang ?? ''}' is not a BCP 47 tag; 'und' (undetermined) was written`,
    });
    lang = 'und';
  } else if (lang !== doc.metadata.lang) {
    warnings.push({
      code: 'pdf.lang-normalised',
      message: `document language '${doc.metadata.lang}' was written as '${lang}'`,
    });
  }
  if (doc.structure.type !== 'Document') {
    warnings.push({
      code: 'pdf.root-not-document',
      message: `the structure root is ${doc.structure.type}, expected Document`,
      source: nodeSource(doc.structure),
    });
  }

  const st: HeadingCheck = { warnings, lastLevel: 0, sawH: false, sawHn: false };
  walk(doc.structure, checkNode, st);
  if (st.sawH && st.sawHn) {
    warnings.push({
      code: 'pdf.mixed-heading-kinds',
      message: 'the structure mixes H with H1-H6; PDF/UA-1 allows one kind only',
    });
  }
  return { warnings, title, lang };
}

/** What the node check carries from node to node. */
interface HeadingCheck {
  readonly warnings: Warning[];
  lastLevel: number;
  sawH: boolean;
  sawHn: boolean;
}

/** One node's part of preWriteCheck (module-level, so made once rather than per file). */
function checkNode(n: StructNode, _parent: StructNode | undefined, st: HeadingCheck): void {
  if ((n.type === 'Figure' || n.type === 'Formula') && !n.alt?.trim() && !n.actualText?.trim()) {
    st.warnings.push({
      code: n.type === 'Figure' ? 'pdf.figure-without-alt' : 'pdf.formula-without-alt',
      message: `${n.type} has no alternative text (Alt); PDF/UA-1 requires one`,
      source: nodeSource(n),
    });
  }
  if (n.lang !== undefined && normaliseLang(n.lang) === undefined) {
    st.warnings.push({
      code: 'pdf.invalid-lang',
      message: `language '${n.lang}' is not a BCP 47 tag and was left out`,
      source: nodeSource(n),
    });
  }
  if (n.type === 'H') st.sawH = true;
  const m = HEADING.exec(n.type);
  if (m) {
    st.sawHn = true;
    const level = Number(m[1]);
    if (st.lastLevel === 0 && level !== 1) {
      st.warnings.push({
        code: 'pdf.heading-level-skipped',
        message: `the first heading is H${level}; PDF/UA-1 expects H1 first`,
        source: nodeSource(n),
      });
    } else if (level > st.lastLevel + 1 && st.lastLevel !== 0) {
      st.warnings.push({
        code: 'pdf.heading-level-skipped',
        message: `heading H${level} follows H${st.lastLevel}, skipping a level`,
        source: nodeSource(n),
      });
    }
    st.lastLevel = level;
  }
}

/**
 * Pre-order walk without recursion, so deep trees cannot exhaust the stack. `visit` gets `cx`,
 * so it can be a module-level function: a closure made per file loses its optimized code at
 * each major garbage collection.
 */
export function walk<C>(
  n: StructNode,
  visit: (n: StructNode, parent: StructNode | undefined, cx: C) => void,
  cx: C,
): void {
  const stack: [StructNode, StructNode | undefined][] = [[n, undefined]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop() as [StructNode, StructNode | undefined];
    visit(node, parent, cx);
    for (let i = node.children.length - 1; i >= 0; i--) {
      const c = node.children[i] as StructNode['children'][number];
      if (c.kind === 'node') stack.push([c, node]);
    }
  }
}

/** Depth of the structure tree (root = 1), computed without recursion. */
export function structureDepth(root: StructNode): number {
  let max = 0;
  const stack: [StructNode, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [n, d] = stack.pop() as [StructNode, number];
    if (d > max) max = d;
    for (const c of n.children) if (c.kind === 'node') stack.push([c, d + 1]);
  }
  return max;
}

function findFirst(n: StructNode, pred: (n: StructNode) => boolean): StructNode | undefined {
  if (pred(n)) return n;
  for (const c of n.children) {
    if (c.kind !== 'node') continue;
    const f = findFirst(c, pred);
    if (f) return f;
  }
  return undefined;
}
