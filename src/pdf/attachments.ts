/**
 * Associated files (PDF/A-3 6.8): each attachment becomes an EmbeddedFile stream with its MIME
 * subtype and Params, and a Filespec with /F, /UF, /Desc and /AFRelationship that the catalog
 * lists in /AF and in the EmbeddedFiles name tree.
 */
import { InputError } from '../diagnostics.js';
import {
  ATTACHMENT_RELATIONSHIPS,
  isAttachmentRelationship,
  type Attachment,
  type WriterSettings,
} from '../document/index.js';
import type { PdfFile } from './file.js';
import { PdfRef, dict, name, text } from './objects.js';
import { pdfDate } from './dates.js';

export function checkAttachments(list: readonly Attachment[]): void {
  const problems: { pointer: string; message: string }[] = [];
  const names = new Set<string>();
  list.forEach((a, i) => {
    if (!isAttachmentRelationship(a.relationship))
      problems.push({
        pointer: `/attachments/${i}/relationship`,
        message: `must be one of ${ATTACHMENT_RELATIONSHIPS.join(', ')}`,
      });
    if (typeof a.name !== 'string' || a.name.trim() === '')
      problems.push({
        pointer: `/attachments/${i}/name`,
        message: 'must be a non-empty file name',
      });
    else if (names.has(a.name))
      problems.push({
        pointer: `/attachments/${i}/name`,
        message: `duplicate attachment name '${a.name}'`,
      });
    names.add(a.name);
    if (!/^[-\w+.]+\/[-\w+.]+$/.test(a.mimeType ?? '') || a.mimeType.length > 100)
      problems.push({
        pointer: `/attachments/${i}/mimeType`,
        message: 'must be a MIME type such as text/xml',
      });
  });
  if (problems.length > 0) throw new InputError('invalid attachments', problems);
}

export interface WrittenAttachments {
  readonly fileSpecs: PdfRef[];
  /** Name-tree entries, sorted by name. */
  readonly efNames: [string, PdfRef][];
}

export function writeAttachments(file: PdfFile, settings: WriterSettings): WrittenAttachments {
  const fileSpecs: PdfRef[] = [];
  const efNames: [string, PdfRef][] = [];
  for (const a of settings.attachments) {
    const mod = a.modDate ?? settings.modDate ?? settings.creationDate;
    const ef = file.addStream(
      dict({
        Type: name('EmbeddedFile'),
        Subtype: name(a.mimeType),
        Params: dict({ Size: a.content.length, ModDate: text(pdfDate(mod)) }),
      }),
      a.content,
    );
    const spec = file.add(
      dict({
        Type: name('Filespec'),
        F: text(a.name),
        UF: text(a.name),
        Desc: text(a.description?.trim() || a.name),
        AFRelationship: name(a.relationship),
        EF: dict({ F: ef, UF: ef }),
      }),
    );
    fileSpecs.push(spec);
    efNames.push([a.name, spec]);
  }
  efNames.sort((x, y) =>
    Buffer.compare(Buffer.from(x[0], 'utf16le'), Buffer.from(y[0], 'utf16le')),
  );
  return { fileSpecs, efNames };
}
