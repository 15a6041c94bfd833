/**
 * Link annotations (PDF/UA-1 7.18.5, PDF/A-3 6.3): /F 4 (print), non-empty /Contents, a
 * /StructParent key whose parent is the Link element, and an (empty) appearance stream.
 */
import type { Warning } from '../diagnostics.js';
import type { LinkItem } from '../document/index.js';
import { cleanText } from './content.js';
import type { PdfFile } from './file.js';
import { PdfDict, PdfRef, ascii, dict, name } from './objects.js';

export interface PendingLink {
  readonly page: number;
  readonly ref: PdfRef;
  /** PDF-space rectangle. */
  readonly rect: readonly number[];
  readonly item: LinkItem;
  /** StructParent key. */
  readonly key: number;
}

/** URI actions are 7-bit ASCII (ISO 32000-1, 12.6.4.7); other characters are percent-encoded. */
export function asciiUri(uri: string): string {
  return uri.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

export function writeLinks(
  file: PdfFile,
  links: readonly PendingLink[],
  pageRefs: readonly PdfRef[],
  pageHeights: readonly number[],
  warn: (w: Warning) => void,
): void {
  if (links.length === 0) return;
  // One empty form serves every link: PDF/A needs an appearance, a link has nothing to draw.
  const emptyAppearance = file.addStream(
    dict({ Type: name('XObject'), Subtype: name('Form'), BBox: [0, 0, 1, 1] }),
    new Uint8Array(0),
  );
  for (const l of links) {
    let contents = l.item.contents?.trim() ?? '';
    if (contents === '') {
      contents =
        l.item.target.kind === 'uri' ? l.item.target.uri : `page ${l.item.target.pageIndex + 1}`;
      warn({
        code: 'pdf.link-without-contents',
        message: `a link has no text alternative; '${contents}' was used`,
        source: `structure node ${l.item.node}`,
      });
    }
    const annot = new PdfDict({
      Type: name('Annot'),
      Subtype: name('Link'),
      Rect: [...l.rect],
      Border: [0, 0, 0],
      F: 4,
      Contents: cleanText(contents),
      StructParent: l.key,
      AP: dict({ N: emptyAppearance }),
    });
    const t = l.item.target;
    if (t.kind === 'uri') {
      annot.set('A', dict({ S: name('URI'), URI: ascii(asciiUri(t.uri)) }));
    } else if (t.pageIndex >= 0 && t.pageIndex < pageRefs.length) {
      annot.set('Dest', [
        pageRefs[t.pageIndex] as PdfRef,
        name('XYZ'),
        0,
        (pageHeights[t.pageIndex] as number) - t.y,
        null,
      ]);
    } else {
      warn({
        code: 'pdf.link-target-missing',
        message: `internal link to page ${t.pageIndex + 1}, which does not exist; the link has no destination`,
        source: `structure node ${l.item.node}`,
      });
    }
    file.put(l.ref, annot);
  }
}
