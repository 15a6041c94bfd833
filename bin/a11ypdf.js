#!/usr/bin/env node
// Launcher: runs the command-line bundle (dist/bundle/, built by `npm run build`) through V8's
// code cache, the fast way to start; falls back to the tsc output (dist/cli.js) when there is
// no bundle. In a source checkout it first rebuilds dist/ if any source is newer.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist', 'bundle', 'a11ypdf.cjs');

/** Whether a .ts file under `dir` is newer than `time` (ms). */
function newerSource(dir, time) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory() ? newerSource(full, time) : statSync(full).mtimeMs > time) return true;
  }
  return false;
}

const src = join(root, 'src');
if (
  existsSync(src) &&
  (!existsSync(bundle) || newerSource(src, statSync(bundle).mtimeMs)) &&
  existsSync(join(root, 'node_modules', 'typescript'))
) {
  const { ensureBuilt } = await import(
    pathToFileURL(join(root, 'scripts', 'ensure-built.js')).href
  );
  ensureBuilt();
}
const { run } = existsSync(bundle)
  ? createRequire(import.meta.url)(join(root, 'dist', 'bundle', 'loader.cjs')).loadBundle()
  : await import(pathToFileURL(join(root, 'dist', 'cli.js')).href);
await run(process.argv.slice(2));
