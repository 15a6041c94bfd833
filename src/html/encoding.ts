/**
 * The character encoding of an HTML file given as bytes, found the way browsers find it (HTML
 * §13.2.3 "determining the character encoding", without the parser restart): a byte order mark,
 * then the charset the transport declared, then a <meta charset> or <meta http-equiv> in the
 * first 1024 bytes, then UTF-8 when the bytes are valid UTF-8 and windows-1252 (the web's
 * legacy default) when they are not. Legacy pages saved as ISO-8859-1 or windows-1252 keep
 * their umlauts and curly quotes instead of turning into U+FFFD.
 */

export interface DecodedHtml {
  readonly html: string;
  /** The WHATWG name of the encoding used, e.g. "utf-8", "windows-1252". */
  readonly encoding: string;
  /** Where the encoding came from. */
  readonly source: 'bom' | 'transport' | 'meta' | 'utf-8 bytes' | 'default';
}

const PRESCAN_BYTES = 1024;

/** Decodes an HTML file's bytes; `transportCharset` is a Content-Type charset, when there is one. */
export function decodeHtml(bytes: Uint8Array, transportCharset?: string): DecodedHtml {
  const bom = bomEncoding(bytes);
  if (bom) return decodeAs(bytes.subarray(bom.length), bom.encoding, 'bom');
  const fromTransport = transportCharset ? encodingFor(transportCharset) : undefined;
  if (fromTransport) return decodeAs(bytes, fromTransport, 'transport');
  const declared = metaCharset(bytes.subarray(0, PRESCAN_BYTES));
  if (declared) return decodeAs(bytes, declared, 'meta');
  try {
    return {
      html: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      encoding: 'utf-8',
      source: 'utf-8 bytes',
    };
  } catch {
    return decodeAs(bytes, 'windows-1252', 'default');
  }
}

function decodeAs(bytes: Uint8Array, encoding: string, source: DecodedHtml['source']): DecodedHtml {
  const html =
    encoding === 'windows-1252'
      ? decodeWindows1252(bytes)
      : new TextDecoder(encoding).decode(bytes);
  return { html, encoding, source };
}

/**
 * windows-1252 differs from ISO-8859-1 in 0x80–0x9F (curly quotes, dashes, €). Node 20's
 * TextDecoder takes a Latin-1 shortcut for it and yields C1 controls there, so it is done here.
 */
const CP1252_HIGH =
  '\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f' +
  '\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

function bomEncoding(b: Uint8Array): { encoding: string; length: number } | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return undefined;
}

/**
 * The WHATWG encoding a label names, or undefined for an unknown label. A document that says it
 * is UTF-16 in ASCII-compatible bytes is UTF-8 (HTML §13.2.3.3), and x-user-defined is
 * windows-1252.
 */
export function encodingFor(label: string): string | undefined {
  let name: string;
  try {
    name = new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
  if (name === 'utf-16le' || name === 'utf-16be') return 'utf-8';
  if (name === 'x-user-defined') return 'windows-1252';
  return name;
}

/** The charset a <meta> in these leading bytes declares (a prescan over the ASCII bytes). */
function metaCharset(head: Uint8Array): string | undefined {
  // Every byte maps to one char in latin1, so the ASCII markup reads as it is.
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength)
    .toString('latin1')
    .replace(/<!--[\s\S]*?-->/g, '');
  for (const m of text.matchAll(/<meta\b([^>]*)>?/gi)) {
    const attrs = new Map<string, string>();
    for (const a of m[1].matchAll(/([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g))
      attrs.set(a[1].toLowerCase(), (a[2] ?? '').replace(/^["']|["']$/g, ''));
    const label =
      attrs.get('charset') ??
      (attrs.get('http-equiv')?.toLowerCase() === 'content-type'
        ? /charset\s*=\s*["']?([^\s"';]+)/i.exec(attrs.get('content') ?? '')?.[1]
        : undefined);
    const encoding = label ? encodingFor(label) : undefined;
    if (encoding) return encoding;
  }
  return undefined;
}
