// pdfmake: the same content as a document definition (its own declarative format). Untagged.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chartDataUri } from '../docs/assets.mjs';

const require = createRequire(import.meta.url);
const PdfPrinter = require('pdfmake');
const font = (f) => fileURLToPath(new URL(`../../fonts/${f}`, import.meta.url));

export const info = {
  name: 'pdfmake',
  version: require('pdfmake/package.json').version,
  tagged: false,
  kind: 'js',
};

export async function available() {
  return true;
}

/** @param {import('../docs/content.mjs').Doc} doc */
async function definition(doc) {
  const content = [];
  for (const b of doc.blocks) {
    if (b.t === 'h') content.push({ text: b.text, style: `h${b.level}` });
    else if (b.t === 'p') content.push({ text: b.text, style: b.small ? 'small' : 'p' });
    else if (b.t === 'list')
      content.push({ [b.ordered ? 'ol' : 'ul']: b.items, margin: [0, 0, 0, 6] });
    else if (b.t === 'table') {
      if (b.caption)
        content.push({ text: b.caption, bold: true, fontSize: 9, margin: [0, 4, 0, 2] });
      const total = b.widths.reduce((a, w) => a + w, 0);
      content.push({
        table: {
          headerRows: 1,
          widths: b.widths.map((w) => `${((100 * w) / total).toFixed(1)}%`),
          body: [
            b.head.map((h) => ({ text: h, bold: true, fillColor: '#e8eef8' })),
            ...b.rows.map((r) =>
              r.map((c, i) => ({ text: c, alignment: b.numeric[i] ? 'right' : 'left' })),
            ),
          ],
        },
        fontSize: 9,
        margin: [0, 0, 0, 8],
      });
    } else if (b.t === 'img') {
      content.push({ image: await chartDataUri(), width: b.width, height: b.height });
      content.push({ text: b.caption, fontSize: 9 });
    }
  }
  return {
    info: { title: doc.title },
    pageSize: 'A4',
    pageMargins: [57, 57, 57, 57],
    defaultStyle: { font: 'LiberationSans', fontSize: 10, lineHeight: 1.2 },
    styles: {
      h1: { fontSize: 20, bold: true, color: '#1a5fb4', margin: [0, 0, 0, 10] },
      h2: { fontSize: 14, bold: true, margin: [0, 10, 0, 6] },
      h3: { fontSize: 11, bold: true, margin: [0, 8, 0, 4] },
      p: { margin: [0, 0, 0, 6] },
      small: { fontSize: 8, color: '#555555' },
    },
    footer: (page, pages) => ({
      text: `Page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
    }),
    content,
  };
}

export async function create() {
  const printer = new PdfPrinter({
    LiberationSans: {
      normal: font('LiberationSans-Regular.ttf'),
      bold: font('LiberationSans-Bold.ttf'),
      italics: font('LiberationSans-Italic.ttf'),
      bolditalics: font('LiberationSans-BoldItalic.ttf'),
    },
  });
  return {
    async prepare(doc) {
      return doc.template ? null : definition(doc);
    },
    render(def) {
      return new Promise((resolve, reject) => {
        // pdfmake mutates the definition it lays out, so each render gets a fresh copy.
        const pdf = printer.createPdfKitDocument({ ...def, content: structuredClone(def.content) });
        const chunks = [];
        pdf.on('data', (c) => chunks.push(c));
        pdf.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
        pdf.on('error', reject);
        pdf.end();
      });
    },
    async close() {},
  };
}
