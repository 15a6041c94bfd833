/**
 * The post table header read from a font's bytes (italic angle, underline, fixed pitch) must
 * say what fontkit's full decode of the table says, for every bundled face.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontDirectory, postHeader } from '../../src/text/index.js';

describe('postHeader', () => {
  const dir = fontDirectory();
  const files = readdirSync(dir).filter((f) => /\.(ttf|otf)$/i.test(f));

  it.each(files)('agrees with fontkit for %s', (file) => {
    const font = fontkit.create(readFileSync(join(dir, file))) as fontkit.Font;
    const post = (font as unknown as { post: { isFixedPitch: number } }).post;
    expect(postHeader(font)).toEqual({
      italicAngle: font.italicAngle,
      underlinePosition: font.underlinePosition,
      underlineThickness: font.underlineThickness,
      isFixedPitch: post.isFixedPitch !== 0,
    });
  });

  it('finds a fixed-pitch face and an italic angle among them', () => {
    const header = (file: string) =>
      postHeader(fontkit.create(readFileSync(join(dir, file))) as fontkit.Font);
    expect(header('LiberationMono-Regular.ttf').isFixedPitch).toBe(true);
    expect(header('LiberationSans-Italic.ttf').italicAngle).toBeLessThan(0);
  });
});
