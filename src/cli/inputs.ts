/**
 * Command-line inputs → the files to work on: plain files, folders (searched recursively for
 * the command's file types), glob patterns the shell left alone, and `-` for standard input.
 * Each file keeps the path relative to what named it, so a batch can mirror folders in its
 * output folder.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { UsageError } from './errors.js';
import { expandGlob, hasMagic } from './glob.js';

export interface InputFile {
  /** Path to read, or '-' for standard input. */
  readonly path: string;
  /** Path relative to the folder or glob base that named it (its name alone for a plain file). */
  readonly rel: string;
  /** What named it on the command line. */
  readonly from: 'file' | 'folder' | 'glob' | 'stdin';
  /**
   * The folder its local resources may be read from by default: the folder or pattern base
   * named on the command line, or a plain file's own folder (none for standard input).
   */
  readonly root?: string;
}

async function kind(path: string): Promise<'file' | 'dir' | 'missing' | 'other'> {
  try {
    const s = await stat(path);
    return s.isDirectory() ? 'dir' : s.isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}

/** Files under `dir` with one of the extensions, sorted, not entering hidden folders. */
async function filesIn(dir: string, extensions: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  const visit = async (d: string): Promise<void> => {
    const list = await readdir(d, { withFileTypes: true });
    list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of list) {
      if (e.name.startsWith('.')) continue;
      const full = join(d, e.name);
      if (e.isDirectory()) await visit(full);
      else if (e.isFile() && extensions.includes(extname(e.name).toLowerCase())) out.push(full);
    }
  };
  await visit(dir);
  return out;
}

/**
 * Every input named on the command line, in order, without duplicates. A plain file is taken
 * whatever its extension; folders and patterns contribute files with `extensions` only. A
 * name that matches nothing is a usage error (exit 2), as a shell's unmatched glob would be.
 */
export async function collectInputs(
  args: readonly string[],
  extensions: readonly string[],
): Promise<InputFile[]> {
  const out: InputFile[] = [];
  const seen = new Set<string>();
  const add = (path: string, rel: string, from: InputFile['from'], root?: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    out.push({ path, rel, from, ...(root !== undefined ? { root: resolve(root) } : {}) });
  };
  for (const arg of args) {
    if (arg === '-') {
      if (args.length > 1) throw new UsageError("'-' (standard input) must be the only input");
      add('-', 'stdin', 'stdin');
      continue;
    }
    const k = await kind(arg);
    if (k === 'file') add(arg, basename(arg), 'file', dirname(arg));
    else if (k === 'dir') {
      const files = await filesIn(arg, extensions);
      if (files.length === 0) throw new UsageError(`${arg} has no ${extensions.join(', ')} files`);
      for (const f of files) add(f, relative(arg, f), 'folder', arg);
    } else if (k === 'other') throw new UsageError(`${arg} is not a regular file or folder`);
    else if (hasMagic(arg)) {
      let expanded;
      try {
        expanded = await expandGlob(arg);
      } catch (err) {
        throw new UsageError(`${arg}: ${(err as Error).message}`);
      }
      const files = expanded.files.filter((f) => extensions.includes(extname(f).toLowerCase()));
      if (files.length === 0)
        throw new UsageError(`no ${extensions.join(', ')} file matches ${arg}`);
      for (const f of files) add(f, relative(expanded.base, f), 'glob', expanded.base);
    } else throw new UsageError(`${arg} does not exist`);
  }
  return out;
}
