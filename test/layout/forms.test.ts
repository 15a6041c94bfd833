/**
 * Form controls drawn the way browsers print them: UA sizes, values, placeholders, the
 * selected option, check marks, author styles and `appearance: none`; tagged as Form elements
 * with PrintField attributes, read back with pdfjs-dist and checked by our validator.
 */
import { describe, expect, it } from 'vitest';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { render } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import type { StructNode } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

const CSS = '@page { margin: 0 } body { margin: 0; font: 16px/1.25 sans-serif }';

describe('form control boxes', () => {
  it('a text field is 20 characters wide by default, one line tall, and shows its value', async () => {
    const r = await layoutSnippet(
      '<input id=a value="Olamide"> <input id=b size=4 value="42"> <input id=c style="width: 200px">',
      CSS,
    );
    const [a] = r.box('a');
    // Chromium: 13.33px sans-serif, about 169px wide and 21px tall.
    expect(a.width).toBeGreaterThan(150);
    expect(a.width).toBeLessThan(185);
    expect(a.height).toBeGreaterThan(18);
    expect(a.height).toBeLessThan(24);
    expect(r.box('b')[0].width).toBeLessThan(a.width / 2);
    // Author width is the content box; UA padding 3px and border 1px on each side (as wide
    // as browsers' 2px border and 2px padding).
    expect(r.box('c')[0].width).toBe(208);
    expect(r.text(0)).toContain('Olamide');
    expect(r.warnings.filter((w) => w.code === 'layout.unsupported-element')).toEqual([]);
  });

  it('shows a placeholder in an empty field, bullets for a password, nothing for hidden', async () => {
    const r = await layoutSnippet(
      '<input placeholder="you@example.com"><input type=password value="secret"><input type=hidden value="zzz">',
      CSS,
    );
    const t = r.text(0);
    expect(t).toContain('you@example.com');
    expect(t).toContain('\u2022'.repeat(6));
    expect(t).not.toContain('secret');
    expect(t).not.toContain('zzz');
  });

  it('a select is as wide as its widest option and shows the selected one', async () => {
    const r = await layoutSnippet(
      `<select id=a><option>North</option><option selected>South-East district</option></select><br>
       <select id=b><option>South-East district</option></select><br>
       <select id=c><option>North</option><option>West</option></select>`,
      CSS,
    );
    expect(r.box('a')[0].width).toBeCloseTo(r.box('b')[0].width, 1);
    expect(r.box('c')[0].width).toBeLessThan(r.box('a')[0].width);
    const t = r.text(0);
    expect(t.match(/South-East district/g)).toHaveLength(2);
    // The first option when none is selected; the others are not drawn.
    expect(t).toContain('North');
    expect(t).not.toContain('West');
  });

  it('check boxes and radio buttons are 13px squares; appearance: none leaves the CSS box', async () => {
    const r = await layoutSnippet(
      `<input id=a type=checkbox checked><input id=b type=radio>
       <input id=c type=checkbox style="appearance: none; width: 20px; height: 20px; border: 2px solid red; margin: 0">`,
      CSS,
    );
    expect(r.box('a')[0]).toMatchObject({ width: 13, height: 13 });
    expect(r.box('b')[0]).toMatchObject({ width: 13, height: 13 });
    expect(r.box('c')[0]).toMatchObject({ width: 24, height: 24 });
  });

  it('an author-styled progress bar draws its track and filled part from their pseudo-elements', async () => {
    const r = await layoutSnippet(
      `<progress id=p value=3 max=4></progress><progress id=q value=1 max=4></progress>`,
      `${CSS} progress { appearance: none; display: block; width: 200px; height: 10px;
        border: 0; margin: 0 }
       progress::-webkit-progress-bar { background: rgb(0 0 255) }
       progress::-webkit-progress-value { background: rgb(0 255 0) }
       #q::-moz-progress-bar { background: rgb(255 0 0) }`,
    );
    expect(r.box('p')[0]).toMatchObject({ width: 200, height: 10 });
    const fills = r
      .items(0)
      .flatMap((i) => (i.kind === 'path' && i.fill && 'r' in i.fill ? [i] : []))
      .map((i) => {
        const o = i.ops[0];
        const c = i.fill as { r: number; g: number; b: number };
        return {
          rgb: [c.r, c.g, c.b],
          width: o.op === 'rect' ? Math.round(o.width / 0.75) : 0,
        };
      });
    // Each bar: the track, then the share of it its value fills.
    expect(fills).toEqual([
      { rgb: [0, 0, 1], width: 200 },
      { rgb: [0, 1, 0], width: 150 },
      { rgb: [0, 0, 1], width: 200 },
      { rgb: [1, 0, 0], width: 50 },
    ]);
  });

  it('an author-styled checkbox draws its ::before and ::after, checked or not', async () => {
    const r = await layoutSnippet(
      `<input type=checkbox id=a checked><input type=checkbox id=b><input type=radio id=c checked>`,
      `${CSS} input { appearance: none; width: 20px; height: 20px; margin: 0; border: 0;
        position: relative }
       input::before { content: ''; position: absolute; left: 5px; top: 5px; width: 10px;
        height: 10px; background: rgb(0 0 255); transform: scale(0) }
       input:checked::before { transform: none }
       input[type=radio]::after { content: ''; position: absolute; inset: 0;
        border: 2px solid rgb(255 0 0) }`,
    );
    const blue = r
      .items(0)
      .flatMap((i) => (i.kind === 'path' && i.fill && 'b' in i.fill && i.fill.b === 1 ? [i] : []));
    // The checked checkbox's and the radio button's ::before (scaled to nothing when unchecked).
    expect(blue).toHaveLength(2);
    // The radio button's ::after ring.
    const red = r.items(0).filter((i) => JSON.stringify(i).includes('"r":1,"g":0,"b":0'));
    expect(red.length).toBeGreaterThan(0);
    expect(r.box('b')[0]).toMatchObject({ width: 20, height: 20 });
  });

  it('an author-styled range input places its thumb on the track at the value', async () => {
    const r = await layoutSnippet(
      `<input type=range id=a value=25><input type=range id=b min=0 max=10 value=10 class=d>`,
      `${CSS} input { appearance: none; display: block; width: 200px; height: 6px; margin: 10px 0;
        background: rgb(0 0 255) }
       input::-webkit-slider-thumb { appearance: none; width: 20px; height: 20px;
        background: rgb(255 0 0) }
       .d::-webkit-slider-thumb { appearance: auto }`,
    );
    const rects = r
      .items(0)
      .flatMap((i) => (i.kind === 'path' && i.fill && 'r' in i.fill ? [i] : []))
      .map((i) => {
        const o = i.ops[0];
        const c = i.fill as { r: number; g: number; b: number };
        return o.op === 'rect'
          ? { rgb: [c.r, c.g, c.b], x: o.x / 0.75, y: o.y / 0.75, w: o.width / 0.75 }
          : { rgb: [c.r, c.g, c.b], x: NaN, y: NaN, w: NaN };
      });
    const [trackA, thumbA] = rects;
    expect(trackA).toMatchObject({ rgb: [0, 0, 1], w: 200 });
    // A quarter of the way: 0.25 × (200 − 20); centred on the 6px track: 3 − 10 = −7.
    expect(thumbA.rgb).toEqual([1, 0, 0]);
    expect(thumbA.x).toBeCloseTo(45, 3);
    expect(thumbA.y - trackA.y).toBeCloseTo(-7, 3);
    expect(thumbA.w).toBeCloseTo(20, 3);
    // A thumb the browser still draws: a 16px disc in the accent colour at the end.
    const disc = r.items(0).at(-1);
    expect(disc?.kind === 'path' && disc.fill).toMatchObject({ r: 0, b: 1 });
    expect(r.box('b')[0]).toMatchObject({ width: 200, height: 6 });
  });

  it('buttons and selects made block-level stay as wide as their content', async () => {
    const r = await layoutSnippet(
      `<button id=a>Order</button><input id=b type=submit value=Send>
       <select id=c><option>Printed</option></select><button id=d style="width: 100%">Wide</button>`,
      `${CSS} button, input, select { display: block; -webkit-appearance: none; margin: 0 }`,
    );
    for (const id of ['a', 'b', 'c']) expect(r.box(id)[0].width).toBeLessThan(100);
    expect(r.box('d')[0].width).toBeGreaterThan(r.pageSize(0).width);
  });

  it('a text area is `rows` lines tall and grows to print all of its text', async () => {
    const r = await layoutSnippet(
      `<textarea id=a rows=3 cols=20></textarea>
       <textarea id=b rows=2 cols=10>${'word '.repeat(40)}</textarea>`,
      CSS,
    );
    const a = r.box('a')[0];
    const b = r.box('b')[0];
    expect(a.height).toBeGreaterThan(3 * 13.33);
    expect(a.height).toBeLessThan(3 * 13.33 * 1.4 + 8);
    expect(b.height).toBeGreaterThan(2 * a.height);
    expect(r.text(0).match(/word/g)).toHaveLength(40);
  });

  it('buttons show their label; a field with a fixed height centres its line', async () => {
    const r = await layoutSnippet(
      `<input id=a type=submit value="Send"> <input id=r type=reset> <button id=b>Cancel <b>now</b></button>
       <input id=t value="Styled" style="height: 40px; box-sizing: border-box; padding: 0 8px">`,
      CSS,
    );
    expect(r.text(0)).toMatch(/Send Reset Cancel now/);
    expect(r.box('t')[0].height).toBe(40);
    expect(r.box('a')[0].height).toBeLessThan(26);
  });
});

