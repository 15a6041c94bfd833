/**
 * Runs fuzz cases in a worker thread with a deadline per case. A case that overruns is a hang:
 * the thread is terminated (the only way to stop a synchronous loop) and a fresh one is started
 * for the next case. A thread that dies (heap limit, native crash) is a crash. Both are findings,
 * as is any error outside the typed ones the API promises; the suite itself never stalls.
 */
import { appendFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { CaseInput, Outcome } from './targets.js';
import { knownFinding, OPEN_CASES } from './known.js';

export type Result =
  | Outcome
  /** Not run: it reproduces an open finding (see known.ts). */
  | { readonly status: 'skipped'; readonly finding: string }
  | { readonly status: 'hang'; readonly ms: number }
  | { readonly status: 'crash'; readonly message: string };

export interface Finding {
  readonly kind: string;
  readonly label: string;
  readonly result: Result;
  /** FINDINGS.md id when this is a known, still open finding. */
  readonly known?: string;
}

interface Tally {
  cases: number;
  ok: number;
  typed: number;
  findings: number;
  /** Slowest case of this kind, ms (wall time on a shared machine: a hint, not a benchmark). */
  slowestMs: number;
  slowest: string;
}

/** Cases per property, scaled by FUZZ_RUNS for longer local runs (CI uses the default). */
export const FUZZ_SCALE = Math.max(1, Number(process.env.FUZZ_RUNS ?? '1') || 1);
/** Fixed seed so CI runs the same cases every time; FUZZ_SEED explores others. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? '20261122');
/** Per-case deadline in ms; generous because the CI machine is shared. */
export const DEADLINE_MS = Number(process.env.FUZZ_DEADLINE_MS ?? '20000');

export function runs(n: number): number {
  return Math.round(n * FUZZ_SCALE);
}

export class FuzzRunner {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private nextId = 1;
  readonly tallies = new Map<string, Tally>();
  readonly findings: Finding[] = [];
  /** Hand-written cases not run because they reproduce an open finding. */
  readonly skipped: string[] = [];

  constructor(
    private readonly suite: string,
    private readonly memoryMb = 768,
  ) {}

  private start(): Promise<Worker> {
    if (this.ready) return this.ready;
    const worker = new Worker(new URL('./fuzz-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
      stdout: true,
      stderr: true,
    });
    this.worker = worker;
    // Engine warnings on the console are noise here; outcomes come back as messages.
    worker.stdout.resume();
    worker.stderr.resume();
    this.ready = new Promise<Worker>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean }) => {
        if (m.ready) {
          worker.off('error', reject);
          worker.off('message', onMessage);
          resolve(worker);
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      // Loading the engine from source takes seconds on a busy machine, never minutes.
      setTimeout(
        () => reject(new Error('the fuzz worker did not start within 120 s')),
        120_000,
      ).unref();
    });
    return this.ready;
  }

  private async stop(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.ready = null;
    if (w) await w.terminate();
  }

  /** Runs one case; never throws for anything the case does. */
  async exec(input: CaseInput, deadlineMs = DEADLINE_MS): Promise<Result> {
    const worker = await this.start();
    const id = this.nextId++;
    const started = Date.now();
    let cleanup = (): void => {};
    const result = await new Promise<Result>((resolve) => {
      const timer = setTimeout(
        () => resolve({ status: 'hang', ms: Date.now() - started }),
        deadlineMs,
      );
      const onMessage = (m: { id?: number; outcome?: Outcome }) => {
        if (m.id === id && m.outcome) resolve(m.outcome);
      };
      const onError = (err: Error) =>
        resolve({ status: 'crash', message: `${err.name}: ${err.message}` });
      const onExit = (code: number) =>
        resolve({ status: 'crash', message: `worker exited with code ${code}` });
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, input });
      cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
    });
    cleanup();
    if (result.status === 'hang' || result.status === 'crash') await this.stop();
    return result;
  }

  /** Runs a case, tallies it under `kind` and records it as a finding unless it ended well. */
  async check(kind: string, label: string, input: CaseInput, deadlineMs?: number): Promise<Result> {
    const open = OPEN_CASES[`${kind} / ${label}`];
    if (open) {
      this.skipped.push(`${kind} / ${label} (${open})`);
      return { status: 'skipped', finding: open };
    }
    const started = Date.now();
    const result = await this.exec(input, deadlineMs);
    const ms = Date.now() - started;
    const t = this.tallies.get(kind) ?? {
      cases: 0,
      ok: 0,
      typed: 0,
      findings: 0,
      slowestMs: 0,
      slowest: '',
    };
    this.tallies.set(kind, t);
    t.cases++;
    if (ms > t.slowestMs) {
      t.slowestMs = ms;
      t.slowest = label.slice(0, 80);
    }
    if (result.status === 'ok') t.ok++;
    else if (result.status === 'typed') t.typed++;
    else {
      t.findings++;
      const known = knownFinding(kind, result);
      this.findings.push({ kind, label, result, ...(known ? { known } : {}) });
    }
    return result;
  }

  private reported = 0;

  /**
   * Findings since the last call that are not written up in FINDINGS.md yet: each test asserts
   * this is empty, so a new finding fails the test that found it (and only that one).
   */
  unexpected(): Finding[] {
    const fresh = this.findings.slice(this.reported);
    this.reported = this.findings.length;
    return fresh.filter((f) => !f.known);
  }

  /** Stops the worker and prints (and with FUZZ_REPORT, appends as JSON lines) the tallies. */
  async close(): Promise<void> {
    await this.stop();
    const rows = [...this.tallies].map(([kind, t]) => ({ suite: this.suite, kind, ...t }));
    const lines = rows.map(
      (r) =>
        `${r.kind.padEnd(34)} cases=${r.cases} ok=${r.ok} typed-error=${r.typed} findings=${r.findings} slowest=${r.slowestMs}ms (${r.slowest})`,
    );
    for (const s of this.skipped) lines.push(`  skipped (open finding): ${s}`);
    for (const f of this.findings) {
      const what =
        f.result.status === 'untyped'
          ? `${f.result.name}: ${f.result.message}`
          : f.result.status === 'hang'
            ? `no answer after ${f.result.ms} ms`
            : f.result.status === 'crash'
              ? f.result.message
              : '';
      lines.push(`  ${f.known ?? 'NEW'} ${f.kind} / ${f.label}: ${f.result.status} ${what}`);
    }
    console.log(`[fuzz ${this.suite}] seed=${FUZZ_SEED} scale=${FUZZ_SCALE}\n${lines.join('\n')}`);
    const report = process.env.FUZZ_REPORT;
    if (report) {
      for (const r of rows)
        appendFileSync(report, `${JSON.stringify({ seed: FUZZ_SEED, scale: FUZZ_SCALE, ...r })}\n`);
      for (const f of this.findings)
        appendFileSync(report, `${JSON.stringify({ suite: this.suite, finding: f })}\n`);
    }
  }
}
