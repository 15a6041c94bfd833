/**
 * Builds small, well-formed PDFs for the structure tests (object 1 is the catalog) and runs the
 * structure area on them, collecting every check.
 */
import { openDocument } from '../../../src/validate/parser/index.js';
import { structureArea } from '../../../src/validate/rules/structure/area.js';
import type { Flavour } from '../../../src/validate/contract.js';

export function buildPdf(objects: readonly string[]): Uint8Array {
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] >>\n`;
  out += `startxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (ch) => ch.charCodeAt(0) & 0xff);
}

/** A content stream object body. */
export function stream(content: string, extra = ''): string {
  return `<< /Length ${content.length} ${extra} >>\nstream\n${content}\nendstream`;
}

export interface Check {
  readonly id: string;
  readonly passed: boolean;
  readonly location: string;
  readonly details?: string;
}

export function runStructure(bytes: Uint8Array, flavour: Flavour = 'pdfua-1'): Check[] {
  const doc = openDocument(bytes);
  const checks: Check[] = [];
  const pdfa = flavour.startsWith('pdfa-');
  structureArea.run({
    doc,
    flavour: {
      flavour,
      pdfaPart: pdfa ? (Number(flavour[5]) as 2 | 3) : null,
      pdfaLevel: pdfa ? (flavour[6] as 'a' | 'b' | 'u') : null,
    },
    sink: {
      check(rule, passed, location, details) {
        checks.push({ id: `${rule.clause}-${rule.testNumber}`, passed, location, details });
      },
    },
  });
  return checks;
}

export const failed = (checks: readonly Check[]) =>
  [...new Set(checks.filter((c) => !c.passed).map((c) => c.id))].sort();

/**
 * A one-page tagged document: `elements` are the structure element bodies (objects 6, 7, ...),
 * the root's kids are given by `rootKids`. Object 3 is the page, 4 its content, 5 the root.
 */
export function taggedDoc(opts: {
  elements: string[];
  rootKids: string;
  content?: string;
  catalogExtra?: string;
  rootExtra?: string;
  pageExtra?: string;
  extraObjects?: string[];
  /** The catalog's Lang string; null leaves it out. */
  catalogLang?: string | null;
}): Uint8Array {
  const lang =
    opts.catalogLang === undefined
      ? '/Lang (en-US)'
      : opts.catalogLang === null
        ? ''
        : `/Lang (${opts.catalogLang})`;
  const content = opts.content ?? '';
  return buildPdf([
    `<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 5 0 R /MarkInfo << /Marked true >> ${lang} /ViewerPreferences << /DisplayDocTitle true >> ${opts.catalogExtra ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /StructParents 0 ${opts.pageExtra ?? ''} >>`,
    stream(content),
    `<< /Type /StructTreeRoot /K ${opts.rootKids} ${opts.rootExtra ?? ''} >>`,
    ...opts.elements,
    ...(opts.extraObjects ?? []),
  ]);
}

/** Document (6) holding the given kids; element n of `rest` is object 7 + n. */
export function docWith(
  kids: string,
  rest: string[],
  extra: Partial<Parameters<typeof taggedDoc>[0]> = {},
) {
  return taggedDoc({
    rootKids: '[6 0 R]',
    elements: [`<< /Type /StructElem /S /Document /P 5 0 R /K ${kids} >>`, ...rest],
    ...extra,
  });
}

/** The checks of one rule as `pass|FAIL location: details`, in the order they were made. */
export function checksOf(checks: readonly Check[], id: string): string[] {
  return checks
    .filter((c) => c.id === id)
    .map((c) => `${c.passed ? 'pass' : 'FAIL'} ${c.location}${c.details ? `: ${c.details}` : ''}`);
}

/** A structure element of type `s` whose parent is object `parent`. */
export const el = (s: string, parent: number, more = '') =>
  `<< /Type /StructElem /S /${s} /P ${parent} 0 R ${more} >>`;

/** A table from rows of cells; a cell is 'D' / 'H' optionally followed by attributes. */
export function table(rows: string[][], cellExtra: Record<string, string> = {}) {
  const elements: string[] = [`<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] >>`];
  const rowIds: number[] = [];
  let next = 8 + rows.length;
  const rowBodies: string[] = [];
  const cellBodies: string[] = [];
  rows.forEach((cells, r) => {
    const id = 8 + r;
    rowIds.push(id);
    const ids: number[] = [];
    cells.forEach((cell, c) => {
      ids.push(next++);
      const type = cell.startsWith('H') ? 'TH' : 'TD';
      cellBodies.push(el(type, id, `${cell.slice(1)} ${cellExtra[`${r},${c}`] ?? ''}`));
    });
    rowBodies.push(el('TR', 7, `/K [${ids.map((i) => `${i} 0 R`).join(' ')}]`));
  });
  elements.push(
    el('Table', 6, `/K [${rowIds.map((i) => `${i} 0 R`).join(' ')}]`),
    ...rowBodies,
    ...cellBodies,
  );
  return taggedDoc({ rootKids: '[6 0 R]', elements });
}
export const scoped = (s: string) => `H /A << /O /Table /Scope /${s} >>`;
