/** `a11ypdf --version`: the package version, the Node version and how this process started. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How the command line was started: from the start-up snapshot (bin/a11ypdf.js on a POSIX shell,
 * when the snapshot fits this node), from the bundle through its code cache, or from the
 * compiled modules. Told so that a slow start can be explained (and tested).
 */
export type StartMode = 'snapshot' | 'bundle' | 'modules';

export function startMode(
  execArgv: readonly string[] = process.execArgv,
  moduleUrl: string = import.meta.url,
): StartMode {
  if (execArgv.some((a) => a === '--snapshot-blob' || a.startsWith('--snapshot-blob=')))
    return 'snapshot';
  return moduleUrl.endsWith('.cjs') ? 'bundle' : 'modules';
}

const START_WORDS: Record<StartMode, string> = {
  snapshot: 'started from the start-up snapshot',
  bundle: 'started from the bundle',
  modules: 'started from the compiled modules',
};

/** The version of the a11ypdf package this file belongs to (the first package.json above it). */
function packageVersion(moduleUrl: string): string {
  for (let dir = dirname(fileURLToPath(moduleUrl)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'a11ypdf' && pkg.version) return pkg.version;
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}

export function versionLine(moduleUrl: string = import.meta.url): string {
  return `a11ypdf ${packageVersion(moduleUrl)} (Node.js ${process.version}, ${START_WORDS[startMode(process.execArgv, moduleUrl)]})`;
}
