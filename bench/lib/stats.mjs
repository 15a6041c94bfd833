// Order statistics and a plain-text table.

/** @param {number[]} xs */
export function mean(xs) {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** @param {number[]} xs */
export function median(xs) {
  return quantile(xs, 0.5);
}

/** @param {number[]} xs nearest-rank 95th percentile */
export function p95(xs) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
}

/** @param {number[]} xs @param {number} q */
export function quantile(xs, q) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
}

/** @param {number | undefined} ms */
export function fmtMs(ms) {
  if (ms === undefined || Number.isNaN(ms)) return '-';
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 100) return `${Math.round(ms)} ms`;
  return `${ms.toFixed(1)} ms`;
}

/** @param {Record<string, string>[]} rows @returns {string} aligned columns, numbers right */
export function table(rows) {
  if (rows.length === 0) return '(no rows)';
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const numeric = cols.map((c) =>
    rows.every((r) => /^[-\d.,]*\s*(ms|s|MB|KiB|x|%)?$/.test(String(r[c] ?? ''))),
  );
  const cell = (v, i) => (numeric[i] ? String(v).padStart(width[i]) : String(v).padEnd(width[i]));
  return [
    cols.map(cell).join('  '),
    width.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map((r) => cols.map((c, i) => cell(r[c] ?? '', i)).join('  ')),
  ].join('\n');
}
