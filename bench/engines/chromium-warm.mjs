// Chromium kept warm: one headless process per instance, one reused tab, each document loaded
// from a file and printed with Page.printToPDF (tagged) over the DevTools pipe.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toHtml } from '../docs/to-html.mjs';
import { CdpBrowser, findChromium } from '../lib/chromium.mjs';
import { treeCpuMs, treeRssKb } from '../lib/proc.mjs';

const found = findChromium();

export const info = {
  name: 'chromium-warm',
  version: found?.version ?? '-',
  tagged: true,
  kind: 'external',
};

export async function available() {
  return found ? true : 'chromium is not on PATH';
}

export async function create() {
  if (!found) throw new Error('chromium is not on PATH');
  const dir = mkdtempSync(join(tmpdir(), 'a11ypdf-bench-cr-'));
  const browser = new CdpBrowser(found.bin);
  const page = await browser.newPage();
  return {
    async prepare(doc) {
      if (doc.template) return null;
      const path = join(dir, `${doc.name}.html`);
      writeFileSync(path, await toHtml(doc));
      return pathToFileURL(path).href;
    },
    async render(url) {
      return { bytes: await browser.print(page, url) };
    },
    externalRssKb: () => treeRssKb(browser.proc.pid),
    // CPU of all Chromium processes (10 ms ticks), read outside the timed render.
    cpuMsNow: () => treeCpuMs(browser.proc.pid),
    async close() {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
