/**
 * What the command line tells the user while a batch runs, all on standard error (standard
 * output carries only documents, reports and JSON lines): a progress bar on a terminal, plain
 * lines otherwise, and a summary at the end.
 */
import type { JobWarning, Outcome, RenderOutcome, ValidateOutcome } from './jobs.js';

export interface Stream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function formatWarning(w: JobWarning): string {
  return `warning [${w.code}] ${w.message}${w.source ? ` (${w.source})` : ''}`;
}

function errorText(o: Outcome): string {
  const e = o.error;
  if (!e) return '';
  const problems = (e.problems ?? []).map((p) => `\n    ${p.pointer || '/'}: ${p.message}`);
  return `${e.message}${problems.join('')}`;
}

function renderDetail(o: RenderOutcome): string {
  const size = o.bytes !== undefined ? formatBytes(o.bytes) : '';
  const shape =
    o.format === 'pdf'
      ? `${o.pages} page${o.pages === 1 ? '' : 's'}`
      : `${o.width}x${o.height} ${o.format}`;
  const verdict = o.validation
    ? o.validation.isCompliant
      ? ', compliant'
      : `, NOT compliant (${o.validation.failures?.length ?? 0} failures)`
    : '';
  return `${shape}, ${size}, ${o.ms} ms${verdict}`;
}

/** One line for a finished file (plain mode), its warnings indented below. */
export function outcomeLines(o: Outcome): string[] {
  if (o.kind === 'render') {
    if (o.error) return [`FAIL ${o.file}: ${errorText(o)}`];
    const head = `${o.ok ? 'ok  ' : 'FAIL'} ${o.file} -> ${o.output} (${renderDetail(o)})`;
    return [head, ...o.warnings.map((w) => `     ${formatWarning(w)}`)];
  }
  if (o.error) return [`FAIL ${o.file}: ${errorText(o)}`];
  const r = (o as ValidateOutcome).report;
  const verdict = r?.isCompliant
    ? 'compliant'
    : `NOT compliant (${r?.failures?.length ?? 0} failures)`;
  return [`${o.ok ? 'ok  ' : 'FAIL'} ${o.file}: ${verdict}, ${o.ms} ms`];
}

export interface Tally {
  done: number;
  ok: number;
  notCompliant: number;
  failed: number;
}

export function tally(outcomes: readonly Outcome[]): Tally {
  const t: Tally = { done: 0, ok: 0, notCompliant: 0, failed: 0 };
  for (const o of outcomes) {
    t.done++;
    if (o.error) t.failed++;
    else if (!o.ok) t.notCompliant++;
    else t.ok++;
  }
  return t;
}

export function summaryLine(
  verb: 'rendered' | 'validated',
  total: number,
  t: Tally,
  ms: number,
  threads: number,
): string {
  const parts = [
    verb === 'validated' ? `${t.ok} compliant` : `${t.ok} ok`,
    ...(t.notCompliant > 0 ? [`${t.notCompliant} not compliant`] : []),
    ...(t.failed > 0 ? [`${t.failed} failed`] : []),
  ];
  const how = threads > 1 ? ` on ${threads} threads` : '';
  return `${verb} ${total} file${total === 1 ? '' : 's'}: ${parts.join(', ')} in ${(ms / 1000).toFixed(1)} s${how}`;
}

/**
 * Progress on standard error: a bar redrawn in place on a terminal, nothing extra otherwise
 * (plain mode prints one line per file as it finishes). Lines printed through `log` appear
 * above the bar.
 */
export class Progress {
  #shown = false;
  #current = '';

  constructor(
    private readonly out: Stream,
    private readonly total: number,
    private readonly bar: boolean,
  ) {}

  log(line: string): void {
    this.#clear();
    this.out.write(`${line}\n`);
    this.#draw();
  }

  update(t: Tally, current: string): void {
    this.#current = current;
    this.#last = t;
    this.#draw();
  }

  #last: Tally = { done: 0, ok: 0, notCompliant: 0, failed: 0 };

  #draw(): void {
    if (!this.bar) return;
    const t = this.#last;
    const width = 24;
    const filled = this.total === 0 ? width : Math.round((t.done / this.total) * width);
    const bad = t.failed + t.notCompliant;
    const text = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${t.done}/${this.total}${
      bad > 0 ? ` (${bad} failed)` : ''
    } ${this.#current}`;
    const columns = this.out.columns ?? 80;
    this.out.write(`\r\x1b[2K${text.slice(0, Math.max(10, columns - 1))}`);
    this.#shown = true;
  }

  #clear(): void {
    if (this.#shown) this.out.write('\r\x1b[2K');
    this.#shown = false;
  }

  /** Removes the bar, leaving the terminal where plain output continues. */
  end(): void {
    this.#clear();
  }
}
