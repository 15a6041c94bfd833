/**
 * Header facts of embedded binary formats the graphics rules look at: ICC profiles (ICC.1,
 * 7.2: version, device class, colour space) and JPEG 2000 (ISO 15444-1 Annex I boxes: ihdr,
 * bpcc, colr; or the SIZ marker of a bare codestream).
 */

export interface IccHeader {
  /** Major version number (byte 8). */
  readonly major: number;
  /** e.g. 4.2 (major + minor/10). */
  readonly version: number;
  /** Four-character device class signature, e.g. 'mntr', 'prtr'. */
  readonly deviceClass: string;
  /** Four-character colour space signature, e.g. 'RGB ', 'CMYK', 'GRAY', 'Lab '. */
  readonly colourSpace: string;
}

const sig = (b: Uint8Array, at: number): string =>
  String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

export function readIccHeader(data: Uint8Array): IccHeader | null {
  if (data.length < 128) return null;
  const major = data[8];
  const minor = data[9] >> 4;
  return {
    major,
    version: major + minor / 10,
    deviceClass: sig(data, 12),
    colourSpace: sig(data, 16),
  };
}

export interface JpxFacts {
  /** Number of components (ihdr NC, or SIZ Csiz). */
  readonly channels: number | null;
  /** Bit depth from ihdr BPC (1–38), or 255 meaning "see bpcc". */
  readonly bitDepth: number | null;
  readonly bpccPresent: boolean;
  /** colr boxes in order: method, approximation, enumerated colour space (METH 1). */
  readonly colr: readonly {
    readonly method: number;
    readonly approx: number;
    readonly enumCS: number | null;
  }[];
}

const u32 = (b: Uint8Array, at: number): number =>
  ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const u16 = (b: Uint8Array, at: number): number => (b[at] << 8) | b[at + 1];

/** Reads the JP2 header boxes; null when the data is neither a JP2 file nor a codestream. */
export function readJpx(data: Uint8Array): JpxFacts | null {
  if (
    data.length >= 4 &&
    data[0] === 0xff &&
    data[1] === 0x4f &&
    data[2] === 0xff &&
    data[3] === 0x51
  ) {
    // Bare codestream: SIZ follows SOC. Csiz at offset 38 from the marker, Ssiz after it.
    const siz = 2;
    if (data.length < siz + 41) return null;
    const channels = u16(data, siz + 38);
    const ssiz = data[siz + 40];
    return { channels, bitDepth: (ssiz & 0x7f) + 1, bpccPresent: false, colr: [] };
  }
  let channels: number | null = null;
  let bitDepth: number | null = null;
  let bpccPresent = false;
  const colr: { method: number; approx: number; enumCS: number | null }[] = [];
  let found = false;
  const walk = (start: number, end: number, depth: number): void => {
    let p = start;
    while (p + 8 <= end && depth < 4) {
      let len = u32(data, p);
      const type = sig(data, p + 4);
      let header = 8;
      if (len === 1) {
        if (p + 16 > end) return;
        len = u32(data, p + 8) * 2 ** 32 + u32(data, p + 12);
        header = 16;
      } else if (len === 0) {
        len = end - p;
      }
      if (len < header || p + len > end) len = end - p;
      const body = p + header;
      const bodyEnd = p + len;
      if (type === 'jP  ') found = true;
      if (type === 'jp2h' || type === 'res ') {
        walk(body, bodyEnd, depth + 1);
      } else if (type === 'ihdr' && bodyEnd - body >= 14) {
        channels = u16(data, body + 8);
        const bpc = data[body + 10];
        bitDepth = bpc === 255 ? 255 : (bpc & 0x7f) + 1;
      } else if (type === 'bpcc') {
        bpccPresent = true;
      } else if (type === 'colr' && bodyEnd - body >= 3) {
        const method = data[body];
        const approx = data[body + 2];
        const enumCS = method === 1 && bodyEnd - body >= 7 ? u32(data, body + 3) : null;
        colr.push({ method, approx, enumCS });
      } else if (type === 'jp2c') {
        return;
      }
      p += len;
    }
  };
  walk(0, data.length, 0);
  if (!found && channels === null) return null;
  return { channels, bitDepth, bpccPresent, colr };
}
