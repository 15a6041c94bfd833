/**
 * Contact cards: vCard 3.0 (RFC 2426, the one every phone reads) or 4.0 (RFC 6350), with text
 * values escaped and long lines folded at 75 octets as both versions require.
 */
import type { FieldProblem } from '../../diagnostics.js';
import { lineField } from './fields.js';
import type { EncodedPayload, VcardPayload } from './types.js';

/** Text value escaping: backslash, comma and semicolon are escaped, a line break is \n. */
const escapeText = (s: string): string => s.replace(/[\\,;]/g, (c) => `\\${c}`);

/** Content lines longer than 75 octets continue on the next line after CRLF and a space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** +41 44 668 18 00 as a tel: URI (RFC 3966 separators are hyphens). */
const telUri = (phone: string): string =>
  `tel:${phone
    .trim()
    .replace(/[\s./()-]+/g, '-')
    .replace(/^-|-$/g, '')
    .replace(/^\+-/, '+')}`;

function isAbsoluteUrl(s: string): boolean {
  try {
    return new URL(s).protocol.length > 1;
  } catch {
    return false;
  }
}

export function vcardData(
  p: VcardPayload,
  at: string,
  problems: FieldProblem[],
): EncodedPayload | undefined {
  const before = problems.length;
  const first = lineField(p.firstName, `${at}/firstName`, 100, problems);
  const last = lineField(p.lastName, `${at}/lastName`, 100, problems);
  const org = lineField(p.org, `${at}/org`, 200, problems);
  const title = lineField(p.title, `${at}/title`, 200, problems);
  const phone = lineField(p.phone, `${at}/phone`, 40, problems);
  const email = lineField(p.email, `${at}/email`, 254, problems);
  const url = lineField(p.url, `${at}/url`, 2000, problems);
  if (!first && !last && !org)
    problems.push({
      pointer: `${at}/lastName`,
      message: 'a contact card needs a name: give firstName, lastName or org',
    });
  if (phone && !(/^\+?[\d\s./()-]+$/.test(phone) && (phone.match(/\d/g)?.length ?? 0) >= 3))
    problems.push({
      pointer: `${at}/phone`,
      message: 'must be a phone number such as +41 44 668 18 00',
    });
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    problems.push({ pointer: `${at}/email`, message: 'must be an e-mail address' });
  if (url && !isAbsoluteUrl(url))
    problems.push({
      pointer: `${at}/url`,
      message: 'must be an absolute URL such as https://example.org/',
    });
  if (problems.length > before) return undefined;

  const v4 = p.version === '4.0';
  const fullName = [first, last].filter(Boolean).join(' ') || org;
  const lines = [
    'BEGIN:VCARD',
    `VERSION:${v4 ? '4.0' : '3.0'}`,
    `N:${escapeText(last)};${escapeText(first)};;;`,
    `FN:${escapeText(fullName)}`,
    ...(org ? [`ORG:${escapeText(org)}`] : []),
    ...(title ? [`TITLE:${escapeText(title)}`] : []),
    ...(phone
      ? [v4 ? `TEL;VALUE=uri;TYPE=voice:${telUri(phone)}` : `TEL;TYPE=VOICE:${phone}`]
      : []),
    ...(email ? [v4 ? `EMAIL:${email}` : `EMAIL;TYPE=INTERNET:${email}`] : []),
    ...(url ? [`URL:${url}`] : []),
    'END:VCARD',
  ];
  const details = [
    title,
    org && org !== fullName ? org : '',
    phone ? `phone ${phone}` : '',
    email ? `email ${email}` : '',
    url ? `website ${url}` : '',
  ].filter(Boolean);
  return {
    data: lines.map(foldLine).join('\r\n'),
    description: `contact card for ${fullName}${details.length ? `, ${details.join(', ')}` : ''}`,
  };
}
