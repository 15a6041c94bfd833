/**
 * Associated files (PDF/A-3 6.8): the typed Attachment the writer embeds, and attachments as
 * callers send them (base64, optional MIME type and relationship) turned into it, with every
 * problem reported by JSON pointer.
 */
import { InputError, type FieldProblem } from '../diagnostics.js';

/** The values of /AFRelationship (ISO 32000-2, 14.13): how a file relates to the document. */
export const ATTACHMENT_RELATIONSHIPS = [
  'Source',
  'Data',
  'Alternative',
  'Supplement',
  'Unspecified',
] as const;

export type AttachmentRelationship = (typeof ATTACHMENT_RELATIONSHIPS)[number];

export function isAttachmentRelationship(value: unknown): value is AttachmentRelationship {
  return (ATTACHMENT_RELATIONSHIPS as readonly unknown[]).includes(value);
}

export interface Attachment {
  readonly name: string;
  readonly content: Uint8Array;
  readonly mimeType: string;
  readonly description?: string;
  readonly relationship: AttachmentRelationship;
  readonly modDate?: Date;
}

/** An attachment as callers send it (API FileAttachment). */
export interface AttachmentInput {
  readonly name: string;
  /** Base64-encoded content. */
  readonly content: string;
  readonly mimeType?: string | null;
  readonly description?: string | null;
  readonly relationship?: string | null;
}

/** Base64 after white space is removed (a pattern with white space inside backtracks quadratically). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
export function decodeAttachments(
  inputs: readonly AttachmentInput[] | null | undefined,
  pointerBase = '/attachments',
): Attachment[] {
  const problems: FieldProblem[] = [];
  const out: Attachment[] = [];
  const names = new Set<string>();
  (inputs ?? []).forEach((a, i) => {
    const at = `${pointerBase}/${i}`;
    if (typeof a?.name !== 'string' || a.name.trim() === '')
      problems.push({ pointer: `${at}/name`, message: 'must be a non-empty file name' });
    else if (names.has(a.name))
      problems.push({ pointer: `${at}/name`, message: `duplicate attachment name '${a.name}'` });
    else names.add(a.name);
    if (
      typeof a?.content !== 'string' ||
      !BASE64.test(a.content.replace(/\s+/g, '')) ||
      a.content.replace(/\s/g, '').length % 4 !== 0
    ) {
      problems.push({ pointer: `${at}/content`, message: 'must be base64-encoded file content' });
    }
    const rel = a?.relationship ?? 'Unspecified';
    if (!isAttachmentRelationship(rel)) {
      problems.push({
        pointer: `${at}/relationship`,
        message: `must be one of ${ATTACHMENT_RELATIONSHIPS.join(', ')}`,
      });
    }
    const mime = a?.mimeType ?? guessMime(a?.name ?? '');
    if (!/^[-\w+.]+\/[-\w+.]+$/.test(mime))
      problems.push({ pointer: `${at}/mimeType`, message: 'must be a MIME type such as text/xml' });
    if (problems.length === 0) {
      out.push({
        name: a.name,
        content: Buffer.from(a.content, 'base64'),
        mimeType: mime,
        relationship: rel as AttachmentRelationship,
        ...(a.description ? { description: a.description } : {}),
      });
    }
  });
  if (problems.length > 0) throw new InputError('invalid attachments', problems);
  return out;
}

function guessMime(name: string): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  const known: Record<string, string> = {
    xml: 'text/xml',
    json: 'application/json',
    csv: 'text/csv',
    txt: 'text/plain',
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    html: 'text/html',
    zip: 'application/zip',
  };
  return known[ext] ?? 'application/octet-stream';
}
