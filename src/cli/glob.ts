/**
 * Glob patterns for inputs the shell did not expand (quoted patterns, Windows shells, scripts):
 * `*` and `?` within one path segment, `[abc]` and `[a-z]` classes, `{a,b}` alternatives and
 * `**` for any depth of folders. As in shells, `*` does not match a leading dot, and `**` does
 * not descend into hidden folders or follow links to folders (which could loop).
 */
import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';

const MAGIC = /[*?[{]/;

/** Does this argument contain glob syntax? */
export function hasMagic(pattern: string): boolean {
  return MAGIC.test(pattern);
}

/** One path segment of a pattern as an anchored regular expression. */
export function segmentRegExp(segment: string): RegExp {
  let out = '';
  let braces = 0;
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = segment.indexOf(']', i + 2);
      if (end < 0) out += '\\[';
      else {
        let body = segment.slice(i + 1, end);
        const negate = body.startsWith('!') || body.startsWith('^');
        if (negate) body = body.slice(1);
        out += `[${negate ? '^' : ''}${body.replace(/[\\\]]/g, '\\$&')}]`;
        i = end;
      }
    } else if (c === '{') {
      braces++;
      out += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (c === ',' && braces > 0) out += '|';
    else out += c.replace(/[.+^$()|\\/]/g, '\\$&');
  }
  if (braces > 0) throw new Error(`unbalanced { in ${segment}`);
  const leadingDot = segment.startsWith('.') ? '' : '(?!\\.)';
  return new RegExp(`^${leadingDot}${out}$`);
}

/** The part of the pattern before its first magic segment, and the segments from there. */
export function splitPattern(pattern: string): { base: string; rest: string[] } {
  const parts = pattern.split(/[\\/]+/);
  const first = parts.findIndex((p) => hasMagic(p));
  if (first < 0) return { base: pattern, rest: [] };
  const baseParts = parts.slice(0, first);
  const base =
    baseParts.length === 0 ? '.' : baseParts.join(sep) || sep; /* a pattern from the root */
  return { base, rest: parts.slice(first) };
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

async function walk(dir: string, rest: readonly string[], out: Set<string>): Promise<void> {
  if (rest.length === 0) return;
  const [head, ...tail] = rest;
  if (head === '**') {
    // Zero folders, then one more folder at a time.
    await walk(dir, tail, out);
    for (const e of await entries(dir)) {
      if (e.isDirectory() && !e.name.startsWith('.')) await walk(join(dir, e.name), rest, out);
    }
    return;
  }
  const re = segmentRegExp(head);
  for (const e of await entries(dir)) {
    if (!re.test(e.name)) continue;
    const full = join(dir, e.name);
    if (tail.length === 0) {
      if (e.isFile() || e.isSymbolicLink()) out.add(full);
    } else if (e.isDirectory()) await walk(full, tail, out);
  }
}

/**
 * The files a pattern matches, sorted, and the folder the pattern starts from (what batch
 * output paths are made relative to). Folders are not matched, only files.
 */
export async function expandGlob(pattern: string): Promise<{ base: string; files: string[] }> {
  const { base, rest } = splitPattern(pattern);
  const found = new Set<string>();
  await walk(base, rest, found);
  return { base, files: [...found].sort() };
}
