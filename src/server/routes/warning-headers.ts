/**
 * Warnings of a render as response headers, for callers that take the binary and never read the
 * JSON variant: `X-Warnings` lists the distinct warning codes (`document.missing-title,
 * resource.failed`) and `X-Document-Title` carries the PDF's title percent-encoded (UTF-8), so a
 * title the service had to choose is visible without opening the file.
 */

/** A warning as a render reports it. */
export interface ReportedWarning {
  readonly code: string;
  readonly message: string;
  readonly source?: string;
}

/** Header values stay short whatever a document produces (codes are few and short). */
const MAX_HEADER_LENGTH = 2000;

/** The distinct codes, in the order first seen, as one header value; undefined when none. */
export function warningsHeader(warnings: readonly ReportedWarning[]): string | undefined {
  const codes: string[] = [];
  let length = 0;
  for (const w of warnings) {
    const code = w.code.replace(/[^\w.-]/g, '');
    if (code === '' || codes.includes(code)) continue;
    if (length + code.length + 2 > MAX_HEADER_LENGTH) break;
    codes.push(code);
    length += code.length + 2;
  }
  return codes.length > 0 ? codes.join(', ') : undefined;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The document title as a header value: percent-encoded UTF-8, at most MAX_HEADER_LENGTH. */
export function titleHeader(title: string): string {
  let encoded = '';
  // Whole characters only, so a cut never splits a UTF-8 sequence (decodeURIComponent would throw).
  const wellFormed = title.replace(LONE_SURROGATE, '\ufffd');
  for (const char of wellFormed) {
    const piece = encodeURIComponent(char);
    if (encoded.length + piece.length > MAX_HEADER_LENGTH) break;
    encoded += piece;
  }
  return encoded;
}

/** The headers a binary (or upload) response carries for these warnings and title. */
export function renderReportHeaders(
  warnings: readonly ReportedWarning[],
  title?: string,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const codes = warningsHeader(warnings);
  if (codes) {
    headers['x-warnings'] = codes;
    headers['x-warning-count'] = String(warnings.length);
  }
  if (title !== undefined) headers['x-document-title'] = titleHeader(title);
  return headers;
}
