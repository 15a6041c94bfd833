// pdfkit: the same text drawn with a simple flow (wrapped paragraphs, lists, ruled tables with
// the header repeated on each page, the image). Untagged: the speed floor of raw PDF
// generation in JavaScript, not an accessible peer.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { chartPng } from '../docs/assets.mjs';

const require = createRequire(import.meta.url);
const FONTS = new URL('../../fonts/', import.meta.url);
const REGULAR = readFileSync(new URL('LiberationSans-Regular.ttf', FONTS));
const BOLD = readFileSync(new URL('LiberationSans-Bold.ttf', FONTS));

export const info = {
  name: 'pdfkit',
  version: require('pdfkit/package.json').version,
  tagged: false,
  kind: 'js',
};

export async function available() {
  return true;
}

const M = 57; // 20 mm
const W = 595.28;
const H = 841.89;
const SIZES = { 1: 20, 2: 14, 3: 11 };

/** @param {import('../docs/content.mjs').Doc} doc */
function draw(doc, png) {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: M,
      compress: true,
      info: { Title: doc.title },
    });
    const chunks = [];
    pdf.on('data', (c) => chunks.push(c));
    pdf.on('end', () => resolve({ bytes: Buffer.concat(chunks), pages: pages }));
    pdf.on('error', reject);
    let pages = 1;
    pdf.on('pageAdded', () => pages++);
    pdf.registerFont('R', REGULAR);
    pdf.registerFont('B', BOLD);
    const width = W - 2 * M;
    const bottom = H - M;
    const ensure = (h) => {
      if (pdf.y + h > bottom) pdf.addPage();
    };
    for (const b of doc.blocks) {
      if (b.t === 'h') {
        ensure(40);
        pdf
          .font('B')
          .fontSize(SIZES[b.level] ?? 11)
          .fillColor('#1a1a1a');
        pdf.text(b.text, M, pdf.y + 6, { width });
        pdf.moveDown(0.3);
      } else if (b.t === 'p') {
        pdf
          .font('R')
          .fontSize(b.small ? 8 : 10)
          .fillColor('#222');
        pdf.text(b.text, M, pdf.y, { width, lineGap: 3 });
        pdf.moveDown(0.4);
      } else if (b.t === 'list') {
        pdf.font('R').fontSize(10);
        b.items.forEach((item, i) => {
          ensure(14);
          const y = pdf.y;
          pdf.text(b.ordered ? `${i + 1}.` : '•', M + 4, y, { lineBreak: false });
          pdf.text(item, M + 18, y, { width: width - 18, lineGap: 3 });
        });
        pdf.moveDown(0.4);
      } else if (b.t === 'table') {
        table(pdf, b, width, bottom);
      } else if (b.t === 'img') {
        ensure(b.height + 20);
        pdf.image(png, M, pdf.y, { width: b.width, height: b.height });
        pdf.y += b.height + 4;
        pdf.font('R').fontSize(9).text(b.caption, M, pdf.y, { width });
        pdf.moveDown(0.4);
      }
    }
    pdf.end();
  });
}

function table(pdf, b, width, bottom) {
  const total = b.widths.reduce((a, w) => a + w, 0);
  const cols = b.widths.map((w) => (w / total) * width);
  const pad = 4;
  pdf.fontSize(9);
  if (b.caption) {
    pdf.font('B').text(b.caption, M, pdf.y, { width });
    pdf.moveDown(0.2);
  }
  const row = (cells, header) => {
    pdf.font(header ? 'B' : 'R');
    let h = 0;
    cells.forEach((c, i) => {
      h = Math.max(h, pdf.heightOfString(c, { width: cols[i] - 2 * pad }));
    });
    h += 2 * pad;
    return h;
  };
  const drawRow = (cells, header, h) => {
    let x = M;
    const y = pdf.y;
    if (header) pdf.rect(M, y, width, h).fill('#e8eef8');
    pdf.fillColor('#222').font(header ? 'B' : 'R');
    cells.forEach((c, i) => {
      pdf
        .lineWidth(0.5)
        .strokeColor(header ? '#9999aa' : '#ccccdd')
        .rect(x, y, cols[i], h)
        .stroke();
      pdf.text(c, x + pad, y + pad, {
        width: cols[i] - 2 * pad,
        align: b.numeric[i] ? 'right' : 'left',
      });
      x += cols[i];
    });
    pdf.y = y + h;
  };
  const headH = row(b.head, true);
  if (pdf.y + headH * 2 > bottom) pdf.addPage();
  drawRow(b.head, true, headH);
  for (const r of b.rows) {
    const h = row(r, false);
    if (pdf.y + h > bottom) {
      pdf.addPage();
      drawRow(b.head, true, headH);
    }
    drawRow(r, false, h);
  }
  pdf.x = M;
  pdf.moveDown(0.6);
}

export async function create() {
  const png = await chartPng();
  return {
    async prepare(doc) {
      return doc.template ? null : doc;
    },
    render: (doc) => draw(doc, png),
    async close() {},
  };
}
