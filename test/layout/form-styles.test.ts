/**
 * Styles of form controls are derived once per computed style: fields that compute alike share
 * one field style (so caches keyed by style hit for them), and a field whose own inputs differ
 * (its size, its rows and columns) gets its own.
 */
import { describe, expect, it } from 'vitest';
import { controlElement, FormNames } from '../../src/layout/box-tree/forms.js';
import { all, byTag, style } from '../style/helpers.js';

async function controls(html: string) {
  const doc = await style(`<style>input, textarea, select { font-size: 12px }</style>${html}`);
  const names = new FormNames(doc.root);
  const els = [...all(doc.root, byTag('input')), ...all(doc.root, byTag('textarea'))];
  els.push(...all(doc.root, byTag('select')));
  return els.map((el) => controlElement(el, names)!);
}

describe('form control styles', () => {
  it('shares one style between fields that compute alike, across documents too', async () => {
    const [a, b, c] = await controls('<input value="one"><input value="two"><input size=4>');
    expect(b.style).toBe(a.style);
    expect(a.style.width).toBeCloseTo((0.4414 * 20 + 3.85) * 12);
    expect(c.style).not.toBe(a.style);
    expect(c.style.width).toBeCloseTo((0.4414 * 4 + 3.85) * 12);
    const [again] = await controls('<input value="three">');
    expect(again.style).toBe(a.style);
  });

  it('gives a text area its own rows and columns', async () => {
    const [a, b, c] = await controls(
      '<textarea rows=3 cols=10></textarea><textarea rows=3 cols=10>x</textarea><textarea rows=5 cols=10></textarea>',
    );
    expect(b.style).toBe(a.style);
    expect(a.style.width).toBeCloseTo(10 * 12 * 0.6);
    expect(c.style).not.toBe(a.style);
    expect(c.style.minHeight).toBeGreaterThan(a.style.minHeight as number);
  });

  it('keeps a placeholder grey and a select a centred flex row', async () => {
    const [field, select] = await controls(
      '<input placeholder="name"><select><option>a</option><option selected>b</option></select>',
    );
    const text = field.children[0];
    expect(text.kind === 'text' && text.style.color).toMatchObject({ r: 0x75 / 255 });
    expect(select.style).toMatchObject({ display: 'inline-flex', alignItems: 'center' });
    const [, second] = await controls(
      '<input placeholder="other"><select><option>c</option></select>',
    );
    expect(second.style).toBe(select.style);
  });
});
