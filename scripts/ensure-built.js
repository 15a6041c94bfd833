#!/usr/bin/env node
// Builds dist/ with tsc when it is missing or older than any source file, so `npm start`
// and the bin work straight after `npm install` on a fresh clone.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'dist', 'cli.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const srcDir = join(root, 'src');
if (!existsSync(srcDir)) process.exit(0); // installed as a package: dist/ ships prebuilt
const stale = !existsSync(marker) || statSync(marker).mtimeMs < newestMtime(srcDir);
if (stale) {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!existsSync(tsc)) process.exit(0); // dev dependencies not installed yet (npm ci runs prepare after)
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
}
