// Chromium cold: a new headless process per document with --print-to-pdf, as a script or a
// CI job that shells out would use it (process start-up included).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { toHtml } from '../docs/to-html.mjs';
import { FLAGS, findChromium } from '../lib/chromium.mjs';
import { peerFontEnv } from '../lib/peer-fonts.mjs';

const run = promisify(execFile);
const found = findChromium();

export const info = {
  name: 'chromium-cold',
  version: found?.version ?? '-',
  tagged: true,
  kind: 'external',
};

export async function available() {
  return found ? true : 'chromium is not on PATH';
}

export async function create() {
  if (!found) throw new Error('chromium is not on PATH');
  const dir = mkdtempSync(join(tmpdir(), 'a11ypdf-bench-cc-'));
  let n = 0;
  return {
    async prepare(doc) {
      if (doc.template) return null;
      const path = join(dir, `${doc.name}.html`);
      writeFileSync(path, await toHtml(doc));
      return pathToFileURL(path).href;
    },
    async render(url) {
      const out = join(dir, `out-${n++}.pdf`);
      await run(found.bin, [...FLAGS, '--no-pdf-header-footer', `--print-to-pdf=${out}`, url], {
        timeout: 120_000,
        env: peerFontEnv(),
      });
      const bytes = readFileSync(out);
      rmSync(out);
      return { bytes };
    },
    async close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
