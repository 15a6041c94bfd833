#!/bin/sh
':' /*
# Run by a POSIX shell (an installed `a11ypdf`): start node from the command line's start-up
# snapshot (dist/bundle/a11ypdf.blob, see scripts/bundle/snapshot.cjs) when it was built by this
# node binary (same size and modification time) for this folder, no V8 option is added through
# NODE_OPTIONS, and no source file is newer. Otherwise, and when node runs this file itself, the
# JavaScript below starts the engine. Few processes are forked: each costs a few milliseconds.
# glibc's malloc is asked to back its large blocks with transparent huge pages (glibc 2.35+,
# where the kernel grants them on request; elsewhere the setting is ignored): node reads the
# snapshot and the code cache into such blocks, and faulting them in 4 KB pages was a third of a
# cold start. A setting of the caller's for the same tunable is kept.
case ":${GLIBC_TUNABLES:-}:" in
  *:glibc.malloc.hugetlb=*) ;;
  *) GLIBC_TUNABLES="${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.malloc.hugetlb=1"; export GLIBC_TUNABLES ;;
esac
self=$(readlink -f "$0" 2>/dev/null) || self=$0
root=${self%/bin/*}
blob="$root/dist/bundle/a11ypdf.blob"
node=$(command -v node) || { echo 'a11ypdf: node is not on PATH' >&2; exit 127; }
if [ -z "$NODE_OPTIONS" ] && [ -z "$A11YPDF_NO_SNAPSHOT" ] && [ -r "$blob" ] &&
  read -r stamp < "$blob.stamp" 2>/dev/null && [ "$stamp" = "$(stat -L -c '%s %Y' "$node" 2>/dev/null) $root/dist/bundle" ] &&
  { [ ! -d "$root/src" ] || [ -z "$(find "$root/src" -name '*.ts' -newer "$blob" -print -quit 2>/dev/null)" ]; }; then
  exec "$node" --snapshot-blob "$blob" -- "$@"
fi
exec "$node" "$self" "$@"
*/
// Launcher: runs the command-line bundle (dist/bundle/, built by `npm run build`) through V8's
// code cache, the fast way to start without the snapshot; falls back to the tsc output
// (dist/cli.js) when there is no bundle. In a source checkout it first rebuilds dist/ if any
// source is newer.
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
