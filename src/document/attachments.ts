/**
 * Associated files (PDF/A-3 6.8): the typed Attachment the writer embeds, and attachments as
 * callers send them (base64, optional MIME type and relationship) turned into it, with every
 * problem reported by JSON pointer.
 */
import { InputError, type FieldProblem, type Warning } from '../diagnostics.js';

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

/**
 * The relationship names in any case, as a JSON Schema pattern (schemas have no case-insensitive
 * enum), so a wrong name is reported with the request's other schema problems.
 */
export const RELATIONSHIP_PATTERN = `^(${ATTACHMENT_RELATIONSHIPS.map((r) =>
  [...r].map((c) => `[${c.toUpperCase()}${c.toLowerCase()}]`).join(''),
).join('|')})$`;

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
    // PDF names are case-sensitive; callers' spelling is not.
    const given = a?.relationship ?? 'Unspecified';
    const rel =
      typeof given === 'string'
        ? ATTACHMENT_RELATIONSHIPS.find((r) => r.toLowerCase() === given.trim().toLowerCase())
        : undefined;
    if (rel === undefined) {
      problems.push({
        pointer: `${at}/relationship`,
        message: `must be one of ${ATTACHMENT_RELATIONSHIPS.join(', ')}`,
      });
    }
    const media = parseMediaType(a?.mimeType ?? guessMime(a?.name ?? ''));
    if (!media)
      problems.push({
        pointer: `${at}/mimeType`,
        message:
          'must be a media type such as text/xml or text/plain; charset=utf-8 (type and subtype of letters, digits and - + . _)',
      });
    if (problems.length === 0 && media && rel) {
      out.push({
        name: a.name,
        content: Buffer.from(a.content, 'base64'),
        mimeType: media.essence,
        relationship: rel,
        ...(a.description ? { description: a.description } : {}),
      });
    }
  });
  if (problems.length > 0) throw new InputError('invalid attachments', problems);
  return out;
}

/** A media type split into its essence (type/subtype, lower-cased) and its parameters. */
export interface MediaType {
  readonly essence: string;
  /** The parameters as given after the essence (`charset=utf-8`), '' when there are none. */
  readonly parameters: string;
}

/**
 * Type and subtype as PDF/A-3 (6.8) lets them stand in an embedded file's /Subtype: the
 * RFC 9110 token characters that veraPDF's check accepts.
 */
const ESSENCE = /^([-\w+.]+\/[-\w+.]+)$/;
/** `name=value` with a token or quoted-string value (RFC 9110, section 5.6.6). */
const PARAMETER = /^[!#$%&'*+\-.^_`|~\w]+=(?:[!#$%&'*+\-.^_`|~\w]+|"(?:[^"\\]|\\.)*")[ \t]*/;

/**
 * A media type with optional parameters (`text/plain; charset=utf-8`), or undefined when it is
 * not one. The essence is what an embedded file's /Subtype records; PDF has no place for the
 * parameters (attachmentWarnings says so).
 */
export function parseMediaType(value: string): MediaType | undefined {
  const trimmed = value.trim();
  const cut = trimmed.indexOf(';');
  const essence = (cut < 0 ? trimmed : trimmed.slice(0, cut)).trim().toLowerCase();
  if (!ESSENCE.test(essence) || essence.length > 100) return undefined;
  if (cut < 0) return { essence, parameters: '' };
  const parameters: string[] = [];
  // *( OWS ";" OWS [ parameter ] ): empty parameters between semicolons are allowed.
  let rest = trimmed.slice(cut);
  while (rest !== '') {
    const separator = /^[ \t]*;[ \t]*/.exec(rest);
    if (!separator) return undefined;
    rest = rest.slice(separator[0].length);
    if (rest === '' || rest.startsWith(';')) continue;
    const parameter = PARAMETER.exec(rest);
    if (!parameter) return undefined;
    parameters.push(parameter[0].trim());
    rest = rest.slice(parameter[0].length);
  }
  return { essence, parameters: parameters.join('; ') };
}

/** Warnings about attachments that are valid but lose something in the PDF. */
export function attachmentWarnings(
  inputs: readonly AttachmentInput[] | null | undefined,
  pointerBase = '/attachments',
): Warning[] {
  const warnings: Warning[] = [];
  (inputs ?? []).forEach((a, i) => {
    const media = typeof a?.mimeType === 'string' ? parseMediaType(a.mimeType) : undefined;
    if (media?.parameters) {
      warnings.push({
        code: 'attachment.media-type-parameters',
        message: `the embedded file's /Subtype records '${media.essence}'; PDF has no place for the parameters '${media.parameters}'`,
        source: `${pointerBase}/${i}/mimeType`,
      });
    }
  });
  return warnings;
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
