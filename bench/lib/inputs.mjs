// The documents the steady-state benches measure, as each engine takes them: the benchmark's own
// (bench/docs) and the fidelity gallery (gallery/), which the engine was not tuned on. Gallery
// documents are read from disk by both engines, their fonts, images and style sheets included.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadDoc } from './docs.mjs';
import { toHtml } from '../docs/to-html.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const GALLERY = readdirSync(`${ROOT}gallery`, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => `gallery/${e.name}`);

/** Every document of the set: the benchmark's three, then the gallery. */
export const ALL_DOCS = ['invoice', 'invoice-template', 'report-10', ...GALLERY];

/** a11ypdf's render() arguments for document `name` (plain data: they cross to worker threads). */
export async function ourInput(name) {
  if (name.startsWith('gallery/')) {
    const path = `${ROOT}${name}/index.html`;
    return {
      input: { kind: 'html', html: readFileSync(path, 'utf8'), baseUrl: pathToFileURL(path).href },
      options: { files: { root: ROOT } },
    };
  }
  const doc = await loadDoc(name);
  if (doc.template)
    return { input: { kind: 'template', template: doc.template, data: doc.data }, options: {} };
  return { input: { kind: 'html', html: await toHtml(doc) }, options: {} };
}

/** What a WeasyPrint instance renders for `name` (null: a template, which it cannot take). */
export async function peerInput(wp, name) {
  return name.startsWith('gallery/')
    ? `${ROOT}${name}/index.html`
    : wp.prepare(await loadDoc(name));
}

/** WeasyPrint's engine module (bench/engines/weasyprint.mjs), or null, said why, when missing. */
export async function weasyprint() {
  const engine = await import('../engines/weasyprint.mjs');
  const ok = await engine.available();
  if (ok === true) return engine;
  console.error(`WeasyPrint: skipped (${ok})`);
  return null;
}
