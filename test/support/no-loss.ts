/**
 * The no-loss invariant: every word of visible text in a document reaches the PDF's text layer
 * and its structure tree, or a warning from render() names the element and says why.
 *
 * "Visible" is decided by our own parse and cascade (src/style): text under an element with
 * display: none (which covers <head>, <script>, <style>, <template> by the UA sheet) or with
 * visibility other than visible is not visible; everything else is, whatever its colour or
 * opacity. A box whose lines are clamped (line-clamp, -webkit-line-clamp) shows only its first
 * lines, and which words it hides is layout's to decide: its words are not asked for (the hidden
 * ones are the ellipsis's ActualText, which pdf.js's text content does not read). Generated text (::before, ::after, ::marker) counts as the cascade resolves it; so do
 * the values of text fields and buttons, a placeholder shown in an empty field, and the selected
 * option of a <select>. Alt text does not (it is not visible), and neither is the inside of an
 * SVG image (its text is drawing, the image's accessible name is its title). Page margin boxes
 * are not in the DOM and are not asked for; nor are running elements (position: running()),
 * which leave the flow to be shown in margin boxes, as Pagination artifacts.
 *
 * The PDF is read back with pdfjs-dist, an independent reader: its text content for the text
 * layer, and for the structure tree the text inside marked content whose id the page's
 * structure tree (getStructTree) references; artifacts are not structure. Words are compared as
 * multisets after the gallery's normalisation (scripts/fidelity-measure.mjs): case, punctuation,
 * compatibility forms, soft and end-of-line hyphens do not matter. pdfjs guesses word breaks
 * from glyph gaps, so letter-spaced text can come out as "B I L L E D TO" and two lines as one
 * word; a word the multiset lacks still counts as kept when it and its neighbours in the DOM
 * ("billed to") appear as one run of letters in that layer with all spacing removed. (So text
 * that lost only a space, "Issue date3 March", passes here; the fidelity runner's word score
 * sees it.)
 *
 * A warning excuses an element's words when its code is not a css.* one (those say a rule or
 * value was dropped, not that content was) and its `source` is a selector naming the element or
 * an ancestor: a tag, #id, .class or a combination (`div.kpi`, `section#totals`), optionally the
 * last step of a `>`/descendant path.
 */
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Warning } from '../../src/diagnostics.js';
import type { ResourceLoader } from '../../src/resources/types.js';
import { styleDocument } from '../../src/style/index.js';
import type { StyledElement, StyledNode } from '../../src/style/types.js';
import { closeLetterSpacing, normaliseText, wordCounts } from '../../scripts/fidelity-measure.mjs';

export interface NoLossInput {
  readonly html: string;
  readonly baseUrl?: string;
  /** Loads the document's stylesheets for the cascade (the same resources render() saw). */
  readonly loader: ResourceLoader;
  readonly pdf: Uint8Array;
  /** The warnings render() returned. */
  readonly warnings: readonly Warning[];
}

export interface LostWord {
  readonly word: string;
  /** Occurrences visible in the document but absent from that layer of the PDF. */
  readonly missing: number;
  /** Where the word occurs in the document (element paths, first few). */
  readonly elements: readonly string[];
}

export interface NoLossReport {
  /** Visible words the invariant asks for (excused ones not included). */
  readonly visibleWords: number;
  /** Visible words excused by a warning naming their element. */
  readonly excusedWords: number;
  readonly lostFromText: readonly LostWord[];
  readonly lostFromStructure: readonly LostWord[];
}

/** A piece of visible text and the element it sits in. */
interface VisibleText {
  readonly text: string;
  readonly element: StyledElement;
  readonly ancestors: readonly StyledElement[];
}

const TEXT_INPUTS = new Set(['text', 'email', 'tel', 'url', 'search', 'number', 'date', 'time']);
const BUTTON_INPUTS = new Set(['submit', 'reset', 'button']);

