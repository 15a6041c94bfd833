/** Shared by the command-line tests: a captured Io, and PDFs read back with pdfjs-dist. */
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Io } from '../../src/cli.js';

export interface CapturedIo extends Io {
  readonly out: () => Buffer;
  readonly err: () => string;
}

/** An Io whose output is kept for the test; `stdin` is what standard input holds. */
export function captureIo(
  stdin: string | Buffer = '',
  opts: { stdoutTTY?: boolean } = {},
): CapturedIo {
  const out: Buffer[] = [];
  let err = '';
  return {
    stdout: {
      isTTY: opts.stdoutTTY ?? false,
      write: (data: string | Uint8Array) => out.push(Buffer.from(data)),
    },
    stderr: { isTTY: false, write: (data: string | Uint8Array) => (err += String(data)) },
    readStdin: async () => Buffer.from(stdin),
    out: () => Buffer.concat(out),
    err: () => err,
  };
}

export interface PdfPageInfo {
  readonly width: number;
  readonly height: number;
  readonly text: string;
  /** Names of the fonts the page's text is drawn with. */
  readonly fonts: readonly string[];
  /** Images drawn on the page. */
  readonly images: number;
}

/** Page sizes (points), text, fonts and images, read by pdfjs-dist. */
export async function readPdf(bytes: Uint8Array): Promise<PdfPageInfo[]> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: PdfPageInfo[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [x0, y0, x1, y1] = page.view;
    const text = (await page.getTextContent()).items
      .map((i) => ('str' in i ? i.str : ''))
      .join(' ');
    const ops = await page.getOperatorList();
    const fonts = new Set<string>();
    let images = 0;
    ops.fnArray.forEach((fn, i) => {
      if (fn === pdfjs.OPS.setFont) {
        const font = page.commonObjs.get(ops.argsArray[i][0] as string) as { name?: string };
        if (font?.name) fonts.add(font.name);
      }
      if (fn === pdfjs.OPS.paintImageXObject) images++;
    });
    pages.push({ width: x1 - x0, height: y1 - y0, text, fonts: [...fonts], images });
  }
  await doc.destroy();
  return pages;
}
