// WeasyPrint (when `weasyprint` is on PATH), with its PDF/UA-1 variant, kept warm in one
// long-lived Python process per instance (the interpreter its launcher script names).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { toHtml } from '../docs/to-html.mjs';
import { which } from '../lib/proc.mjs';
import { peerFontEnv } from '../lib/peer-fonts.mjs';

const WORKER = fileURLToPath(new URL('weasyprint_worker.py', import.meta.url));

function launcher() {
  const bin = which('weasyprint');
  if (!bin) return null;
  const first = readFileSync(bin, 'latin1').split('\n')[0];
  const python = first.startsWith('#!') ? first.slice(2).trim().split(/\s+/) : ['python3'];
  let version = 'unknown';
  try {
    version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim().split(/\s+/).pop();
  } catch {
    /* version stays unknown */
  }
  return { python, version };
}
const found = launcher();

export const info = {
  name: 'weasyprint',
  version: found?.version ?? '-',
  tagged: true,
  kind: 'external',
};

export async function available() {
  return found ? true : 'weasyprint is not on PATH';
}

export async function create() {
  if (!found) throw new Error('weasyprint is not on PATH');
  const dir = mkdtempSync(join(tmpdir(), 'a11ypdf-bench-wp-'));
  const [cmd, ...args] = found.python;
  const child = spawn(cmd, [...args, WORKER], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: peerFontEnv(),
  });
  const lines = createInterface({ input: child.stdout });
  /** @type {((line: string) => void)[]} */
  const waiting = [];
  lines.on('line', (l) => waiting.shift()?.(l));
  let peak = 0;
  let n = 0;
  return {
    async prepare(doc) {
      if (doc.template) return null;
      const path = join(dir, `${doc.name}.html`);
      writeFileSync(path, await toHtml(doc));
      return path;
    },
    async render(path) {
      const out = join(dir, `out-${n++}.pdf`);
      const reply = await new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(JSON.stringify({ html: path, out }) + '\n');
      });
      const r = JSON.parse(reply);
      peak = Math.max(peak, r.maxrss_kb ?? 0);
      if (r.error) throw new Error(`weasyprint: ${r.error}`);
      const bytes = readFileSync(out);
      rmSync(out);
      return { bytes, pages: r.pages, cpuMs: r.cpu_ms };
    },
    externalPeakRssKb: () => peak,
    async close() {
      child.stdin.end();
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