export async function checkNoLoss(input: NoLossInput): Promise<NoLossReport> {
  const styled = await styleDocument(input.html, {
    loader: input.loader,
    ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
  });
  const required = new Map<string, Occurrence[]>();
  let excused = 0;
  for (const piece of visibleText(styled.root)) {
    const tokens = words(piece.text);
    if (input.warnings.some((w) => warningNames(w, piece))) {
      excused += tokens.length;
      continue;
    }
    tokens.forEach((word, index) => {
      const list = required.get(word) ?? [];
      list.push({ piece, tokens, index });
      required.set(word, list);
    });
  }
  const layers = await readPdfText(input.pdf);
  const lost = (layer: string): LostWord[] => {
    const have = wordCounts(layer);
    const run = letters(layer);
    const out: LostWord[] = [];
    for (const [word, occurrences] of required) {
      const deficit = occurrences.length - Math.min(occurrences.length, have.get(word) ?? 0);
      if (deficit === 0) continue;
      const confirmed = occurrences.filter((o) => run.includes(context(o))).length;
      const missing = deficit - Math.min(deficit, confirmed);
      if (missing > 0) {
        const elements = [...new Set(occurrences.map((o) => elementPath(o.piece)))].slice(0, 3);
        out.push({ word, missing, elements });
      }
    }
    return out.sort((a, b) => b.missing - a.missing || a.word.localeCompare(b.word));
  };
  return {
    visibleWords: [...required.values()].reduce((n, list) => n + list.length, 0),
    excusedWords: excused,
    lostFromText: lost(layers.text),
    lostFromStructure: lost(layers.structure),
  };
}

/** One occurrence of a word: the piece of text and the word's place among its words. */
interface Occurrence {
  readonly piece: VisibleText;
  readonly tokens: readonly string[];
  readonly index: number;
}

