import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, objectFit } from '../../src/images/decode.js';

const solid = (channels: 3 | 4, alpha = 1) =>
  sharp({ create: { width: 8, height: 4, channels, background: { r: 255, g: 0, b: 0, alpha } } });

describe('decodeImage', () => {
  it('passes a baseline sRGB JPEG through untouched', async () => {
    const jpeg = await solid(3).jpeg().toBuffer();
    const d = await decodeImage(jpeg, 'image/jpeg');
    expect(d.resource.data.encoding).toBe('jpeg');
    expect(d.resource.widthPx).toBe(8);
    if (d.resource.data.encoding === 'jpeg')
      expect(Buffer.from(d.resource.data.bytes).equals(jpeg)).toBe(true);
  });

  it('turns a rotated JPEG upright (EXIF orientation) into raw samples', async () => {
    const jpeg = await solid(3).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const d = await decodeImage(jpeg, 'image/jpeg');
    expect(d.resource.data.encoding).toBe('raw');
    expect([d.intrinsicWidth, d.intrinsicHeight]).toEqual([4, 8]);
  });

  it('keeps PNG alpha as a separate plane and drops it when opaque', async () => {
    const translucent = await decodeImage(await solid(4, 0.5).png().toBuffer(), 'image/png');
    expect(
      translucent.resource.data.encoding === 'raw' && translucent.resource.data.alpha?.length,
    ).toBe(32);
    const opaque = await decodeImage(await solid(4, 1).png().toBuffer(), 'image/png');
    expect(opaque.resource.data.encoding === 'raw' && opaque.resource.data.alpha).toBeUndefined();
  });

  it('decodes GIF, WebP, AVIF and TIFF to 8-bit sRGB', async () => {
    for (const fmt of ['gif', 'webp', 'avif', 'tiff'] as const) {
      const buf = await solid(3)[fmt]().toBuffer();
      const d = await decodeImage(buf, `image/${fmt}`);
      expect(d.resource.data.encoding, fmt).toBe('raw');
      if (d.resource.data.encoding === 'raw') {
        expect(d.resource.data.components, fmt).toBe(3);
        expect(d.resource.data.pixels.length, fmt).toBe(8 * 4 * 3);
      }
    }
  });

  it('rasterises SVG above its CSS size and reports the CSS size as intrinsic', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="blue"/></svg>',
    );
    const d = await decodeImage(svg, 'image/svg+xml');
    expect([d.intrinsicWidth, d.intrinsicHeight]).toEqual([20, 10]);
    expect(d.resource.widthPx).toBeGreaterThan(20);
  });

  it('gives the same id to the same pixels', async () => {
    const a = await decodeImage(await solid(4, 0.5).png().toBuffer(), 'image/png');
    const b = await decodeImage(
      await solid(4, 0.5).png({ compressionLevel: 1 }).toBuffer(),
      'image/png',
    );
    expect(a.resource.id).toBe(b.resource.id);
  });

  it('rejects bytes that are not an image', async () => {
    await expect(decodeImage(Buffer.from('not an image'), 'image/png')).rejects.toThrow();
  });
});

describe('objectFit', () => {
  const box = { x: 0, y: 0, width: 100, height: 50 };
  it('contains, covers and fills', () => {
    expect(objectFit('contain', box, 10, 10)).toMatchObject({
      x: 25,
      width: 50,
      height: 50,
      clip: false,
    });
    expect(objectFit('cover', box, 10, 10)).toMatchObject({
      y: -25,
      width: 100,
      height: 100,
      clip: true,
    });
    expect(objectFit('fill', box, 10, 10)).toMatchObject({ width: 100, height: 50 });
  });
});

describe('large images', () => {
  it('keep their intrinsic size but not more than 5000 pixels a side', async () => {
    const big = await sharp({
      create: { width: 6000, height: 300, channels: 3, background: '#0a0' },
    })
      .png()
      .toBuffer();
    const d = await decodeImage(big, 'image/png');
    expect([d.intrinsicWidth, d.intrinsicHeight]).toEqual([6000, 300]);
    expect(d.resource.widthPx).toBe(5000);
    expect(d.resource.heightPx).toBe(250);
  });
});
