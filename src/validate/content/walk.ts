/**
 * Walkers over everything that has content in a document: page content (with the form
 * XObjects, tiling patterns and Type 3 glyphs it draws, see interpreter.ts) and annotation
 * appearance streams.
 *
 *   walkDocument(doc, (event, scope) => { ... });          // every page, in order
 *   walkPage(doc, page, visitor, walkState?);               // one page
 */
import type { CosDict, CosObject, CosStream } from '../model/cos.js';
import type { PageModel, PdfDocumentModel } from '../model/document.js';
import { asArray, asDict, asStream, nameValue } from '../model/read.js';
import {
  type ContentScope,
  type ContentVisitor,
  type InterpretOptions,
  WalkState,
  initialGraphicsState,
  runStream,
} from './interpreter.js';

export function walkDocument(
  doc: PdfDocumentModel,
  visitor: ContentVisitor,
  options: InterpretOptions = {},
): void {
  const walk = new WalkState(options);
  for (const page of doc.pages()) walkPage(doc, page, visitor, walk);
}

export function walkPage(
  doc: PdfDocumentModel,
  page: PageModel,
  visitor: ContentVisitor,
  walk: WalkState = new WalkState(),
): void {
  const location = `page ${page.index + 1}`;
  const content = page.content();
  // Resources the page takes from the page tree count as inherited (6.2.2 wants them explicit).
  const own = page.dict.entries.has('Resources');
  const resources = { own: own ? page.resources : null, inherited: own ? null : page.resources };
  const scope: ContentScope = {
    kind: 'page',
    location,
    resources,
    pageIndex: page.index,
    stream: null,
    depth: 0,
    realContent: true,
  };
  if (content.error) {
    doc.noteUnread(`${location} content`, `${content.error}; the page content was not read whole`);
    visitor({ type: 'error', message: `${location}: ${content.error}` }, scope);
  }
  runStream(doc, content.data, scope, visitor, walk, initialGraphicsState(doc, resources), null);
  walkAnnotationAppearances(doc, page, visitor, walk);
}

/** Every appearance stream of every annotation on the page (N, R, D; each state of a sub-dictionary). */
export function walkAnnotationAppearances(
  doc: PdfDocumentModel,
  page: PageModel,
  visitor: ContentVisitor,
  walk: WalkState = new WalkState(),
): void {
  const annots = asArray(doc.get(page.dict, 'Annots'));
  if (!annots) return;
  annots.items.forEach((raw, i) => {
    const annot = asDict(doc.resolve(raw));
    if (!annot) return;
    const ap = asDict(doc.get(annot, 'AP'));
    if (!ap) return;
    for (const key of ['N', 'R', 'D']) {
      const entry = doc.get(ap, key);
      for (const [state, stream] of appearanceStreams(doc, entry)) {
        const location = `page ${page.index + 1} / annotation ${i + 1} / appearance ${key}${state ? ` ${state}` : ''}`;
        walkAppearance(doc, stream, location, page, visitor, walk);
      }
    }
  });
}

function appearanceStreams(doc: PdfDocumentModel, entry: CosObject): [string | null, CosStream][] {
  const stream = asStream(entry);
  if (stream) return [[null, stream]];
  const dict = entry && typeof entry === 'object' && entry.kind === 'dict' ? entry : null;
  if (!dict) return [];
  const out: [string | null, CosStream][] = [];
  for (const [state, raw] of dict.entries) {
    const s = asStream(doc.resolve(raw));
    if (s) out.push([state, s]);
  }
  return out;
}

function walkAppearance(
  doc: PdfDocumentModel,
  stream: CosStream,
  location: string,
  page: PageModel,
  visitor: ContentVisitor,
  walk: WalkState,
): void {
  const own: CosDict | null = asDict(doc.get(stream.dict, 'Resources'));
  const resources = { own, inherited: page.resources };
  const scope: ContentScope = {
    kind: 'annotation',
    location,
    resources,
    pageIndex: page.index,
    stream,
    depth: 1,
    realContent: false,
  };
  const decoded = doc.decodeStream(stream);
  if (decoded.error) visitor({ type: 'error', message: `${location}: ${decoded.error}` }, scope);
  if (
    nameValue(doc.get(stream.dict, 'Subtype')) !== null &&
    nameValue(doc.get(stream.dict, 'Subtype')) !== 'Form'
  )
    return;
  runStream(doc, decoded.data, scope, visitor, walk, initialGraphicsState(doc, resources), null);
}
