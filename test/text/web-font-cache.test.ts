import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/index.js';
import { createFontContext, fontDirectory } from '../../src/text/index.js';
import { LoadedFace } from '../../src/text/face.js';
import { WebFontCache, webFonts } from '../../src/text/web-fonts.js';
import { readPdf } from '../cli/support.js';

const fontFile = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(`${fontDirectory()}/${name}`));

/** Glyph ids of "office" shaped in a face, laid out by fontkit or by the cmap alone. */
function glyphIds(face: LoadedFace): number[] {
  return [...face.shape('office', 'latn', false, undefined, '').ids];
}

describe('web font cache', () => {
  it('parses the same bytes once, whatever buffer carries them', () => {
    const cache = new WebFontCache({ hasRoom: () => true });
    const first = cache.load(fontFile('Lato-Regular.ttf'));
    const again = cache.load(fontFile('Lato-Regular.ttf').slice());
    expect(again === first).toBe(true);
    expect(cache.size).toBe(1);
    expect(cache.load(fontFile('Lato-Bold.ttf')) === first).toBe(false);
    expect(cache.size).toBe(2);
  });

  it('never takes a file that differs in one byte for a kept font', () => {
    const cache = new WebFontCache({ hasRoom: () => true });
    const bytes = fontFile('Lato-Regular.ttf');
    const first = cache.load(bytes);
    // Files of the same length differing anywhere, sampled for the lookup or not.
    for (const at of [Math.floor(bytes.length / 2) + 1, Math.floor(bytes.length / 2)]) {
      const edited = bytes.slice();
      edited[at] ^= 0x01;
      const other = cache.load(edited);
      expect(other === first).toBe(false);
      expect(other.key).not.toBe(first.key);
    }
    expect(cache.load(bytes.slice()).key).toBe(first.key);
  });

  it('evicts the least recently used font past its byte budget', () => {
    const names = ['Lato-Regular.ttf', 'Lato-Bold.ttf', 'Lato-Italic.ttf', 'Lato-BoldItalic.ttf'];
    // Room for two of them: each load past the second pushes out the least recently used.
    const weights = names.map((n) => {
      const probe = new WebFontCache({ hasRoom: () => true });
      probe.load(fontFile(n));
      return probe.bytes;
    });
    const budget = 2.2 * Math.max(...weights);
    const cache = new WebFontCache({ bytes: budget, hasRoom: () => true });
    const first = cache.load(fontFile(names[0]));
    expect(cache.load(fontFile(names[0])) === first).toBe(true);
    for (const n of names.slice(1)) cache.load(fontFile(n));
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    expect(cache.size).toBeLessThan(names.length);
    const reloaded = cache.load(fontFile(names[0]));
    expect(reloaded === first).toBe(false);
    // A re-parsed font is the same font.
    expect(Buffer.compare(reloaded.program, first.program)).toBe(0);
    expect(reloaded.key).toBe(first.key);
  });

  it('keeps every face of a document that fits its budget, asked for in turn', () => {
    const names = ['Lato-Regular.ttf', 'Lato-Bold.ttf', 'Lato-Italic.ttf'];
    const weights = names.map((n) => {
      const probe = new WebFontCache({ hasRoom: () => true });
      probe.load(fontFile(n));
      return probe.bytes;
    });
    const cache = new WebFontCache({
      bytes: weights.reduce((a, b) => a + b, 0),
      hasRoom: () => true,
    });
    const first = names.map((n) => cache.load(fontFile(n)));
    // Render after render, in the same order: every face is found, none parsed again.
    for (let round = 0; round < 3; round++)
      names.forEach((n, i) => expect(cache.load(fontFile(n)) === first[i]).toBe(true));
    expect(cache.size).toBe(3);
    // One more face past the budget pushes out the least recently used one only.
    cache.load(fontFile(names[0]));
    cache.load(fontFile('Lato-BoldItalic.ttf'));
    expect(cache.load(fontFile(names[0])) === first[0]).toBe(true);
    expect(cache.load(fontFile(names[1])) === first[1]).toBe(false);
  });

  it('keeps the five text faces of a document with two families in its default budget', () => {
    // Three Noto Serif and two Lato faces: 3 MB of files, each with full OpenType layout tables.
    const names = [
      'NotoSerif-Regular.ttf',
      'NotoSerif-Italic.ttf',
      'NotoSerif-Bold.ttf',
      'Lato-Regular.ttf',
      'Lato-Bold.ttf',
    ];
    const cache = new WebFontCache({ hasRoom: () => true });
    const first = names.map((n) => cache.load(fontFile(n)));
    for (let round = 0; round < 2; round++)
      names.forEach((n, i) => expect(cache.load(fontFile(n)) === first[i]).toBe(true));
    expect(cache.size).toBe(names.length);
  });

  it('holds a TrueType file once, and a WOFF2 file beside the font it decodes to', () => {
    const cache = new WebFontCache({ hasRoom: () => true });
    const ttf = fontFile('LiberationMono-Regular.ttf');
    const a = cache.load(ttf);
    const heldTtf = cache.bytes;
    // The program is the only copy of the file held (the rest is the lookup key's few bytes).
    expect(heldTtf).toBeGreaterThanOrEqual(a.program.byteLength + a.decodedBytes);
    expect(heldTtf).toBeLessThan(a.program.byteLength + a.decodedBytes + 64);
    const woff2 = new Uint8Array(
      readFileSync(new URL('./fixtures/LiberationMono-Regular.woff2', import.meta.url)),
    );
    const b = cache.load(woff2);
    const heldWoff2 = cache.bytes - heldTtf;
    // Its compressed bytes are kept for lookups besides the decoded program.
    expect(heldWoff2).toBeGreaterThanOrEqual(b.program.byteLength + woff2.length + b.decodedBytes);
    expect(heldWoff2).toBeLessThan(b.program.byteLength + woff2.length + b.decodedBytes + 64);
  });

  it("keeps its own copy: the caller's buffer can be reused for another file", () => {
    const cache = new WebFontCache({ hasRoom: () => true });
    const buffer = fontFile('Lato-Regular.ttf');
    const original = buffer.slice();
    const kept = cache.load(buffer);
    buffer.fill(0, 0, 4096);
    expect(Buffer.compare(kept.program, original)).toBe(0);
    expect(cache.load(original) === kept).toBe(true);
    expect(() => cache.load(buffer)).toThrow();
  });

  it('charges a font for the tables it decodes, not for its glyph outlines', () => {
    const weight = (name: string): number => {
      const cache = new WebFontCache({ hasRoom: () => true });
      cache.load(fontFile(name));
      return cache.bytes;
    };
    // Symbola: 3 MB of outlines with small layout tables; Roboto: 0.3 MB with large ones.
    const symbola = fontFile('Symbola.ttf').length;
    const roboto = fontFile('Roboto-Regular.ttf').length;
    expect(weight('Symbola.ttf')).toBeLessThan(1.5 * symbola);
    expect(weight('Roboto-Regular.ttf')).toBeGreaterThan(5 * roboto);
    // Open Sans's 110 KB kern table is read in place (see kern.ts), so it costs no heap.
    expect(weight('OpenSans-Regular.ttf')).toBeLessThan(
      2 * fontFile('OpenSans-Regular.ttf').length,
    );
  });

  it('drops every font when cleared, and parses them again after', () => {
    const cache = new WebFontCache({ hasRoom: () => true });
    const first = cache.load(fontFile('Lato-Regular.ttf'));
    cache.load(fontFile('Lato-Bold.ttf'));
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    const again = cache.load(fontFile('Lato-Regular.ttf'));
    expect(again === first).toBe(false);
    expect(cache.load(fontFile('Lato-Regular.ttf')) === again).toBe(true);
    expect(cache.size).toBe(1);
  });

  it('keeps nothing when the thread has no room to spare', () => {
    const cache = new WebFontCache({ hasRoom: () => false });
    const first = cache.load(fontFile('Lato-Regular.ttf'));
    expect(cache.load(fontFile('Lato-Regular.ttf')) === first).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('refuses a damaged font on every document, never caching the refusal as a font', () => {
    const bytes = fontFile('Lato-Regular.ttf').slice(0, 4000);
    for (let round = 0; round < 2; round++) {
      const ctx = createFontContext();
      const res = ctx.addFontFace({ family: 'Damaged', bytes });
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.warning.code).toBe('font.invalid');
    }
    const cache = new WebFontCache({ hasRoom: () => true });
    expect(() => cache.load(bytes)).toThrow();
    expect(() => cache.load(bytes)).toThrow();
    expect(cache.size).toBe(0);
  });
});

describe('documents sharing a cached web font', () => {
  it('share the parsed font but not their @font-face rules', () => {
    const bytes = fontFile('Lato-Regular.ttf');
    const a = createFontContext();
    const b = createFontContext();
    const ra = a.addFontFace({ family: 'Brand', weight: 700, bytes });
    const rb = b.addFontFace({ family: 'Other', bytes: bytes.slice() });
    expect(ra.ok && rb.ok).toBe(true);
    if (!ra.ok || !rb.ok) return;
    expect((ra.face as LoadedFace).font === (rb.face as LoadedFace).font).toBe(true);
    expect(webFonts.size).toBeGreaterThan(0);
    // Each document sees its own family name and weight only.
    expect(a.matchFont(['Brand'], 700, 'normal') === ra.face).toBe(true);
    expect(b.matchFont(['Brand'], 700, 'normal') === rb.face).toBe(false);
    expect(b.matchFont(['Other'], 400, 'normal') === rb.face).toBe(true);
    expect(ra.face.weight).toBe(700);
    expect(rb.face.weight).toBe(400);
  });

  it('keep damage to one face: a face whose layout broke shapes apart', () => {
    const bytes = fontFile('Lato-Regular.ttf');
    const a = createFontContext();
    const b = createFontContext();
    const ra = a.addFontFace({ family: 'Brand', bytes });
    const rb = b.addFontFace({ family: 'Brand', bytes });
    if (!ra.ok || !rb.ok) throw new Error('Lato should load');
    const fa = ra.face as LoadedFace;
    const fb = rb.face as LoadedFace;
    const ligated = glyphIds(fb);
    // Lato's "ffi" ligature: fontkit's layout gives fewer glyphs than characters.
    expect(ligated.length).toBeLessThan('office'.length);
    // Damage found in one document's face (fontkit threw in its layout tables) ...
    (fa as unknown as { layoutBroken: boolean }).layoutBroken = true;
    expect(glyphIds(fa)).toHaveLength('office'.length);
    // ... leaves the other document's face, and a later document's, as they were.
    expect(glyphIds(fb)).toEqual(ligated);
    const c = createFontContext();
    const rc = c.addFontFace({ family: 'Brand', bytes });
    if (!rc.ok) throw new Error('Lato should load');
    expect(glyphIds(rc.face as LoadedFace)).toEqual(ligated);
    expect(b.warnings).toEqual([]);
    expect(c.warnings).toEqual([]);
  });
});

describe('a web font file that changes between documents', () => {
  it('is read again: each render embeds the font the file holds at the time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'a11ypdf-web-font-'));
    try {
      const page = join(dir, 'page.html');
      const html = `<!DOCTYPE html><html lang="en"><head><title>Brand</title><style>
        @font-face { font-family: Brand; src: url(brand.ttf) }
        p { font-family: Brand }
      </style></head><body><p>The brand face.</p></body></html>`;
      const fontsOf = async (): Promise<readonly string[]> => {
        const r = await render(
          { kind: 'html', html, baseUrl: pathToFileURL(page).href },
          { files: { root: dir } },
        );
        return (await readPdf(r.pdf))[0].fonts;
      };
      const brand = join(dir, 'brand.ttf');
      copyFileSync(join(fontDirectory(), 'Lato-Regular.ttf'), brand);
      expect((await fontsOf()).some((f) => f.includes('Lato-Regular'))).toBe(true);
      copyFileSync(join(fontDirectory(), 'Lato-Bold.ttf'), brand);
      const bold = await fontsOf();
      expect(bold.some((f) => f.includes('Lato-Bold'))).toBe(true);
      expect(bold.some((f) => f.includes('Lato-Regular'))).toBe(false);
      copyFileSync(join(fontDirectory(), 'Lato-Regular.ttf'), brand);
      expect((await fontsOf()).some((f) => f.includes('Lato-Regular'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
