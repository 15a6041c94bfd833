#!/usr/bin/env node
// Builds dist/ (tsc, then the command-line bundle) when it is missing or older than any source
// file, so `npm start` and the bin work straight after `npm install` on a fresh clone. The bin
// imports ensureBuilt() rather than running this file, which would start a second process.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const markers = [join(root, 'dist', 'cli.js'), join(root, 'dist', 'bundle', 'a11ypdf.cjs')];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

export function ensureBuilt() {
  const srcDir = join(root, 'src');
  if (!existsSync(srcDir)) return; // installed as a package: dist/ ships prebuilt
  const newest = newestMtime(srcDir);
  const stale = markers.some((m) => !existsSync(m) || statSync(m).mtimeMs < newest);
  if (!stale) return;
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!existsSync(tsc)) return; // dev dependencies not installed yet (npm ci runs prepare after)
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  if (existsSync(join(root, 'node_modules', 'esbuild')))
    execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs')], { stdio: 'inherit' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureBuilt();
