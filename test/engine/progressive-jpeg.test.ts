/**
 * A progressive JPEG goes into the PDF as it is (DCTDecode), like a baseline one, instead of as
 * its decoded pixels; pdf.js, an independent reader, decodes it to the same picture. Frames a
 * PDF reader cannot take (12-bit samples, arithmetic coding) are decoded and embedded as pixels.
 */
import sharp from 'sharp';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/index.js';
import { isDctReadable, jpegFrame } from '../../src/images/jpeg.js';

/** 64x32: left half red, right half blue, as a progressive JPEG. */
async function progressiveJpeg(): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: 32, height: 32, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 64, height: 32, channels: 3, background: '#000' } })
    .composite([
      { input: await half(255, 0), left: 0, top: 0 },
      { input: await half(0, 255), left: 32, top: 0 },
    ])
    .jpeg({ progressive: true, quality: 95 })
    .toBuffer();
}

describe('JPEG frames a PDF takes as they are', () => {
  it('reads the frame of a progressive JPEG', async () => {
    const frame = jpegFrame(await progressiveJpeg());
    expect(frame).toMatchObject({ width: 64, height: 32, components: 3, marker: 0xc2 });
    expect(frame && isDctReadable(frame)).toBe(true);
  });

  it('takes 8-bit Huffman baseline, extended and progressive frames only', () => {
    const frame = (marker: number, precision = 8) => ({
      width: 1,
      height: 1,
      components: 3,
      marker,
      precision,
    });
    expect([0xc0, 0xc1, 0xc2].map((m) => isDctReadable(frame(m)))).toEqual([true, true, true]);
    // Lossless, hierarchical and arithmetic-coded frames; 12-bit samples.
    expect([0xc3, 0xc5, 0xc9, 0xca].map((m) => isDctReadable(frame(m)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(isDctReadable(frame(0xc1, 12))).toBe(false);
  });
});

describe('a progressive JPEG in a document', () => {
  it('is embedded as it is and pdf.js decodes the picture', async () => {
    const jpeg = await progressiveJpeg();
    const html = `<!doctype html><html lang="en"><head><title>Photo</title></head><body>
<img src="data:image/jpeg;base64,${jpeg.toString('base64')}" alt="Red and blue halves" width="64" height="32">
</body></html>`;
    const { pdf } = await render({ kind: 'html', html });
    const bytes = Buffer.from(pdf);
    expect(bytes.includes('/DCTDecode')).toBe(true);
    expect(bytes.includes(jpeg)).toBe(true);

    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const page = await doc.getPage(1);
    const ops = await page.getOperatorList();
    const at = ops.fnArray.indexOf(pdfjs.OPS.paintImageXObject);
    expect(at).toBeGreaterThanOrEqual(0);
    const name = ops.argsArray[at][0] as string;
    const img = await new Promise<{ width: number; height: number; data: Uint8ClampedArray }>(
      (resolve) => page.objs.get(name, resolve),
    );
    expect([img.width, img.height]).toEqual([64, 32]);
    const channels = img.data.length / (64 * 32);
    const pixel = (x: number, y: number) =>
      Array.from(img.data.slice((y * 64 + x) * channels, (y * 64 + x) * channels + 3));
    const [lr, , lb] = pixel(8, 16);
    const [rr, , rb] = pixel(56, 16);
    expect(lr).toBeGreaterThan(200);
    expect(lb).toBeLessThan(60);
    expect(rb).toBeGreaterThan(200);
    expect(rr).toBeLessThan(60);
    await doc.destroy();
  });
});
