/**
 * Which variant of a PDF route the caller asked for, from its Accept header.
 *
 * The rule (the reference service's, so its clients work unchanged): the JSON variant when
 * `application/json` is listed explicitly with a quality greater than zero and at least the
 * quality of every listed `application/pdf`, `application/*` and `* / *` range; the PDF
 * otherwise, including when Accept is absent, empty or names neither. HTTP libraries that send
 * `application/json, text/plain, * / *` (axios and many others) get JSON; `* / *` alone (curl,
 * fetch, requests) and browser defaults get the PDF.
 */

/** One media range of an Accept header, lower-cased, with its quality. */
export interface MediaRange {
  readonly type: string;
  readonly quality: number;
}

/**
 * The media ranges of an Accept header (RFC 9110, section 12.5.1). Parameters other than q are
 * ignored; a malformed q counts as 1 and an entry that is not a media range is skipped, so a
 * sloppy header never turns into an error.
 */
export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header) return [];
  const ranges: MediaRange[] = [];
  for (const part of header.split(',')) {
    const [rawType, ...params] = part.split(';');
    const type = rawType.trim().toLowerCase();
    if (!/^[\w.+*-]+\/[\w.+*-]+$/.test(type)) continue;
    let quality = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) {
        const q = Number(m[1]);
        if (Number.isFinite(q)) quality = Math.min(1, Math.max(0, q));
      }
    }
    ranges.push({ type, quality });
  }
  return ranges;
}

const COMPETING_RANGES = new Set(['application/pdf', 'application/*', '*/*']);

/** True when the caller's Accept header selects the JSON variant (see the rule above). */
export function prefersJson(header: string | undefined): boolean {
  const ranges = parseAccept(header);
  const json = ranges.filter((r) => r.type === 'application/json');
  if (json.length === 0) return false;
  const jsonQuality = Math.max(...json.map((r) => r.quality));
  if (jsonQuality <= 0) return false;
  return ranges.every((r) => !COMPETING_RANGES.has(r.type) || r.quality <= jsonQuality);
}