interface Struct {
  role: string;
  alt?: string;
  children: (Struct | { type: string; id?: string })[];
}

async function readForms(
  html: string,
): Promise<{ forms: { text: string; alt?: string }[]; failures: unknown[] }> {
  const result = await render({ kind: 'html', html }, { deterministic: true });
  const report = validate(result.pdf);
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(result.pdf),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
  }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent({ includeMarkedContent: true });
  const byId = new Map<string, string>();
  let open: string | undefined;
  for (const it of content.items) {
    if ('type' in it) {
      if (it.type === 'beginMarkedContentProps' && it.id) open = it.id;
      else if (it.type === 'endMarkedContent') open = undefined;
    } else if (open) byId.set(open, (byId.get(open) ?? '') + it.str);
  }
  const forms: { text: string; alt?: string }[] = [];
  const textOf = (n: Struct): string =>
    n.children.map((c) => ('role' in c ? textOf(c) : (byId.get(c.id ?? '') ?? ''))).join('');
  const walk = (n: Struct): void => {
    if (n.role === 'Form') forms.push({ text: textOf(n).trim(), ...(n.alt ? { alt: n.alt } : {}) });
    for (const c of n.children) if ('role' in c) walk(c);
  };
  walk((await page.getStructTree()) as unknown as Struct);
  await doc.destroy();
  return { forms, failures: report.failures ?? [] };
}

