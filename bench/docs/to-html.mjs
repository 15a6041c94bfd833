// Content model -> HTML with one print stylesheet. The same HTML goes to a11ypdf, WeasyPrint
// and Chromium, so the browser-based peers lay out exactly what we do.
import { chartDataUri } from './assets.mjs';

const CSS = `
@page { size: A4; margin: 20mm; @bottom-center { content: "Page " counter(page) " of " counter(pages); font-size: 8pt; color: #555; } }
body { font-family: "Liberation Sans", Arial, sans-serif; font-size: 10pt; line-height: 1.35; color: #222; margin: 0; }
h1 { font-size: 20pt; color: #1a5fb4; margin: 0 0 10pt; }
h2 { font-size: 14pt; margin: 14pt 0 6pt; break-after: avoid; }
h3 { font-size: 11pt; margin: 10pt 0 4pt; break-after: avoid; }
p { margin: 0 0 6pt; }
p.small { font-size: 8pt; color: #555; }
ul, ol { margin: 0 0 6pt; padding-left: 18pt; }
table { width: 100%; border-collapse: collapse; margin: 6pt 0 10pt; font-size: 9pt; }
caption { text-align: left; font-weight: bold; margin-bottom: 4pt; }
th { background: #e8eef8; text-align: left; padding: 3pt 4pt; border: 0.5pt solid #99a; }
td { padding: 3pt 4pt; border: 0.5pt solid #ccd; }
.num { text-align: right; }
figure { margin: 8pt 0; }
figcaption { font-size: 9pt; color: #444; }
`;

const esc = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * @param {import('./content.mjs').Doc} doc
 * @returns {Promise<string>}
 */
export async function toHtml(doc) {
  const out = [
    `<!DOCTYPE html><html lang="${doc.lang}"><head><meta charset="utf-8"><title>${esc(doc.title)}</title>`,
    `<style>${CSS}</style></head><body>`,
  ];
  for (const b of doc.blocks) {
    if (b.t === 'h') out.push(`<h${b.level}>${esc(b.text)}</h${b.level}>`);
    else if (b.t === 'p') out.push(`<p${b.small ? ' class="small"' : ''}>${esc(b.text)}</p>`);
    else if (b.t === 'list') {
      const tag = b.ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${b.items.map((i) => `<li>${esc(i)}</li>`).join('')}</${tag}>`);
    } else if (b.t === 'table') {
      const total = b.widths.reduce((a, w) => a + w, 0);
      const cls = (i) => (b.numeric[i] ? ' class="num"' : '');
      out.push('<table>');
      if (b.caption) out.push(`<caption>${esc(b.caption)}</caption>`);
      out.push(
        `<colgroup>${b.widths.map((w) => `<col style="width:${((100 * w) / total).toFixed(1)}%">`).join('')}</colgroup>`,
      );
      out.push(
        `<thead><tr>${b.head.map((h, i) => `<th scope="col"${cls(i)}>${esc(h)}</th>`).join('')}</tr></thead><tbody>`,
      );
      for (const r of b.rows)
        out.push(`<tr>${r.map((c, i) => `<td${cls(i)}>${esc(c)}</td>`).join('')}</tr>`);
      out.push('</tbody></table>');
    } else if (b.t === 'img') {
      out.push(
        `<figure><img src="${await chartDataUri()}" alt="${esc(b.alt)}" style="width:${b.width}pt;height:${b.height}pt"><figcaption>${esc(b.caption)}</figcaption></figure>`,
      );
    }
  }
  out.push('</body></html>');
  return out.join('\n');
}
