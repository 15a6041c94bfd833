/**
 * Just enough of a DER/BER reader to inspect a PKCS#7 SignedData object (RFC 2315 / RFC 5652)
 * for PDF/A 6.4.3: how many certificates and signer infos it has. Bounded: never reads past
 * the input, and nesting is limited.
 */

interface Tlv {
  readonly tag: number;
  readonly start: number;
  /** Start of the content. */
  readonly body: number;
  /** End of the content (exclusive); for indefinite lengths, the position before 00 00. */
  readonly end: number;
  /** End of the whole element including an end-of-contents marker. */
  readonly next: number;
}

const MAX_DEPTH = 32;

function readTlv(b: Uint8Array, pos: number, limit: number, depth = 0): Tlv | null {
  if (pos + 2 > limit || depth > MAX_DEPTH) return null;
  const tag = b[pos];
  if ((tag & 0x1f) === 0x1f) return null; // high tag numbers do not occur in these structures
  let p = pos + 1;
  const first = b[p++];
  if (first === 0x80) {
    // Indefinite length (BER): children until an end-of-contents marker.
    let q = p;
    while (q + 2 <= limit && !(b[q] === 0 && b[q + 1] === 0)) {
      const child = readTlv(b, q, limit, depth + 1);
      if (!child) return null;
      q = child.next;
    }
    if (q + 2 > limit) return null;
    return { tag, start: pos, body: p, end: q, next: q + 2 };
  }
  let len = first;
  if (first & 0x80) {
    // 0x80 alone (n = 0) is the indefinite form, read above.
    const n = first & 0x7f;
    if (n > 4 || p + n > limit) return null;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + b[p++];
  }
  if (p + len > limit) return null;
  return { tag, start: pos, body: p, end: p + len, next: p + len };
}

function children(b: Uint8Array, t: Tlv, depth: number): Tlv[] {
  const out: Tlv[] = [];
  let p = t.body;
  while (p < t.end && out.length < 10_000) {
    const c = readTlv(b, p, t.end, depth + 1);
    if (!c) break;
    out.push(c);
    p = c.next;
  }
  return out;
}

export interface Pkcs7Info {
  readonly certificates: number;
  readonly signerInfos: number;
}

/** Counts of a SignedData's certificates and signer infos; null when it is not SignedData. */
export function inspectPkcs7(bytes: Uint8Array): Pkcs7Info | null {
  const ci = readTlv(bytes, 0, bytes.length);
  if (!ci || ci.tag !== 0x30) return null;
  const [oid, explicit] = children(bytes, ci, 1);
  if (!oid || oid.tag !== 0x06 || !explicit || explicit.tag !== 0xa0) return null;
  // 1.2.840.113549.1.7.2 (signedData)
  const sd = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];
  if (oid.end - oid.body !== sd.length || sd.some((v, i) => bytes[oid.body + i] !== v)) return null;
  const [signedData] = children(bytes, explicit, 2);
  if (!signedData || signedData.tag !== 0x30) return null;
  const parts = children(bytes, signedData, 3);
  // version, digestAlgorithms, encapContentInfo, [0] certificates?, [1] crls?, signerInfos
  let certificates = 0;
  let signerInfos = -1;
  for (let i = 3; i < parts.length; i++) {
    const p = parts[i];
    if (p.tag === 0xa0) certificates = children(bytes, p, 4).length;
    else if (p.tag === 0x31) signerInfos = children(bytes, p, 4).length;
  }
  if (signerInfos < 0) return null;
  return { certificates, signerInfos };
}
