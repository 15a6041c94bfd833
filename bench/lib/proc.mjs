// Small process helpers: finding a program on PATH and summing the RSS of a process tree
// (Linux /proc; elsewhere the external engines report no RSS).
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** @returns {string | null} the full path of an executable on PATH */
export function which(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** @returns {number[]} pid and all its descendants (just pid when /proc is unreadable) */
function tree(pid) {
  let entries;
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [pid];
  }
  /** @type {Map<number, number[]>} */
  const kids = new Map();
  for (const e of entries) {
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'latin1');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!kids.has(ppid)) kids.set(ppid, []);
      kids.get(ppid).push(Number(e));
    } catch {
      /* process ended meanwhile */
    }
  }
  const out = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    out.push(p);
    stack.push(...(kids.get(p) ?? []));
  }
  return out;
}

/** @returns {number} resident set size in KiB of pid and all its descendants (0 when unknown) */
export function treeRssKb(pid) {
  let total = 0;
  for (const p of tree(pid)) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'latin1'));
      if (m) total += Number(m[1]);
    } catch {
      /* ended */
    }
  }
  return total;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** @returns {number} CPU time in ms used so far by pid and its living descendants (NaN off Linux) */
export function treeCpuMs(pid) {
  let ticks = 0;
  let seen = false;
  for (const p of tree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'latin1');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime
      seen = true;
    } catch {
      /* ended */
    }
  }
  return seen ? ticks * TICK_MS : NaN;
}
