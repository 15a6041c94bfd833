/**
 * CMap parsing (ISO 32000-1, 9.7.5 and 9.10.3; Adobe technical note 5014 syntax) for embedded
 * CMaps and ToUnicode streams: codespace ranges, CID mappings, Unicode mappings, usecmap,
 * WMode, CMapName and CIDSystemInfo. The PostScript-like syntax is read with the content
 * stream tokeniser, since operands-then-keyword is the same shape.
 */
import type { CosObject } from '../model/cos.js';
import { asDict, asString, integerValue, latin1Text, nameValue } from '../model/read.js';
import { lexContent } from '../content/lexer.js';

export interface CodespaceRange {
  readonly bytes: number;
  readonly low: Uint8Array;
  readonly high: Uint8Array;
}

export interface ParsedCMap {
  readonly name: string | null;
  readonly wmode: number | null;
  readonly registry: string | null;
  readonly ordering: string | null;
  readonly supplement: number | null;
  readonly useCMap: string | null;
  readonly codespaces: readonly CodespaceRange[];
  /** code (as number) + byte length -> CID. */
  readonly cids: Map<string, number>;
  readonly cidRanges: readonly {
    readonly bytes: number;
    readonly lo: number;
    readonly hi: number;
    readonly cid: number;
  }[];
  /** Largest CID any mapping produces (6.1.13). */
  readonly maxCID: number;
  /** code key -> Unicode text (ToUnicode CMaps). */
  readonly unicode: Map<string, string>;
  readonly unicodeRanges: readonly {
    readonly bytes: number;
    readonly lo: number;
    readonly hi: number;
    readonly dst: Uint8Array;
  }[];
}

const codeKey = (code: number, bytes: number): string => `${bytes}:${code}`;

function num(bytes: Uint8Array): number {
  let v = 0;
  for (const b of bytes) v = v * 256 + b;
  return v;
}

function utf16(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2)
    out += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
  if (bytes.length % 2 === 1) out += String.fromCharCode(bytes[bytes.length - 1]);
  return out;
}

const MAX_RANGE = 65536;

export function parseCMap(data: Uint8Array): ParsedCMap {
  let name: string | null = null;
  let wmode: number | null = null;
  let registry: string | null = null;
  let ordering: string | null = null;
  let supplement: number | null = null;
  let useCMap: string | null = null;
  const codespaces: CodespaceRange[] = [];
  const cids = new Map<string, number>();
  const cidRanges: { bytes: number; lo: number; hi: number; cid: number }[] = [];
  const unicode = new Map<string, string>();
  const unicodeRanges: { bytes: number; lo: number; hi: number; dst: Uint8Array }[] = [];
  let maxCID = -1;

  const bytesOf = (o: CosObject): Uint8Array | null => asString(o)?.bytes ?? null;

  lexContent(data, ({ op, operands }) => {
    switch (op) {
      case 'def': {
        const key = nameValue(operands[operands.length - 2]);
        const value = operands[operands.length - 1];
        if (key === 'CMapName') name = nameValue(value) ?? latin1Text(asString(value));
        else if (key === 'WMode') wmode = integerValue(value);
        // CIDSystemInfo built with 'dict begin ... end' defines its keys one by one.
        else if (key === 'Registry') registry = latin1Text(asString(value));
        else if (key === 'Ordering') ordering = latin1Text(asString(value));
        else if (key === 'Supplement') supplement = integerValue(value);
        else if (key === 'CIDSystemInfo') {
          const d = asDict(value);
          if (d) {
            registry = latin1Text(asString(d.entries.get('Registry')));
            ordering = latin1Text(asString(d.entries.get('Ordering')));
            supplement = integerValue(d.entries.get('Supplement'));
          }
        }
        break;
      }
      case 'usecmap':
        useCMap = nameValue(operands[operands.length - 1]);
        break;
      case 'endcodespacerange':
        for (let i = 0; i + 1 < operands.length; i += 2) {
          const lo = bytesOf(operands[i]);
          const hi = bytesOf(operands[i + 1]);
          if (lo && hi && lo.length === hi.length && lo.length > 0 && lo.length <= 4) {
            codespaces.push({ bytes: lo.length, low: lo, high: hi });
          }
        }
        break;
      case 'endcidchar':
        for (let i = 0; i + 1 < operands.length; i += 2) {
          const code = bytesOf(operands[i]);
          const cid = integerValue(operands[i + 1]);
          if (code && cid !== null) {
            cids.set(codeKey(num(code), code.length), cid);
            maxCID = Math.max(maxCID, cid);
          }
        }
        break;
      case 'endcidrange':
        for (let i = 0; i + 2 < operands.length; i += 3) {
          const lo = bytesOf(operands[i]);
          const hi = bytesOf(operands[i + 1]);
          const cid = integerValue(operands[i + 2]);
          if (lo && hi && cid !== null) {
            const l = num(lo);
            const h = num(hi);
            cidRanges.push({ bytes: lo.length, lo: l, hi: h, cid });
            if (h >= l) maxCID = Math.max(maxCID, cid + (h - l));
          }
        }
        break;
      case 'endbfchar':
        for (let i = 0; i + 1 < operands.length; i += 2) {
          const code = bytesOf(operands[i]);
          const dst = operands[i + 1];
          const dstBytes = bytesOf(dst);
          if (!code) continue;
          if (dstBytes) unicode.set(codeKey(num(code), code.length), utf16(dstBytes));
          else {
            const glyph = nameValue(dst);
            if (glyph !== null) unicode.set(codeKey(num(code), code.length), glyph);
          }
        }
        break;
      case 'endbfrange':
        for (let i = 0; i + 2 < operands.length; i += 3) {
          const lo = bytesOf(operands[i]);
          const hi = bytesOf(operands[i + 1]);
          if (!lo || !hi) continue;
          const l = num(lo);
          const h = num(hi);
          const dst = operands[i + 2];
          const dstBytes = bytesOf(dst);
          if (dstBytes) {
            unicodeRanges.push({ bytes: lo.length, lo: l, hi: h, dst: dstBytes });
          } else if (dst && typeof dst === 'object' && dst.kind === 'array') {
            dst.items.forEach((item, k) => {
              const b = bytesOf(item);
              if (b && l + k <= h && k < MAX_RANGE)
                unicode.set(codeKey(l + k, lo.length), utf16(b));
            });
          }
        }
        break;
      default:
        break;
    }
  });
  return {
    name,
    wmode,
    registry,
    ordering,
    supplement,
    useCMap,
    codespaces,
    cids,
    cidRanges,
    maxCID,
    unicode,
    unicodeRanges,
  };
}

