/**
 * The Matterhorn conditions no machine can decide, with the elements a person should look at:
 * whether alternative text says what a figure shows, whether the reading order and the
 * heading levels make sense, whether table headers are the right cells, whether declared
 * languages are right. Each item lists a bounded number of elements and how many there are.
 */
import type { HumanReviewItem } from '../contract.js';
import type { PdfDocumentModel } from '../model/document.js';
import { nameValue, textAt } from '../model/read.js';
import { elementLocation } from '../rules/structure/location.js';
import { type StructNode, structTreeOf } from '../rules/structure/tree.js';
import { matterhornCondition } from './conditions.js';

/** Elements listed per item; the count says how many there are in all. */
export const MAX_REVIEW_ELEMENTS = 10;

const HEADING = /^H[1-9]?$/;

function clip(text: string | null, max = 80): string | null {
  if (text === null) return null;
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

interface Question {
  readonly conditions: readonly string[];
  readonly check: string;
  readonly select: (n: StructNode) => boolean;
  readonly describe: (doc: PdfDocumentModel, n: StructNode) => string | null;
}

const QUESTIONS: readonly Question[] = [
  {
    conditions: ['13-005', '13-008', '13-001'],
    check:
      'Does each figure\u2019s alternative text say what the figure shows or does, and is every meaningful graphic a figure?',
    select: (n) => n.standardType === 'Figure',
    describe: (doc, n) => {
      const alt = clip(textAt(doc, n.dict, 'Alt'));
      const actual = clip(textAt(doc, n.dict, 'ActualText'));
      return alt !== null ? `Alt "${alt}"` : actual !== null ? `ActualText "${actual}"` : 'no Alt';
    },
  },
  {
    conditions: ['14-001', '14-004', '14-005'],
    check:
      'Is every heading tagged as one, and does each heading level match the outline of the text?',
    select: (n) => n.standardType !== null && HEADING.test(n.standardType),
    describe: (doc, n) =>
      clip(
        textAt(doc, n.dict, 'T') ?? textAt(doc, n.dict, 'ActualText') ?? textAt(doc, n.dict, 'Alt'),
      ),
  },
  {
    conditions: ['15-001', '15-002', '15-005', '15-004'],
    check:
      'Are the header cells of each table tagged TH, does every data cell get the right headers, and is each table really rows and columns?',
    select: (n) => n.standardType === 'Table',
    describe: (_doc, n) => `${n.kids.length} row group(s) or rows`,
  },
  {
    conditions: ['16-003', '16-001'],
    check: 'Is each list tagged as a list, with its numbering stated when it is ordered?',
    select: (n) => n.standardType === 'L',
    describe: (_doc, n) => `${n.kids.filter((k) => k.standardType === 'LI').length} item(s)`,
  },
  {
    conditions: ['09-001', '09-002', '09-003'],
    check:
      'Read the structure in order: is it the logical reading order, and does each element\u2019s type fit its content?',
    select: (n) => n.depth <= 1,
    describe: (_doc, n) => n.standardType ?? n.type,
  },
  {
    conditions: ['28-001', '28-003', '13-002'],
    check:
      'Is each link and annotation where it belongs in the reading order, and does its description say where it leads?',
    select: (n) => n.standardType === 'Link' || n.standardType === 'Annot',
    describe: (doc, n) => clip(textAt(doc, n.dict, 'Alt')),
  },
];

function item(
  conditions: readonly string[],
  check: string,
  elements: { location: string; detail: string | null }[],
  count: number,
): HumanReviewItem {
  const first = matterhornCondition(conditions[0]);
  return {
    conditions: [...conditions],
    checkpoint: first?.checkpoint ?? '',
    check,
    count,
    elements: elements.slice(0, MAX_REVIEW_ELEMENTS),
  };
}

/** The human review list for a document; items with nothing to look at are left out. */
export function humanReview(doc: PdfDocumentModel, title: string | null): HumanReviewItem[] {
  const out: HumanReviewItem[] = [];
  const tree = structTreeOf(doc);
  for (const q of QUESTIONS) {
    const hits: { location: string; detail: string | null }[] = [];
    let count = 0;
    for (const n of tree.nodes) {
      if (!q.select(n)) continue;
      count++;
      if (hits.length < MAX_REVIEW_ELEMENTS)
        hits.push({ location: elementLocation(doc, n), detail: q.describe(doc, n) });
    }
    if (count > 0) out.push(item(q.conditions, q.check, hits, count));
  }
  const langs = new Map<string, string>();
  const catalogLang = textAt(doc, doc.catalog, 'Lang');
  if (catalogLang) langs.set(catalogLang, 'document catalog');
  for (const n of tree.nodes) {
    const l = textAt(doc, n.dict, 'Lang');
    if (l && !langs.has(l)) langs.set(l, elementLocation(doc, n));
  }
  if (langs.size > 0)
    out.push(
      item(
        ['11-007'],
        'Is each declared language the language the text is written in?',
        [...langs].map(([lang, location]) => ({ location, detail: `Lang ${lang}` })),
        langs.size,
      ),
    );
  if (title !== null)
    out.push(
      item(
        ['06-004'],
        'Does the title say clearly what the document is?',
        [{ location: 'metadata dc:title', detail: clip(title) }],
        1,
      ),
    );
  const roleMap = tree.root ? doc.get(tree.root, 'RoleMap') : null;
  const mapped =
    roleMap && typeof roleMap === 'object' && roleMap.kind === 'dict' ? [...roleMap.entries] : [];
  if (mapped.length > 0)
    out.push(
      item(
        ['02-002'],
        'Does each custom structure type map to a standard type of the same meaning?',
        mapped.map(([from, to]) => ({
          location: `role map / ${from}`,
          detail: `mapped to ${nameValue(doc.resolve(to)) ?? '?'}`,
        })),
        mapped.length,
      ),
    );
  if (doc.pageCount > 0)
    out.push(
      item(
        ['04-001', '18-001', '13-007'],
        'Is any meaning carried only by colour, contrast or layout, and are running headers and footers artifacts?',
        [{ location: `every page (${doc.pageCount})`, detail: null }],
        doc.pageCount,
      ),
    );
  return out;
}
