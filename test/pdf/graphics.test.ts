import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DisplayItem, ImageResource, StructNode } from '../../src/document/index.js';
import { content, doc, node, page, shape, slotChild } from './helpers.js';
import { inspect, maxQDepth } from './inspect.js';
import { writeValid } from './validate-helper.js';

const F = 'LiberationSans-Regular.ttf';

function rawImage(id: string, w: number, h: number, alpha: boolean): ImageResource {
  const pixels = new Uint8Array(w * h * 3).map((_, i) => (i * 37) % 256);
  const a = alpha ? new Uint8Array(w * h).map((_, i) => (i * 11) % 256) : undefined;
  return {
    id,
    widthPx: w,
    heightPx: h,
    data: { encoding: 'raw', pixels, components: 3, ...(a ? { alpha: a } : {}) },
  };
}

describe('graphics', () => {
  it('passes JPEG through, writes raw pixels with an SMask, never Interpolate, and writes a shared image once', async () => {
    const jpeg = await sharp({
      create: { width: 16, height: 8, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .jpeg()
      .toBuffer();
    const photo: ImageResource = {
      id: 'jpeg-1',
      widthPx: 16,
      heightPx: 8,
      data: { encoding: 'jpeg', bytes: jpeg, components: 3 },
    };
    const logo = rawImage('raw-1', 4, 4, true);
    const fig1 = node('Figure', [slotChild(1)], { alt: 'A red photo' });
    const fig2 = node('Figure', [slotChild(2)], { alt: 'The logo' });
    const fig3 = node('Figure', [slotChild(3)], { alt: 'The logo again' });
    const items: DisplayItem[] = [
      { kind: 'image', image: photo, x: 72, y: 72, width: 160, height: 80, tag: content(1) },
      { kind: 'image', image: logo, x: 72, y: 200, width: 40, height: 40, tag: content(2) },
      { kind: 'image', image: logo, x: 150, y: 200, width: 40, height: 40, tag: content(3) },
    ];
    const r = writeValid(doc([page(items)], node('Document', [fig1, fig2, fig3])), {
      deterministic: true,
    });
    const { streams, objects, text } = inspect(r.bytes);
    const images = streams.filter((s) => s.dict.includes('/Subtype /Image'));
    expect(images).toHaveLength(3); // JPEG, raw, its SMask
    const dct = images.find((s) => s.dict.includes('/DCTDecode'));
    expect(Buffer.compare(dct?.data as Buffer, jpeg)).toBe(0);
    const raw = images.find((s) => s.dict.includes('/SMask'));
    expect(raw?.dict).toContain('/FlateDecode');
    expect(raw?.data.length).toBe(4 * 4 * 3);
    for (const s of images) expect(s.dict).not.toContain('Interpolate');
    expect(text.match(/\/Im2 Do/g)).toHaveLength(2);
    // Figures carry Alt and a Layout BBox in page space (y up).
    expect(objects).toMatch(
      /\/S \/Figure .*\/Alt \(A red photo\) \/A <<\/O \/Layout \/Placement \/Block \/BBox \[72 690 232 770\]>>/,
    );
  });

  it('leaves out an image whose data does not match its size, with a warning', () => {
    const bad: ImageResource = {
      id: 'bad',
      widthPx: 10,
      heightPx: 10,
      data: { encoding: 'raw', pixels: new Uint8Array(5), components: 3 },
    };
    const r = writeValid(
      doc(
        [
          page([
            { kind: 'image', image: bad, x: 0, y: 0, width: 10, height: 10, tag: content(1) },
            shape(F, 'x', 72, 100, 12, content(1)),
          ]),
        ],
        node('Document', [node('Figure', [slotChild(1)], { alt: 'broken' })]),
      ),
    );
    expect(r.warnings.map((w) => w.code)).toContain('pdf.image-invalid');
  });

  it('checks a JPEG frame against the declared size and colour components', async () => {
    const cmyk = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 90, b: 200 } },
    })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    const lying: ImageResource = {
      id: 'cmyk',
      widthPx: 8,
      heightPx: 8,
      data: { encoding: 'jpeg', bytes: cmyk, components: 3 },
    };
    const fig = node('Figure', [slotChild(1)], { alt: 'A CMYK photo' });
    const r = writeValid(
      doc(
        [page([{ kind: 'image', image: lying, x: 0, y: 0, width: 8, height: 8, tag: content(1) }])],
        node('Document', [fig]),
      ),
    );
    expect(r.warnings.find((w) => w.code === 'pdf.image-invalid')?.message).toContain(
      '4 colour components',
    );
  });

  it('draws linear gradients as axial shadings, opacity through ExtGState, clips and dashes', () => {
    const items: DisplayItem[] = [
      {
        kind: 'path',
        ops: [{ op: 'rect', x: 50, y: 50, width: 200, height: 100 }],
        fill: {
          kind: 'linear-gradient',
          x0: 50,
          y0: 50,
          x1: 250,
          y1: 50,
          stops: [
            { offset: 0, color: { r: 1, g: 0, b: 0, a: 1 } },
            { offset: 0.5, color: { r: 0, g: 1, b: 0, a: 1 } },
            { offset: 1, color: { r: 0, g: 0, b: 1, a: 1 } },
          ],
        },
        tag: { kind: 'artifact', type: 'Background', bbox: [50, 50, 200, 100] },
      },
      {
        kind: 'group',
        opacity: 0.5,
        clip: [{ op: 'rect', x: 60, y: 160, width: 100, height: 50 }],
        items: [
          {
            kind: 'path',
            ops: [{ op: 'rect', x: 40, y: 150, width: 200, height: 80 }],
            fill: { r: 0, g: 0, b: 1, a: 0.8 },
            tag: { kind: 'artifact', type: 'Layout' },
          },
          shape(F, 'Clipped, half transparent', 62, 190, 14, content(1)),
        ],
      },
      {
        kind: 'path',
        ops: [
          { op: 'moveTo', x: 50, y: 260 },
          { op: 'lineTo', x: 250, y: 260 },
        ],
        stroke: {
          paint: { r: 0, g: 0, b: 0, a: 1 },
          width: 2,
          dash: [6, 3],
          cap: 'round',
          join: 'bevel',
        },
        tag: { kind: 'artifact', type: 'Layout' },
      },
    ];
    const r = writeValid(doc([page(items)], node('Document', [node('P', [slotChild(1)])])));
    const { objects, text } = inspect(r.bytes);
    expect(objects).toMatch(
      /\/ShadingType 2 \/ColorSpace \/DeviceRGB \/Coords \[50 792 250 792\] \/Function <<\/FunctionType 3 .*\/Bounds \[0.5\]/,
    );
    expect(text).toContain('/Sh1 sh');
    // Group opacity: the children composite in a transparency group drawn at 50 %.
    expect(objects).toContain('/Type /ExtGState /ca 0.5 /CA 0.5');
    expect(objects).toContain('/Type /ExtGState /ca 0.8 /CA 1');
    const form = inspect(r.bytes).streams.find(
      (x) => x.dict.includes('/Subtype /Form') && x.dict.includes('/Transparency'),
    );
    expect(form?.dict).toMatch(
      /\/Group <<\/S \/Transparency \/I true \/K false>> .*\/StructParents 1/,
    );
    expect(form?.data.toString('latin1')).toContain('/P <</MCID 0>> BDC');
    expect(text).toMatch(/\/GS\d+ gs\n\/Fm1 Do/);
    expect(objects).toMatch(/\/Type \/MCR \/Pg \d+ 0 R \/Stm \d+ 0 R \/MCID 0/);
    expect(text).toMatch(/60 632 100 50 re\nW n/);
    expect(text).toContain('[6 3] 0 d');
    expect(text).toContain('1 J');
    expect(text).toContain('2 j');
  });

  it('keeps q/Q nesting within PDF/A limits for 100 nested groups and keeps their clips', () => {
    let inner: DisplayItem = shape(F, 'Deep text', 72, 100, 12, content(1));
    for (let i = 0; i < 100; i++) {
      inner = {
        kind: 'group',
        clip: [{ op: 'rect', x: 0, y: 0, width: 595 - i, height: 842 }],
        transform: [1, 0, 0, 1, 0.1, 0],
        items: [inner],
      };
    }
    const r = writeValid(doc([page([inner])], node('Document', [node('P', [slotChild(1)])])));
    const { text } = inspect(r.bytes);
    expect(maxQDepth(text)).toBeLessThanOrEqual(28);
    // All 100 clips are still applied (some replayed inside the leaf's own q/Q).
    expect(text.match(/W n/g)).toHaveLength(100);
    expect(text).toContain('Tm');
  });

  it('tags a deep structure tree (200 nested Div) with /P on every element', () => {
    let n: StructNode = node('P', [slotChild(1)]);
    for (let i = 0; i < 200; i++) n = node('Div', [n]);
    const r = writeValid(
      doc([page([shape(F, 'Nested', 72, 100, 12, content(1))])], node('Document', [n])),
    );
    const elems = inspect(r.bytes)
      .objects.split('\n')
      .filter((l) => l.includes('/Type /StructElem'));
    expect(elems).toHaveLength(202);
  });
});