/** Splits a string into codes using the codespace ranges (one byte when none matches). */
export function splitCodes(
  bytes: Uint8Array,
  codespaces: readonly CodespaceRange[],
): { code: number; bytes: number }[] {
  const out: { code: number; bytes: number }[] = [];
  let shortest = 4;
  for (const c of codespaces) shortest = Math.min(shortest, c.bytes);
  let i = 0;
  while (i < bytes.length) {
    let taken = 0;
    for (let n = 1; n <= 4 && i + n <= bytes.length && taken === 0; n++) {
      for (const cs of codespaces) {
        if (cs.bytes !== n) continue;
        let inside = true;
        for (let k = 0; k < n; k++) {
          const b = bytes[i + k];
          if (b < cs.low[k] || b > cs.high[k]) {
            inside = false;
            break;
          }
        }
        if (inside) {
          taken = n;
          break;
        }
      }
    }
    if (taken === 0) {
      // Not in any range: take the shortest codespace length (at least one byte).
      taken = Math.min(Math.max(1, shortest), bytes.length - i);
    }
    out.push({ code: num(bytes.subarray(i, i + taken)), bytes: taken });
    i += taken;
  }
  return out;
}

export function cmapCID(cmap: ParsedCMap, code: number, bytes: number): number | null {
  const direct = cmap.cids.get(codeKey(code, bytes));
  if (direct !== undefined) return direct;
  for (const r of cmap.cidRanges) {
    if (r.bytes === bytes && code >= r.lo && code <= r.hi) return r.cid + (code - r.lo);
  }
  return null;
}

/** Unicode text for a code from a ToUnicode CMap, or null when the code is not mapped. */
export function cmapUnicode(cmap: ParsedCMap, code: number, bytes: number): string | null {
  const direct = cmap.unicode.get(codeKey(code, bytes));
  if (direct !== undefined) return direct;
  for (const r of cmap.unicodeRanges) {
    if (r.bytes !== bytes && r.bytes !== 0) continue;
    if (code < r.lo || code > r.hi) continue;
    const dst = Uint8Array.from(r.dst);
    let carry = code - r.lo;
    for (let k = dst.length - 1; k >= 0 && carry > 0; k--) {
      const v = dst[k] + carry;
      dst[k] = v & 0xff;
      carry = Math.floor(v / 256);
    }
    return utf16(dst);
  }
  // Some writers give 1-byte ranges for 2-byte codes; try other lengths as a fallback.
  for (const [key, value] of cmap.unicode) {
    if (key.endsWith(`:${code}`)) return value;
  }
  return null;
}

/** The predefined CMaps of ISO 32000-1, Table 118. */
export const PREDEFINED_CMAPS: ReadonlySet<string> = new Set(
  (
    'Identity-H Identity-V GB-EUC-H GB-EUC-V GBpc-EUC-H GBpc-EUC-V GBK-EUC-H GBK-EUC-V GBKp-EUC-H GBKp-EUC-V ' +
    'GBK2K-H GBK2K-V UniGB-UCS2-H UniGB-UCS2-V UniGB-UTF16-H UniGB-UTF16-V B5pc-H B5pc-V HKscs-B5-H HKscs-B5-V ' +
    'ETen-B5-H ETen-B5-V ETenms-B5-H ETenms-B5-V CNS-EUC-H CNS-EUC-V UniCNS-UCS2-H UniCNS-UCS2-V UniCNS-UTF16-H ' +
    'UniCNS-UTF16-V 83pv-RKSJ-H 90ms-RKSJ-H 90ms-RKSJ-V 90msp-RKSJ-H 90msp-RKSJ-V 90pv-RKSJ-H Add-RKSJ-H ' +
    'Add-RKSJ-V EUC-H EUC-V Ext-RKSJ-H Ext-RKSJ-V H V UniJIS-UCS2-H UniJIS-UCS2-V UniJIS-UCS2-HW-H ' +
    'UniJIS-UCS2-HW-V UniJIS-UTF16-H UniJIS-UTF16-V KSC-EUC-H KSC-EUC-V KSCms-UHC-H KSCms-UHC-V KSCms-UHC-HW-H ' +
    'KSCms-UHC-HW-V KSCpc-EUC-H UniKS-UCS2-H UniKS-UCS2-V UniKS-UTF16-H UniKS-UTF16-V'
  ).split(' '),
);

/** The Adobe character collection a predefined CMap belongs to (null for Identity). */
export function predefinedOrdering(name: string): string | null {
  if (/^(Identity)/.test(name)) return null;
  if (/GB/.test(name)) return 'GB1';
  if (/(CNS|B5|ETen|HKscs)/.test(name)) return 'CNS1';
  if (/(KSC|UniKS)/.test(name)) return 'Korea1';
  return 'Japan1';
}