function words(text: string): string[] {
  return normaliseText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

function letters(text: string): string {
  return words(text).join('');
}

/** The word with its neighbours in the DOM, run together. */
function context(o: Occurrence): string {
  return o.tokens.slice(Math.max(0, o.index - 1), o.index + 2).join('');
}

/** One line per lost word, for a test failure message. */
export function describeLoss(report: NoLossReport): string[] {
  const line = (layer: string) => (l: LostWord) =>
    `${layer}: "${l.word}"${l.missing > 1 ? ` ×${l.missing}` : ''} in ${l.elements.join(', ')}`;
  return [
    ...report.lostFromText.map(line('text layer')),
    ...report.lostFromStructure.map(line('structure tree')),
  ];
}

function visibleText(root: StyledElement): VisibleText[] {
  const out: VisibleText[] = [];
  const walk = (el: StyledElement, ancestors: StyledElement[]): void => {
    if (el.style.display === 'none' || el.namespace !== 'html') return;
    // A running element leaves the flow for page margin boxes: page furniture, like them.
    if (el.style.position.startsWith('running(')) return;
    if (el.style.maxLines !== 'none') return;
    const visible = el.style.visibility === 'visible';
    const add = (text: string): void => {
      if (visible && text.trim()) out.push({ text, element: el, ancestors });
    };
    if (el.tag === 'select') {
      add(selectedOption(el));
      return;
    }
    if (el.tag === 'input') {
      add(inputText(el));
      return;
    }
    const inner = [...ancestors, el];
    for (const child of el.children) visitChild(child, el, inner);
  };
  const visitChild = (child: StyledNode, parent: StyledElement, ancestors: StyledElement[]) => {
    if (child.kind === 'element') {
      walk(child, ancestors);
    } else if (child.style.visibility === 'visible') {
      const text =
        child.kind === 'text'
          ? child.text
          : child.content.map((c) => (c.kind === 'text' ? c.text : ' ')).join('');
      // Text and pseudo-element text are both pieces of the element they sit in.
      if (text.trim()) out.push({ text, element: parent, ancestors: ancestors.slice(0, -1) });
    }
  };
  walk(root, []);
  return out;
}

function inputText(el: StyledElement): string {
  const type = (el.attrs.get('type') ?? 'text').toLowerCase();
  const value = el.attrs.get('value') ?? '';
  if (TEXT_INPUTS.has(type)) return value || (el.attrs.get('placeholder') ?? '');
  if (BUTTON_INPUTS.has(type)) return value;
  return '';
}

/** Text of the option a closed <select> shows: the selected one, else the first. */
function selectedOption(el: StyledElement): string {
  const options: StyledElement[] = [];
  const collect = (e: StyledElement): void => {
    for (const c of e.children) {
      if (c.kind !== 'element') continue;
      if (c.tag === 'option') options.push(c);
      else if (c.tag === 'optgroup') collect(c);
    }
  };
  collect(el);
  const chosen = options.find((o) => o.attrs.has('selected')) ?? options[0];
  if (!chosen) return '';
  return chosen.children.map((c) => (c.kind === 'text' ? c.text : '')).join('');
}

function describeElement(el: StyledElement): string {
  const id = el.attrs.get('id');
  const classes = (el.attrs.get('class') ?? '').split(/\s+/).filter(Boolean);
  return `${el.tag}${id ? `#${id}` : ''}${classes.map((c) => `.${c}`).join('')}`;
}

function elementPath(piece: VisibleText): string {
  return [...piece.ancestors.slice(-2), piece.element].map(describeElement).join(' > ');
}

/** Whether a warning's source is a selector naming the piece's element or an ancestor. */
function warningNames(w: Warning, piece: VisibleText): boolean {
  if (w.code.startsWith('css.') || !w.source) return false;
  const last =
    w.source
      .trim()
      .split(/\s*>\s*|\s+/)
      .pop() ?? '';
  const m = /^([a-z][a-z0-9-]*|\*)?((?:[#.][\w-]+)+)?$/i.exec(last);
  if (!m || (!m[1] && !m[2])) return false;
  const tag = m[1]?.toLowerCase();
  const parts = m[2]?.match(/[#.][\w-]+/g) ?? [];
  const matches = (el: StyledElement): boolean => {
    if (tag && tag !== '*' && tag !== el.tag) return false;
    const classes = (el.attrs.get('class') ?? '').split(/\s+/);
    return parts.every((p) =>
      p.startsWith('#') ? el.attrs.get('id') === p.slice(1) : classes.includes(p.slice(1)),
    );
  };
  return matches(piece.element) || piece.ancestors.some(matches);
}

interface MarkedContentStart {
  readonly type: 'beginMarkedContent' | 'beginMarkedContentProps';
  readonly id?: string | null;
}

interface StructNode {
  readonly children?: readonly (StructNode | { readonly type: string; readonly id?: string })[];
}

function contentIds(node: StructNode | null, into: Set<string>): Set<string> {
  for (const c of node?.children ?? []) {
    if ('type' in c && c.type === 'content' && c.id) into.add(c.id);
    else if ('children' in c) contentIds(c as StructNode, into);
  }
  return into;
}

/** The PDF's whole text layer, and the part of it the structure tree reaches. */
async function readPdfText(pdf: Uint8Array): Promise<{ text: string; structure: string }> {
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
  }).promise;
  let text = '';
  let structure = '';
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const ids = contentIds((await page.getStructTree()) as StructNode | null, new Set());
      const content = await page.getTextContent({ includeMarkedContent: true });
      // For each open marked-content sequence: whether the structure tree reaches it.
      const open: boolean[] = [];
      for (const item of content.items) {
        if ('str' in item) {
          const piece = closeLetterSpacing(item.str) + (item.hasEOL ? '\n' : '');
          text += piece;
          // Text outside the tree still separates the words around it.
          structure += open.some(Boolean) ? piece : ' ';
        } else if (item.type === 'endMarkedContent') {
          open.pop();
        } else {
          // Marked content is per block: a new one never continues the previous word.
          const id = (item as MarkedContentStart).id;
          open.push(typeof id === 'string' && ids.has(id));
          text += ' ';
          structure += ' ';
        }
      }
      text += '\n';
      structure += '\n';
    }
  } finally {
    await doc.destroy();
  }
  return { text, structure };
}
