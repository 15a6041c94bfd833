/**
 * A festival poster that uses the compositing effects together (a duotone photo from
 * background-blend-mode and a screen-blended tint, a difference-blended title, a multiplied
 * badge, a faded photo and a round vignette from mask gradients, star icons cut by a bitmap
 * mask, a logo with a drop shadow): it renders without warnings, stays PDF/A-3a + PDF/UA-1
 * with all its text, and the raster output shows the masks and the blend where CSS puts them.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { render, renderImage } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { loadFixture, readPdf } from './helpers.js';

const BG = [253, 246, 236];

function distance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

describe('the compositing poster', () => {
  it('renders cleanly, keeps its text and draws its effects', async () => {
    const html = await loadFixture('compositing-poster');
    const r = await render({ kind: 'html', html }, { deterministic: true });
    expect(r.warnings).toEqual([]);
    expect(validate(r.pdf).failures ?? []).toEqual([]);
    const text = (await readPdf(r.pdf)).pages[0]!.text.replace(/\s+/g, ' ');
    for (const words of ['Harbour', 'Nights', 'Free', 'entry', 'evenings', 'Old Port Association'])
      expect(text).toContain(words);

    const png = await renderImage({ kind: 'html', html }, { format: 'png', page: 1 });
    const { data, info } = await sharp(png.image)
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const scale = info.width / 600;
    const px = (x: number, y: number): number[] => {
      const i = (Math.round(y * scale) * info.width + Math.round(x * scale)) * info.channels;
      return Array.from(data.subarray(i, i + 3));
    };
    // The faded photo (36..296 × 388..568): itself at the top, the page at the bottom.
    expect(distance(px(150, 400), BG)).toBeGreaterThan(40);
    expect(distance(px(150, 566), BG)).toBeLessThan(20);
    // A star icon (36..84 × 588..636): coloured in its middle, the page in its corner.
    expect(distance(px(60, 614), BG)).toBeGreaterThan(60);
    expect(distance(px(38, 590), BG)).toBeLessThan(4);
    // The multiplied badge: its yellow times the page below the hero, darker over the hero.
    const onPage = px(470, 395);
    expect(distance(onPage, [231, 188, 98])).toBeLessThan(8);
    const overHero = px(470, 330);
    expect(overHero[0]! + overHero[1]! + overHero[2]!).toBeLessThan(
      onPage[0]! + onPage[1]! + onPage[2]! - 40,
    );
  }, 60_000);
});
