import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImageCached } from '../../src/images/cache.js';

async function png(width: number, height: number, red: number): Promise<Uint8Array> {
  const buf = await sharp({
    create: { width, height, channels: 3, background: { r: red, g: 10, b: 20 } },
  })
    .png()
    .toBuffer();
  return new Uint8Array(buf);
}

describe('decoded images shared across documents', () => {
  it('decodes the same bytes once and hands out the same image', async () => {
    const bytes = await png(20, 10, 200);
    const a = await decodeImageCached(bytes, 'image/png');
    const b = await decodeImageCached(bytes.slice(), 'image/png');
    expect(b).toBe(a);
    expect(a.resource.widthPx).toBe(20);
  });

  it('keeps images with different content apart', async () => {
    const a = await decodeImageCached(await png(8, 8, 1), 'image/png');
    const b = await decodeImageCached(await png(8, 8, 2), 'image/png');
    expect(b).not.toBe(a);
    expect(b.resource.id).not.toBe(a.resource.id);
  });

  it('still enforces a smaller pixel limit for bytes decoded before under a larger one', async () => {
    const bytes = await png(100, 100, 50);
    await decodeImageCached(bytes, 'image/png', 1_000_000);
    await expect(decodeImageCached(bytes, 'image/png', 100)).rejects.toThrow();
  });

  it('fails again for bad bytes instead of remembering the failure as an image', async () => {
    const bad = new TextEncoder().encode('not an image at all');
    await expect(decodeImageCached(bad, 'image/png')).rejects.toThrow();
    await expect(decodeImageCached(bad, 'image/png')).rejects.toThrow();
  });
});
