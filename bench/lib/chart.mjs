// Latency by document for all engines as a small SVG: one group of horizontal bars per
// document, one bar per engine (median), logarithmic time axis so a 1-page invoice and a
// 100-page report share one chart.

const COLORS = ['#1a5fb4', '#e66100', '#26a269', '#c01c28', '#813d9c', '#865e3c', '#5e5c64'];
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * @param {{ docs: string[], engines: string[], median: (doc: string, engine: string) => number | undefined, title: string }} c
 * @returns {string}
 */
export function latencyChart({ docs, engines, median, title }) {
  const barH = 11;
  const groupGap = 14;
  const left = 130;
  const plotW = 560;
  const top = 46;
  const values = docs.flatMap((d) => engines.map((e) => median(d, e))).filter((v) => v > 0);
  const lo = Math.pow(10, Math.floor(Math.log10(Math.min(...values, 1))));
  const hi = Math.pow(10, Math.ceil(Math.log10(Math.max(...values, 10))));
  const x = (v) => left + (plotW * Math.log10(v / lo)) / Math.log10(hi / lo);
  const groupH = (d) => engines.filter((e) => median(d, e) > 0).length * barH + groupGap;
  const plotH = docs.reduce((a, d) => a + groupH(d), 0);
  const height = top + plotH + 70;
  const width = left + plotW + 150;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="Liberation Sans, Arial, sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="22" font-size="14" font-weight="bold">${esc(title)}</text>`,
  ];
  for (let v = lo; v <= hi; v *= 10) {
    out.push(
      `<line x1="${x(v)}" y1="${top - 4}" x2="${x(v)}" y2="${top + plotH}" stroke="#ddd"/>`,
      `<text x="${x(v)}" y="${top + plotH + 16}" text-anchor="middle">${v >= 1000 ? `${v / 1000} s` : `${v} ms`}</text>`,
    );
  }
  out.push(
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#333"/>`,
    `<line x1="${left}" y1="${top - 4}" x2="${left}" y2="${top + plotH}" stroke="#333"/>`,
    `<text x="${left + plotW / 2}" y="${top + plotH + 36}" text-anchor="middle">median latency per document (log scale, lower is better)</text>`,
    `<text transform="translate(16 ${top + plotH / 2}) rotate(-90)" text-anchor="middle">document</text>`,
  );
  let y = top;
  for (const d of docs) {
    const shown = engines.filter((e) => median(d, e) > 0);
    out.push(
      `<text x="${left - 8}" y="${y + (shown.length * barH) / 2 + 4}" text-anchor="end" font-weight="bold">${esc(d)}</text>`,
    );
    for (const e of shown) {
      const v = median(d, e);
      const c = COLORS[engines.indexOf(e) % COLORS.length];
      out.push(
        `<rect x="${left}" y="${y}" width="${Math.max(1, x(v) - left).toFixed(1)}" height="${barH - 2}" fill="${c}"/>`,
        `<text x="${(x(v) + 4).toFixed(1)}" y="${y + barH - 3}" font-size="9">${v < 10 ? v.toFixed(1) : Math.round(v)}</text>`,
      );
      y += barH;
    }
    y += groupGap;
  }
  engines.forEach((e, i) => {
    const ly = top + i * 16;
    out.push(
      `<rect x="${left + plotW + 20}" y="${ly}" width="10" height="10" fill="${COLORS[i % COLORS.length]}"/>`,
      `<text x="${left + plotW + 34}" y="${ly + 9}">${esc(e)}</text>`,
    );
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
