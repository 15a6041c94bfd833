// a11ypdf through its public API (compiled dist/): HTML or a JSON template -> tagged
// PDF/A-3a + PDF/UA-1.
import { readFileSync } from 'node:fs';
import { render } from '../../dist/index.js';
import { toHtml } from '../docs/to-html.mjs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

export const info = { name: 'a11ypdf', version: pkg.version, tagged: true, kind: 'js' };

export async function available() {
  return true;
}

/** @returns {Promise<import('./types.mjs').EngineInstance>} */
export async function create() {
  return {
    async prepare(doc) {
      if (doc.template) return { kind: 'template', template: doc.template, data: doc.data };
      return { kind: 'html', html: await toHtml(doc) };
    },
    async render(input) {
      const r = await render(input);
      return { bytes: r.pdf, pages: r.pages };
    },
    async close() {},
  };
}