describe('form control tagging', () => {
  it('each control is a Form element holding its value, compliant with PDF/A-3a and PDF/UA-1', async () => {
    const html = `<!DOCTYPE html><html lang="en"><head><title>Form</title></head><body>
      <p><label for=n>Name</label> <input id=n value="Olamide Adeyemi"></p>
      <p><label for=z>Zone</label> <select id=z><option>North</option><option selected>South</option></select></p>
      <p><input type=checkbox id=c checked><label for=c>Subscribe</label>
         <input type=radio id=r><label for=r>Post</label></p>
      <p><textarea aria-label="Notes">Ring twice</textarea> <input type=submit value="Send"></p>
    </body></html>`;
    const { forms, failures } = await readForms(html);
    expect(failures).toEqual([]);
    expect(forms).toEqual([
      { text: 'Olamide Adeyemi' },
      { text: 'South' },
      { text: '', alt: 'checked' },
      { text: '', alt: 'not selected' },
      { text: 'Ring twice' },
      { text: 'Send' },
    ]);
  });

  it('gives each Form its PrintField role, state and accessible name', async () => {
    const r = await layoutSnippet(
      `<label>Name <input value="Ann"></label>
       <input type=checkbox id=c checked><label for=c>Subscribe</label>
       <input type=radio aria-label="Post">
       <input type=checkbox checked title="Styled" style="appearance: none; width: 12px; height: 12px; border: 1px solid">
       <input placeholder="Town"> <button>Go</button>`,
      CSS,
    );
    const forms: StructNode[] = [];
    const walk = (n: StructNode): void => {
      if (n.type === 'Form') forms.push(n);
      for (const c of n.children) if (c.kind === 'node') walk(c);
    };
    walk(r.structure);
    expect(forms.map((f) => [f.attributes?.printField, f.alt])).toEqual([
      [{ role: 'tv', desc: 'Name' }, undefined],
      [{ role: 'cb', checked: 'on', desc: 'Subscribe' }, 'checked'],
      [{ role: 'rb', checked: 'off', desc: 'Post' }, 'not selected'],
      // Drawn by author CSS alone, it still says its state.
      [{ role: 'cb', checked: 'on', desc: 'Styled' }, 'checked'],
      [{ role: 'tv', desc: 'Town' }, undefined],
      [{ role: 'pb', desc: 'Go' }, undefined],
    ]);
  });
});
